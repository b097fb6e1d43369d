"""Host reads while a step is traced: the values of the step's arrays reaching Python.

A replay runs the functions a trace recorded, not the Python code between them, so a
step whose code reads values on the host (``if loss.array > 1``, ``float(h.array.sum())``,
``t.array.item()``) would replay the choices made while tracing. While the code of a
traced step runs outside kusari's functions (not inside a forward, which a replay runs
again), ``Variable.array`` (and ``.data``) gives a NumPy view of class
:class:`_Watched` that tells the trace when its values are turned into Python objects
(or size something), written into, or given back to a function after NumPy computed
on them; what NumPy computes from it is watched too. The trace then fails with the
reason, and the step runs define-by-run. The views are traced-code-only: a function
applied to one gets the array itself (see :func:`admit`), and outside the trace they
are plain arrays. Arrays made from values the views do not see (copies out of them,
random numbers) are caught where they differ between the two traced steps
(:func:`changed_constant`).
"""

import contextlib
import os
import sys
import threading

import numpy

from kusari import core

_ndarray = numpy.ndarray
_local = threading.local()  # .trace: the trace this thread's code runs under
_patch_lock = threading.Lock()
_watchers = 0  # the traces in all threads: Variable.array is patched while any
_array_property = core.Variable.__dict__['array']
_variable_item = core.Variable.item
_numpy_and_this = (os.path.dirname(numpy.__file__) + os.sep, __file__)
_kusari = (os.path.dirname(core.__file__) + os.sep,)
# NumPy functions whose Python results describe arrays, not their values
_METADATA = frozenset(['shape', 'ndim', 'size', 'result_type', 'iscomplexobj', 'isrealobj',
                       'may_share_memory', 'shares_memory'])


def _watching_trace():
    """The trace of this thread's step if its own code runs now (not a forward)."""
    trace = getattr(_local, 'trace', None)
    return trace if trace is not None and not trace.depth else None


def _where(skipped=_numpy_and_this):
    """``file:line`` of the first frame outside ``skipped`` (paths' beginnings)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(skipped):
        frame = frame.f_back
    if frame is None:
        return 'unknown place'
    return '{}:{}'.format(os.path.basename(frame.f_code.co_filename), frame.f_lineno)


def _fail(trace, reason):
    if trace.failure is None:
        trace.failure = reason


def _read(what):
    trace = _watching_trace()
    if trace is not None:
        _fail(trace, 'the step reads the values of an array on the host ({}, at {}): a '
                     'replay runs only the functions recorded, with what these values decided '
                     'while tracing'.format(what, _where()))


def _write(what, targets=None):
    """A write by the step's code into ``targets`` (None: a Variable) that a replay
    would miss: into an array of the step or outside it, not into a temporary NumPy
    computed from watched arrays, which only the step's code sees."""
    trace = _watching_trace()
    if trace is not None and (targets is None or any([_of_the_step(a) for a in targets])):
        _fail(trace, 'the step writes into its arrays, or its values into arrays, outside '
                     'kusari functions ({}, at {}): a replay would not'.format(what, _where()))


def _of_the_step(array):
    """Whether writing into ``array`` changes an array that is not a temporary of the
    step's code: one not watched, or a view of an array of the step."""
    if not isinstance(array, _Watched):
        return True
    sources = _local.sources
    while array is not None:
        if id(array) in sources:
            return True
        array = array.base
    return False


def plain(value):
    """``value`` with watched arrays as plain ndarrays: the array a view of
    ``Variable.array`` shows, or a plain view (lists and tuples followed)."""
    if isinstance(value, _Watched):
        sources = getattr(_local, 'sources', None)
        source = sources.get(id(value)) if sources else None
        return value.view(_ndarray) if source is None else source
    if type(value) is tuple or type(value) is list:
        return type(value)([plain(item) for item in value])
    return value


def _is_ragged(values):
    """Whether one of ``values`` (lists and tuples followed) is sized by values."""
    for value in values:
        if type(value) is tuple or type(value) is list:
            if _is_ragged(value):
                return True
        elif getattr(value, 'ragged', False):
            return True
    return False


def _watched(value, name, ragged):
    """A result NumPy computed from watched arrays, watched in turn; ``ragged``: sized
    by values (an array of indexes ``numpy.nonzero`` gives, or one computed from it)."""
    if isinstance(value, _ndarray):
        if not isinstance(value, _Watched):
            value = value.view(_Watched)
        value.ragged = ragged
        return value
    if isinstance(value, numpy.generic):
        return _watched(numpy.asarray(value), name, ragged)
    if type(value) is tuple or type(value) is list:
        return type(value)([_watched(item, name, ragged) for item in value])
    if isinstance(value, (bool, int, float, complex)) and name not in _METADATA:
        _read('numpy.{} giving a Python number'.format(name))
    return value


