"""kusari.training's public classes (the Trainer, updaters, extensions, triggers, snapshot
writers) and exported functions document and annotate their arguments."""

import pytest

from tests import _docstrings

CLASSES = _docstrings.public_classes('kusari.training')
FUNCTIONS = _docstrings.exported_functions('kusari.training')
PUBLIC = CLASSES + FUNCTIONS


def test_the_checks_cover_the_main_classes():
    names = {name.rsplit('.', 1)[1] for name, _ in PUBLIC}
    assert {'Trainer', 'StandardUpdater', 'Evaluator', 'LogReport', 'PrintReport',
            'ProgressBar', 'IntervalTrigger', 'snapshot', 'make_extension'} <= names


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_documents_its_arguments(name, obj):
    assert _docstrings.undocumented_arguments(obj) == ''


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_annotates_its_arguments(name, obj):
    assert _docstrings.unannotated(obj) == []
