import importlib
import importlib.util
import os
import pickle
import sys
import types

import numpy
import pytest

import kusari
import kusari.utils.type_check
from kusari import compat
from kusari.compat import _finder


@pytest.fixture
def installed():
    """The hook installed for one test, and fully removed afterwards."""
    assert not compat.is_installed()
    compat.install()
    yield
    compat.uninstall()
    assert not any(_finder.is_chainer_name(name) for name in sys.modules)


def test_chainer_is_kusari(installed):
    import chainer
    import chainer.utils.type_check as type_check
    from chainer.utils import type_check as type_check2
    assert chainer is kusari
    assert type_check is kusari.utils.type_check is type_check2
    assert sys.modules['chainer.utils'] is kusari.utils


def test_isinstance_and_configuration_are_shared(installed):
    import chainer
    x = kusari.Variable(numpy.ones(3, numpy.float32))
    assert isinstance(x, chainer.Variable)
    assert isinstance(chainer.Parameter(numpy.zeros(2)), kusari.Variable)
    with chainer.using_config('train', False):
        assert kusari.config.train is False
    assert kusari.config.train is True


def test_kusari_module_specs_are_kept(installed):
    import chainer.utils  # noqa: F401 - the import is what is tested
    assert kusari.__spec__.name == 'kusari'
    assert kusari.utils.__spec__.name == 'kusari.utils'
    # A reload goes through kusari's own spec.
    importlib.reload(sys.modules['chainer.utils'])


def test_pickles_resolve_across_spellings(installed):
    import chainer
    x = pickle.loads(pickle.dumps(chainer.Variable(numpy.arange(3.0))))
    assert type(x) is kusari.Variable
    numpy.testing.assert_array_equal(x.array, numpy.arange(3.0))


def test_chainer_cuda_alias(installed):
    import chainer.backends.cuda
    import chainer.cuda
    assert chainer.cuda is importlib.import_module('kusari.cuda')
    assert chainer.backends.cuda is importlib.import_module('kusari.backends.cuda')


def test_chainerx_stand_in(installed):
    import chainerx
    assert chainerx.is_available() is False
    assert not isinstance(numpy.zeros(1), chainerx.ndarray)
    assert not hasattr(chainerx, 'asarray')
    with pytest.raises(NotImplementedError, match='chainerx.asarray is not available'):
        _ = chainerx.asarray
    with pytest.raises(NotImplementedError, match='use numpy.ndarray'):
        chainerx.ndarray()
    with pytest.raises(ImportError, match=r'chainerx\.testing is not available in kusari: '
                                          r'ChainerX is not available'):
        import chainerx.testing


def test_chainermn(installed):
    if importlib.util.find_spec('kusari.distributed') is not None:
        import chainermn
        assert chainermn is importlib.import_module('kusari.distributed')
    else:
        with pytest.raises(compat.ChainerModuleNotAvailable, match='kusari.distributed'):
            import chainermn


def test_onnx_chainer_is_kusari_onnx(installed):
    import onnx_chainer
    from onnx_chainer.export import RetainInputHook
    import onnx_chainer.export  # the submodule, whose name the function shadows
    import onnx_chainer.testing.input_generator as generator

    import kusari.onnx
    assert onnx_chainer is kusari.onnx
    assert onnx_chainer.export is kusari.onnx.export and callable(onnx_chainer.export)
    assert RetainInputHook is sys.modules['kusari.onnx.export'].RetainInputHook
    assert generator is sys.modules['kusari.onnx.testing.input_generator']


def test_unknown_module_names_itself(installed):
    with pytest.raises(compat.ChainerModuleNotAvailable) as info:
        import chainer.no_such_module  # noqa: F401 - the import is what is tested
    assert isinstance(info.value, ImportError)
    assert isinstance(info.value, NotImplementedError)
    assert info.value.name == 'chainer.no_such_module'
    assert str(info.value).startswith('chainer.no_such_module is not available in kusari: ')
    assert _finder.README_SECTION in str(info.value)


def test_readme_has_the_section_errors_point_at():
    readme = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), 'README.md')
    with open(readme, encoding='utf-8') as stream:
        headings = [line.strip() for line in stream if line.startswith('#')]
    assert '"Modules" table under "Chainer compatibility"' in _finder.README_SECTION
    compatibility = headings.index('## Chainer compatibility')
    assert '### Modules' in headings[compatibility:]


@pytest.mark.parametrize('spelling', [
    'import chainer.exporters.caffe', 'from chainer.exporters import caffe',
    'chainer.exporters.caffe'])
