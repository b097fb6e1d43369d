"""The optimizer base classes (kusari.optimizer) document and annotate their
arguments."""

import pytest

from tests import _docstrings

PUBLIC = (_docstrings.public_classes('kusari.optimizer')
          + _docstrings.exported_functions('kusari.optimizer'))


def test_the_checks_cover_the_base_classes():
    names = {name.rsplit('.', 1)[1] for name, _ in PUBLIC}
    assert {'Hyperparameter', 'UpdateRule', 'Optimizer', 'GradientMethod'} <= names


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_documents_its_arguments(name, obj):
    assert _docstrings.undocumented_arguments(obj) == ''


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_annotates_its_arguments(name, obj):
    assert _docstrings.unannotated(obj) == []
