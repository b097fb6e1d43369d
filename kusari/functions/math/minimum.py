"""ElementwiseSelect minimum."""

from kusari.functions.math.maximum import ElementwiseSelect


class Minimum(ElementwiseSelect):
    name = 'minimum'


def minimum(x1, x2):
    """ElementwiseSelect minimum of ``x1`` and ``x2`` (broadcasting)."""
    return Minimum().apply((x1, x2))[0]
