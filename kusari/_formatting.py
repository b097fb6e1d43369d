"""How a Variable prints (its ``repr`` and ``str``), kept out of the graph core."""

import numpy


def array_repr(var, prefix, separator):
    """``prefix(array)``, with the variable's name, as Chainer prints variables: the
    array's ``repr`` layout (``separator`` ', ') or its ``str`` (' ')."""
    array = var._array
    if var._name:
        prefix = prefix + ' ' + var._name
    if array is None:
        body = 'None'
    else:
        array = array.get() if hasattr(array, 'get') else array
        if array.size > 0 or array.shape == (0,) or separator == ' ':  # str: no shape
            body = numpy.array2string(array, separator=separator, prefix=prefix + '(')
        else:
            body = '[], shape={}'.format(array.shape)
    return '{}({})'.format(prefix, body)
