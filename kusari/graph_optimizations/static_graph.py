"""Static subgraph optimization: ``@static_graph`` on a chain's ``__call__``.

The first call of a kind (same argument shapes and dtypes, ``config.train`` and
``config.enable_backprop``) runs the chain define-by-run while a *trace* records every
function applied, with its input and output arrays as numbered *slots*: the call's
arrays, parameters (read again on every call, so in-place updates, copies and
loading work), constants, and the arrays computed inside. Later calls of that kind
*replay* the schedule: each recorded function's ``forward`` runs on arrays, on a fresh
copy of the node as it was before its traced forward (so dropout draws a new mask and
nothing of one call leaks into another), without Variables or per-op checks. The
outputs come from one :class:`StaticScheduleFunction` node whose inputs are the call's
arrays and the parameters; when a gradient is needed the replay also links the copies
into a graph of their own, and that node's backward runs kusari's backprop over it, so
gradients (and double backprop) are computed by the same functions, in the same order,
as define-by-run.

The modules behind it, by concern: ``_steps`` (the flattened arguments and the steps a
schedule replays), ``_trace`` (recording a call; functions are seen through
``core.observe_apply``), ``_schedule`` (the schedule and its node) and ``_codegen`` (its
forward and backward as generated Python). They enter the core through the seams named
at the end of ``kusari/core.py``.
"""

import functools
import weakref

import numpy

from kusari import core
from kusari.configuration import config
# what capture_step reuses, and the names this module always had
from kusari.graph_optimizations._schedule import StaticSchedule, StaticScheduleFunction  # NOQA
from kusari.graph_optimizations._steps import (  # NOQA
    _aliasing, _array_of, _CodeStep, _flatten, _NodeStep, _unflatten)
from kusari.graph_optimizations._trace import (  # NOQA
    _first_difference, _Trace, _trace_call, _traces, _traces_lock, tracing)

_ndarray = numpy.ndarray
_Variable = core.Variable


def _dead():
    """What a manager made without a chain refers to."""
    return None


class ScheduleManager:
    """The static schedules of one chain (``chain.schedule_manager``), one per kind of
    call: the decorated method, the shapes and dtypes of its array arguments, its
    other arguments, ``config.train`` and ``config.enable_backprop``.

    Args:
        minimize_cache_size (bool): drop the schedules whenever ``config.train``
            changes.
        verbosity_level (int): 1 reports each new schedule, 2 also each call.
    """

    def __init__(self, chain=None, minimize_cache_size=False, verbosity_level=0):
        self._chain = _dead if chain is None else weakref.ref(chain)
        self.schedules = {}
        self.minimize_cache_size = minimize_cache_size
        self.verbosity_level = verbosity_level
        self._train = None

    def end_forward(self):
        """Mark the end of a forward pass (Chainer's API).

        Chainer reuses a schedule's buffers, so a schedule is busy until this is
        called or backward runs. kusari gives each call state of its own, so there is
        nothing to release: calling it is harmless and never needed.
        """

    def __deepcopy__(self, memo):
        # The schedules refer to the original chain's parameters: a copied chain
        # traces its own.
        return ScheduleManager(None, self.minimize_cache_size, self.verbosity_level)

    def __reduce__(self):
        return ScheduleManager, (None, self.minimize_cache_size, self.verbosity_level)

    def __repr__(self):
        lines = ['ScheduleManager: {} schedule(s)'.format(len(self.schedules))]
        for key, schedule in self.schedules.items():
            lines.append('{} train={} enable_backprop={} arrays={}:'.format(
                getattr(key[0], '__qualname__', key[0]), key[1], key[2], list(key[4])))
            lines.append(repr(schedule))
        return '\n'.join(lines)


def static_graph(*args, **kwargs):
    """Decorator marking a chain's ``__call__`` (or another method) as a static graph.

    The method must apply the same functions, in the same order, every time it is
    called with arguments of the same shapes and dtypes under the same
    ``config.train`` and ``config.enable_backprop``. The first such call runs
    define-by-run while its schedule is traced; later ones replay the schedule, which
    skips the Python work of building Variables and checking every function, and
    enter the graph as one node (``StaticScheduleFunction``). Gradients, parameter
    updates, dropout masks and batch-normalization statistics are those of
    define-by-run; parameters are read on every call, so optimizers, ``copyparams``
    and serializers work as on any chain.

    Python code other than functions applied (counters, printing, reporting) runs only
    when tracing: put it in a function decorated with
    :func:`~kusari.graph_optimizations.static_code` to run it on every call. Arguments
    may be Variables, arrays, nested lists, tuples and dicts of them, and hashable
    constants (which select the schedule like shapes do). Variables computed outside
    the chain must come in as arguments. Static chains cannot be nested. With
    ``config.use_static_graph = False`` the method runs define-by-run.

    Used bare (``@static_graph``) or with keyword arguments:

    Args:
        force_test_define_by_run (bool): run define-by-run when ``config.train`` is
            False.
        minimize_cache_size (bool): drop the cached schedules whenever
            ``config.train`` changes.
        verbosity_level (int): 0 silent, 1 reports each schedule traced, 2 also each
            call.
        enable_double_backprop (bool): accepted for Chainer's API; replays always
            support double backprop.
    """
    options = {'force_test_define_by_run': False, 'minimize_cache_size': False,
               'verbosity_level': 0, 'enable_double_backprop': False}
    if len(args) == 1 and not kwargs and callable(args[0]):
        return _make_static(args[0], **options)
    unexpected = sorted(set(kwargs) - set(options))
    if args or unexpected:
        raise TypeError('static_graph takes a method, or only the keyword arguments {}; '
                        'got {}'.format(', '.join(sorted(options)),
                                        ', '.join([repr(a) for a in args] + unexpected)))
    options.update(kwargs)
    return functools.partial(_make_static, **options)


