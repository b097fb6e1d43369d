"""Parameterized test classes (Chainer's ``chainer.testing.parameterize``).

``@parameterize(*params)`` turns a test class into one subclass per parameter
dict, with the dict's entries as class attributes, added to the class's module
under Chainer's names, like ``TestFoo_param_0_{dtype=float32, shape=(2, 3)}``.
The decorated name is bound to a :class:`_TestCaseBundle` instead of the class,
so the unparameterized class is not collected; decorators may be stacked (their
product is taken).
"""

import itertools
import sys
import types



class _TestCaseBundle:
    """The test classes generated from one decorated class.

    Attributes:
        cases (list of type): the generated classes.
    """

    def __init__(self, cases):
        self.cases = list(cases)

    def __repr__(self):
        return '<test case bundle: {}>'.format(', '.join(c.__name__ for c in self.cases))


def _cases_of(target):
    if isinstance(target, _TestCaseBundle):
        return target.cases
    if isinstance(target, type):
        return [target]
    raise TypeError(
        'expected a test class or the result of another test decorator, not {}'.format(
            type(target).__name__))


def _describe(value):
    # A class, function or module by its name, anything else by its repr.
    name = getattr(value, '__name__', None)
    return name if isinstance(name, str) else repr(value)


def _shortened(text, limit):
    # Long texts keep their two ends around '...', exactly ``limit`` characters in all.
    if len(text) <= limit:
        return text
    head = (limit - 3) // 2
    return text[:head] + '...' + text[len(text) - (limit - 3 - head):]


def _case_name(base_name, index, param):
    """Chainer's name for case ``index``: ``TestFoo_param_0_{dtype=float32, shape=(2, 3)}``
    (keys sorted; a value cut to 100 characters, all of them to 5,000), so that node ids
    and ``pytest -k`` select the same tests as under Chainer."""
    values = ', '.join('{}={}'.format(key, _shortened(_describe(value), 100))
                       for key, value in sorted(param.items()))
    return '{}_param_{}_{{{}}}'.format(base_name, index, _shortened(values, 5000))


def _unregister(case):
    module = sys.modules.get(case.__module__)
    if module is not None and getattr(module, case.__name__, None) is case:
        delattr(module, case.__name__)


def _register(case):
    module = sys.modules.get(case.__module__)
    if module is not None:
        setattr(module, case.__name__, case)


def parameterize(*params):
    """Class decorator generating one test class per parameter dict.

    Args:
        *params (dict): attribute values of each generated class.

    Returns:
        A decorator; the decorated name becomes a bundle of the generated
        classes.
    """
    for param in params:
        if not isinstance(param, dict):
            raise TypeError('parameterize: each parameter must be a dict, not {}'.format(
                type(param).__name__))

    def decorator(target):
        generated = []
        for base in _cases_of(target):
            _unregister(base)
            for i, param in enumerate(params):
                name = _case_name(base.__name__, i, param)
                # A function value is read back as given (``self.f(x)`` calls ``f(x)``),
                # not bound as a method.
                attrs = {k: staticmethod(v) if isinstance(v, types.FunctionType) else v
                         for k, v in param.items()}
                attrs.update(__module__=base.__module__, __qualname__=name)
                case = type(base)(name, (base,), attrs)
                _register(case)
                generated.append(case)
        return _TestCaseBundle(generated)
    return decorator


def product(parameter):
    """Cartesian product of parameter values.

    Args:
        parameter: either a dict mapping each name to a list of values
            (``{'a': [1, 2], 'b': [3]}`` gives ``[{'a': 1, 'b': 3},
            {'a': 2, 'b': 3}]``), or a list of lists of dicts, whose product is
            taken with the dicts of each combination merged. A key may name
            several parameters (``'shape,fans'``); its values are then tuples
            giving one value each. Keys are taken in sorted order, the first
            varying slowest.

    Returns:
        list of dict
    """
    if isinstance(parameter, dict):
        return product_dict(*(from_pytest_parameterize(names, values)
                              for names, values in sorted(parameter.items())))
    if isinstance(parameter, list):
        if not all(isinstance(dicts, list) and all(isinstance(d, dict) for d in dicts)
                   for dicts in parameter):
            raise TypeError('product: a list parameter must be a list of lists of dicts')
        return product_dict(*parameter)
    raise TypeError('product: expected a dict or a list of lists of dicts, not {}'.format(
        type(parameter).__name__))


def product_dict(*parameters):
    """Product of lists of dicts, merging the dicts of each combination.

    Args:
        *parameters (list of dict): e.g. ``[{'a': 1}, {'a': 2}], [{'b': 3}]``.

    Returns:
        list of dict
    """
    result = []
    for dicts in itertools.product(*parameters):
        merged = {}
        for d in dicts:
            merged.update(d)
        result.append(merged)
    return result


# The unpatched product_dict, for code that swaps product_dict out (Chainer's conftest
# does, for pairwise parameterization) and wants the full product back.
_product_dict_orig = product_dict


def from_pytest_parameterize(names, values):
    """Parameter dicts from ``pytest.mark.parametrize``-style arguments.

    Args:
        names: comma-separated names (``'a,b'``) or a sequence of names.
        values: a list of tuples (one value per name), or of single values
            when there is one name.

    Returns:
        list of dict
    """
    if isinstance(names, str):
        names = [n.strip() for n in names.split(',') if n.strip()]
    names = list(names)
    params = []
    for value in values:
        if len(names) == 1:
            value = (value,)
        if len(value) != len(names):
            raise ValueError('from_pytest_parameterize: {} values for {} names {}'.format(
                len(value), len(names), names))
        params.append(dict(zip(names, value)))
    return params


def parameterize_pytest(names, values):
    """:func:`parameterize` taking ``pytest.mark.parametrize``-style arguments.

    Args:
        names: comma-separated names or a sequence of names.
        values: a list of value tuples.
    """
    return parameterize(*from_pytest_parameterize(names, values))
