"""Final methods (Chainer's ``chainer.utils.meta``): a subclass overriding a method
decorated with :func:`final` fails (or warns) when it is defined."""

import warnings

_ACTION = '_kusari_final_action'


def final(*args, **kwargs):
    """Decorate a method as final: ``@final`` (overriding raises TypeError) or
    ``@final(action=SomeWarningOrError)``. The class must derive from a base made by
    :func:`enable_final`."""
    def mark(method, action=TypeError):
        if not callable(method):
            raise TypeError('final: {!r} is not a method'.format(method))
        setattr(method, _ACTION, action)
        return method
    if len(args) == 1 and not kwargs:
        return mark(args[0])
    if args:
        raise TypeError('final takes a method, or only keyword arguments (action=...)')
    return lambda method: mark(method, **kwargs)


class _EnableFinal(type):
    """Checks, when a class is defined, that it overrides no final method of its bases."""

    def __new__(mcs, name, bases, namespace):
        for attribute in namespace:
            for base in bases:
                action = getattr(getattr(base, attribute, None), _ACTION, None)
                if action is None:
                    continue
                if issubclass(action, Warning):
                    warnings.warn('Overriding method {!r}.'.format(attribute), action,
                                  stacklevel=2)
                elif issubclass(action, Exception):
                    raise action('method {!r} is final.'.format(attribute))
                else:
                    raise TypeError('final: action must be a Warning or an Exception '
                                    'class, not {!r}'.format(action))
        return super().__new__(mcs, name, bases, namespace)


def enable_final(base=(), meta_base=()):
    """A base class under which :func:`final` methods are enforced.

    Args:
        base (type or tuple of types): the bases of the returned class.
        meta_base (type or tuple of types): metaclasses to combine with the check (those
            of classes deriving from it, to avoid a metaclass conflict).
    """
    bases = tuple(base) if isinstance(base, (list, tuple)) else (base,)
    metas = tuple(meta_base) if isinstance(meta_base, (list, tuple)) else (meta_base,)
    metaclass = type('base_metaclass', (_EnableFinal,) + metas, {})
    return metaclass('enable_final_base', bases, {})
