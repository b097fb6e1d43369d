"""Argument checks shared by the loss functions."""

from kusari.functions._checks import fail, values_checkable


def check_reduce(func, reduce, allowed):
    """Fail unless ``reduce`` is one of ``allowed`` (a tuple of strings)."""
    if reduce not in allowed:
        fail(func, 'reduce', ' or '.join(repr(a) for a in allowed), repr(reduce))


def check_same_shape(func, a, b, names):
    if a.shape != b.shape:
        fail(func, 'shapes of {} and {}'.format(*names), 'equal shapes',
             '{} and {}'.format(a.shape, b.shape))


def check_int(func, arg, array):
    if array.dtype.kind not in 'iu':
        fail(func, arg, 'an integer array', 'dtype {}'.format(array.dtype))


def check_labels(func, arg, t, n_class, ignore_label=None):
    """Fail on a label of ``t`` outside [0, n_class) that is not ``ignore_label``
    (on a GPU only in debug mode: see :func:`values_checkable`)."""
    if not t.size or not values_checkable(t):
        return
    if t.min() >= 0 and t.max() < n_class:  # the usual case, in two reductions
        return
    bad = (t < 0) | (t >= n_class)
    if ignore_label is not None:
        bad &= t != ignore_label
    if bad.any():
        allowed = 'labels in [0, {})'.format(n_class)
        if ignore_label is not None:
            allowed += ' or ignore_label={}'.format(ignore_label)
        fail(func, arg, allowed, 'label {}'.format(int(t[bad].ravel()[0])))
