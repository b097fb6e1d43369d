"""Chainer's ``chainer._runtime_info``: the versions of what kusari runs on."""

import platform
import sys

import numpy


class _RuntimeInfo:
    """Versions of the platform, kusari (as the Chainer API version), NumPy and CuPy."""

    def __init__(self):
        import kusari
        self.chainer_version = kusari.__version__
        self.kusari_version = kusari.kusari_version
        self.numpy_version = numpy.__version__
        self.platform_version = platform.platform()
        cupy = sys.modules.get('cupy')
        self.cupy_version = None if cupy is None else cupy.__version__

    def __str__(self):
        return ''.join([
            'Platform: {}\n'.format(self.platform_version),
            'Chainer: {} (kusari {})\n'.format(self.chainer_version, self.kusari_version),
            'ChainerX: Not Available\n',
            'NumPy: {}\n'.format(self.numpy_version),
            'CuPy: {}\n'.format(self.cupy_version or 'Not Available'),
            'iDeep: Not Available\n',
        ])


def _get_runtime_info():
    return _RuntimeInfo()


def print_runtime_info(out=None):
    """Write the runtime information (platform, versions) to ``out`` (default stdout)."""
    (sys.stdout if out is None else out).write(str(_get_runtime_info()))
