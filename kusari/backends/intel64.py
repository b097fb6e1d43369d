"""Chainer's ``chainer.backends.intel64`` without iDeep: kusari has no iDeep backend.

Chainer code that asks ``is_ideep_available()`` or ``should_use_ideep(...)`` takes its
NumPy path; asking for the iDeep device is a NotImplementedError.
"""

from kusari.backend import Intel64Device  # NOQA


class mdarray:
    """Placeholder for iDeep's array type: no array is an ``mdarray`` in kusari."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError('intel64.mdarray is not available: kusari has no iDeep '
                                  'backend; use numpy.ndarray')


def is_ideep_available():
    """Whether iDeep can be used: always False in kusari."""
    return False


def check_ideep_available():
    """Raise, as iDeep is never available in kusari."""
    raise RuntimeError('iDeep is not available: kusari has no iDeep backend (set '
                       "config.use_ideep = 'never' or drop the iDeep code path)")


def should_use_ideep(level):
    """Whether to call iDeep: always False in kusari (``level`` is checked like Chainer's)."""
    if level not in ('==always', '>=auto'):
        raise ValueError('should_use_ideep: level must be \'==always\' or \'>=auto\', got {!r}'
                         .format(level))
    return False


def inputs_all_ready(inputs, supported_ndim=(2, 4)):
    """Whether iDeep can take ``inputs``: always False in kusari."""
    return False
