"""The packages whose attributes load on first use (a PEP 562 ``__getattr__``) show type
checkers the same names through ``if typing.TYPE_CHECKING:`` imports, and hide the
``__getattr__`` from them: through it mypy would take any attribute, a misspelt one too."""

import ast
import importlib
import pathlib
import pkgutil
import re

import pytest

import kusari

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = pathlib.Path(__file__).with_name('misspelt_names.py')

# The names that the hand-written __getattr__ of a package returns.
HAND_WRITTEN = {
    'kusari': (kusari._LAZY_SUBMODULES | set(kusari._LAZY_NAMES)
               | set(kusari._MODULE_ALIASES)),
    'kusari.optimizers': {'Eve', 'EveRule'},
    'kusari.testing': {'distribution_unittest'},
}


def _is_type_checking(test):
    return ast.unparse(test) == 'typing.TYPE_CHECKING'


def _bound_names(statements):
    """The names ``statements`` (top-level ones) bind."""
    names = set()
    for node in statements:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split('.')[0] for alias in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def _package_sources():
    """``{package name: parsed __init__.py}`` of kusari and its packages."""
    return {'.'.join(path.parent.relative_to(ROOT).parts): ast.parse(path.read_text())
            for path in sorted((ROOT / 'kusari').rglob('__init__.py'))}


def _split(tree):
    """``(statements type checkers see, the imports for them, what they do not see)``."""
    seen, imports, hidden = [], [], []
    for node in tree.body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            seen += node.body
            imports += node.body
            hidden += node.orelse
        else:
            seen.append(node)
    return seen, imports, hidden


def _lazy_packages():
    """``[(package name, parsed __init__.py)]`` of the packages with a __getattr__."""
    return [(name, tree) for name, tree in _package_sources().items()
            if '__getattr__' in _bound_names(_split(tree)[0] + _split(tree)[2])]


def _lazy_names(name):
    """The public names that package ``name`` loads on first use."""
    if name in HAND_WRITTEN:
        return HAND_WRITTEN[name]
    package = importlib.import_module(name)
    submodules = {info.name for info in pkgutil.iter_modules(package.__path__)}
    exports = vars(package).get('_EXPORTS', {})
    return {n for n in set(exports) | submodules if not n.startswith('_')}


def test_the_checks_cover_the_lazy_packages():
    names = [name for name, _ in _lazy_packages()]
    assert {'kusari', 'kusari.functions', 'kusari.functions.math', 'kusari.links',
            'kusari.links.connection', 'kusari.optimizers', 'kusari.testing',
            'kusari.utils', 'kusari.backends'} <= set(names)
    assert len(names) == 26


def test_type_checkers_see_no_getattr():
    shown = [name for name, tree in _package_sources().items()
             if '__getattr__' in _bound_names(_split(tree)[0])]
    assert shown == []


@pytest.mark.parametrize('name,tree', _lazy_packages(), ids=[n for n, _ in _lazy_packages()])
def test_type_checkers_see_the_lazy_names(name, tree):
    seen, imports, _ = _split(tree)
    assert _lazy_names(name) - _bound_names(seen) == set()
    package = importlib.import_module(name)
    for node in imports:
        assert isinstance(node, ast.ImportFrom)
        for alias in node.names:
            assert alias.asname is not None  # 'X as X' (or 'x as y'): re-exported
            # The very object the package gives at run time.
            assert getattr(package, alias.asname) is getattr(
                importlib.import_module(node.module), alias.name), alias.asname


def test_mypy_rejects_misspelt_names(monkeypatch):
    api = pytest.importorskip('mypy.api', reason='mypy is in the typing extra')
    monkeypatch.chdir(ROOT)  # mypy finds kusari (and its settings) here
    stdout, _, status = api.run([str(SAMPLE.relative_to(ROOT))])
    rejected = {int(n) for n in re.findall(r'^[^:]*misspelt_names\.py:(\d+): error:', stdout,
                                           re.M)}
    marked = {number for number, line in enumerate(SAMPLE.read_text().splitlines(), 1)
              if line.endswith('# rejected')}
    assert status == 1
    assert rejected == marked, stdout
    assert 'Module has no attribute "SDG"' in stdout
