"""A stand-in for CuPy that runs on NumPy but keeps CuPy's device boundary.

kusari's GPU code paths (``xp is cupy``, ``cupyx.scatter_add``, ``GpuDevice``) can
then run on a machine without a GPU, and the ways code breaks on a real GPU fail
here too:

- ``numpy.asarray(x)``/``numpy.array(x)`` of a device array is a TypeError, as
  ``cupy.ndarray.__array__`` makes it;
- mixing a device array with a ``numpy.ndarray`` in an operation, a ufunc or a
  CuPy function is a TypeError (``Unsupported type``), so host arrays made from
  shapes (``numpy.zeros(x.shape)``, ``numpy.random...``) are caught where used;
- a non-ufunc CuPy function given a Python list, tuple or scalar as its array
  argument (``cupy.prod(x.shape)``) is a TypeError, as CuPy has no array to call;
- under :func:`strict_transfers`, every copy from the device to the host --
  ``float(x)``, ``int(x)``, ``bool(x)``, ``x.item()``, ``x.tolist()``,
  ``x.get()``, ``cupy.asnumpy(x)``, formatting -- raises
  :class:`HostTransferError`, so a test can prove that forward and backward
  never synchronize with the host.

Device arrays wrap NumPy arrays (views stay views), reductions give 0-d device
arrays as CuPy's do, and ``numpy.<function>(device_array)`` dispatches to the
"CuPy" function as CuPy's ``__array_function__`` does. CUDA kernels
(``ElementwiseKernel``, ``ReductionKernel``, ``RawKernel``) check their arguments'
count and dtypes against the kernel's declaration, then run the NumPy reference
registered beside the kernel with :func:`reference` (NotImplementedError without
one). What this cannot catch: CuPy's own dtype rules where they differ from
NumPy's, and the CUDA code itself.

Only the names real CuPy has are offered: ``cupy_api.json`` (made from the
``cupy-cuda12x`` wheel by ``make_cupy_api.py``) lists CuPy's functions, their
parameters and ``ndarray``'s methods; a name CuPy lacks is an AttributeError and
a keyword argument it does not take a TypeError, as on a GPU.
"""

import contextlib
import json
import os
import re
import sys
import threading
import types

import numpy


with open(os.path.join(os.path.dirname(__file__), 'cupy_api.json')) as _file:
    API = json.load(_file)


def _check_keywords(spec, where, kwargs):
    """A TypeError for a keyword argument that CuPy's ``where`` does not take."""
    if not isinstance(spec, dict) or spec['kwargs']:
        return
    for key in kwargs:
        if key not in spec['params']:
            raise TypeError("{}() got an unexpected keyword argument '{}' (real CuPy {} takes "
                            "only {})".format(where, key, API['version'], spec['params']))


def _missing(module, name):
    return AttributeError("module '{}' has no attribute '{}' (real CuPy {} lacks it)".format(
        module, name, API['version']))


class HostTransferError(RuntimeError):
    """A device-to-host copy happened under :func:`strict_transfers`."""


_state = threading.local()


def _strict():
    return getattr(_state, 'strict', 0) > 0


@contextlib.contextmanager
def strict_transfers():
    """Make every device-to-host copy raise :class:`HostTransferError`."""
    _state.strict = getattr(_state, 'strict', 0) + 1
    try:
        yield
    finally:
        _state.strict -= 1


@contextlib.contextmanager
def allow_transfers():
    """Lift :func:`strict_transfers` (for a test's own explicit checks)."""
    saved = getattr(_state, 'strict', 0)
    _state.strict = 0
    try:
        yield
    finally:
        _state.strict = saved


def transfer_count():
    """How many device-to-host copies this thread has made so far."""
    return getattr(_state, 'transfers', 0)


def _transfer(what):
    _state.transfers = transfer_count() + 1
    if _strict():
        raise HostTransferError('device-to-host copy: {} (strict_transfers is on)'.format(what))


def _no_fp_warnings():
    """GPU kernels raise no floating-point warnings (CuPy has no ``errstate``)."""
    return numpy.errstate(all='ignore')


