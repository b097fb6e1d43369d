"""Regenerate ``cupy_api.json``: the names and keyword arguments of real CuPy.

The fake CuPy (``fake_cupy.py``) offers only what this list has, so code that calls
a NumPy-only function or keyword fails on the CPU as it would on a GPU. CuPy imports
without a GPU; run this with ``cupy-cuda12x`` (and its dependencies) importable:

    python -m tests.gpu.make_cupy_api > tests/gpu/cupy_api.json
"""

import ast
import inspect
import json
import sys
import types


def _parameters(function):
    """(names of the parameters, whether it takes **kwargs), or None when unknown."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        signature = _signature_from_doc(function)
        if signature is None:
            return None
    names = [p.name for p in signature.parameters.values()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != 'self']
    var_keyword = any(p.kind == p.VAR_KEYWORD for p in signature.parameters.values())
    return {'params': names, 'kwargs': var_keyword}


def _signature_from_doc(function):
    """Cython methods embed their signature as the docstring's first line."""
    first = (getattr(function, '__doc__', None) or '').strip().splitlines()
    if not first or '(' not in first[0]:
        return None
    text = first[0].split('->')[0].strip()
    arguments = text[text.index('('):]
    try:
        tree = ast.parse('def f{}: pass'.format(arguments))
    except SyntaxError:
        return None
    # the names only: defaults may name CuPy constants
    args = tree.body[0].args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    params = [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    if args.kwarg is not None:
        params.append(inspect.Parameter(args.kwarg.arg, inspect.Parameter.VAR_KEYWORD))
    return inspect.Signature(params)


def _describe(module):
    names = {}
    for name in dir(module):
        if name.startswith('_'):
            continue
        value = getattr(module, name)
        if isinstance(value, types.ModuleType):
            names[name] = 'module'
        elif type(value).__name__ == 'ufunc':
            names[name] = 'ufunc'
        elif isinstance(value, type):
            names[name] = 'class'
        elif callable(value):
            names[name] = _parameters(value) or 'function'
        else:
            names[name] = 'constant'
    return names


def main():
    import cupy
    import cupyx
    import cupyx.scipy.special
    api = {'version': cupy.__version__,
           'modules': {name: _describe(module) for name, module in [
               ('cupy', cupy), ('cupy.random', cupy.random), ('cupy.linalg', cupy.linalg),
               ('cupy.fft', cupy.fft), ('cupy.testing', cupy.testing), ('cupyx', cupyx),
               ('cupyx.scipy.special', cupyx.scipy.special)]},
           'ndarray': {}}
    for name in dir(cupy.ndarray):
        if name.startswith('_'):
            continue
        value = getattr(cupy.ndarray, name)
        if callable(value) and not isinstance(value, property) and (
                type(value).__name__ in ('method_descriptor', 'function',
                                         'cython_function_or_method')):
            api['ndarray'][name] = _parameters(value) or 'method'
        else:
            api['ndarray'][name] = 'attribute'
    json.dump(api, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
