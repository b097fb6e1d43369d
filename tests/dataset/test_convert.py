import pickle

import numpy
import pytest

import kusari
from kusari import backend
from kusari.dataset import convert
from kusari.dataset import concat_examples
from kusari.dataset import ConcatWithAsyncTransfer
from kusari.dataset import Converter
from kusari.dataset import converter
from kusari.dataset import to_device


def test_tuple_examples_become_tuple_of_stacked_arrays():
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    y = numpy.array([1, 2, 3], dtype=numpy.int32)
    out = concat_examples([(x[i], y[i]) for i in range(3)])
    assert isinstance(out, tuple) and len(out) == 2
    numpy.testing.assert_array_equal(out[0], x)
    numpy.testing.assert_array_equal(out[1], y)
    assert out[0].dtype == numpy.float32 and out[1].dtype == numpy.int32


def test_dict_examples_become_dict_of_arrays():
    batch = [{'a': numpy.full(2, i), 'b': i * 10} for i in range(3)]
    out = concat_examples(batch)
    assert set(out) == {'a', 'b'}
    numpy.testing.assert_array_equal(out['a'], [[0, 0], [1, 1], [2, 2]])
    numpy.testing.assert_array_equal(out['b'], [0, 10, 20])


def test_single_arrays_and_python_values():
    numpy.testing.assert_array_equal(concat_examples([numpy.ones(2), numpy.zeros(2)]),
                                     [[1, 1], [0, 0]])
    out = concat_examples([([1, 2], 1), ([3, 4], 2)])
    numpy.testing.assert_array_equal(out[0], [[1, 2], [3, 4]])
    numpy.testing.assert_array_equal(out[1], [1, 2])


def test_padding_scalar_tuple_and_dict():
    out = concat_examples([numpy.array([1, 2]), numpy.array([3]), numpy.array([], int)],
                          padding=100)
    numpy.testing.assert_array_equal(out, [[1, 2], [3, 100], [100, 100]])

    z = [(numpy.array([1, 2]), numpy.array([0])),
         (numpy.array([3]), numpy.zeros(0, int)),
         (numpy.zeros(0, int), numpy.array([2]))]
    a, b = concat_examples(z, padding=(100, 200))
    numpy.testing.assert_array_equal(a, [[1, 2], [3, 100], [100, 100]])
    numpy.testing.assert_array_equal(b, [[0], [200], [2]])

    d = concat_examples([{'x': numpy.ones((1, 2))}, {'x': numpy.ones((2, 1))}],
                        padding={'x': -1})
    numpy.testing.assert_array_equal(d['x'], [[[1, 1], [-1, -1]], [[1, -1], [1, -1]]])


def test_padding_keeps_the_first_examples_dtype():
    out = concat_examples([numpy.array([1.5], numpy.float32), numpy.zeros(2, numpy.float32)],
                          padding=0)
    assert out.dtype == numpy.float32 and out.shape == (2, 2)


def test_shape_mismatch_error_names_position_and_shapes():
    batch = [(numpy.zeros(3), 0), (numpy.zeros(3), 1), (numpy.zeros((4,)), 2)]
    with pytest.raises(ValueError) as info:
        concat_examples(batch)
    message = str(info.value)
    assert 'tuple position 0' in message
    assert '(3,)' in message and '(4,)' in message and 'example 2' in message
    assert 'padding' in message


def test_shape_mismatch_error_names_dict_key():
    with pytest.raises(ValueError, match="key 'img'.*\\(2, 2\\).*\\(2, 3\\)"):
        concat_examples([{'img': numpy.zeros((2, 2))}, {'img': numpy.zeros((2, 3))}])


def test_padding_with_different_ndim_is_a_clear_error():
    with pytest.raises(ValueError, match='numbers of dimensions'):
        concat_examples([numpy.zeros(2), numpy.zeros((2, 2))], padding=0)


def test_ragged_python_lists_are_a_clear_error():
    with pytest.raises(ValueError, match='concat_examples'):
        concat_examples([[1, 2], [3]])


def test_empty_batch():
    with pytest.raises(ValueError, match='batch is empty'):
        concat_examples([])


def test_wrong_length_padding_tuple():
    with pytest.raises(ValueError, match='padding has 3 entries'):
        concat_examples([(numpy.zeros(1), numpy.zeros(1))], padding=(0, 0, 0))


@pytest.mark.parametrize('device', [-1, '@numpy', backend.CpuDevice()])
def test_cpu_device_specifiers(device):
    out = concat_examples([(numpy.zeros(2), 1)], device)
    assert isinstance(out[0], numpy.ndarray)
    out = concat_examples([(numpy.zeros(2), 1)], device=device)
    assert isinstance(out[1], numpy.ndarray)


