"""Chainer's ``chainer.device_resident``: objects whose arrays live on one device.

A DeviceResident (a Link, for one) moves its arrays with ``to_device``; the walk
over its arrays, variables and children is a visitor, so one subclass can take its
own state along by overriding ``device_resident_accept``.
"""

import warnings

from kusari import backend


class DeviceResident:
    """Base class of objects holding arrays on a device (Links, for one).

    As in Chainer, ``to_device`` (and ``to_chx``/``from_chx``) cannot be overridden: a
    subclass with state of its own overrides ``device_resident_accept``. Overriding the
    deprecated ``to_cpu``/``to_gpu``/``to_intel64`` still works (with a
    DeprecationWarning): moving a parent calls the override.
    """

    _device = backend.CpuDevice()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ('to_device', 'to_chx', 'from_chx'):
            if name in vars(cls):
                raise TypeError('{}.{} overrides a final method of DeviceResident; override '
                                'device_resident_accept instead'.format(cls.__name__, name))
        overridden = [name for name in _DEPRECATED_TO_METHODS if name in vars(cls)]
        if overridden:
            warnings.warn('{} overrides {}, which is deprecated: override '
                          'device_resident_accept instead'.format(cls.__name__,
                                                                  ', '.join(overridden)),
                          DeprecationWarning, stacklevel=2)

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
        self.device_resident_accept(_ToDeviceVisitor(backend.CpuDevice(), start=self))
        return self

    def to_gpu(self, device=None):
        """Deprecated (as in Chainer 7): ``to_device('@cupy:N')``."""
        _warn_deprecated('to_gpu', '@cupy:N')
        device = backend.GpuDevice.from_device_id(device)
        self.device_resident_accept(_ToDeviceVisitor(device, start=self))
        return self

    def to_intel64(self):
        """Deprecated (as in Chainer 7); kusari has no iDeep device."""
        _warn_deprecated('to_intel64', '@intel64')
        return self.to_device(backend.Intel64Device())

    def to_chx(self):
        """Chainer's move to ChainerX, which kusari does not have."""
        raise RuntimeError('ChainerX is not available in kusari; use to_device instead')

    def from_chx(self):
        """Chainer's move back from ChainerX: nothing to do in kusari."""
        return self


_DEPRECATED_TO_METHODS = ('to_cpu', 'to_gpu', 'to_intel64')


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
    """Moves everything it visits to one device; a resident (other than ``start``, where
    the move began) that overrides the deprecated to_cpu/to_gpu gets it called."""

    def __init__(self, device, start=None):
        self._device = device
        self._start = start

    def visit_device_resident(self, device_resident):
        device_resident._device = self._device
        if device_resident is self._start:
            return
        gpu = isinstance(self._device, backend.GpuDevice)
        name = 'to_gpu' if gpu else 'to_cpu'
        if any(name in vars(klass) for klass in type(device_resident).__mro__
               if klass is not DeviceResident and issubclass(klass, DeviceResident)):
            getattr(device_resident, name)(*((self._device.id,) if gpu else ()))

    def visit_array(self, arr):
        return self._device.send(arr)

    def visit_variable(self, param):
        param.to_device(self._device)
