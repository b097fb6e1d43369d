"""Random matrices with prescribed singular values, for linear-algebra tests."""

import numpy


def generate_matrix(shape, dtype=float, *, singular_values):
    """A random (batch of) matrix with the given singular values.

    Args:
        shape (tuple of int): ``(..., m, n)``.
        dtype: a real or complex floating dtype.
        singular_values: array broadcastable to ``shape[:-2] + (min(m, n),)``;
            must be non-negative.

    Returns:
        numpy.ndarray: ``u @ diag(s) @ vh`` with random unitary ``u``, ``vh``.
    """
    shape = tuple(shape)
    dtype = numpy.dtype(dtype)
    if len(shape) < 2:
        raise ValueError('generate_matrix: shape must have 2 or more dimensions, got {}'
                         .format(shape))
    if dtype.kind not in 'fc':
        raise TypeError('generate_matrix: dtype must be floating or complex, got {}'.format(dtype))
    singular_values = numpy.asarray(singular_values)
    if not numpy.isrealobj(singular_values):
        raise TypeError('generate_matrix: singular values must be real, got dtype {}'.format(
            singular_values.dtype))
    if numpy.any(singular_values < 0):
        raise ValueError('generate_matrix: singular values must be non-negative')
    *batch, m, n = shape
    k = min(m, n)
    s = _broadcast_to(singular_values, tuple(batch) + (k,))

    def random_unitary(size):
        a = numpy.random.normal(size=tuple(batch) + (size, size))
        if dtype.kind == 'c':
            a = a + 1j * numpy.random.normal(size=a.shape)
        q, _ = numpy.linalg.qr(a)
        return q

    u = random_unitary(m)[..., :, :k]
    vh = random_unitary(n)[..., :k, :]
    return ((u * s[..., None, :]) @ vh).astype(dtype)


def _broadcast_to(array, shape):
    """``array`` broadcast to ``shape`` (a read-only view)."""
    return numpy.broadcast_to(array, shape)
