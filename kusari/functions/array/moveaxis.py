"""Moving axes to new positions."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array._axes import axes_of
from kusari.functions.array.transpose import transpose


def moveaxis(x, source, destination):
    """Moves the axes ``source`` of ``x`` to the positions ``destination``.

    Args:
        x (Variable or array): input of any shape.
        source (int or sequence of int): original positions of the axes to move.
        destination (int or sequence of int): their positions in the output.

    Returns:
        Variable: ``x`` with its axes moved; the other axes keep their order (e.g. of
        shape ``(B, C, A)`` for ``x`` of shape ``(A, B, C)``, ``source=0`` and
        ``destination=-1``).
    """
    ndim = core.as_array(x).ndim
    source = axes_of('moveaxis', source, ndim)
    destination = axes_of('moveaxis', destination, ndim)
    if len(source) != len(destination):
        fail('moveaxis', 'source and destination', 'sequences of the same length',
             '{} and {}'.format(source, destination))
    order = [a for a in range(ndim) if a not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return transpose(x, tuple(order))
