"""Pieces of error messages (Chainer's ``chainer.utils.error``)."""


def _format_array_props(arrays):
    """The shapes and dtypes of ``arrays`` (None entries too), for an error message:
    ``'(2, 3):float32, None'``."""
    return ', '.join('None' if a is None else '{}:{}'.format(a.shape, a.dtype) for a in arrays)
