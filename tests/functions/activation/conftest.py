"""The activation tests share the fixtures of the math tests (``on_0d``)."""

import importlib.util
import pathlib

_spec = importlib.util.spec_from_file_location(
    '_math_function_fixtures', pathlib.Path(__file__).parents[1] / 'math' / 'conftest.py')
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)
on_0d = _fixtures.on_0d
