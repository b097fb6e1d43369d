"""Sphinx configuration for kusari's documentation.

Build: ``python -m sphinx -W -b html docs docs/_build/html``; run the code in the
pages: ``python -m sphinx -W -b doctest docs docs/_build/doctest``.
"""

import __future__
import importlib
import inspect
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import kusari  # noqa: E402

project = 'kusari'
author = 'the kusari developers'
copyright = '2026, the kusari developers'
release = kusari.kusari_version
version = release

extensions = [
    'sphinx.ext.autodoc',
    'sphinx.ext.autosummary',
    'sphinx.ext.doctest',
    'sphinx.ext.napoleon',
    'sphinx.ext.viewcode',
]

templates_path = ['_templates']
exclude_patterns = ['_build']
html_theme = 'alabaster'
html_theme_options = {
    'description': "define-by-run neural networks on NumPy, with Chainer's API",
    'fixed_sidebar': True,
    'page_width': '1180px',  # room for 90-column code without a scroll bar
}
html_title = 'kusari documentation'

autosummary_generate = True
autodoc_member_order = 'bysource'
autodoc_default_options = {'show-inheritance': True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True
# Docstrings name objects (``numpy.ndarray``, ``cupy.ndarray``, ...) that this site
# does not document; an unresolved name is not an error.
nitpicky = False
# A type written in a docstring (``dtype``, ``shape``) may match several attributes
# (Variable.dtype, Parameter.dtype); such a name is left unlinked rather than failing.
suppress_warnings = ['ref.python']

# Only the pages' own examples run under the doctest builder (``.. doctest::`` and
# ``.. testcode::`` blocks); every one starts from the same imports.
doctest_global_setup = '''
import numpy as np
import kusari
import kusari.functions as F
import kusari.links as L
from kusari import optimizers
np.random.seed(0)
# Optional extras: a page's examples that need one say ``:skipif: torch is None``.
try:
    import torch
except ImportError:
    torch = None
try:
    import safetensors
except ImportError:
    safetensors = None
'''
doctest_test_doctest_blocks = ''


# The API reference lists every public name of each package, grouped by the
# subpackage that defines it, so a name added to kusari appears without editing here.
REFERENCE = [
    # (page, title, module, intro)
    ('functions', 'Functions', 'kusari.functions',
     'Differentiable functions on :class:`~kusari.Variable` and arrays.'),
    ('links', 'Links', 'kusari.links',
     'Layers with parameters: :class:`~kusari.Link` subclasses.'),
    ('optimizers', 'Optimizers', 'kusari.optimizers',
     'Optimizers and their update rules.'),
    ('optimizer_hooks', 'Optimizer hooks', 'kusari.optimizer_hooks',
     'Hooks that transform the gradients before (or after) each update, added with '
     ':meth:`~kusari.Optimizer.add_hook`.'),
    ('initializers', 'Initializers', 'kusari.initializers',
     'Initializers that fill parameter arrays.'),
    ('training', 'Training loop', 'kusari.training',
     'The :class:`~kusari.training.Trainer` and its parts.'),
    ('extensions', 'Trainer extensions', 'kusari.training.extensions',
     'Extensions that report, evaluate, snapshot and adjust during training.'),
    ('snapshot_writers', 'Snapshot writers', 'kusari.training.extensions.snapshot_writers',
     'How a snapshot extension saves: in the training thread, another thread or '
     'process, or through a queue.'),
    ('triggers', 'Triggers', 'kusari.training.triggers',
     'Triggers that decide when an extension or training stops.'),
    ('updaters', 'Updaters', 'kusari.training.updaters',
     'Updaters that run one training step.'),
    ('datasets', 'Datasets', 'kusari.datasets',
     'Dataset classes and loaders of standard datasets.'),
    ('dataset', 'Dataset utilities', 'kusari.dataset',
     'Converters, the dataset mixin and download helpers.'),
    ('iterators', 'Iterators', 'kusari.iterators',
     'Iterators that make minibatches from a dataset.'),
    ('serializers', 'Serializers', 'kusari.serializers',
     'Saving and loading links, optimizers and trainers.'),
]


def _public_names(module):
    names = getattr(module, '__all__', None) or [
        name for name in dir(module) if not name.startswith('_')]
    # Neither imported modules nor ``from __future__ import annotations``.
    return sorted(name for name in names
                  if not inspect.ismodule(getattr(module, name))
                  and getattr(module, name) is not __future__.annotations)


def _group(module, name):
    """The subpackage under ``module`` that defines ``name`` (its section title)."""
    defined_in = getattr(getattr(module, name), '__module__', None) or module.__name__
    rest = defined_in[len(module.__name__):].lstrip('.').split('.')
    if not defined_in.startswith(module.__name__ + '.') or len(rest) < 2:
        return 'General'
    return rest[0].replace('_', ' ').capitalize()


def _documented_elsewhere(module_name, name):
    """Whether ``name`` is re-exported from a package that has its own page
    (``kusari.training.StandardUpdater`` is on the updaters page)."""
    defined_in = getattr(getattr(importlib.import_module(module_name), name),
                         '__module__', '') or ''
    return any(other.startswith(module_name + '.')
               and (defined_in + '.').startswith(other + '.')
               for _, _, other, _ in REFERENCE)


def _write_reference_page(page, title, module_name, intro):
    module = importlib.import_module(module_name)
    groups = {}
    for name in _public_names(module):
        if _documented_elsewhere(module_name, name):
            continue
        groups.setdefault(_group(module, name), []).append(name)
    lines = ['.. This page is written by conf.py; edit REFERENCE there.', '',
             title, '=' * len(title), '', f'.. module:: {module_name}', '', intro, '']
    for group in sorted(groups, key=lambda g: (g == 'General', g)):
        lines += [group, '-' * len(group), '', '.. autosummary::',
                  '   :toctree: generated', '   :nosignatures:', '']
        lines += [f'   {name}' for name in groups[group]]
        lines.append('')
    text = '\n'.join(lines)
    path = os.path.join(HERE, 'reference', f'{page}.rst')
    old = open(path).read() if os.path.exists(path) else None
    if old != text:  # unchanged pages keep their time stamp (no needless rebuild)
        with open(path, 'w') as f:
            f.write(text)


os.makedirs(os.path.join(HERE, 'reference'), exist_ok=True)
for entry in REFERENCE:
    _write_reference_page(*entry)


def _constructor_signature(app, what, name, obj, options, signature, return_annotation):
    """A class whose ``__new__`` takes ``(*args, **kwargs)`` only to check them (Adam
    and its variants refuse ``lr=``) shows its ``__init__``'s arguments, as
    ``inspect.signature`` gives them, not ``(*args, **kwargs)``."""
    if what != 'class' or signature != '(*args, **kwargs)':
        return None
    try:
        init = inspect.signature(obj, eval_str=True)
    except (NameError, TypeError, ValueError):  # an annotation named for type checkers only
        init = inspect.signature(obj)
    return str(init.replace(return_annotation=inspect.Signature.empty)), return_annotation


def _public_bases(app, name, obj, options, bases):
    """"Bases:" names the public classes a reader can look up: a private helper base
    (``_BoundedAdam``) is replaced by its nearest public ancestor, a private mixin
    (``_BiasCorrectedStep``) left out."""
    public = []
    for base in bases:
        ancestor = next((c for c in getattr(base, '__mro__', (base,))
                         if not c.__name__.startswith('_')), object)
        if ancestor not in public and (ancestor is not object or base is object):
            public.append(ancestor)
    bases[:] = public or [object]


def setup(app):
    app.connect('autodoc-process-signature', _constructor_signature)
    app.connect('autodoc-process-bases', _public_bases)
