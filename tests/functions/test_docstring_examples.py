"""The docstrings of kusari.functions: every function says its arguments and result,
and the examples in them run and print what they show."""

import doctest
import inspect
import re

import pytest

import kusari.functions as F

_EXAMPLES = [
    (name, test)
    for name in F.__all__
    if inspect.isfunction(getattr(F, name))
    for test in doctest.DocTestFinder(recurse=False).find(
        getattr(F, name), name, globs=dict(getattr(F, name).__globals__))
    if test.examples
]


def test_the_most_used_functions_have_examples():
    named = {name for name, _ in _EXAMPLES}
    assert {'relu', 'sigmoid', 'tanh', 'softmax', 'sum', 'mean_squared_error',
            'convolution_2d', 'max_pooling_2d', 'dropout'} <= named


@pytest.mark.parametrize('name,test', _EXAMPLES, ids=[name for name, _ in _EXAMPLES])
def test_docstring_example(name, test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, '{}: its docstring example fails (see the output)'.format(name)


def test_every_function_documents_its_arguments_and_result():
    undocumented = [
        name for name in F.__all__
        if inspect.isfunction(getattr(F, name))
        and not {'Args:', 'Returns:'} <= set((inspect.getdoc(getattr(F, name)) or '').split())]
    assert undocumented == [], 'docstrings without an Args or a Returns section'


# A shape is named as "of shape ...", "any shape", "same shape as ..." or a literal
# dimension tuple such as ``(N, C, H, W)``.
_NAMES_A_SHAPE = re.compile(r'shape|``\(.*?\)``', re.S)
_ARGS_ENTRY = re.compile(r'(?P<name>\*{0,2}[\w, ]+?)(?: \((?P<type>[^)]*)\))?:(?:\s|$)')

# The subpackages whose functions give shapes in their docstrings.
_SHAPE_DOCUMENTED_MODULES = [
    'kusari.functions.activation.',
    'kusari.functions.array.',
    'kusari.functions.connection.',
    'kusari.functions.evaluation.',
    'kusari.functions.loss.',
    'kusari.functions.math.',
    'kusari.functions.noise.',
    'kusari.functions.normalization.',
    'kusari.functions.pooling.',
    'kusari.functions.rnn.',
    'kusari.functions.util.',
]
# Functions of those subpackages whose docstrings do not give shapes yet (this list
# only shrinks: the test fails when one of them gains its shapes and is still listed).
_SHAPES_NOT_YET_DOCUMENTED = set()


def _section(doc, title):
    """The lines of a Google-style section ``title:`` of a dedented docstring."""
    lines = doc.splitlines()
    if title + ':' not in lines:
        return []
    body = []
    for line in lines[lines.index(title + ':') + 1:]:
        if line and not line[0].isspace():
            break
        body.append(line)
    return body


def _args_entries(doc):
    """(name, type, description) of each argument of the docstring's Args section."""
    body = [line for line in _section(doc, 'Args') if line.strip()]
    indent = min((len(line) - len(line.lstrip()) for line in body), default=0)
    entries = []
    for line in body:
        match = _ARGS_ENTRY.match(line[indent:])
        if not line[indent].isspace() and match:
            entries.append([match['name'], match['type'] or '', line[indent + match.end():]])
        elif entries:
            entries[-1][2] += ' ' + line.strip()
    return entries


def _shape_gaps(doc):
    """What a docstring leaves without a shape: each argument typed as a Variable or an
    array, and the result."""
    gaps = ['argument ' + name for name, type_, text in _args_entries(doc)
            if ('Variable' in type_ or 'array' in type_) and not _NAMES_A_SHAPE.search(text)]
    if not _NAMES_A_SHAPE.search('\n'.join(_section(doc, 'Returns'))):
        gaps.append('result')
    return gaps


def test_shape_gaps_are_found():
    documented = '''Adds.

Args:
    x (Variable or array): input of any shape.
    y (Variable or array): input of shape ``(N,)``
        or more.
    axis (int): an axis.

Returns:
    Variable: of ``x``'s shape.
'''
    assert _shape_gaps(documented) == []
    assert _shape_gaps(documented.replace('of any shape', 'an array')) == ['argument x']
    assert _shape_gaps(documented.replace("of ``x``'s shape", 'the sum')) == ['result']


@pytest.mark.parametrize('module', _SHAPE_DOCUMENTED_MODULES)
def test_functions_document_shapes(module):
    functions = [name for name in F.__all__ if inspect.isfunction(getattr(F, name))
                 and getattr(F, name).__module__.startswith(module)]
    assert functions, 'no function of kusari.functions comes from ' + module
    gaps = {name: _shape_gaps(inspect.getdoc(getattr(F, name)) or '') for name in functions}
    missing = {name for name, gap in gaps.items() if gap}
    assert missing - _SHAPES_NOT_YET_DOCUMENTED == set(), 'docstrings without shapes: {}'.format(
        {name: gaps[name] for name in missing - _SHAPES_NOT_YET_DOCUMENTED})
    assert (_SHAPES_NOT_YET_DOCUMENTED & set(functions)) - missing == set(), (
        'these now give their shapes: remove them from _SHAPES_NOT_YET_DOCUMENTED')
