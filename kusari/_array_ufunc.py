"""NumPy ufuncs called with a Variable operand (``Variable.__array_ufunc__``).

An operator between an array and a Variable (``array + v``, ``array < v``, ``a += v``)
runs as the Variable's own operator, so it builds the graph as ``v + array`` does. Any
other ufunc gets what NumPy gives a Variable without this hook, as in Chainer: the
Variable is taken as an object array of its elements (``numpy.abs(v)`` works that way);
where that fails (``numpy.exp(v)``), the TypeError says which kusari function to use.
"""

import numpy

# ufunc -> (the operator method of its first operand, the reflected one of its second)
_OPERATORS = {
    numpy.add: ('__add__', '__radd__'),
    numpy.subtract: ('__sub__', '__rsub__'),
    numpy.multiply: ('__mul__', '__rmul__'),
    numpy.true_divide: ('__truediv__', '__rtruediv__'),
    numpy.floor_divide: ('__floordiv__', '__rfloordiv__'),
    numpy.power: ('__pow__', '__rpow__'),
    numpy.matmul: ('__matmul__', '__rmatmul__'),
    numpy.equal: ('__eq__', '__eq__'),
    numpy.not_equal: ('__ne__', '__ne__'),
    numpy.less: ('__lt__', '__gt__'),
    numpy.less_equal: ('__le__', '__ge__'),
    numpy.greater: ('__gt__', '__lt__'),
    numpy.greater_equal: ('__ge__', '__le__'),
}


def apply_ufunc(variable_class, ufunc, method, inputs, kwargs):
    """Apply ``ufunc`` to ``inputs``, some of them instances of ``variable_class`` (given by
    the core, which this module sits below)."""
    operators = _OPERATORS.get(ufunc) if method == '__call__' and len(inputs) == 2 else None
    if operators is not None:
        first, second = inputs
        if isinstance(first, variable_class):
            result = getattr(first, operators[0])(second)
        else:
            result = getattr(second, operators[1])(first)
        if result is not NotImplemented:
            return result
    as_objects = [numpy.asarray(x) if isinstance(x, variable_class) else x for x in inputs]
    try:
        return getattr(ufunc, method)(*as_objects, **kwargs)
    except TypeError as error:
        raise TypeError(_message(ufunc, method)) from error


def _message(ufunc, method):
    from kusari import functions
    name = ufunc.__name__ + ('' if method == '__call__' else '.' + method)
    if method == '__call__' and hasattr(functions, ufunc.__name__):
        instead = ('use chainer.functions.{0} (F.{0}), which records the operation for '
                   'backprop'.format(ufunc.__name__))
    else:
        instead = 'use its counterpart in chainer.functions (F), which records the operation ' \
                  'for backprop'
    return ('numpy.{0} cannot compute on a Variable: {1}; for the values alone, pass the '
            'array, numpy.{0}(v.array)'.format(name, instead))
