"""Backend configurations for tests (Chainer's ``BackendConfig``).

:func:`inject_backend_tests` replaces each test method taking a
``backend_config`` argument with one method per configuration, e.g.
``test_forward__cpu`` and ``test_forward__use_cuda_true``. GPU variants carry
the ``gpu`` mark (``cudnn`` too when cuDNN is requested) and skip cleanly
without CuPy; ChainerX and iDeep variants always skip, as kusari has neither.
"""

import contextlib
import functools
import unittest

from kusari.testing import attr
from kusari.testing.parameterized import _cases_of


class BackendConfig:
    """One backend configuration: device and cuDNN/iDeep settings.

    Args:
        params (dict): values for the keys ``use_cuda`` (False),
            ``cuda_device`` (None: device 0), ``use_cudnn`` ('never'),
            ``cudnn_deterministic`` (False), ``autotune`` (False),
            ``cudnn_fast_batch_normalization`` (False), ``use_ideep``
            ('never'), ``use_chainerx`` (False) and ``chainerx_device``
            (None); defaults in parentheses.
    """

    _props = (
        ('use_chainerx', False),
        ('chainerx_device', None),
        ('use_cuda', False),
        ('cuda_device', None),
        ('use_cudnn', 'never'),
        ('cudnn_deterministic', False),
        ('autotune', False),
        ('cudnn_fast_batch_normalization', False),
        ('use_ideep', 'never'),
    )
    # Settings applied through kusari's configuration while the config is entered.
    _config_keys = ('use_cudnn', 'cudnn_deterministic', 'autotune',
                    'cudnn_fast_batch_normalization', 'use_ideep')

    def __init__(self, params):
        if not isinstance(params, dict):
            raise TypeError('BackendConfig: params must be a dict, not {}'.format(
                type(params).__name__))
        defaults = dict(self._props)
        unknown = sorted(set(params) - set(defaults))
        if unknown:
            raise ValueError('BackendConfig: unknown parameter(s) {}; known: {}'.format(
                unknown, sorted(defaults)))
        for key, default in self._props:
            setattr(self, key, params.get(key, default))
        self._contexts = []
        self._device = None

    @property
    def xp(self):
        """The array module of the device (``numpy`` or ``cupy``)."""
        return self.device.xp

    @property
    def device(self):
        """The :class:`kusari.backend.Device` the test runs on."""
        if self._device is None:
            from kusari import backend
            if self.use_chainerx:
                raise unittest.SkipTest('ChainerX is not available in kusari')
            if self.use_cuda:
                self._device = backend.GpuDevice.from_device_id(
                    0 if self.cuda_device is None else self.cuda_device)
            else:
                self._device = backend.CpuDevice()
        return self._device

    def get_array(self, np_array):
        """Sends an array (or a tuple/list of arrays; None kept) to the device."""
        return self.device.send(np_array)

    def __enter__(self):
        from kusari import core
        stack = contextlib.ExitStack()
        for key in self._config_keys:
            stack.enter_context(core.using_config(key, getattr(self, key)))
        stack.enter_context(self.device.create_context())
        self._contexts.append(stack)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return self._contexts.pop().__exit__(exc_type, exc_value, traceback)

    def __repr__(self):
        return '<BackendConfig {}>'.format(' '.join(
            '{}={!r}'.format(key, getattr(self, key)) for key, _ in self._props))

    def get_func_str(self):
        """Short text naming the non-default settings, usable in a method name."""
        parts = []
        for key, default in self._props:
            value = getattr(self, key)
            if value != default:
                text = 'true' if value is True else 'false' if value is False else str(value)
                parts.append('{}_{}'.format(key, text))
        return '__'.join(parts).replace(':', '_').replace('@', '') or 'cpu'

    def get_pytest_marks(self):
        """Marks for tests in this configuration (callables applied to the test)."""
        if self.use_chainerx:
            return [attr.chainerx]
        if self.use_cuda:
            # Device N exists only on machines with N + 1 GPUs.
            device = self.cuda_device or 0
            marks = [attr.multi_gpu(device + 1) if device else attr.gpu]
            if self.use_cudnn != 'never':
                marks.append(attr.cudnn)
            return marks
        if self.use_ideep != 'never':
            return [attr.ideep]
        return []


def _backend_test_method(impl, backend_config, name):
    @functools.wraps(impl)
    def method(self, *args, **kwargs):
        return impl(self, backend_config, *args, **kwargs)
    method.__name__ = method.__qualname__ = name
    for mark in backend_config.get_pytest_marks():
        method = mark(method)
    return method


def _test_method_names(case):
    return sorted(name for name in dir(case)
                  if name.startswith('test') and callable(getattr(case, name)))


def inject_backend_tests(method_names, params):
    """Class decorator running test methods once per backend configuration.

    Each listed method, which takes ``backend_config`` after ``self``, is
    replaced by methods ``<name>__<config>`` that pass a
    :class:`BackendConfig`.

    Args:
        method_names (list of str or None): the methods; None for all whose
            names start with ``test``.
        params (list of dict): one :class:`BackendConfig` parameter dict per
            configuration, e.g. ``[{}, {'use_cuda': True}]``.
    """
    if method_names is not None and not (
            isinstance(method_names, list) and all(isinstance(n, str) for n in method_names)):
        raise TypeError('inject_backend_tests: method_names must be None or a list of str')
    if not (isinstance(params, list) and all(isinstance(p, dict) for p in params)):
        raise TypeError('inject_backend_tests: params must be a list of dicts')
    configs = [BackendConfig(p) for p in params]

    def decorator(target):
        for case in _cases_of(target):
            names = _test_method_names(case) if method_names is None else method_names
            for name in names:
                impl = getattr(case, name)
                # Hide the original, which pytest could not call without a config.
                setattr(case, name, None)
                for config in configs:
                    new_name = '{}__{}'.format(name, config.get_func_str())
                    if new_name in vars(case):
                        raise RuntimeError(
                            'inject_backend_tests: {}.{} already exists (duplicate '
                            'backend configurations?)'.format(case.__name__, new_name))
                    setattr(case, new_name, _backend_test_method(impl, config, new_name))
        return target
    return decorator