def _unsupported(value, where):
    return TypeError('Unsupported type {} in {} (fake CuPy: device arrays do not mix with '
                     'host numpy.ndarray)'.format(type(value), where))


def _unwrap(value, where, allow_host=False):
    """Replace device arrays by their NumPy arrays, recursively in lists/tuples/dicts."""
    if isinstance(value, ndarray):
        return value._a
    if isinstance(value, numpy.ndarray):
        if not allow_host:
            raise _unsupported(value, where)
        return value
    if isinstance(value, (list, tuple)):
        items = [_unwrap(v, where, allow_host) for v in value]
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        return {k: _unwrap(v, where, allow_host) for k, v in value.items()}
    return value


def _wrap(value):
    """NumPy arrays and scalars as device arrays (CuPy returns 0-d arrays, not scalars)."""
    if isinstance(value, numpy.ndarray):
        return ndarray._from_host(value)
    if isinstance(value, numpy.generic):
        return ndarray._from_host(numpy.asarray(value))
    if isinstance(value, tuple):
        return tuple(_wrap(v) for v in value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


def _has_device_array(value):
    if isinstance(value, ndarray):
        return True
    if isinstance(value, (list, tuple)):
        return any(_has_device_array(v) for v in value)
    return False


class _Memory:
    def __init__(self, array):
        self.ptr = array.ctypes.data


class _Flags:
    """CuPy's ``ndarray.flags``: the memory layout only (no ``writeable``: a device array
    is always writable)."""

    def __init__(self, flags):
        self.c_contiguous = flags.c_contiguous
        self.f_contiguous = flags.f_contiguous
        self.owndata = flags.owndata

    def __getitem__(self, name):
        if name not in ('C_CONTIGUOUS', 'F_CONTIGUOUS', 'OWNDATA'):
            raise KeyError('%s is not defined for cupy.ndarray.flags' % name)
        return getattr(self, name.lower())


class ndarray:
    """A device array: a NumPy array behind CuPy's boundary."""

    __array_priority__ = 100
    __hash__ = None

    def __init__(self, shape, dtype=float, memptr=None, strides=None, order='C'):
        self._a = numpy.empty(shape, dtype, order=order)

    @classmethod
    def _from_host(cls, array):
        obj = cls.__new__(cls)
        obj._a = array
        return obj

    # -- CuPy's boundary -----------------------------------------------------------
    def __array__(self, *args, **kwargs):
        raise TypeError('Implicit conversion to a NumPy array is not allowed. Please use '
                        '`.get()` to construct a NumPy array explicitly.')

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        where = 'numpy.{}{}'.format(ufunc.__name__, '' if method == '__call__' else '.' + method)
        inputs = _unwrap(inputs, where)
        if 'out' in kwargs:
            kwargs['out'] = _unwrap(kwargs['out'], where)
        with _no_fp_warnings():
            result = getattr(ufunc, method)(*inputs, **kwargs)
        return None if method == 'at' else _wrap(result)

    def __array_function__(self, func, types, args, kwargs):
        where = 'numpy.' + func.__name__
        return _wrap(func(*_unwrap(args, where), **_unwrap(kwargs, where)))

    # -- explicit and implicit copies to the host ---------------------------------------
    def get(self, stream=None, order='C', out=None):
        _transfer('ndarray.get()')
        if out is not None:
            numpy.copyto(out, self._a)
            return out
        return numpy.array(self._a, order=order)

    def set(self, array, stream=None):
        numpy.copyto(self._a, _unwrap(array, 'ndarray.set', allow_host=True))

    def item(self, *args):
        _transfer('ndarray.item()')
        return self._a.item(*args)

    def tolist(self):
        _transfer('ndarray.tolist()')
        return self._a.tolist()

    def tobytes(self, order='C'):
        _transfer('ndarray.tobytes()')
        return self._a.tobytes(order)

    def __float__(self):
        _transfer('float(array)')
        return float(self._a)

    def __int__(self):
        _transfer('int(array)')
        return int(self._a)

    def __complex__(self):
        _transfer('complex(array)')
        return complex(self._a)

    def __bool__(self):
        _transfer('bool(array)')
        return bool(self._a)

    def __format__(self, spec):
        _transfer('format(array)')
        return format(self._a if self._a.ndim else self._a.item(), spec)

    def __repr__(self):
        return repr(self._a)  # debugging output: not counted as a transfer

    def __str__(self):
        return str(self._a)

    # -- DLPack: the memory is host memory, so it is exported as the host's (a CPU build of
    # PyTorch takes it as a CUDA build takes a real CuPy array) --------------------------
    def __dlpack__(self, **kwargs):
        return self._a.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()

    # -- attributes ---------------------------------------------------------------
    @property
    def device(self):
        return cuda.Device(0)

    @property
    def data(self):
        return _Memory(self._a)

    @property
    def flags(self):
        return _Flags(self._a.flags)

    @property
    def shape(self):
        return self._a.shape

    @shape.setter
    def shape(self, shape):
        self._a.shape = shape

    def __getattr__(self, name):
        if name == '_a' or name.startswith('__'):  # no __array_interface__ and the like
            raise AttributeError(name)
        spec = API['ndarray'].get(name)
        if spec is None:
            raise AttributeError("'cupy.ndarray' object has no attribute '{}' (real CuPy {} "
                                 "lacks it)".format(name, API['version']))
        value = getattr(self._a, name)
        if not callable(value):
            return _wrap(value)

        def method(*args, **kwargs):
            where = 'ndarray.' + name
            _check_keywords(spec, where, kwargs)
            return _wrap(value(*_unwrap(args, where, allow_host=True),
                               **_unwrap(kwargs, where, allow_host=True)))
        method.__name__ = name
        return method

    def __len__(self):
        return len(self._a)

    def __iter__(self):
        return (_wrap(row) for row in self._a)

    def __getitem__(self, key):
        return _wrap(self._a[_unwrap(key, 'indexing', allow_host=True)])

    def __setitem__(self, key, value):
        self._a[_unwrap(key, 'indexing', allow_host=True)] = _unwrap(
            value, 'assignment', allow_host=True)

    def __copy__(self):
        return _wrap(self._a.copy())

    def __deepcopy__(self, memo):
        return _wrap(self._a.copy())

    def __reduce__(self):
        return (ndarray._from_host, (self._a,))


def _defers_to(other):
    """Whether an operator gives way to ``other`` (CuPy's rule: a non-array operand of
    higher ``__array_priority__``, such as a kusari Variable, takes the reflected op)."""
    return not isinstance(other, (ndarray, numpy.ndarray)) and getattr(
        other, '__array_priority__', 0) > ndarray.__array_priority__


def _binary(ufunc):
    def forward(self, other):
        return NotImplemented if _defers_to(other) else ufunc(self, other)

    def reflected(self, other):
        return ufunc(other, self)

    def inplace(self, other):
        ufunc(self, other, out=self)
        return self
    return forward, reflected, inplace


for _name, _ufunc in [('add', numpy.add), ('sub', numpy.subtract), ('mul', numpy.multiply),
                      ('truediv', numpy.true_divide), ('floordiv', numpy.floor_divide),
                      ('mod', numpy.remainder), ('pow', numpy.power), ('matmul', numpy.matmul),
                      ('and', numpy.bitwise_and), ('or', numpy.bitwise_or),
                      ('xor', numpy.bitwise_xor), ('lshift', numpy.left_shift),
                      ('rshift', numpy.right_shift)]:
    _f, _r, _i = _binary(_ufunc)
    setattr(ndarray, '__{}__'.format(_name), _f)
    setattr(ndarray, '__r{}__'.format(_name), _r)
    setattr(ndarray, '__i{}__'.format(_name), _i)
for _name, _ufunc in [('lt', numpy.less), ('le', numpy.less_equal), ('eq', numpy.equal),
                      ('ne', numpy.not_equal), ('gt', numpy.greater),
                      ('ge', numpy.greater_equal)]:
    setattr(ndarray, '__{}__'.format(_name), _binary(_ufunc)[0])
for _name, _ufunc in [('neg', numpy.negative), ('pos', numpy.positive), ('abs', numpy.absolute),
                      ('invert', numpy.invert)]:
    setattr(ndarray, '__{}__'.format(_name), lambda self, _u=_ufunc: _u(self))
ndarray.__divmod__ = lambda self, other: numpy.divmod(self, other)


# -- module functions ---------------------------------------------------------------

# Functions whose first argument is not an array: shapes, sequences of arrays, dtypes,
# host data (the ``as*array`` copies from the host are CuPy's host-to-device path).
_FROM_HOST = frozenset(['array', 'asarray', 'asanyarray', 'ascontiguousarray',
                        'asfortranarray'])
_FIRST_ARG_NOT_ARRAY = _FROM_HOST | frozenset([
    'zeros', 'ones', 'empty', 'full', 'arange', 'linspace', 'logspace', 'eye', 'identity',
    'tri', 'indices', 'concatenate', 'stack', 'vstack', 'hstack', 'dstack', 'column_stack',
    'block', 'meshgrid', 'ix_', 'broadcast_shapes', 'ravel_multi_index', 'einsum',
    'einsum_path', 'result_type', 'can_cast', 'promote_types', 'isscalar', 'ndim', 'shape',
    'size', 'select', 'get_array_module', 'binary_repr', 'base_repr', 'errstate',
    'seterr', 'geterr', 'printoptions', 'set_printoptions', 'common_type',
    'min_scalar_type', 'issubdtype', 'lexsort', 'dtype'])


def _first_arg_is_host_data(args):
    if not args:
        return False
    first = args[0]
    if isinstance(first, (bool, int, float, complex, numpy.generic)):
        return True
    return isinstance(first, (list, tuple)) and not _has_device_array(first)


# cupy.ufunc.__call__'s keyword arguments (CuPy has no where=, order=, subok=...)
_UFUNC_CALL = {'params': ['out', 'dtype', 'casting'], 'kwargs': False}


class _Ufunc:
    """A ufunc of the fake CuPy: device arrays and scalars only."""

    def __init__(self, ufunc):
        self._ufunc = ufunc
        self.__name__ = ufunc.__name__

    def __getattr__(self, name):
        if name not in ('reduce', 'accumulate', 'reduceat', 'outer', 'at', 'nin', 'nout',
                        'nargs', 'types'):
            raise AttributeError("'cupy.ufunc' object has no attribute '{}'".format(name))
        value = getattr(self._ufunc, name)
        if name in ('reduce', 'accumulate', 'reduceat', 'outer', 'at'):
            return _function(value, 'cupy.{}.{}'.format(self.__name__, name))
        return value

    def __call__(self, *args, **kwargs):
        where = 'cupy.' + self.__name__
        _check_keywords(_UFUNC_CALL, where, kwargs)
        with _no_fp_warnings():
            return _wrap(self._ufunc(*_unwrap(args, where), **_unwrap(kwargs, where)))


def _function(function, where, check_first=False, from_host=False, spec=None):
    def call(*args, **kwargs):
        _check_keywords(spec, where, kwargs)
        if check_first and _first_arg_is_host_data(args):
            raise TypeError('{} takes a device array, not {} (fake CuPy: CuPy functions do '
                            'not accept Python lists, tuples or scalars as arrays)'
                            .format(where, type(args[0]).__name__))
        with _no_fp_warnings():
            return _wrap(function(*_unwrap(args, where, from_host),
                                  **_unwrap(kwargs, where, from_host)))
    call.__name__ = getattr(function, '__name__', where)
    return call


class _Namespace(types.ModuleType):
    """A fake CuPy module mirroring a NumPy (or SciPy) namespace."""

    def __init__(self, name, host, check_first=True, from_host=frozenset()):
        super().__init__(name)
        self._host = host
        self._check_first = check_first
        self._from_host = from_host

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        names = API['modules'].get(self.__name__)
        if names is not None and name not in names:
            raise _missing(self.__name__, name)
        spec = names and names[name]
        value = getattr(self._host, name)
        if isinstance(value, types.ModuleType):  # cupy.lib.stride_tricks and the like
            wrapped = _Namespace('{}.{}'.format(self.__name__, name), value, self._check_first)
        elif isinstance(value, numpy.ufunc):
            wrapped = _Ufunc(value)
        elif isinstance(value, type) or not callable(value):
            return value
        else:
            wrapped = _function(
                value, '{}.{}'.format(self.__name__, name),
                check_first=self._check_first and name not in _FIRST_ARG_NOT_ARRAY,
                from_host=name in self._from_host, spec=spec)
        setattr(self, name, wrapped)
        return wrapped


def _with_dtype(function):
    """A NumPy sampler taking CuPy's ``dtype`` argument (NumPy's mostly lack it)."""
    def sample(*args, dtype=None, **kwargs):
        result = function(*args, **kwargs)
        return result if dtype is None else numpy.asarray(result).astype(dtype, copy=False)
    sample.__name__ = getattr(function, '__name__', 'sample')
    return sample


class _Random(_Namespace):
    def __getattr__(self, name):
        names = API['modules']['cupy.random']
        if name not in names:
            raise _missing('cupy.random', name)
        value = getattr(self._host, name)
        if isinstance(value, type) or not callable(value):
            return value
        return _function(_with_dtype(value), 'cupy.random.' + name, from_host=True,
                         spec=names[name])


class _RandomState:
    def __init__(self, seed=None):
        self._rs = numpy.random.RandomState(seed)

    def __getattr__(self, name):
        return _function(_with_dtype(getattr(self._rs, name)),
                         'cupy.random.RandomState.' + name, from_host=True)


class _Device:
    """The one fake GPU, device 0."""

    compute_capability = '80'

    def __init__(self, device=None):
        device = 0 if device is None else int(device)
        if device != 0:
            raise RuntimeError('fake CuPy: device {} does not exist (there is one GPU, 0)'
                               .format(device))
        self.id = device

    def __eq__(self, other):
        return isinstance(other, _Device) and other.id == self.id

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return '<CUDA Device {}>'.format(self.id)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return None

    def use(self):
        pass

    def synchronize(self):
        pass


class _Event:
    def synchronize(self):
        pass

    def record(self, stream=None):
        pass


class _Stream:
    def __init__(self, null=False, non_blocking=False, ptr=0):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return None

    def record(self, event=None):
        return event or _Event()

    def wait_event(self, event):
        pass

    def synchronize(self):
        pass


class _MemoryPool:
    def used_bytes(self):
        return 0

    def total_bytes(self):
        return 0

    def free_all_blocks(self):
        pass


# -- kernels: declarations checked as CuPy checks them, bodies run by NumPy references --

_REFERENCES = {}
_C_TYPES = {'float': 'float32', 'double': 'float64', 'half': 'float16', 'int': 'int32',
            'long long': 'int64', 'long': 'int64', 'unsigned int': 'uint32', 'bool': 'bool',
            'signed char': 'int8', 'unsigned char': 'uint8', 'short': 'int16',
            'unsigned short': 'uint16', 'size_t': 'uint64', 'ptrdiff_t': 'int64'}


def reference(name):
    """Register the NumPy reference of the CUDA kernel called ``name``.

    The fake kernels run it in place of the CUDA code: for an ``ElementwiseKernel``
    it takes the inputs (NumPy arrays or scalars) and returns the outputs; for a
    ``ReductionKernel`` it also takes ``axis`` and ``keepdims``; for a ``RawKernel``
    it takes ``(grid, block, args)`` and writes into the argument arrays.
    """
    def register(function):
        _REFERENCES[name] = function
        return function
    return register


def _reference_of(name):
    if name not in _REFERENCES:
        raise NotImplementedError('fake CuPy has no NumPy reference for the CUDA kernel {!r}; '
                                  'register one with fake_cupy.reference'.format(name))
    return _REFERENCES[name]


def _dtype_of(type_name):
    """The dtype a kernel parameter's type names, or None for a type placeholder."""
    type_name = _C_TYPES.get(type_name, type_name)
    scalar_type = getattr(numpy, type_name, None)
    if isinstance(scalar_type, type) and issubclass(scalar_type, numpy.generic):
        return numpy.dtype(scalar_type)
    return None


def _parse_params(text):
    """[(name, dtype or placeholder name, raw)] of ``'T x, raw float32 y'``."""
    params = []
    for item in filter(None, (part.strip() for part in text.split(','))):
        words = item.split()
        raw = words[0] == 'raw'
        words = words[1:] if raw else words
        if len(words) < 2:
            raise ValueError('Syntax error: {}'.format(item))
        type_name = ' '.join(words[:-1])
        params.append((words[-1], _dtype_of(type_name) or type_name, raw))
    return params


def _bind_types(name, params, args):
    """Check the arguments' dtypes against ``params``; the placeholders' dtypes."""
    bound = {}
    for (param, kind, _raw), arg in zip(params, args):
        if isinstance(arg, numpy.ndarray):
            raise _unsupported(arg, name)
        dtype = arg.dtype if isinstance(arg, ndarray) else None
        if isinstance(kind, numpy.dtype):
            continue  # fixed types: CuPy casts inputs to them in the kernel
        if dtype is None:
            dtype = numpy.result_type(arg) if isinstance(arg, numpy.generic) else None
        if dtype is None:
            continue  # a Python scalar takes the placeholder's type
        if bound.setdefault(kind, dtype) != dtype:
            raise TypeError('Type is mismatched. {} {} {} (kernel {}, parameter {})'.format(
                param, dtype, bound[kind], name, param))
    return bound


def _declared_dtype(kind, bound, inputs):
    if isinstance(kind, numpy.dtype):
        return kind
    if kind in bound:
        return bound[kind]
    return numpy.result_type(*[numpy.asarray(a) for a in inputs])


def _check_outputs(name, params, outs):
    """Outputs are device arrays of their declared fixed types (placeholders are
    checked with the inputs)."""
    for (param, kind, _raw), out in zip(params, outs):
        if not isinstance(out, ndarray):
            raise TypeError('{}: output {} must be a cupy.ndarray, got {}'.format(
                name, param, type(out).__name__))
        if isinstance(kind, numpy.dtype) and out.dtype != kind:
            raise TypeError('Type is mismatched. {} {} {} (kernel {}, output)'.format(
                param, out.dtype, kind, name))


class ElementwiseKernel:
    """``cupy.ElementwiseKernel``: arguments checked against its declaration, then its
    NumPy reference run."""

    def __init__(self, in_params, out_params, operation, name='kernel', reduce_dims=True,
                 preamble='', no_return=False, return_tuple=False, loop_prep='',
                 after_loop='', options=()):
        self.in_params = _parse_params(in_params)
        self.out_params = _parse_params(out_params)
        self.nin, self.nout = len(self.in_params), len(self.out_params)
        self.nargs = self.nin + self.nout
        self.name = name
        self.return_tuple = return_tuple

    def __call__(self, *args, size=None, block_size=None, stream=None):
        if len(args) not in (self.nin, self.nargs):
            raise TypeError('Wrong number of arguments for {}'.format(self.name))
        inputs, outs = args[:self.nin], args[self.nin:]
        bound = _bind_types(self.name, self.in_params + self.out_params, args)
        _check_outputs(self.name, self.out_params, outs)
        host = [_unwrap(a, self.name) for a in inputs]
        try:
            shape = numpy.broadcast_shapes(*[numpy.shape(a) for a, p in
                                             zip(host, self.in_params) if not p[2]])
        except ValueError:
            raise ValueError('{}: operands could not be broadcast together with shapes {}'
                             .format(self.name, [numpy.shape(a) for a in host])) from None
        with _no_fp_warnings():
            results = _reference_of(self.name)(*host)
        results = results if isinstance(results, tuple) else (results,)
        if len(results) != self.nout:
            raise AssertionError('reference of {} returned {} outputs, the kernel declares {}'
                                 .format(self.name, len(results), self.nout))
        if not outs:
            outs = tuple(_wrap(numpy.empty(shape, _declared_dtype(kind, bound, host)))
                         for _, kind, _ in self.out_params)
        for out, result in zip(outs, results):
            out._a[...] = result
        return outs if self.return_tuple or self.nout > 1 else outs[0]


class ReductionKernel:
    """``cupy.ReductionKernel``: arguments checked against its declaration, then its
    NumPy reference run with ``axis`` and ``keepdims``."""

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                 name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='',
                 options=()):
        self.in_params = _parse_params(in_params)
        self.out_params = _parse_params(out_params)
        self.nin, self.nout = len(self.in_params), len(self.out_params)
        self.name = name

    def __call__(self, *args, out=None, axis=None, keepdims=False, stream=None):
        if len(args) != self.nin:
            raise TypeError('Wrong number of arguments for {}'.format(self.name))
        outs = () if out is None else (out,)
        bound = _bind_types(self.name, self.in_params + self.out_params, args + outs)
        _check_outputs(self.name, self.out_params, outs)
        host = [_unwrap(a, self.name) for a in args]
        with _no_fp_warnings():
            result = numpy.asarray(_reference_of(self.name)(*host, axis=axis,
                                                            keepdims=keepdims))
        if out is None:
            return _wrap(result.astype(_declared_dtype(self.out_params[0][1], bound, host)))
        out._a[...] = result
        return out


