"""Chainer's ``chainer.testing._bundle``: :func:`make_decorator`, the way Chainer's test-class
decorators are built, for code that builds its own. Its decorators stack with kusari's
``parameterize`` and ``inject_backend_tests`` (they share kusari's bundles of generated
classes)."""

import inspect

from kusari.testing import parameterized


def make_decorator(test_case_generator):
    """A class decorator that replaces each test class with classes generated from it.

    Args:
        test_case_generator: called with a test class; returns an iterable of
            ``(name, members, method_generator)``, one per class to generate: a subclass
            named ``name`` with the attributes ``members``, whose every ``test_*`` method
            is replaced by ``method_generator(method)`` (a None result hides the method).

    Returns:
        The decorator. The decorated name is bound to the bundle of generated classes
        (added to the test class's module), so that decorators can be stacked.
    """
    def decorator(target):
        generated = []
        for base in parameterized._cases_of(target):
            parameterized._unregister(base)
            for name, members, method_generator in test_case_generator(base):
                attributes = dict(members)
                for method_name, method in inspect.getmembers(base, inspect.isfunction):
                    if method_name.startswith('test_'):
                        attributes[method_name] = method_generator(method)
                attributes.update(__module__=base.__module__, __qualname__=name)
                case = type(base)(name, (base,), attributes)
                parameterized._register(case)
                generated.append(case)
        return parameterized._TestCaseBundle(generated)
    return decorator
