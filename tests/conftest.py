"""Test-suite options: how many tests marked ``slow`` run.

By default a fixed, deterministic sample (about a third) of the slow tests runs, so
CI stays bounded while every slow test still runs on some code path over time.
``--slow=all`` (or ``KUSARI_TEST_SLOW=all``) runs them all; ``--slow=none`` none.
"""

import os
import zlib

import pytest

SAMPLE_MODULUS = 3


def pytest_addoption(parser):
    parser.addoption('--slow', default=os.environ.get('KUSARI_TEST_SLOW', 'sample'),
                     choices=('sample', 'all', 'none'),
                     help='which tests marked slow to run (default: a deterministic sample)')


def pytest_collection_modifyitems(config, items):
    mode = config.getoption('--slow')
    if mode == 'all':
        return
    skip = pytest.mark.skip(reason='slow test outside the sample (run with --slow=all)')
    for item in items:
        if 'slow' not in item.keywords:
            continue
        if mode == 'none' or zlib.crc32(item.nodeid.encode()) % SAMPLE_MODULUS:
            item.add_marker(skip)
