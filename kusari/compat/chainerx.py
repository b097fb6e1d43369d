"""Stand-in for the ``chainerx`` module of a Chainer built without ChainerX.

kusari has no ChainerX backend. Code that asks ``chainerx.is_available()``
takes its NumPy/CuPy path, ``isinstance(x, chainerx.ndarray)`` is False for
every array, and any other ChainerX name raises an error that says so.
"""


# A package for the import system, so that ``import chainerx.testing`` reaches
# kusari's import hook and fails with a message saying ChainerX is missing.
__path__ = []


class ChainerXNotAvailableError(AttributeError, NotImplementedError):
    """A ChainerX feature was requested; kusari has no ChainerX.

    An ``AttributeError`` so that ``hasattr``/``getattr(..., default)`` probes
    keep working.
    """


def is_available():
    """Whether ChainerX can be used: always False in kusari."""
    return False


class ndarray:
    """Placeholder type: no array is a ChainerX array."""

    def __init__(self, *args, **kwargs):
        raise ChainerXNotAvailableError(
            'chainerx.ndarray cannot be created: ChainerX is not available in '
            'kusari; use numpy.ndarray or cupy.ndarray')


def __getattr__(name):
    if name.startswith('__'):
        raise AttributeError(name)
    raise ChainerXNotAvailableError(
        'chainerx.{} is not available: kusari has no ChainerX backend '
        '(chainerx.is_available() is False); use NumPy or CuPy arrays'.format(name),
        name=name)
