"""Vertical stacking (``numpy.vstack``)."""

from kusari import core
from kusari.functions._checks import check_stackable, fail
from kusari.functions.array.concat import concat
from kusari.functions.array.reshape import reshape


def vstack(xs):
    """Concatenates variables vertically (along axis 0), as ``numpy.vstack`` does.

    Inputs with fewer than two axes are first reshaped to ``(1, size)``.

    Args:
        xs (list of Variable or array): inputs of one dtype and one number of axes:
            0-d ones, 1-d ones of one shape ``(N,)``, or ones of shapes
            ``(M_i, N, ...)`` that agree except along axis 0.

    Returns:
        Variable: the concatenated variable, of shape ``(len(xs), 1)``,
        ``(len(xs), N)`` or ``(sum(M_i), N, ...)`` respectively.
    """
    xs = [core.as_variable(x) for x in xs]
    if not xs:
        fail('vstack', 'xs', 'at least one array', 'none')
    check_stackable('vstack', xs, 2)
    xs = [reshape(x, (1, x.size)) if x.ndim < 2 else x for x in xs]
    return concat(xs, axis=0)
