"""Keyword-argument parsing for functions taking ``**kwargs`` (Chainer's
``chainer.utils.argument``)."""

import inspect


def check_unexpected_kwargs(kwargs, **unexpected):
    """Raise ``ValueError(message)`` for each ``name=message`` whose name is in
    ``kwargs`` (arguments a function no longer takes, with why)."""
    for name, message in unexpected.items():
        if name in kwargs:
            raise ValueError(message)


def parse_kwargs(kwargs, *name_and_values, **unexpected):
    """Pop each ``(name, default)`` from ``kwargs`` and return the values in order.

    A name left in ``kwargs`` is an error: ``ValueError`` with the message given for it
    in ``unexpected``, else ``TypeError`` naming the calling function.
    """
    caller = inspect.currentframe().f_back.f_code.co_name
    return parse_kwargs_of(caller, kwargs, *name_and_values, **unexpected)


def parse_kwargs_of(func, kwargs, *name_and_values, **unexpected):
    """:func:`parse_kwargs` for a helper parsing on behalf of ``func`` (the name the
    TypeError gives, e.g. ``'Convolution2D'`` or ``'BatchNormalization.forward'``)."""
    values = tuple(kwargs.pop(name, default) for name, default in name_and_values)
    if kwargs:
        check_unexpected_kwargs(kwargs, **unexpected)
        raise TypeError('{}() got unexpected keyword argument(s) {}'.format(
            func, ', '.join(repr(name) for name in sorted(kwargs))))
    return values


def assert_kwargs_empty(kwargs):
    """Raise ``TypeError`` when ``kwargs`` is not empty."""
    parse_kwargs_of('assert_kwargs_empty', kwargs)
