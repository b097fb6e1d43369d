import sys
import types
import unittest

import numpy
import pytest

from kusari import testing
from kusari.testing import parameterized


@pytest.fixture
def module(monkeypatch):
    mod = types.ModuleType('kusari_fake_test_module')
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    return mod


def _make_class(module, name='TestThing'):
    cls = type(name, (unittest.TestCase,), {'__module__': module.__name__,
                                            'test_it': lambda self: None})
    setattr(module, name, cls)
    return cls


def _generated(module):
    return sorted((name, cls) for name, cls in vars(module).items()
                  if isinstance(cls, type) and name.startswith('Test'))


class TestParameterize:

    def test_one_class_per_parameter(self, module):
        base = _make_class(module)
        bundle = testing.parameterize({'a': 1, 'b': 'x'}, {'a': 2, 'b': 'y'})(base)
        generated = _generated(module)
        assert [name for name, _ in generated] == [
            "TestThing_param_0_{a=1, b='x'}", "TestThing_param_1_{a=2, b='y'}"]
        assert [(c.a, c.b) for _, c in generated] == [(1, 'x'), (2, 'y')]
        assert all(issubclass(c, base) for _, c in generated)
        # The unparameterized class is no longer collectable.
        assert not hasattr(module, 'TestThing')
        assert isinstance(bundle, parameterized._TestCaseBundle)
        assert [c for _, c in generated] == bundle.cases

    def test_function_value_is_not_bound_to_the_instance(self, module):
        base = _make_class(module)
        testing.parameterize({'f': lambda a, b: a - b})(base)
        (_, case), = _generated(module)
        assert case('test_it').f(5, 3) == 2

    def test_stacked_decorators_take_the_product(self, module):
        base = _make_class(module)
        testing.parameterize({'a': 1}, {'a': 2})(testing.parameterize({'b': 3}, {'b': 4})(base))
        generated = _generated(module)
        assert len(generated) == 4
        assert sorted((c.a, c.b) for _, c in generated) == [(1, 3), (1, 4), (2, 3), (2, 4)]

    def test_names_are_chainers(self, module):
        # Keys sorted; classes, functions and modules by name, other values by repr.
        base = _make_class(module)
        testing.parameterize({'shape': (2, 3), 'dtype': numpy.float16},
                             {'shape': (), 'dtype': numpy.dtype('int32'), 'f': numpy.exp},
                             {'module': numpy, 'text': 'a' * 40})(base)
        assert [name for name, _ in _generated(module)] == [
            'TestThing_param_0_{dtype=float16, shape=(2, 3)}',
            "TestThing_param_1_{dtype=dtype('int32'), f=exp, shape=()}",
            "TestThing_param_2_{module=numpy, text='" + 'a' * 40 + "'}"]

    def test_long_values_keep_their_ends(self, module):
        base = _make_class(module)
        testing.parameterize({'v': 'x' * 60 + 'y' * 60})(base)
        (name, _), = _generated(module)
        # repr adds quotes; 100 characters are kept: 48 from the start, '...', 49 from the end
        assert name == "TestThing_param_0_{v='" + 'x' * 47 + '...' + 'y' * 48 + "'}"

    def test_stacked_names_nest(self, module):
        base = _make_class(module)
        testing.parameterize({'a': 1})(testing.parameterize({'b': 2}, {'b': 3})(base))
        assert [name for name, _ in _generated(module)] == [
            'TestThing_param_0_{b=2}_param_0_{a=1}', 'TestThing_param_1_{b=3}_param_0_{a=1}']

    def test_rejects_non_dicts(self):
        with pytest.raises(TypeError, match='must be a dict'):
            testing.parameterize([('a', 1)])

    def test_rejects_non_classes(self):
        with pytest.raises(TypeError, match='expected a test class'):
            testing.parameterize({'a': 1})(lambda: None)


class TestProduct:

    def test_dict(self):
        assert testing.product({'a': [1, 2], 'b': ['x', 'y']}) == [
            {'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]

    def test_list_of_lists(self):
        assert testing.product([[{'a': 1}, {'a': 2}], [{'b': 3, 'c': 4}]]) == [
            {'a': 1, 'b': 3, 'c': 4}, {'a': 2, 'b': 3, 'c': 4}]

    def test_keys_in_sorted_order(self):
        assert testing.product({'b': [1, 2], 'a': ['x', 'y']}) == [
            {'a': 'x', 'b': 1}, {'a': 'x', 'b': 2}, {'a': 'y', 'b': 1}, {'a': 'y', 'b': 2}]

    def test_key_naming_several_parameters(self):
        assert testing.product({'shape,fans': [((2, 3), (3, 2)), ((4,), (4, 4))],
                                'dtype': ['f']}) == [
            {'dtype': 'f', 'shape': (2, 3), 'fans': (3, 2)},
            {'dtype': 'f', 'shape': (4,), 'fans': (4, 4)}]

    def test_empty(self):
        assert testing.product({}) == [{}]
        assert testing.product({'a': [1], 'b': []}) == []
        assert testing.product([]) == [{}]

    def test_list_must_hold_lists_of_dicts(self):
        with pytest.raises(TypeError, match='list of lists of dicts'):
            testing.product([{'a': 1}])

    def test_product_dict_orig_is_the_full_product(self):
        assert parameterized._product_dict_orig is testing.product_dict

    def test_product_dict(self):
        assert testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 3}], [{'c': 5}, {'c': 6}]) == [
            {'a': 1, 'b': 3, 'c': 5}, {'a': 1, 'b': 3, 'c': 6},
            {'a': 2, 'b': 3, 'c': 5}, {'a': 2, 'b': 3, 'c': 6}]

    def test_bad_argument(self):
        with pytest.raises(TypeError, match='expected a dict or a list'):
            testing.product(3)


class TestFromPytest:

    def test_names_string(self):
        assert testing.from_pytest_parameterize('a, b', [(1, 2), (3, 4)]) == [
            {'a': 1, 'b': 2}, {'a': 3, 'b': 4}]

    def test_single_name(self):
        assert testing.from_pytest_parameterize(['a'], [1, 2]) == [{'a': 1}, {'a': 2}]

    def test_wrong_arity(self):
        with pytest.raises(ValueError, match='1 values for 2 names'):
            testing.from_pytest_parameterize('a,b', [(1,)])

    def test_parameterize_pytest(self, module):
        base = _make_class(module)
        testing.parameterize_pytest('n', [5, 6])(base)
        assert sorted(c.n for _, c in _generated(module)) == [5, 6]


# Real use: pytest must collect exactly the generated classes, with attributes set.
_seen = []


@testing.parameterize(*testing.product({'n': [1, 2], 'name': ['p', 'q']}))
class TestRealUse(unittest.TestCase):

    def test_attributes(self):
        assert self.n in (1, 2) and self.name in ('p', 'q')
        _seen.append((self.n, self.name))


def test_real_use_generated_classes_are_in_module():
    names = sorted(n for n in globals() if n.startswith('TestRealUse_'))
    assert names == ["TestRealUse_param_0_{n=1, name='p'}", "TestRealUse_param_1_{n=1, name='q'}",
                     "TestRealUse_param_2_{n=2, name='p'}", "TestRealUse_param_3_{n=2, name='q'}"]
    assert not isinstance(TestRealUse, type)
