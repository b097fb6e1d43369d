"""Input checks shared by the pooling functions."""

from kusari.functions._checks import fail


def spatial_ndim(func, x, ndim):
    """The number of spatial axes of ``x`` ``(N, C, *spatial)``; ``ndim`` None: any >= 1."""
    if ndim is None:
        if x.ndim < 3:
            fail(func, 'x', 'an array (N, C, *spatial) with at least one spatial axis',
                 'shape {}'.format(x.shape))
        return x.ndim - 2
    if x.ndim != ndim + 2:
        fail(func, 'x', '{}-d array (N, C, *spatial)'.format(ndim + 2), 'shape {}'.format(x.shape))
    return ndim

