"""The random source of the random initializers: numpy's (or CuPy's) global state, or
a given ``rng`` (a RandomState or Generator)."""

from kusari import backend


def parse_rng(owner, kwargs, extra=()):
    """Take ``rng`` (and the names in ``extra``) out of ``kwargs``; reject the rest."""
    allowed = ('rng',) + tuple(extra)
    unknown = sorted(set(kwargs) - set(allowed))
    if unknown:
        raise TypeError('{}() got unexpected keyword argument(s): {}'.format(
            owner, ', '.join(unknown)))
    return kwargs.get('rng')


def _source(array, rng):
    return backend.get_array_module(array).random if rng is None else rng


def fill_normal(array, scale, rng=None):
    """Fill ``array`` with draws from N(0, scale^2)."""
    draws = _source(array, rng).normal(loc=0.0, scale=scale, size=array.shape)
    backend.copyto(array, draws)


def fill_uniform(array, scale, rng=None):
    """Fill ``array`` with draws from U(-scale, scale)."""
    draws = _source(array, rng).uniform(low=-scale, high=scale, size=array.shape)
    backend.copyto(array, draws)
