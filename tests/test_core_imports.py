"""The graph core is the ground floor: it imports nothing above it, neither at load time
nor inside its functions, so no import cycle runs through it. What it uses from above
(old-style functions, initializers, type checking) those modules hand it as they load."""

import ast
import pathlib
import subprocess
import sys

import kusari.core

CORE_PATH = pathlib.Path(kusari.core.__file__)
# The core's layer: the modules kusari.core may load, none of which imports it back.
CORE_LAYER = {'kusari.core', 'kusari.configuration', 'kusari._checks', 'kusari._array_ufunc',
              'kusari.backend', 'kusari._formatting'}


def function_level_imports(source):
    """The line numbers of the import statements inside a function of ``source``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            lines.extend(inner.lineno for inner in ast.walk(node)
                         if isinstance(inner, (ast.Import, ast.ImportFrom)))
    return sorted(set(lines))


def modules_loaded_by(module):
    """The modules that importing ``module`` adds, in a fresh interpreter where kusari's
    __init__ (which imports links, optimizers...) is replaced by a bare package, so that
    what gets loaded is what ``module`` itself needs."""
    program = '''if True:
        import sys, types
        package = types.ModuleType('kusari')
        package.__path__ = [{!r}]
        sys.modules['kusari'] = package
        before = set(sys.modules)
        import {}
        print(' '.join(sorted(set(sys.modules) - before)))
    '''.format(str(CORE_PATH.parent), module)
    return set(subprocess.run([sys.executable, '-c', program], capture_output=True, text=True,
                              check=True).stdout.split())


def test_function_level_imports_are_found():
    source = 'import os\ndef f():\n    import sys\n    def g():\n        from a import b\n'
    assert function_level_imports(source) == [3, 5]


def test_core_imports_nothing_inside_its_functions():
    assert function_level_imports(CORE_PATH.read_text()) == []


def test_core_loads_only_the_standard_library_numpy_and_its_layer():
    loaded = modules_loaded_by('kusari.core')
    assert 'kusari.core' in loaded
    kusari_modules = {name for name in loaded if name.startswith('kusari.')}
    assert kusari_modules <= CORE_LAYER, kusari_modules - CORE_LAYER
    others = {name for name in loaded - kusari_modules
              if name.partition('.')[0] not in sys.stdlib_module_names | {'numpy'}}
    assert others == set()


def test_no_module_of_the_core_layer_imports_the_core_back():
    for module in sorted(CORE_LAYER - {'kusari.core'}):
        loaded = modules_loaded_by(module)
        assert module in loaded
        assert 'kusari.core' not in loaded, module
