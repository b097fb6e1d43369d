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


def test_flags_hold_the_memory_layout_only():
    # CuPy's ndarray.flags (13, 14): c_contiguous, f_contiguous, owndata; no writeable
    flags = device_array(2, 3).T.flags
    assert (flags.c_contiguous, flags.f_contiguous, flags.owndata) == (False, True, False)
    assert flags['F_CONTIGUOUS'] and not hasattr(flags, 'writeable')
    with pytest.raises(KeyError):
        flags['WRITEABLE']


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


# -- kernels -----------------------------------------------------------------------

@fake_cupy.reference('fake_test_axpy')
def _axpy(a, x, y):
    return a * x + y


@fake_cupy.reference('fake_test_sqnorm')
def _sqnorm(x, axis, keepdims):
    return (x * x).sum(axis=axis, keepdims=keepdims)


@fake_cupy.reference('fake_test_scale')
def _scale(grid, block, args):
    x, y, n = args
    y[:n] = 2 * x[:n]


axpy = cupy.ElementwiseKernel('T a, T x, T y', 'T z', 'z = a * x + y', 'fake_test_axpy')
sqnorm = cupy.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = a', '0', 'fake_test_sqnorm')
scale = cupy.RawKernel('extern "C" __global__ void fake_test_scale(const float* x, float* y, '
                       'int n) { y[threadIdx.x] = 2 * x[threadIdx.x]; }', 'fake_test_scale')


def test_kernels_run_their_numpy_reference():
    x = device_array(2, 3)
    z = axpy(2, x, cupy.ones(3, dtype=numpy.float32))
    assert z.dtype == numpy.float32
    numpy.testing.assert_array_equal(fake_cupy.asnumpy(z), 2 * numpy.arange(6).reshape(2, 3) + 1)
    numpy.testing.assert_array_equal(fake_cupy.asnumpy(sqnorm(x, axis=1)), [5, 50])
    y = cupy.zeros(6, dtype=numpy.float32)
    scale((1,), (6,), (x.ravel(), y, numpy.int32(6)))
    numpy.testing.assert_array_equal(fake_cupy.asnumpy(y), 2 * numpy.arange(6))


@pytest.mark.parametrize('call', [
    lambda x: axpy(x, x), lambda x: axpy(x, x, x, x, x),
    lambda x: sqnorm(x, x), lambda x: scale((1,), (6,), (x, x))])
def test_kernels_check_the_argument_count(call):
    with pytest.raises(TypeError, match='Wrong number of arguments'):
        call(device_array(6))


@pytest.mark.parametrize('call', [
    lambda x: axpy(2, x, x.astype(numpy.float64)),
    lambda x: axpy(2, x, x, cupy.empty(6, dtype=numpy.float64)),
    lambda x: sqnorm(x, out=cupy.empty((), dtype=numpy.float64)),
    lambda x: scale((1,), (6,), (x.astype(numpy.float64), x, numpy.int32(6))),
    lambda x: scale((1,), (6,), (x, x, numpy.int64(6)))])
def test_kernels_check_the_argument_dtypes(call):
    with pytest.raises(TypeError):
        call(device_array(6))


def test_kernels_refuse_host_arrays_and_need_a_reference():
    x = device_array(6)
    with pytest.raises(TypeError, match='Unsupported type'):
        axpy(2, x, numpy.ones(6, dtype=numpy.float32))
    with pytest.raises(TypeError, match='takes a scalar'):
        scale((1,), (6,), (x, x, x))
    unknown = cupy.ElementwiseKernel('T x', 'T y', 'y = x', 'fake_test_unknown')
    with pytest.raises(NotImplementedError, match='fake_test_unknown'):
        unknown(x)


def test_kusari_kernel_helpers_build_the_fake_kernels():
    from kusari import cuda
    with fake_cupy.installed():
        kernel = cuda.elementwise('T a, T x, T y', 'T z', 'z = a * x + y', 'fake_test_axpy')
        assert isinstance(kernel, cupy.ElementwiseKernel)
        assert fake_cupy.asnumpy(kernel(1, device_array(2), device_array(2))).tolist() == [0, 2]
