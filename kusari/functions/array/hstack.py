"""Horizontal stacking (``numpy.hstack``)."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.concat import concat
from kusari.functions.array.reshape import reshape


def hstack(xs):
    """Concatenates variables horizontally, as ``numpy.hstack`` does.

    0-d inputs become 1-d; 1-d inputs are joined along axis 0, others along axis 1.

    Args:
        xs (list of Variable or array): inputs of one dtype and one number of axes:
            0-d ones, 1-d ones of shapes ``(N_i,)``, or ones of shapes
            ``(M, N_i, ...)`` that agree except along axis 1.

    Returns:
        Variable: the concatenated variable, of shape ``(len(xs),)``,
        ``(sum(N_i),)`` or ``(M, sum(N_i), ...)`` respectively.
    """
    xs = [core.as_variable(x) for x in xs]
    if not xs:
        fail('hstack', 'xs', 'at least one array', 'none')
    xs = [reshape(x, (1,)) if x.ndim == 0 else x for x in xs]
    return concat(xs, axis=0 if xs[0].ndim == 1 else 1)
