"""pytest plugin running a Chainer test suite on kusari.

Use ``pytest -p kusari.compat.pytest_plugin`` (or ``pytest -p kusari.compat``).
The import hook is installed before conftest files and test modules are
imported, and the marks of ``chainer.testing.attr`` are registered, so suites
that run with ``--strict-markers`` keep doing so.
"""

# Marks that chainer.testing.attr may apply to a user's tests.
_MARKERS = (
    'gpu: needs CuPy and an NVIDIA GPU',
    'multi_gpu: needs two or more GPUs',
    'cudnn: needs cuDNN through CuPy',
    'slow: long-running test',
    'ideep: needs iDeep (kusari skips these tests)',
    'chainerx: needs ChainerX (kusari skips these tests)',
)


def _install():
    from kusari import compat
    compat.install()


def pytest_load_initial_conftests(early_config, parser, args):
    """Installs the import hook before conftest files are imported."""
    _install()


def pytest_configure(config):
    """Installs the hook (if this plugin came late) and registers the marks."""
    _install()
    for line in _MARKERS:
        config.addinivalue_line('markers', line)