def _make_static(func, force_test_define_by_run, minimize_cache_size, verbosity_level,
                 enable_double_backprop):
    @functools.wraps(func)
    def wrapped(chain, *args, **kwargs):
        cfg = config
        if not cfg.use_static_graph or force_test_define_by_run and not cfg.train:
            return func(chain, *args, **kwargs)
        if cfg.schedule_func is not None:
            raise RuntimeError('static_graph: static chains cannot be nested; {} was called '
                               'inside another static chain'.format(type(chain).__name__))
        state = chain.__dict__
        manager = state.get('schedule_manager')
        if manager is None or manager._chain() is not chain:
            manager = state['schedule_manager'] = ScheduleManager(
                chain, minimize_cache_size, verbosity_level)
        leaves = list(args)
        structure = len(leaves)  # positional Variables and arrays: the common case
        for leaf in leaves:
            if not isinstance(leaf, _Variable) and type(leaf) is not _ndarray:
                leaves = []
                structure = _flatten((args, kwargs), leaves)
                break
        else:
            if kwargs:
                leaves = []
                structure = _flatten((args, kwargs), leaves)
        train = cfg.train
        enable_backprop = cfg.enable_backprop
        arrays = [leaf._array if isinstance(leaf, _Variable) else leaf for leaf in leaves]
        key = (func, train, enable_backprop, structure,
               tuple([(a.shape, a.dtype, type(a)) for a in arrays]))  # type: the device
        if len(arrays) > 1:
            key += _aliasing(arrays)
        if minimize_cache_size and manager._train is not train:
            manager.schedules.clear()
            manager._train = train
        schedule = manager.schedules.get(key)
        if schedule is not None and schedule.verified:
            state['static_schedule'] = schedule
            if verbosity_level >= 2:
                print('static_graph: replaying the schedule of {}'.format(func.__qualname__))
            return schedule.call(leaves, enable_backprop)
        if len(arrays) != sum([isinstance(leaf, _Variable) for leaf in leaves]):
            # As in Chainer, the traced code sees arrays as Variables (that need no
            # gradient), so what it computes from them goes through functions the trace
            # records, not through NumPy.
            wrapped_leaves = [leaf if isinstance(leaf, _Variable) else _Variable._new(leaf, False)
                              for leaf in leaves]
            if isinstance(structure, int):
                args = tuple(wrapped_leaves)
            else:
                args, kwargs = _unflatten(structure, wrapped_leaves)
        result, trace = _trace_call(func, chain, args, kwargs, arrays, verbosity_level)
        out_leaves = []
        out_structure = _flatten(result, out_leaves)
        if schedule is not None:
            # The second call of a kind runs define-by-run too, and must apply what the
            # first did: a chain whose functions depend on the data is not static.
            difference = _first_difference(schedule.fingerprint,
                                           trace.fingerprint(out_leaves))
            if difference:
                del manager.schedules[key]
                raise RuntimeError(
                    'static_graph: {} is not static: two calls with arguments of the same '
                    'shapes and dtypes (train={}, enable_backprop={}) applied different '
                    'functions ({}). Remove @static_graph, or run it with '
                    'config.use_static_graph = False'.format(
                        func.__qualname__, train, enable_backprop, difference))
            schedule.verified = True
            # generate the code now rather than in the first replay
            schedule.generated_forward(enable_backprop)
            if enable_backprop:
                schedule.array_backward([
                    x.node if isinstance(x, _Variable) else core.graph_leaf((), None)
                    for x in leaves + schedule.params])
            return result
        fingerprint = trace.fingerprint(out_leaves)
        schedule = trace.finish(out_leaves)
        schedule.fingerprint = fingerprint
        schedule.out_structure = out_structure
        if not all(isinstance(leaf, core.Variable) for leaf in out_leaves):
            schedule.out_is_array = tuple([not isinstance(leaf, core.Variable)
                                           for leaf in out_leaves])
        manager.schedules[key] = state['static_schedule'] = schedule
        if verbosity_level >= 1:
            print('static_graph: traced {} ({} steps) for arrays {}, train={}, '
                  'enable_backprop={}'.format(func.__qualname__, len(schedule.steps),
                                              list(key[4]), train, enable_backprop))
        return result
    return wrapped

