"""kusari.links' public classes and the functions Chainer has in its links modules
document and annotate their arguments; the classes' public methods are annotated."""

import pytest

from tests import _docstrings

CLASSES = _docstrings.public_classes('kusari.links')
# Chainer's functions of chainer.links modules (n_step_rnn.argsort_list_descent and
# permutate_list, the vision models' prepare). The helpers that link modules share
# (as_tuple, parse_2d_kwargs, initializer_of, ...) are internals, not checked.
CHAINER_FUNCTIONS = {'argsort_list_descent', 'permutate_list', 'prepare'}
FUNCTIONS = [(name, obj) for name, obj in _docstrings.exported_functions('kusari.links')
             if obj.__name__ in CHAINER_FUNCTIONS]
PUBLIC = CLASSES + FUNCTIONS


def test_the_checks_cover_the_links():
    names = [name.rsplit('.', 1)[1] for name, _ in PUBLIC]
    assert {'Linear', 'Convolution2D', 'ConvolutionND', 'Deconvolution2D', 'LSTM',
            'NStepLSTM', 'NStepRNNBase', 'BatchNormalization', 'Classifier', 'VGG16Layers',
            'CaffeFunction'} <= set(names)
    assert sorted(name for name in names if name in CHAINER_FUNCTIONS) == [
        'argsort_list_descent', 'permutate_list', 'prepare', 'prepare', 'prepare']


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_documents_its_arguments(name, obj):
    assert _docstrings.undocumented_arguments(obj) == ''


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_annotates_its_arguments(name, obj):
    assert _docstrings.unannotated(obj) == []


@pytest.mark.parametrize('name,cls', CLASSES, ids=[name for name, _ in CLASSES])
def test_annotates_its_methods(name, cls):
    assert _docstrings.unannotated_methods(cls, ['kusari.links']) == {}
