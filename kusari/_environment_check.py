"""Chainer's ``chainer._environment_check``: :func:`check` warns of optional packages that
kusari cannot use as installed. Unlike Chainer, ``import kusari`` does not run it (it
would read every installed distribution's metadata); call it to diagnose a setup."""

import importlib.metadata
import re
import warnings

from kusari import _version


def _installed_version(distribution):
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _release(version):
    """The leading release numbers of a version string: '13.1.0rc1' -> (13, 1, 0)."""
    return tuple(int(n) for n in re.match(r'\d+(?:\.\d+)*', version).group().split('.'))


def check():
    """Warns when an optional package (see ``kusari._version._optional_dependencies``) is
    installed more than once, e.g. two CuPy wheels, or in a release kusari does not
    support."""
    for dependency in _version._optional_dependencies:
        installed = {package: version for package in dependency['packages']
                     if (version := _installed_version(package)) is not None}
        if len(installed) > 1:
            warnings.warn(
                '{} is installed more than once ({}); they overwrite each other\'s files. '
                'Uninstall all but one (see {}).'.format(
                    dependency['name'], ', '.join(sorted(installed)), dependency['help']),
                stacklevel=2)
        minimum = _release(dependency['specifier'].lstrip('>='))
        for package, version in sorted(installed.items()):
            if _release(version) < minimum:
                warnings.warn(
                    '{} ({} {}) may not work with kusari, which needs {}{}; see {}.'.format(
                        dependency['name'], package, version, package,
                        dependency['specifier'], dependency['help']), stacklevel=2)
