"""The graph core stays small enough to read in one sitting (a size budget, as tinygrad
keeps); test_core_imports.py checks that it depends on nothing above it."""

import ast
import io
import pathlib
import tokenize

import kusari.core

BUDGET_CODE_LINES = 900


def code_lines(source):
    """The number of lines holding code: docstrings, comments and blank lines not counted."""
    docstring_lines = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                docstring_lines.update(range(first.lineno, first.end_lineno + 1))
    lines = set()
    layout = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
              tokenize.DEDENT, tokenize.ENDMARKER)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in layout:
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - docstring_lines)


def test_code_lines_skip_docstrings_comments_and_blank_lines():
    source = '"""Module.\n\ndoc."""\n\n# comment\ndef f(x):  # why\n    """Doc."""\n' \
             '    return (x +\n            1)\n'
    assert code_lines(source) == 3


def test_core_fits_its_size_budget():
    lines = code_lines(pathlib.Path(kusari.core.__file__).read_text())
    assert lines <= BUDGET_CODE_LINES, (
        'kusari/core.py has {} lines of code, more than {}'.format(lines, BUDGET_CODE_LINES))