def test_to_device():
    x = numpy.arange(3)
    assert to_device(None, x) is x
    numpy.testing.assert_array_equal(to_device(-1, x), x)
    out = to_device('@numpy', (x, [x]))
    assert isinstance(out, tuple) and out[1][0] is x
    with pytest.raises(ValueError, match='device'):
        to_device('@tpu', x)


def test_concat_examples_is_a_converter_with_its_doc():
    assert isinstance(concat_examples, Converter)
    assert 'Concatenates a list of examples' in concat_examples.__doc__


def test_converter_decorator_normalizes_device():
    received = []

    @converter()
    def my_converter(batch, device):
        received.append(device)
        return device.send(numpy.asarray(batch)) if device is not None else batch

    assert isinstance(my_converter, Converter)
    out = my_converter([1, 2], -1)
    assert isinstance(out, numpy.ndarray)
    my_converter([1], device='@numpy')
    assert my_converter([3], None) == [3]
    assert isinstance(received[0], backend.CpuDevice)
    assert isinstance(received[1], backend.CpuDevice)
    assert received[2] is None


def test_converter_decorator_rejects_non_callable():
    with pytest.raises(TypeError, match='callable'):
        converter()(42)


def test_call_converter_new_and_old_style():
    cpu = backend.CpuDevice()
    seen = []

    def old_style(batch, device):
        seen.append(device)
        return batch

    convert._call_converter(old_style, [1], cpu)
    convert._call_converter(old_style, [1], None)
    assert seen == [-1, None]

    @converter()
    def new_style(batch, device):
        seen.append(device)
        return batch

    convert._call_converter(new_style, [1], cpu)
    assert seen[-1] is cpu


def test_base_converter_must_be_implemented():
    with pytest.raises(NotImplementedError):
        Converter()([1], None)


def test_concat_with_async_transfer_on_cpu_equals_concat_examples():
    batch = [(numpy.arange(3) + i, i) for i in range(4)]
    conv = ConcatWithAsyncTransfer()
    for device in (None, -1):
        out = conv(batch, device)
        expected = concat_examples(batch)
        for a, b in zip(out, expected):
            numpy.testing.assert_array_equal(a, b)
    padded = conv([numpy.zeros(1), numpy.zeros(2)], None, padding=7)
    numpy.testing.assert_array_equal(padded, [[0, 7], [0, 0]])


def _gpu_available():
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


@pytest.mark.gpu
@pytest.mark.skipif(not _gpu_available(), reason='needs CuPy and a GPU')
@pytest.mark.parametrize('with_compute_stream', [False, True])
def test_concat_with_async_transfer_on_gpu(with_compute_stream):
    import cupy
    compute = cupy.cuda.Stream() if with_compute_stream else None
    conv = ConcatWithAsyncTransfer(compute_stream=compute)
    for step in range(3):
        batch = [(numpy.full((2, 3), step * 10 + i, numpy.float32), i) for i in range(5)]
        x, t = conv(batch, 0)
        assert isinstance(x, cupy.ndarray) and x.device.id == 0
        if compute is not None:
            compute.synchronize()
        numpy.testing.assert_array_equal(x.get(), concat_examples(batch)[0])
        numpy.testing.assert_array_equal(t.get(), numpy.arange(5))
    if cupy.cuda.runtime.getDeviceCount() > 1:
        with pytest.raises(ValueError, match='first used'):
            conv(batch, 1)


@pytest.mark.gpu
@pytest.mark.skipif(not _gpu_available(), reason='needs CuPy and a GPU')
def test_concat_examples_to_gpu():
    import cupy
    out = concat_examples([(numpy.ones(2), 1)], 0)
    assert isinstance(out[0], cupy.ndarray)
    padded = concat_examples([cupy.ones(1), cupy.ones(2)], padding=0)
    assert isinstance(padded, cupy.ndarray)
    numpy.testing.assert_array_equal(padded.get(), [[1, 0], [1, 1]])


def test_kusari_exposes_dataset_module():
    assert kusari.dataset.concat_examples is concat_examples


def _double(batch, device):
    return [2 * x for x in batch]


def test_converters_pickle():
    assert pickle.loads(pickle.dumps(concat_examples)) is concat_examples
    wrapped = converter()(_double)  # not bound to its function's module name
    copy = pickle.loads(pickle.dumps(wrapped))
    assert isinstance(copy, Converter) and copy([1, 2], None) == [2, 4]
