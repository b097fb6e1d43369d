"""Assorted test helpers: warnings, optional requirements, spying patches."""

import contextlib
import importlib.metadata
import pkgutil
import re
import unittest
import unittest.mock
import warnings


@contextlib.contextmanager
def assert_warns(expected):
    """Context asserting that its body emits a warning of class ``expected``.

    Warnings inside are recorded rather than shown or raised.

    Args:
        expected (type): the warning class (subclasses match too).

    Raises:
        AssertionError: no such warning was emitted.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield
    if not any(issubclass(w.category, expected) for w in caught):
        raise AssertionError('{} not triggered; got {}'.format(
            getattr(expected, '__name__', expected),
            [w.category.__name__ for w in caught] or 'no warnings'))


_REQUIREMENT = re.compile(r'^\s*([A-Za-z0-9][A-Za-z0-9._\-]*)\s*(.*)$')
_SPECIFIER = re.compile(r'^\s*(===|==|!=|~=|>=|<=|>|<)\s*([0-9A-Za-z][^\s,]*)\s*$')


def _version_key(text):
    # Release numbers compare numerically; a pre-release tag sorts before it.
    match = re.match(r'^(\d+(?:\.\d+)*)(.*)$', text.strip())
    if match is None:
        return ((), text)
    numbers = tuple(int(n) for n in match.group(1).split('.'))
    while numbers and numbers[-1] == 0:
        numbers = numbers[:-1]
    suffix = match.group(2)
    return (numbers, 0 if suffix else 1, suffix)


def _compatible(installed, wanted):
    # ~=X.Y means >=X.Y and ==X.*
    prefix = wanted.split('.')[:-1]
    return (_version_key(installed) >= _version_key(wanted)
            and installed.split('.')[:len(prefix)] == prefix)


def _equal(installed, wanted):
    # ==X.Y.* matches every release of X.Y
    if wanted.endswith('.*'):
        prefix = wanted[:-2].split('.')
        return installed.split('.')[:len(prefix)] == prefix
    return _version_key(installed) == _version_key(wanted)


_COMPARE = {
    '==': _equal,
    '===': lambda a, b: a == b,
    '!=': lambda a, b: not _equal(a, b),
    '>=': lambda a, b: _version_key(a) >= _version_key(b),
    '<=': lambda a, b: _version_key(a) <= _version_key(b),
    '>': lambda a, b: _version_key(a) > _version_key(b),
    '<': lambda a, b: _version_key(a) < _version_key(b),
    '~=': _compatible,
}


def _installed_version(name):
    """The version of distribution ``name``, or None where it is not installed."""
    if re.sub(r'[-_.]+', '-', name).lower() == 'chainer':
        # kusari is what `import chainer` gives here: judge Chainer requirements by the
        # Chainer release whose API it implements (chainer.__version__), whether or not
        # a distribution named chainer is installed too.
        import kusari
        return kusari.__version__
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def _satisfied(requirement):
    """Whether an installed distribution meets ``'name>=1.0,<2'``-style text."""
    match = _REQUIREMENT.match(requirement)
    if match is None:
        raise ValueError('invalid requirement: {!r}'.format(requirement))
    name, specifiers = match.groups()
    installed = _installed_version(name)
    if installed is None:
        return False
    for specifier in filter(None, (s.strip() for s in specifiers.split(','))):
        spec = _SPECIFIER.match(specifier)
        if spec is None:
            raise ValueError('invalid version specifier {!r} in requirement {!r}'.format(
                specifier, requirement))
        if not _COMPARE[spec.group(1)](installed, spec.group(2)):
            return False
    return True


def with_requires(*requirements):
    """Skips a test unless all requirements are installed.

    Args:
        *requirements (str): requirement strings such as ``'numpy>=1.15'``.
    """
    skip = not all(_satisfied(r) for r in requirements)
    return unittest.skipIf(skip, 'requires: {}'.format(','.join(requirements)))


def without_requires(*requirements):
    """Skips a test if all requirements are installed (tests a fallback path).

    Args:
        *requirements (str): requirement strings such as ``'scipy'``.
    """
    skip = all(_satisfied(r) for r in requirements)
    return unittest.skipIf(skip, 'requires the absence of: {}'.format(
        ','.join(requirements)))


def patch(target, *args, **kwargs):
    """``unittest.mock.patch`` that keeps calling the original (a spy).

    Args:
        target (str): dotted name of the object to replace.
        wraps: what the mock forwards calls to; the patched object itself by
            default.
        *args, **kwargs: passed to :func:`unittest.mock.patch`.
    """
    if 'wraps' not in kwargs:
        kwargs['wraps'] = pkgutil.resolve_name(target)
    return unittest.mock.patch(target, *args, **kwargs)
