"""Elementwise minimum."""

from kusari.functions.math.maximum import ElementwiseSelect


class Minimum(ElementwiseSelect):
    name = 'minimum'

    @staticmethod
    def select(xp, x1, x2):
        return xp.minimum(x1, x2)

    @staticmethod
    def picks_x1(x1, x2):
        return x1 <= x2


def minimum(x1, x2):
    """Elementwise minimum of ``x1`` and ``x2`` (broadcasting).

    Args:
        x1, x2: as in :func:`~kusari.functions.maximum`.

    Returns:
        Variable: of the broadcast shape; the gradient goes to the input selected at
        each element.
    """
    return Minimum().apply((x1, x2))[0]
