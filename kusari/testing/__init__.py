"""Testing helpers (Chainer's ``chainer.testing``), plus :func:`check_function`.

Imports without pytest; pytest is needed only to apply :mod:`attr` marks and
by :func:`run_module`.
"""

from kusari.testing import attr  # NOQA
from kusari.testing import condition
from kusari.testing.array import assert_allclose
from kusari.testing.backend import BackendConfig, inject_backend_tests
from kusari.testing.function_check import check_function
from kusari.testing.function_link import (FunctionTestCase, FunctionTestError,
                                          InitializerArgument, LinkInitializersTestCase,
                                          LinkTestCase, LinkTestError)
from kusari.testing.helper import assert_warns, patch, with_requires, without_requires
from kusari.testing.matrix import generate_matrix
from kusari.testing.parameterized import (from_pytest_parameterize, parameterize,
                                          parameterize_pytest, product, product_dict)
from kusari.testing.random import fix_random, generate_seed
from kusari.testing.serializer import save_and_load, save_and_load_hdf5, save_and_load_npz
from kusari.testing.training import get_trainer_with_mock_updater
from kusari.testing.unary_math_function_test import unary_math_function_unittest


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
