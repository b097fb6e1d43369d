"""Testing helpers (Chainer's ``chainer.testing``), plus :func:`check_function`.

Imports without pytest; pytest is needed only to apply :mod:`attr` marks and
by :func:`run_module`.
"""

import typing

from kusari.testing import attr  # NOQA
from kusari.testing import condition  # NOQA
from kusari.testing.array import assert_allclose  # NOQA
from kusari.testing.backend import BackendConfig, inject_backend_tests  # NOQA
from kusari.testing.function_check import check_function  # NOQA
from kusari.testing.function_link import (FunctionTestCase, FunctionTestError,  # NOQA
                                          InitializerArgument, LinkInitializersTestCase,
                                          LinkTestCase, LinkTestError)
from kusari.testing.helper import assert_warns, patch, with_requires, without_requires  # NOQA
from kusari.testing.matrix import generate_matrix  # NOQA
from kusari.testing.parameterized import (from_pytest_parameterize, parameterize,  # NOQA
                                          parameterize_pytest, product, product_dict)
from kusari.testing.random import fix_random, generate_seed  # NOQA
from kusari.testing.serializer import save_and_load, save_and_load_hdf5, save_and_load_npz  # NOQA
from kusari.testing.training import get_trainer_with_mock_updater  # NOQA
from kusari.testing.unary_math_function_test import unary_math_function_unittest  # NOQA


def run_module(name, file):
    """Runs the tests of a file when it is executed as a script.

    Put ``testing.run_module(__name__, __file__)`` at the end of a test file.

    Args:
        name (str): the file's ``__name__``.
        file (str): the file's ``__file__``.
    """
    if name == '__main__':
        import pytest
        pytest.main([file, '-vvs', '-x', '--pdb'])


# Type checkers see distribution_unittest through this import ("X as X": re-exported), not
# __getattr__, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.testing.distribution_test import distribution_unittest as distribution_unittest
else:
    def __getattr__(name):
        # Imported on first use: its GPU marks need pytest and look for CuPy.
        if name == 'distribution_unittest':
            from kusari.testing.distribution_test import distribution_unittest
            return distribution_unittest
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
