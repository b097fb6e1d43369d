"""Import hook that resolves Chainer's module names to kusari's modules.

``chainer.X.Y`` is answered with the module object ``kusari.X.Y`` itself (not a
copy; ``onnx_chainer.X`` with ``kusari.onnx.X``), registered in ``sys.modules``
under both names, so that classes, ``config`` and every other global are shared
by the two spellings.
"""

import importlib
import importlib.abc
import importlib.util
import sys

# Chainer names whose kusari module lives elsewhere; candidates are tried in order.
_ALIASES = {
    'chainer': ('kusari',),
    'chainer.cuda': ('kusari.cuda', 'kusari.backends.cuda'),
    'chainer.distribution': ('kusari.distributions.distribution',),
    'chainermn': ('kusari.distributed',),
    'chainerx': ('kusari.compat.chainerx',),
    'onnx_chainer': ('kusari.onnx',),
}

_TOP_LEVEL = ('chainer', 'chainermn', 'chainerx', 'onnx_chainer')

# What to use instead, for Chainer modules known to have no kusari counterpart.
_ALTERNATIVES = {
    'chainer.exporters.caffe': (
        'kusari cannot export Caffe models (it does not ship Caffe\'s protobuf schema); save '
        'the model with chainer.serializers.save_npz'),
    'chainer.links.caffe.protobuf3.caffe_pb2': (
        'kusari does not ship the code protoc generates from Caffe\'s schema; '
        'chainer.links.caffe.CaffeFunction reads .caffemodel files without it'),
    'onnx_chainer.testing.test_mxnet': (
        'kusari does not run models in MXNet; kusari.onnx\'s testing checks exported models '
        'in onnxruntime (onnx_chainer.testing.test_onnxruntime)'),
    'onnx_chainer.examples': (
        'onnx_chainer\'s example scripts are not part of the library (kusari\'s docs show how '
        'to export the model zoo\'s networks)'),
    'chainermn': (
        'multi-node training lives in kusari.distributed, which is missing from this '
        'installation'),
    'chainerx': (
        'ChainerX is not available (chainerx.is_available() returns False); '
        'use NumPy or CuPy arrays'),
}

# The same for the submodules of a package that kusari has (Python imports the
# package first, so these are only reached when it is there).
_SUBMODULE_ALTERNATIVES = {
    'chainermn': 'ChainerMN maps to kusari.distributed, which has no counterpart of it',
}

# Where the README lists, module by module, what kusari has and lacks.
README_SECTION = 'the "Modules" table under "Chainer compatibility" in kusari\'s README.md'

class ChainerModuleNotAvailable(ModuleNotFoundError, NotImplementedError):
    """A Chainer module that kusari does not provide was imported.

    It is a ``ModuleNotFoundError`` so that ``try: import ... except
    ImportError`` fallbacks keep working, and a ``NotImplementedError`` because
    the feature is knowingly missing.
    """


def _candidates(fullname):
    """kusari module names for a Chainer module name, or None if not Chainer's."""
    top = fullname.partition('.')[0]
    if top not in _TOP_LEVEL:
        return None
    # Translate through the longest aliased prefix.
    prefix = fullname
    while prefix not in _ALIASES:
        prefix = prefix.rpartition('.')[0]
    rest = fullname[len(prefix):]
    return tuple(target + rest for target in _ALIASES[prefix])


def _alternative(fullname):
    name = fullname
    while name:
        if name != fullname and name in _SUBMODULE_ALTERNATIVES:
            return _SUBMODULE_ALTERNATIVES[name]
        if name in _ALTERNATIVES:
            return _ALTERNATIVES[name]
        name = name.rpartition('.')[0]
    return ('kusari implements the public API of Chainer v7; this module has no '
            'counterpart')


def _is_missing(error, target):
    # Only a missing target (or a missing package above it) means "no
    # counterpart"; a missing optional dependency inside kusari must surface.
    return error.name is not None and (
        target == error.name or target.startswith(error.name + '.'))


def import_counterpart(fullname):
    """Imports the kusari module that stands for Chainer's ``fullname``.

    Raises:
        ChainerModuleNotAvailable: kusari has no such module.
    """
    targets = _candidates(fullname)
    if targets is None:
        raise ValueError('{} is not a Chainer module name'.format(fullname))
    for target in targets:
        try:
            return importlib.import_module(target)
        except ModuleNotFoundError as error:
            if not _is_missing(error, target):
                raise
    raise not_available(fullname)


def not_available(fullname):
    """The :class:`ChainerModuleNotAvailable` for Chainer's module ``fullname``."""
    return ChainerModuleNotAvailable(
        '{} is not available in kusari: {} (see {}).'.format(
            fullname, _alternative(fullname), README_SECTION),
        name=fullname)


class _ExistingModuleLoader(importlib.abc.Loader):
    """Loader whose module is one that is already imported."""

    def __init__(self, module):
        self._module = module
        self._spec = module.__spec__

    def create_module(self, spec):
        self._alias_shadowed_submodules(spec.name)
        return self._module

    def _alias_shadowed_submodules(self, name):
        # A submodule hidden by a package attribute of the same name (onnx_chainer's
        # function export beside its module export) gets its Chainer name now: imported
        # later through the hook, the import system would set the package's attribute to
        # the module.
        prefix = self._module.__name__ + '.'
        for kusari_name, submodule in list(sys.modules.items()):
            child = kusari_name[len(prefix):]
            if (kusari_name.startswith(prefix) and '.' not in child
                    and getattr(self._module, child, submodule) is not submodule):
                sys.modules.setdefault(name + '.' + child, submodule)

    def exec_module(self, module):
        # The module already ran under its kusari name. The import system has
        # just replaced its __spec__ with the Chainer-named one; put kusari's
        # back, or relative imports and reloads inside kusari would misbehave.
        chainer_name = module.__spec__.name
        module.__spec__ = self._spec
        _register_imported_submodules(chainer_name, module.__name__)


def _register_imported_submodules(chainer_name, kusari_name):
    """Enters the submodules already imported under ``kusari_name`` under the Chainer name.

    Importing ``chainer.P.X`` for the first time binds ``P.X`` to the module, which is
    wrong where ``P`` holds something else under that name (``tabular.from_data``, the
    function of module ``from_data``); Python does not rebind an imported module's
    package, so this makes ``chainer.P.X`` imported as soon as ``chainer.P`` is.
    """
    prefix = kusari_name + '.'
    for name, submodule in list(sys.modules.items()):
        chainer_submodule = chainer_name + name[len(kusari_name):]
        # (Unless an alias gives the Chainer name another module.)
        if name.startswith(prefix) and name in _candidates(chainer_submodule):
            sys.modules.setdefault(chainer_submodule, submodule)


class ChainerFinder(importlib.abc.MetaPathFinder):
    """Meta-path finder mapping Chainer's top-level packages (``_TOP_LEVEL``) to kusari."""

    def find_spec(self, fullname, path=None, target=None):
        if _candidates(fullname) is None:
            return None
        module = import_counterpart(fullname)
        return importlib.util.spec_from_loader(
            fullname, _ExistingModuleLoader(module),
            is_package=hasattr(module, '__path__'))


def is_chainer_name(name):
    """Whether ``name`` is a module name this hook answers for."""
    return _candidates(name) is not None


def installed_finder():
    """The finder in ``sys.meta_path``, or None."""
    for finder in sys.meta_path:
        if isinstance(finder, ChainerFinder):
            return finder
    return None
