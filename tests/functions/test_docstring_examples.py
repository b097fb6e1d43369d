"""The docstrings of kusari.functions: every function says its arguments and result,
and the examples in them run and print what they show."""

import doctest
import inspect

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
