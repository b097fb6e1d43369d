import pytest

from kusari.utils.argument import assert_kwargs_empty, parse_kwargs, parse_kwargs_of


def caller(**kwargs):
    return parse_kwargs(kwargs, ('foo', 1), ('bar', 2), volatile='volatile is gone')


def test_values_in_order_with_defaults():
    assert caller() == (1, 2)
    assert caller(bar=3, foo=4) == (4, 3)


def test_unexpected_names_the_caller():
    with pytest.raises(TypeError, match=r"caller\(\) got unexpected keyword argument\(s\) "
                                        r"'ham', 'spam'"):
        caller(spam=1, ham=2)


def test_known_removed_argument_gets_its_message():
    with pytest.raises(ValueError, match='volatile is gone'):
        caller(volatile=True)


def test_a_helper_names_the_function_it_parses_for():
    assert parse_kwargs_of('Link.forward', {'a': 3}, ('a', 1), ('b', 2)) == (3, 2)
    with pytest.raises(TypeError, match=r"^Link\.forward\(\) got unexpected keyword "
                                        r"argument\(s\) 'c'$"):
        parse_kwargs_of('Link.forward', {'c': 3}, ('a', 1))
    with pytest.raises(ValueError, match='^gone$'):
        parse_kwargs_of('Link.forward', {'c': 3}, ('a', 1), c='gone')


def test_assert_kwargs_empty():
    assert_kwargs_empty({})
    with pytest.raises(TypeError, match="'x'"):
        assert_kwargs_empty({'x': 1})


def test_reached_as_an_attribute_of_utils():
    # Chainer programs call chainer.utils.argument.parse_kwargs after `import chainer` (in a
    # fresh interpreter: here the test module has imported kusari.utils.argument already)
    import subprocess
    import sys
    code = 'import kusari; print(kusari.utils.argument.parse_kwargs({"a": 1}, ("a", 0)))'
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == '(1,)'