# the NumPy functions whose results are sized by the values of their arguments
_RAGGED = frozenset(['nonzero', 'argwhere', 'flatnonzero', 'extract', 'compress', 'unique',
                     'unique_values', 'unique_counts', 'unique_inverse', 'unique_all',
                     'trim_zeros', 'intersect1d', 'union1d', 'setdiff1d', 'setxor1d'])


class _Watched(_ndarray):
    """A NumPy array of a traced step as its code sees it (see the module)."""

    ragged = False

    def __array_finalize__(self, obj):
        if getattr(obj, 'ragged', False):
            self.ragged = True

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        out = kwargs.get('out')
        if out is not None:  # into a watched array, or values of one into another
            _write('numpy.{}(..., out=...)'.format(ufunc.__name__), out)
            kwargs['out'] = tuple([plain(array) for array in out])
        result = getattr(ufunc, method)(*[plain(x) for x in inputs], **kwargs)
        if out is not None:
            return out[0] if len(out) == 1 else out
        if _watching_trace() is None:
            return result
        return _watched(result, ufunc.__name__, _is_ragged(inputs))

    def __array_function__(self, func, types, args, kwargs):
        result = func._implementation(*plain(args), **{key: plain(value)
                                                         for key, value in kwargs.items()})
        if _watching_trace() is None:
            return plain(result)
        name = func.__name__
        ragged = (name in _RAGGED or name == 'where' and len(args) == 1
                  or _is_ragged(args) or _is_ragged(kwargs.values()))
        return _watched(result, name, ragged)

    def _non_ufunc(name, ragged=False):
        method = getattr(_ndarray, name)

        def watched_method(self, *args, **kwargs):
            result = method(self.view(_ndarray), *args, **kwargs)
            if _watching_trace() is None:
                return result
            return _watched(result, name, ragged or self.ragged or _is_ragged(args))
        watched_method.__name__ = name
        return watched_method

    # the methods that are neither ufuncs nor views, whose results could be scalars or
    # sized by values
    argmax, argmin, dot, trace, searchsorted, take, argsort, repeat = map(
        _non_ufunc, ['argmax', 'argmin', 'dot', 'trace', 'searchsorted', 'take', 'argsort',
                     'repeat'])
    nonzero, compress = _non_ufunc('nonzero', True), _non_ufunc('compress', True)
    del _non_ufunc

    def __getitem__(self, key):
        key = plain(key)
        result = _ndarray.__getitem__(self, key)
        if not isinstance(result, _ndarray):
            _read('an element of an array as a number (x[i])')
        elif _watching_trace() is not None and (
                getattr(key, 'dtype', None) == numpy.bool_ or type(key) is tuple and any(
                    [getattr(k, 'dtype', None) == numpy.bool_ for k in key])):
            result.ragged = True  # x[mask]
        return result

    def __setitem__(self, key, value):
        _write('x[...] = ...', (self,))
        _ndarray.__setitem__(self, plain(key), plain(value))

    def _sized(what, get):
        def read(self):
            if self.ragged:
                _read('{} of an array sized by values (numpy.nonzero, x[mask], ...)'.format(
                    what))
            return get(self)
        return read

    shape = property(_sized('the shape', _ndarray.shape.__get__), _ndarray.shape.__set__)
    size = property(_sized('the size', _ndarray.size.__get__))
    __len__ = _sized('len()', _ndarray.__len__)
    del _sized

    def __iter__(self):
        if self.ndim == 1 or self.ragged:
            _read('iterating over an array')
        return _ndarray.__iter__(self)

    def __bool__(self):
        _read('bool() of an array')
        return _ndarray.__bool__(self)

    def __float__(self):
        _read('float() of an array')
        return _ndarray.__float__(self)

    def __int__(self):
        _read('int() of an array')
        return _ndarray.__int__(self)

    def __complex__(self):
        _read('complex() of an array')
        return _ndarray.__complex__(self)

    def __index__(self):
        _read('an array used as a Python index')
        return _ndarray.__index__(self)

    def __repr__(self):
        _read('repr() of an array')
        return repr(self.view(_ndarray))

    def __str__(self):
        _read('str() of an array')
        return str(self.view(_ndarray))

    def __format__(self, spec):
        _read('formatting an array')
        return format(self.view(_ndarray), spec)

    def item(self, *args):
        _read('ndarray.item()')
        return _ndarray.item(self, *args)

    def tolist(self):
        _read('ndarray.tolist()')
        return _ndarray.tolist(self)


