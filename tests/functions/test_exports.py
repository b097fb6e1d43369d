"""kusari.functions exports every name of chainer.functions (Chainer v7's reference list)."""

import pathlib
import re

import pytest

import kusari.functions as F

REFERENCE = pathlib.Path(__file__).resolve().parents[3] / 'shared' / 'reference' / 'chainer_api.md'


def reference_names():
    if not REFERENCE.exists():
        pytest.skip('the Chainer API reference list is not beside this checkout')
    text = REFERENCE.read_text()
    return sorted(set(re.findall(r'^- `chainer\.functions\.(\w+)\(', text, flags=re.M)))


def test_every_reference_function_is_exported():
    names = reference_names()
    missing = [name for name in names if not callable(getattr(F, name, None))]
    assert not missing, 'missing from kusari.functions ({} of {}): {}'.format(
        len(missing), len(names), missing)
    assert len(names) == 216


def test_all_lists_exactly_the_exported_functions():
    assert sorted(F.__all__) == sorted(set(F.__all__))
    assert all(callable(getattr(F, name)) for name in F.__all__)
    assert set(reference_names()) <= set(F.__all__)


def test_family_packages_hold_modules_as_in_chainer():
    from kusari.functions.connection import convolution_2d
    assert convolution_2d.convolution_2d is F.convolution_2d


def test_family_modules_are_attributes_of_their_packages():
    # Chainer's functions package imports every module, so F.array.flip.Flip is reachable
    # without importing the module first.
    assert F.array.flip.Flip.__name__ == 'Flip'
    assert F.loss.crf1d.crf1d is F.crf1d
    assert 'flip' in dir(F.array)
    with pytest.raises(AttributeError, match='no attribute'):
        _ = F.array.no_such_module
