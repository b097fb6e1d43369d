"""Versions (Chainer's ``chainer._version``).

``__version__`` is what a Chainer program sees as ``chainer.__version__`` (under
kusari.compat ``chainer`` is the kusari package): the Chainer release whose API kusari
implements, so version checks in Chainer code take their Chainer-7 paths.
"""

__version__ = '7.8.1'
# kusari's own release.
kusari_version = '0.1.0'

# Optional packages whose installation :func:`kusari._environment_check.check` checks: the
# distributions that provide each (one at most may be installed) and the releases kusari
# works with.
_optional_dependencies = [
    {
        'name': 'CuPy',
        'packages': ['cupy-cuda12x', 'cupy-cuda11x', 'cupy'],
        'specifier': '>=13',
        'help': 'https://docs.cupy.dev/en/stable/install.html',
    },
]
