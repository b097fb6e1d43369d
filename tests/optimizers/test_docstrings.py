"""The optimizer base classes (kusari.optimizer) and the optimizers and their update
rules (kusari.optimizers) document and annotate their arguments; the classes annotate
their public methods."""

import pytest

from tests import _docstrings

MODULES = ['kusari.optimizer', 'kusari.optimizers']
CLASSES = (_docstrings.public_classes('kusari.optimizer')
           + _docstrings.public_classes('kusari.optimizers'))
PUBLIC = (CLASSES + _docstrings.exported_functions('kusari.optimizer')
          + _docstrings.exported_functions('kusari.optimizers'))

OPTIMIZERS = ['AMSBound', 'AMSGrad', 'AdaBound', 'AdaDelta', 'AdaGrad', 'Adam', 'AdamW',
              'CorrectedMomentumSGD', 'Eve', 'MSVAG', 'MomentumSGD', 'NesterovAG', 'RMSprop',
              'RMSpropGraves', 'SGD', 'SMORMS3']
RULES = ['AdaDeltaRule', 'AdaGradRule', 'AdamRule', 'CorrectedMomentumSGDRule', 'EveRule',
         'MSVAGRule', 'MomentumSGDRule', 'NesterovAGRule', 'RMSpropGravesRule',
         'RMSpropRule', 'SGDRule', 'SMORMS3Rule']


def test_the_checks_cover_the_base_classes():
    names = {name.rsplit('.', 1)[1] for name, _ in PUBLIC}
    assert {'Hyperparameter', 'UpdateRule', 'Optimizer', 'GradientMethod'} <= names


def test_the_checks_cover_the_optimizers_and_their_rules():
    names = {name.rsplit('.', 1)[1] for name, _ in PUBLIC
             if name.startswith('kusari.optimizers.')}
    assert set(OPTIMIZERS + RULES + ['EveFeedback']) <= names


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_documents_its_arguments(name, obj):
    assert _docstrings.undocumented_arguments(obj) == ''


@pytest.mark.parametrize('name,obj', PUBLIC, ids=[name for name, _ in PUBLIC])
def test_annotates_its_arguments(name, obj):
    assert _docstrings.unannotated(obj) == []


@pytest.mark.parametrize('name,cls', CLASSES, ids=[name for name, _ in CLASSES])
def test_annotates_its_methods(name, cls):
    assert _docstrings.unannotated_methods(cls, MODULES) == {}
