"""Chainer's ``chainer.device_resident``: objects whose arrays live on one device.

A DeviceResident (a Link, for one) moves its arrays with ``to_device``; the walk
over its arrays, variables and children is a visitor, so one subclass can take its
own state along by overriding ``device_resident_accept``.
"""

import warnings

from kusari import backend


class DeviceResident:
    """Base class of objects holding arrays on a device (Links, for one)."""

    _device = backend.CpuDevice()

    def device_resident_accept(self, visitor):
        """Let ``visitor`` visit this object's arrays, variables and children."""
        visitor.visit_device_resident(self)

    @property
    def device(self):
        """The :class:`~kusari.backend.Device` the arrays are on."""
        return self._device

    @property
    def xp(self):
        """The array module of the device (numpy or cupy)."""
        return self._device.xp

    def to_device(self, device):
        """Move every array to ``device`` (a Device or a specifier such as '@numpy')."""
        self.device_resident_accept(_ToDeviceVisitor(backend.get_device(device)))
        return self

    def to_cpu(self):
        """Deprecated (as in Chainer 7): ``to_device('@numpy')``."""
        _warn_deprecated('to_cpu', '@numpy')
        return self.to_device(backend.CpuDevice())

    def to_gpu(self, device=None):
        """Deprecated (as in Chainer 7): ``to_device('@cupy:N')``."""
        _warn_deprecated('to_gpu', '@cupy:N')
        return self.to_device(backend.GpuDevice.from_device_id(device))

    def to_intel64(self):
        """Deprecated (as in Chainer 7); kusari has no iDeep device."""
        _warn_deprecated('to_intel64', '@intel64')
        return self.to_device(backend.Intel64Device())


def _warn_deprecated(method, spec):
    warnings.warn("{} is deprecated. Please use to_device('{}') instead.".format(method, spec),
                  DeprecationWarning, stacklevel=3)


class DeviceResidentsVisitor:
    """Base class of the visitors ``device_resident_accept`` hands objects to."""

    def visit_device_resident(self, device_resident):
        """Process a DeviceResident."""
        raise NotImplementedError()

    def visit_array(self, arr):
        """Process an array; returns the array to keep in its place."""
        raise NotImplementedError()

    def visit_variable(self, param):
        """Process a Variable or Parameter."""
        raise NotImplementedError()


class _ToDeviceVisitor(DeviceResidentsVisitor):
    """Moves everything it visits to one device."""

    def __init__(self, device):
        self._device = device

    def visit_device_resident(self, device_resident):
        device_resident._device = self._device

    def visit_array(self, arr):
        return self._device.send(arr)

    def visit_variable(self, param):
        param.to_device(self._device)
