"""The fake CuPy refuses what real CuPy refuses (one test per rule)."""

import numpy
import pytest

from tests.gpu import fake_cupy
from tests.gpu.fake_cupy import cupy


def device_array(*shape):
    return cupy.arange(int(numpy.prod(shape)), dtype=numpy.float32).reshape(shape)


def test_the_name_list_is_real_cupys():
    assert fake_cupy.API['version'].split('.')[0] in ('13', '14')
    assert fake_cupy.API['ndarray']['get']['params'][:3] == ['stream', 'order', 'out']
    assert fake_cupy.API['modules']['cupy']['add'] == 'ufunc'


def test_implicit_conversion_to_numpy_is_a_type_error():
    x = device_array(2, 3)
    def concatenate(a):
        return numpy.concatenate([a, numpy.ones((1, 3))])

    for convert in (numpy.asarray, numpy.array, concatenate):
        with pytest.raises(TypeError):
            convert(x)


def test_float_of_an_array_of_many_elements_is_a_type_error():
    with pytest.raises(TypeError):
        float(device_array(3))
    assert float(device_array(1).sum()) == 0.0  # 0-d: an explicit copy, allowed


def test_mixing_with_a_host_array_is_a_type_error():
    x = device_array(3)
    for mix in (lambda: x + numpy.ones(3), lambda: numpy.ones(3) * x,
                lambda: cupy.maximum(x, numpy.zeros(3)), lambda: cupy.dot(x, numpy.ones(3))):
        with pytest.raises(TypeError, match='Unsupported type'):
            mix()


def test_python_sequences_are_not_arrays_of_cupy_functions():
    with pytest.raises(TypeError, match='takes a device array'):
        cupy.prod((2, 3))


@pytest.mark.parametrize('reduce', [lambda x: x.sum(), lambda x: cupy.sum(x), lambda x: x.max(),
                                    lambda x: cupy.mean(x), lambda x: x[1, 2],
                                    lambda x: cupy.linalg.norm(x)])
def test_reductions_and_scalar_indexing_give_0d_device_arrays(reduce):
    result = reduce(device_array(2, 3))
    assert isinstance(result, cupy.ndarray) and result.ndim == 0


@pytest.mark.parametrize('module, name', [(cupy, 'errstate'), (cupy, 'nditer'),
                                          (cupy, 'seterr'), (cupy.random, 'default_rng_x'),
                                          (cupy.linalg, 'matrix_transpose_x')])
def test_module_names_cupy_lacks_are_attribute_errors(module, name):
    with pytest.raises(AttributeError, match='lacks it'):
        getattr(module, name)


@pytest.mark.parametrize('name', ['resize', 'newbyteorder', 'getfield', 'setflags', 'tostring'])
def test_ndarray_methods_cupy_lacks_are_attribute_errors(name):
    with pytest.raises(AttributeError, match='cupy.ndarray'):
        getattr(device_array(2), name)


@pytest.mark.parametrize('call', [
    lambda x: cupy.sum(x, initial=0), lambda x: x.sum(where=True), lambda x: x.max(initial=0),
    lambda x: cupy.add(x, x, where=True), lambda x: cupy.exp(x, order='C'),
    lambda x: cupy.zeros(3, like=x)])
def test_keywords_cupy_lacks_are_type_errors(call):
    with pytest.raises(TypeError, match='unexpected keyword argument'):
        call(device_array(2, 3))


def test_keywords_cupy_has_are_accepted():
    x = device_array(2, 3)
    assert x.sum(axis=1, keepdims=True).shape == (2, 1)
    assert cupy.add(x, 1, dtype=numpy.float64).dtype == numpy.float64
    assert cupy.random.normal(size=(2,), dtype=numpy.float32).dtype == numpy.float32


def test_device_arithmetic_raises_no_floating_point_warnings():
    zero = cupy.zeros(2)
    assert fake_cupy.asnumpy(cupy.isnan(zero / zero)).all()
