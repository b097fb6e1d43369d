"""static_graph enters the core through the seams named at the end of kusari/core.py:
it reads at most three of the core's private names."""

import ast
import pathlib
import re
import threading

import numpy

import kusari
import kusari.functions as F
from kusari import core
import kusari.graph_optimizations

CORE_PATH = pathlib.Path(core.__file__)
PACKAGE = pathlib.Path(kusari.graph_optimizations.__file__).parent
MOST_PRIVATE_NAMES = 3


def private_names_defined(source):
    """The private names (``_x``, not dunders) that ``source`` defines: functions,
    classes, names and attributes assigned, and ``__slots__`` entries."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
    return {name for name in names if re.fullmatch(r'_[A-Za-z]\w*', name)
            and not name.endswith('__')}


def private_names_read(source, core_names):
    """The names of ``core_names`` that ``source`` uses: as attributes (``core._x``,
    ``variable._x``; reading or setting them), imported, or written into code it
    generates (a string constant other than a docstring). Attributes of modules of
    kusari.graph_optimizations imported by name are their own, not the core's."""
    tree = ast.parse(source)
    own_modules = {alias.asname or alias.name for node in ast.walk(tree)
                   if isinstance(node, ast.ImportFrom)
                   and (node.module or '').startswith('kusari.graph_optimizations')
                   for alias in node.names}
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in core_names:
            if not (isinstance(node.value, ast.Name) and node.value.id in own_modules):
                used.add(node.attr)
        elif isinstance(node, ast.ImportFrom) and node.module == 'kusari.core':
            used.update(alias.name for alias in node.names if alias.name in core_names)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings):
            used.update(set(re.findall(r'\b_[A-Za-z]\w*', node.value)) & core_names)
    return used


def test_private_names_read_are_found():
    core_names = private_names_defined(
        'class V:\n    __slots__ = ("_array",)\n    def _new(self):\n        self._node = 1\n')
    assert core_names == {'_array', '_new', '_node'}
    source = ('from kusari.core import _new\nfrom kusari.graph_optimizations import _steps\n'
              'def f(x):\n    """x._node"""\n    x._array = _steps._node\n'
              '    return "n._node = 1"\n')
    assert private_names_read(source, core_names) == {'_new', '_array', '_node'}


def test_graph_optimizations_read_at_most_three_private_names_of_the_core():
    core_names = private_names_defined(CORE_PATH.read_text())
    used = {}
    for path in sorted(PACKAGE.glob('*.py')):
        for name in private_names_read(path.read_text(), core_names):
            used.setdefault(name, []).append(path.name)
    assert len(used) <= MOST_PRIVATE_NAMES, used


def test_observe_apply_sees_this_threads_functions_and_restores_apply():
    apply = core.FunctionNode.apply
    seen, other_thread = [], []

    def observer(node, inputs, apply):
        seen.append(node.label)
        return apply(node, inputs)

    x = numpy.ones(3, dtype=numpy.float32)
    with core.observe_apply(observer):
        y = F.exp(x)
        worker = threading.Thread(target=lambda: other_thread.append(F.tanh(x)))
        worker.start()
        worker.join()
    assert seen == ['exp']  # not the other thread's tanh
    numpy.testing.assert_array_equal(y.array, numpy.exp(x))
    numpy.testing.assert_array_equal(other_thread[0].array, numpy.tanh(x))
    assert core.FunctionNode.apply is apply


def test_graph_leaf_stands_for_a_node_in_another_graph():
    x = kusari.Variable(numpy.ones(2, dtype=numpy.float32))
    y = F.exp(x)
    leaf = core.graph_leaf((2,), numpy.float32, standing_for=y.node)
    assert leaf.get_variable() is y
    assert (leaf.rank, leaf.requires_grad, leaf.creator_node) == (1, True, None)
    plain = core.graph_leaf((), numpy.float32, data=numpy.float32(2))
    assert plain.get_variable_or_none() is None and not plain.requires_grad
