"""Top-level names of kusari (chainer/__init__.py's), including the version Chainer code sees."""

import io

import numpy

import kusari
from kusari import compat


def test_chainer_programs_see_chainer_7_as_the_version():
    assert kusari.__version__ == '7.8.1' and kusari.kusari_version
    compat.install()
    try:
        import chainer
        assert chainer.__version__ == '7.8.1'
        assert tuple(int(p) for p in chainer.__version__.split('.')) >= (5,)
        import chainermn
        assert chainermn.__version__ == chainer.__version__  # part of Chainer 7
    finally:
        compat.uninstall()


def test_runtime_info_names_the_versions():
    out = io.StringIO()
    kusari.print_runtime_info(out)
    text = out.getvalue()
    assert 'Chainer: 7.8.1 (kusari {})'.format(kusari.kusari_version) in text
    assert 'NumPy: ' + numpy.__version__ in text
    from kusari import _runtime_info
    assert text == str(_runtime_info._get_runtime_info())


def test_array_helpers_hooks_and_sentinels():
    assert kusari.is_arrays_compatible([numpy.ones(1), None, numpy.zeros(2)])
    assert kusari.is_arrays_compatible([])
    assert numpy.ndarray in kusari.get_array_types()
    assert kusari.get_function_hooks() == {} and kusari._get_link_hooks() == {}
    assert repr(kusari.Fallback) == 'Fallback'
    with kusari.using_config('compute_mode', 'cudnn_fast'):
        assert kusari.get_compute_mode() == 'cudnn_fast'
    assert kusari.should_use_cudnn('>=auto') is False  # no cuDNN on the CPU
    assert issubclass(kusari.Link, kusari.DeviceResident)
