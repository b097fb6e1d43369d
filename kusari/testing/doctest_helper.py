"""Chainer's ``chainer.testing.doctest_helper``: conditions for ``:skipif:`` options of
Sphinx doctests. On Read the Docs (``READTHEDOCS=True``) nothing is skipped, so that no
example vanishes from the built documentation."""

import os

from kusari.testing import attr, helper


def skipif(condition):
    """``condition``, unless the documentation is built on Read the Docs."""
    return os.environ.get('READTHEDOCS') != 'True' and bool(condition)


def skipif_requires_satisfied(*requirements):
    """Skip when all requirements (e.g. ``'scipy>=1.11'``) are installed: for an example
    of the fallback taken without them."""
    return skipif(all(helper._satisfied(r) for r in requirements))


def skipif_not_enough_cuda_devices(device_count):
    """Skip when ``CHAINER_TEST_GPU_LIMIT`` (or ``KUSARI_TEST_GPU_LIMIT``) allows fewer
    than ``device_count`` GPUs."""
    return skipif(0 <= attr._gpu_limit() < device_count)
