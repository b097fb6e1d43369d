"""``static_code`` and ``static_forward_optimizations``: code that a static schedule
runs on every call."""

import functools

from kusari import core
from kusari.configuration import config


def static_code(*args, **kwargs):
    """Mark a function or method as code that a static chain runs on every call.

    A static chain's ``__call__`` runs define-by-run only when it is traced; later calls
    replay the traced functions. Side effects written in plain Python (counting,
    printing, updating statistics) would then run once. A function decorated with
    ``static_code`` and called from the traced code is recorded and called again on
    every replay, in the same order relative to the functions around it.

    Arrays among its arguments (also inside the list or tuple passed as ``inputs=`` or
    ``outputs=``) that the traced code computed are replaced on replay by the arrays of
    the current call; arrays it returns (as a tuple or list) take the place of the
    traced ones for the functions after it. Outside a trace it is a plain call.

    Usage: ``@static_code`` or ``@static_code(func_name='name')``.
    """
    if len(args) == 1 and not kwargs and callable(args[0]):
        return _static_code(args[0], None)
    unexpected = set(kwargs) - {'func_name'}
    if args or unexpected:
        raise TypeError('static_code takes a function, or only the keyword argument '
                        'func_name; got {}'.format(
                            ', '.join([repr(a) for a in args] + sorted(unexpected))))
    return functools.partial(_static_code, func_name=kwargs.get('func_name'))


def _static_code(func, func_name):
    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        trace = config.schedule_func
        if trace is None:
            return func(*args, **kwargs)
        return trace.append_function(func, args, kwargs, func_name=func_name)
    return wrapped


def static_forward_optimizations(func, inputs):
    """Run ``func.forward(inputs)`` (a FunctionNode on arrays), recorded in the static
    schedule being traced, if any, so that replays run it too.

    Returns:
        tuple of arrays: the outputs of ``func.forward``.
    """
    trace = config.schedule_func
    if trace is None:
        return core.call_forward(func, inputs)
    return trace.append_forward(func, tuple(inputs))