_RAW_SIGNATURE = r'__global__\s+void\s+{}\s*\(([^)]*)\)'


class RawKernel:
    """``cupy.RawKernel``: arguments checked against the ``__global__`` signature in
    its source, then its NumPy reference run."""

    def __init__(self, code, name, options=(), backend='nvrtc', translate_cucomplex=False,
                 enable_cooperative_groups=False, jitify=False):
        self.code = code
        self.name = name

    def _params(self):
        """[(name, dtype or None, pointer)]: read at the first call, when CuPy compiles."""
        match = re.search(_RAW_SIGNATURE.format(re.escape(self.name)), self.code)
        if match is None:
            raise ValueError('fake CuPy: no __global__ function {!r} in the code'.format(
                self.name))
        params = []
        for item in filter(None, (p.strip() for p in match.group(1).split(','))):
            words = item.replace('*', ' * ').replace('const', ' ').split()
            pointer = '*' in words
            type_name = ' '.join(w for w in words[:-1] if w not in ('*', '__restrict__'))
            params.append((words[-1], _dtype_of(type_name), pointer))
        return params

    def __call__(self, grid, block, args, *, shared_mem=0):
        if not isinstance(args, tuple):
            raise TypeError('{}: args must be a tuple, got {}'.format(
                self.name, type(args).__name__))
        params = self._params()
        if len(args) != len(params):
            raise TypeError('Wrong number of arguments for {}: {} given, the kernel takes {}'
                            .format(self.name, len(args), len(params)))
        for (param, dtype, pointer), arg in zip(params, args):
            if isinstance(arg, numpy.ndarray):
                raise _unsupported(arg, self.name)
            if pointer != isinstance(arg, ndarray):
                raise TypeError('{}: parameter {} takes {}, got {}'.format(
                    self.name, param, 'a cupy.ndarray' if pointer else 'a scalar',
                    type(arg).__name__))
            given = arg.dtype if isinstance(arg, (ndarray, numpy.generic)) else None
            if dtype is not None and given is not None and given != dtype:
                raise TypeError('{}: parameter {} is declared {}, got {}'.format(
                    self.name, param, dtype, given))
        with _no_fp_warnings():
            _reference_of(self.name)(grid, block, tuple(_unwrap(a, self.name) for a in args))


