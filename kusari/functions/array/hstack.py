"""Horizontal stacking (``numpy.hstack``)."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.concat import concat
from kusari.functions.array.reshape import reshape


def hstack(xs):
    """Concatenates variables horizontally, as ``numpy.hstack`` does.

    0-d inputs become 1-d; 1-d inputs are joined along axis 0, others along axis 1.

    Args:
        xs (list of Variable or array): inputs.

    Returns:
        Variable: the concatenated variable.
    """
    xs = [core.as_variable(x) for x in xs]
    if not xs:
        fail('hstack', 'xs', 'at least one array', 'none')
    xs = [reshape(x, (1,)) if x.ndim == 0 else x for x in xs]
    return concat(xs, axis=0 if xs[0].ndim == 1 else 1)
