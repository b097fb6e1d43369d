"""Array helpers (Chainer's ``chainer.utils.array``)."""


def size_of_shape(shape):
    """Number of elements of an array of ``shape``, as a Python int."""
    size = 1
    for n in shape:
        size *= int(n)
    return size
