"""Package attributes imported on first access (PEP 562).

``kusari.functions`` and ``kusari.links`` export a few hundred names from as many
modules; importing them all up front would cost most of ``import``'s time and memory,
whereas a program uses a handful.
"""

import importlib
import importlib.util
import pkgutil
import sys


def lazy_exports(package, exports):
    """``__getattr__`` and ``__dir__`` for a package whose public names live in its modules.

    Args:
        package (str): the package's ``__name__``.
        exports (dict): public name -> module relative to the package, with
            ``':attribute'`` appended where the module calls it differently.

    A name found once is stored in the package, so later look-ups are ordinary ones.
    Subpackages and modules of the package are reachable as attributes too.
    """
    namespace = sys.modules[package].__dict__

    def __getattr__(name):
        target = exports.get(name)
        if target is None:
            submodule = '{}.{}'.format(package, name)
            try:
                return importlib.import_module(submodule)
            except ModuleNotFoundError as e:
                if e.name != submodule:
                    raise  # the submodule exists but misses a dependency
            raise AttributeError('module {} has no attribute {!r}'.format(package, name))
        module, _, attribute = target.partition(':')
        value = getattr(importlib.import_module('{}.{}'.format(package, module)),
                        attribute or name)
        namespace[name] = value
        return value

    def __dir__():
        modules = [info.name for info in pkgutil.iter_modules(namespace['__path__'])]
        return sorted(set(namespace) | set(exports) | set(modules))

    return __getattr__, __dir__


def installed_flags(module, flags):
    """``__getattr__`` for a module's flags telling whether optional packages are installed.

    Args:
        module (str): the module's ``__name__``.
        flags (dict): flag name -> the top-level package it tells about (e.g.
            ``{'_available': 'h5py'}``, Chainer's names). The package is looked for,
            not imported, so the import stays lazy.
    """
    def __getattr__(name):
        if name in flags:
            return importlib.util.find_spec(flags[name]) is not None
        raise AttributeError('module {} has no attribute {!r}'.format(module, name))

    return __getattr__
