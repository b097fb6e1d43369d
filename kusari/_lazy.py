"""Package attributes imported on first access (PEP 562).

``kusari.functions`` and ``kusari.links`` export a few hundred names from as many
modules; importing them all up front would cost most of ``import``'s time and memory,
whereas a program uses a handful.
"""

import importlib
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
