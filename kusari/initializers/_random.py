"""The random source of the random initializers: numpy's (or CuPy's) global state, or
a given ``rng`` (a RandomState or Generator)."""

from kusari import backend
from kusari.utils import argument


def parse_rng(owner, kwargs, extra=()):
    """Take ``rng`` (and the names in ``extra``) out of ``kwargs``; reject the rest."""
    kwargs = {name: value for name, value in kwargs.items() if name not in extra}
    rng, = argument.parse_kwargs_of(owner, kwargs, ('rng', None))
    return rng


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