def test_missing_module_raises_one_error_type_however_spelled(installed, spelling):
    import chainer
    import chainer.exporters
    with pytest.raises(compat.ChainerModuleNotAvailable,
                       match=r'chainer\.exporters\.caffe is not available in kusari: .*README'
                       ) as info:
        exec(spelling, {'chainer': chainer})
    assert info.value.name == 'chainer.exporters.caffe'
    assert 'caffe' not in dir(chainer.exporters)  # so that walking dir() meets no error


def test_known_gap_suggests_the_alternative(installed):
    with pytest.raises(ImportError, match=r'chainer\.exporters\.caffe is not available in '
                                          r'kusari: .*serializers\.save_npz'):
        import chainer.exporters.caffe  # NOQA


def test_missing_dependency_inside_kusari_surfaces(installed, tmp_path, monkeypatch):
    package = tmp_path / 'kusari_fake_counterpart'
    package.mkdir()
    (package / '__init__.py').write_text('')
    (package / 'needs_dep.py').write_text('import no_such_dependency_kusari_test\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(_finder._ALIASES, 'chainer.fake', ('kusari_fake_counterpart',))
    with pytest.raises(ModuleNotFoundError) as info:
        import chainer.fake.needs_dep  # noqa: F401 - the import is what is tested
    assert not isinstance(info.value, compat.ChainerModuleNotAvailable)
    assert info.value.name == 'no_such_dependency_kusari_test'
    for name in ('kusari_fake_counterpart', 'kusari_fake_counterpart.needs_dep'):
        sys.modules.pop(name, None)


def test_install_is_idempotent(installed):
    compat.install()
    assert sum(isinstance(f, _finder.ChainerFinder) for f in sys.meta_path) == 1
    assert isinstance(sys.meta_path[0], _finder.ChainerFinder)


def test_install_refuses_a_real_chainer(monkeypatch):
    monkeypatch.setitem(sys.modules, 'chainer', types.ModuleType('chainer'))
    with pytest.raises(RuntimeError, match='real Chainer is already imported'):
        compat.install()
    assert not compat.is_installed()


def test_uninstall_forgets_chainer_names():
    compat.install()
    import chainer.utils  # noqa: F401 - the import is what is tested
    compat.uninstall()
    assert not compat.is_installed()
    assert 'chainer' not in sys.modules and 'chainer.utils' not in sys.modules
    assert sys.modules['kusari.utils'] is kusari.utils


@pytest.mark.parametrize('name, expected', [
    ('chainer', ('kusari',)),
    ('chainer.links.model.classifier', ('kusari.links.model.classifier',)),
    ('chainer.cuda', ('kusari.cuda', 'kusari.backends.cuda')),
    ('chainermn.links', ('kusari.distributed.links',)),
    ('chainerx', ('kusari.compat.chainerx',)),
    ('chainerx.testing', ('kusari.compat.chainerx.testing',)),
    ('onnx_chainer.export', ('kusari.onnx.export',)),
    ('chainercv', None),
    ('chainer_utils', None),
    ('numpy', None),
])
def test_name_translation(name, expected):
    assert _finder._candidates(name) == expected


def test_import_counterpart_rejects_other_names():
    with pytest.raises(ValueError, match='not a Chainer module name'):
        _finder.import_counterpart('numpy')


def test_chainermn_submodules_resolve(installed):
    pytest.importorskip('kusari.distributed')
    import chainermn.communicators._memory_utility as utility
    import chainermn.testing
    from chainermn import nccl
    assert utility is importlib.import_module(
        'kusari.distributed.communicators._memory_utility')
    assert chainermn.testing.get_device().name == '@numpy'
    assert nccl._available in (True, False)
    with pytest.raises(compat.ChainerModuleNotAvailable,
                       match=r'chainermn\.no_such_module is not available in kusari: ChainerMN '
                             r'maps to kusari\.distributed, which has no counterpart of it'):
        import chainermn.no_such_module  # noqa: F401 - the import is what is tested


def test_importing_a_submodule_keeps_what_its_package_holds_under_its_name(installed):
    # tabular.from_data is a function, defined in the module tabular.from_data; importing
    # the module by Chainer's name must not rebind the package's name to the module.
    module = importlib.import_module('chainer.dataset.tabular.from_data')
    import chainer.dataset.tabular as tabular
    assert tabular.from_data is module.from_data is kusari.dataset.tabular.from_data
    assert callable(tabular.from_data)