def _asnumpy(a, stream=None, order='C', out=None):
    if isinstance(a, ndarray):
        return a.get(stream, order, out)
    return numpy.asarray(a, order=order)


def _get_array_module(*args):
    return cupy if any(isinstance(a, ndarray) for a in args) else numpy


def _memoize(for_each_device=False):
    return lambda function: function


def _scatter(ufunc):
    def scatter(a, slices, value):
        ufunc.at(a._a, _unwrap(slices, 'cupyx.scatter', allow_host=True),
                 _unwrap(value, 'cupyx.scatter'))
    return scatter


def _testing_function(name):
    def check(*args, **kwargs):
        with allow_transfers():
            args = [a.get() if isinstance(a, ndarray) else a for a in args]
        return getattr(numpy.testing, name)(*args, **kwargs)
    return check


def _build():
    module = _Namespace('cupy', numpy, from_host=_FROM_HOST)
    module.__version__ = API['version']
    module.ndarray = ndarray
    module.asnumpy = _asnumpy
    module.get_array_module = _get_array_module
    module.fuse = lambda *args, **kwargs: (
        args[0] if len(args) == 1 and callable(args[0]) and not kwargs else lambda f: f)
    module.memoize = _memoize
    module.clear_memo = lambda: None
    module.ElementwiseKernel = ElementwiseKernel
    module.ReductionKernel = ReductionKernel
    module.RawKernel = RawKernel
    module.get_default_memory_pool = _MemoryPool
    module.get_default_pinned_memory_pool = _MemoryPool
    module.is_available = lambda: True
    module._kusari_fake = True

    random = _Random('cupy.random', numpy.random)
    random.RandomState = _RandomState
    random.get_random_state = lambda: _RandomState()
    module.random = random
    module.linalg = _Namespace('cupy.linalg', numpy.linalg)
    module.fft = _Namespace('cupy.fft', numpy.fft)
    module.testing = types.ModuleType('cupy.testing')
    for name in ('assert_allclose', 'assert_array_equal', 'assert_array_almost_equal'):
        setattr(module.testing, name, _testing_function(name))

    cuda_module = types.ModuleType('cupy.cuda')
    cuda_module.Device = _Device
    cuda_module.Event = _Event
    cuda_module.Stream = _Stream
    cuda_module.get_elapsed_time = lambda start, stop: 0.0  # milliseconds, as CuPy's
    cuda_module.runtime = types.SimpleNamespace(
        getDeviceCount=lambda: 1,
        getDeviceProperties=lambda i: {'name': b'fake GPU (NumPy)', 'totalGlobalMem': 1 << 34})
    cuda_module.alloc_pinned_memory = bytearray
    cuda_module.get_current_stream = _Stream
    module.cuda = cuda_module

    cupyx = types.ModuleType('cupyx')
    cupyx.scatter_add = _scatter(numpy.add)
    cupyx.scatter_max = _scatter(numpy.maximum)
    cupyx.scatter_min = _scatter(numpy.minimum)
    cupyx.scipy = types.ModuleType('cupyx.scipy')
    try:
        import scipy.special
        cupyx.scipy.special = _Namespace('cupyx.scipy.special', scipy.special)
    except ImportError:
        pass
    return module, cupyx