def _watched_array(variable):
    """``Variable.array`` while a step is traced: a watched view for the step's code."""
    array = variable._array
    if type(array) is not _ndarray:
        return array
    trace = _watching_trace()
    if trace is None:
        return array
    views = _local.views
    view = views.get(id(array))
    if view is None:
        view = views[id(array)] = array.view(_Watched)
        _local.sources[id(view)] = array
    return view


def _set_array(variable, value):
    """``Variable.array = value`` while a step is traced: a watched ``value`` (which the
    step's code computed or read) is written into the Variable by that code."""
    if isinstance(value, _Watched):
        _write('Variable.array = an array of the step')
        value = plain(value)
    _array_property.fset(variable, value)


def _watched_item(variable):
    _read('Variable.item()')
    return _variable_item(variable)


_watched_property = property(_watched_array, _set_array, doc=_array_property.__doc__)


@contextlib.contextmanager
def watching(trace):
    """Within the block, this thread's reads of values outside functions fail ``trace``
    (``trace.failure``, ``trace.depth`` and ``trace.slot_of`` as a ``_StepTrace``'s)."""
    global _watchers
    _local.trace = trace
    _local.views = {}    # id(array) -> its watched view (one per array: `is` still holds)
    _local.sources = {}  # id(view) -> its array
    with _patch_lock:
        _watchers += 1
        core.Variable.array = core.Variable.data = _watched_property
        core.Variable.item = _watched_item
    try:
        yield
    finally:
        with _patch_lock:
            _watchers -= 1
            if not _watchers:
                core.Variable.array = core.Variable.data = _array_property
                core.Variable.item = _variable_item
        _local.trace = _local.views = _local.sources = None


def _admitted(trace, array, label, graph=True):
    """The array a function of the step gets for ``array`` (watched): the one viewed,
    or a plain view of one NumPy computed, failing the trace where a replay would not
    compute it again or (``graph``: an input of a node, not an attribute) would send
    gradients where define-by-run does not."""
    source = _local.sources.get(id(array))
    if source is None:
        _fail(trace, '{} got an array NumPy computed from the values of the step (or a view '
                     'of them) outside kusari functions (at {}): a replay would reuse the '
                     'traced one'.format(
                         label, _where(_kusari)))
        return array.view(_ndarray)
    slot = trace.slot_of.get(id(source))
    if graph and slot is not None and trace.kinds[slot] != 'input':
        _fail(trace, '{} got the array of a Variable of the step (Variable.array, at {}), '
                     'cutting the graph there, which a replay would not do'.format(
                         label, _where(_kusari)))
    return source


def admit(trace, node, inputs):
    """The inputs of ``node`` (applied by the step's code), and its attributes, with the
    watched arrays replaced (see :func:`_admitted`)."""
    label = node.label
    admitted = []
    for x in inputs:
        if isinstance(x, core.Variable):
            if isinstance(x._array, _Watched):
                x._array = _admitted(trace, x._array, label)
        elif isinstance(x, _Watched):
            x = _admitted(trace, x, label)
        admitted.append(x)
    state = node.__dict__
    for key, value in state.items():
        if isinstance(value, _Watched):
            state[key] = _admitted(trace, value, label, False)
        elif type(value) is tuple or type(value) is list:
            if any([isinstance(item, _Watched) for item in value]):
                _fail(trace, '{} keeps an array of the step\'s values (at {}): a replay would '
                             'reuse the traced one'.format(label, _where(_kusari)))
                state[key] = plain(value)
    return admitted


def admit_arguments(trace, args, kwargs):
    """The arguments of a ``static_code`` function, as :func:`admit` does for nodes."""
    label = 'static_code'

    def admitted(value):
        if isinstance(value, _Watched):
            return _admitted(trace, value, label, False)
        if type(value) is tuple or type(value) is list:
            return type(value)([admitted(item) for item in value])
        return value
    return [admitted(x) for x in args], {key: admitted(x) for key, x in kwargs.items()}


def constants(trace):
    """The arrays ``trace`` took as constants: given to functions, made by none."""
    return [source for kind, source in zip(trace.kinds, trace.sources) if kind == 'const']


def changed_constant(first, trace):
    """Why a replay of ``trace`` could not reuse its constants, where the first trace of
    its kind (of the same functions) had ``first`` with other values: arrays the step's
    code made from values not watched (random numbers, copies out of the watch)."""
    for array, array2 in zip(first, constants(trace)):
        if array is not array2 and not (array.shape == array2.shape and array.dtype ==
                                        array2.dtype and numpy.array_equal(array, array2)):
            return ('an array that the step made outside kusari functions and gave to one '
                    '({} of {}) had other values in the second traced step: a replay would '
                    'reuse them'.format(array2.shape, array2.dtype))
    return None
