"""Checks shared by the test_docstrings modules: a package's public classes document
their constructor's arguments in an Args section and annotate them, and so do the
functions the package exports; the classes annotate their public methods."""

import importlib
import inspect
import pkgutil
import re

# An entry of an Args section: its name, indented one level, then a type or a colon.
_ARG_ENTRY = re.compile(r'    \*{0,2}(\w+)\b')


def _public_modules(package_name):
    """The package (or module) and its public submodules."""
    package = importlib.import_module(package_name)
    modules = [package]
    for info in pkgutil.walk_packages(getattr(package, '__path__', []), package_name + '.'):
        if not any(part.startswith('_') for part in info.name.split('.')):
            modules.append(importlib.import_module(info.name))
    return modules


def public_classes(package_name):
    """``[(qualified name, class)]`` of the public classes defined in the public modules
    of the package (an alias such as ``dump_graph = DumpGraph`` is not listed twice)."""
    found = {}
    for module in _public_modules(package_name):
        for name, obj in vars(module).items():
            if (inspect.isclass(obj) and not name.startswith('_') and obj.__name__ == name
                    and obj.__module__ == module.__name__):
                found['{}.{}'.format(module.__name__, name)] = obj
    return sorted(found.items())


def exported_functions(package_name):
    """``[(qualified name, function)]`` of the functions each public module of the
    package exports by name, wherever they are defined."""
    found = {}
    for module in _public_modules(package_name):
        names = getattr(module, '__all__', None) or [
            name for name in vars(module) if not name.startswith('_')]
        for name in names:
            obj = getattr(module, name)
            if inspect.isfunction(obj) and obj.__module__.startswith(package_name):
                found['{}.{}'.format(obj.__module__, name)] = obj
    return sorted(found.items())


def _parameters(function):
    """The parameters of ``function`` (a constructor: without ``self``)."""
    if function is object.__init__:
        return []
    parameters = list(inspect.signature(function).parameters.values())
    if parameters and parameters[0].name == 'self':
        parameters = parameters[1:]
    return parameters


def _args_section(doc):
    """The names listed in the Args section of ``doc`` (None: it has none)."""
    lines = doc.splitlines()
    if 'Args:' not in lines:
        return None
    names = set()
    for line in lines[lines.index('Args:') + 1:]:
        if line and not line.startswith(' '):
            break  # the next section
        match = _ARG_ENTRY.match(line)
        if match:
            names.add(match.group(1))
    return names


def undocumented_arguments(obj):
    """What is wrong with the Args section of a class (for its constructor) or a
    function: '' when it lists every named argument and only those (or, with
    ``**kwargs``, the keyword arguments it takes too)."""
    function = obj.__init__ if inspect.isclass(obj) else obj
    parameters = _parameters(function)
    named = {p.name for p in parameters
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    if not named:
        return ''
    documented = _args_section(inspect.getdoc(obj) or '')
    if documented is None:
        return 'no Args section'
    problems = []
    if named - documented:
        problems.append('missing {}'.format(', '.join(sorted(named - documented))))
    takes_more = any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters)
    unknown = documented - named - {p.name for p in parameters}
    if unknown and not takes_more:
        problems.append('not arguments: {}'.format(', '.join(sorted(unknown))))
    return '; '.join(problems)


def unannotated(obj):
    """The parameters (and 'return') of a class's constructor or of a function that
    have no annotation."""
    function = obj.__init__ if inspect.isclass(obj) else obj
    if function is object.__init__:
        return []
    missing = [p.name for p in _parameters(function) if p.annotation is p.empty]
    if inspect.signature(function).return_annotation is inspect.Signature.empty:
        missing.append('return')
    return missing


def _public_methods(cls, modules):
    """``{name: function}`` of the public methods and properties (their getters) that
    ``cls`` has from classes of ``modules`` (module names; their submodules too)."""
    methods = {}
    for klass in reversed(cls.__mro__):
        if not any(klass.__module__ == m or klass.__module__.startswith(m + '.')
                   for m in modules):
            continue
        for name, attr in vars(klass).items():
            if isinstance(attr, (classmethod, staticmethod)):
                attr = attr.__func__
            elif isinstance(attr, property):
                attr = attr.fget
            if inspect.isfunction(attr) and (not name.startswith('_') or name == '__call__'):
                methods[name] = attr
    return methods


def unannotated_methods(cls, modules):
    """``{method: [parameters and 'return' without an annotation]}`` of the public methods
    and properties that ``cls`` has from classes of ``modules`` and that miss some (a
    classmethod's ``cls`` aside)."""
    missing = {name: [p for p in unannotated(function) if p != 'cls']
               for name, function in _public_methods(cls, modules).items()}
    return {name: names for name, names in missing.items() if names}