cupy, cupyx = _build()
cuda = cupy.cuda


def _modules():
    modules = {'cupy': cupy, 'cupy.cuda': cupy.cuda, 'cupy.random': cupy.random,
               'cupy.linalg': cupy.linalg, 'cupy.fft': cupy.fft, 'cupy.testing': cupy.testing,
               'cupyx': cupyx, 'cupyx.scipy': cupyx.scipy}
    if hasattr(cupyx.scipy, 'special'):
        modules['cupyx.scipy.special'] = cupyx.scipy.special
    return modules


@contextlib.contextmanager
def installed():
    """Make ``import cupy`` (and kusari) see the fake CuPy with one GPU, device 0."""
    from kusari import cuda as kusari_cuda
    saved_modules = {name: sys.modules.get(name) for name in _modules()}
    patched = {'cupy': cupy, 'cupyx': cupyx, 'available': True, 'ndarray': ndarray,
               'Device': _Device, 'Event': _Event, 'Stream': _Stream}
    saved_attributes = {name: getattr(kusari_cuda, name) for name in patched}
    sys.modules.update(_modules())
    for name, value in patched.items():
        setattr(kusari_cuda, name, value)
    try:
        yield cupy
    finally:
        for name, value in saved_attributes.items():
            setattr(kusari_cuda, name, value)
        for name, module in saved_modules.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def asnumpy(value):
    """A test's explicit copy to the host (allowed under :func:`strict_transfers`)."""
    with allow_transfers():
        return cupy.asnumpy(value) if isinstance(value, ndarray) else value



def is_installed():
    """Whether :func:`installed` is in effect (``import cupy`` gives the fake)."""
    return sys.modules.get('cupy') is cupy
