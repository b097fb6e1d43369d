"""Test-suite options: how many tests marked ``slow`` run, and on which device.

By default a fixed, deterministic sample (about a third) of the slow tests runs, so
CI stays bounded while every slow test still runs on some code path over time.
``--slow=all`` (or ``KUSARI_TEST_SLOW=all``) runs them all; ``--slow=none`` none.

``--device=fake-cupy`` (or ``KUSARI_TEST_DEVICE=fake-cupy``) makes ``import cupy``
give the CuPy stand-in ``tests/gpu/fake_cupy.py`` (one GPU, device 0) for the whole
session and runs only the tests that need a GPU (marked ``gpu``) and those of
``tests/gpu``: the GPU paths run on the CPU, behind CuPy's device boundary.
"""

import contextlib
import os
import zlib

import pytest

SAMPLE_MODULUS = 3


def pytest_addoption(parser):
    parser.addoption('--slow', default=os.environ.get('KUSARI_TEST_SLOW', 'sample'),
                     choices=('sample', 'all', 'none'),
                     help='which tests marked slow to run (default: a deterministic sample)')
    parser.addoption('--device', default=os.environ.get('KUSARI_TEST_DEVICE', 'cpu'),
                     choices=('cpu', 'fake-cupy'),
                     help='fake-cupy: run the GPU tests on the CuPy stand-in')


def pytest_configure(config):
    if config.getoption('--device') == 'fake-cupy':
        from tests.gpu import fake_cupy
        stack = contextlib.ExitStack()
        stack.enter_context(fake_cupy.installed())
        config.add_cleanup(stack.close)


def pytest_collection_modifyitems(config, items):
    if config.getoption('--device') == 'fake-cupy':
        on_gpu = [item.get_closest_marker('gpu') is not None or
                  item.nodeid.startswith('tests/gpu/') for item in items]
        config.hook.pytest_deselected(items=[i for i, g in zip(items, on_gpu) if not g])
        items[:] = [i for i, g in zip(items, on_gpu) if g]
    mode = config.getoption('--slow')
    if mode == 'all':
        return
    skip = pytest.mark.skip(reason='slow test outside the sample (run with --slow=all)')
    for item in items:
        if 'slow' not in item.keywords:
            continue
        if mode == 'none' or zlib.crc32(item.nodeid.encode()) % SAMPLE_MODULUS:
            item.add_marker(skip)
