"""safetensors: kusari's files read back bit-exact by the official readers (NumPy and
PyTorch), Trainer snapshots, and PyTorch state_dicts loaded into the equivalent links.

(Round trips, bad targets and damaged files are checked beside NPZ and HDF5 in
test_npz.py and tests/reliability/test_untrusted_files.py.)
"""

import io

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import datasets, iterators, optimizers, serializers, training
from kusari.serializers._common import SerializationError
from kusari.training import extensions

rng = numpy.random.default_rng(30)


def awkward_arrays():
    """Arrays whose memory is not plain C order, and every dtype safetensors has."""
    base = rng.standard_normal((6, 8))
    arrays = {
        'fortran': numpy.asfortranarray(base),
        'sliced': base[1::2, ::-3],
        'transposed_f16': base.T.astype(numpy.float16),
        'big_endian': base.astype('>f4'),
        'scalar': numpy.array(2.5),
        'empty': numpy.zeros((0, 3), numpy.float32),
        'bool': base > 0,
    }
    for dtype in ('u1', 'i1', 'u2', 'i2', 'u4', 'i4', 'u8', 'i8'):
        arrays[dtype] = (base * 50).astype(dtype)[::2, 1::3]
    return arrays


def native_c_order(array):
    return numpy.array(array, array.dtype.newbyteorder('='), order='C')


def test_official_numpy_reader_reads_kusari_files_bit_exact(tmp_path):
    safetensors_numpy = pytest.importorskip('safetensors.numpy')
    arrays = awkward_arrays()
    serializers.save_safetensors(tmp_path / 'a.safetensors', arrays)
    read = safetensors_numpy.load_file(tmp_path / 'a.safetensors')
    assert read.keys() == arrays.keys()
    for name, array in arrays.items():
        expected = native_c_order(array)
        assert read[name].dtype == expected.dtype and read[name].shape == expected.shape, name
        assert read[name].tobytes() == expected.tobytes(), name


def test_official_torch_reader_reads_kusari_files_bit_exact(tmp_path):
    pytest.importorskip('safetensors')
    torch = pytest.importorskip('torch')
    from safetensors.torch import load_file
    arrays = {name: a for name, a in awkward_arrays().items() if name not in ('u2', 'u4', 'u8')}
    serializers.save_safetensors(tmp_path / 'a.safetensors', arrays)
    read = load_file(tmp_path / 'a.safetensors')
    for name, array in arrays.items():
        expected = torch.from_numpy(native_c_order(array))
        assert read[name].dtype == expected.dtype and torch.equal(read[name], expected), name


def test_files_of_the_official_writer_load_when_asked_for(tmp_path):
    safetensors_numpy = pytest.importorskip('safetensors.numpy')
    link = L.Linear(3, 2)
    safetensors_numpy.save_file({'W': numpy.ones((2, 3), numpy.float32),
                                 'b': numpy.arange(2, dtype=numpy.float32)},
                                tmp_path / 'other.safetensors')
    with pytest.raises(SerializationError, match='other.safetensors.*no kusari checksums'):
        serializers.load_safetensors(tmp_path / 'other.safetensors', link)
    serializers.load_safetensors(tmp_path / 'other.safetensors', link, verify=False)
    numpy.testing.assert_array_equal(link.W.array, numpy.ones((2, 3)))
    numpy.testing.assert_array_equal(link.b.array, [0, 1])


def test_values_safetensors_cannot_hold_are_refused_on_saving(tmp_path):
    with pytest.raises(SerializationError, match="'z' has dtype complex128"):
        serializers.save_safetensors(tmp_path / 'c.safetensors', {'z': numpy.ones(2) * 1j})
    assert not (tmp_path / 'c.safetensors').exists()


def make_trainer(out, iterations):
    data_rng = numpy.random.RandomState(0)
    x = data_rng.randn(16, 3).astype(numpy.float32)
    t = (x[:, 0] > 0).astype(numpy.int32)
    numpy.random.seed(0)
    model = L.Classifier(L.Linear(3, 2))
    optimizer = optimizers.Adam().setup(model)
    trainer = training.Trainer(training.updaters.StandardUpdater(
        iterators.SerialIterator(datasets.TupleDataset(x, t), 4), optimizer),
        (iterations, 'iteration'), out=str(out))
    trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
    return trainer


def test_trainer_snapshot_resumes_bit_identically(tmp_path):
    straight = make_trainer(tmp_path / 'straight', 6)
    straight.run()
    first = make_trainer(tmp_path / 'first', 3)
    first.extend(extensions.snapshot(filename='snapshot.safetensors',
                                     savefun=serializers.save_safetensors),
                 trigger=(3, 'iteration'))
    first.run()
    resumed = make_trainer(tmp_path / 'resumed', 6)
    serializers.load_safetensors(tmp_path / 'first' / 'snapshot.safetensors', resumed)
    assert resumed.updater.iteration == 3
    assert len(resumed.get_extension('LogReport').log) == 3
    resumed.run()
    for (name, a), (_, b) in zip(straight.updater.get_optimizer('main').target.namedparams(),
                                 resumed.updater.get_optimizer('main').target.namedparams()):
        numpy.testing.assert_array_equal(a.array, b.array, err_msg=name)


# -- PyTorch state_dicts ---------------------------------------------------------------------

@pytest.fixture
def torch():
    pytest.importorskip('safetensors')
    return pytest.importorskip('torch')


def save_state(torch, module, path):
    from safetensors.torch import save_file
    with torch.no_grad():  # distinct values everywhere, the statistics included
        for tensor in module.state_dict().values():
            if tensor.is_floating_point():
                tensor.copy_(torch.rand(tensor.shape, dtype=tensor.dtype) + 0.5)
    save_file(module.state_dict(), path)


def numbered(*links):
    chain = kusari.Chain()
    for i, link in enumerate(links):
        chain.add_link(str(i), link)
    return chain


def test_torch_cnn_loads_into_kusari_links(torch, tmp_path):
    module = torch.nn.Sequential(
        torch.nn.Conv2d(2, 4, 3, padding=1), torch.nn.BatchNorm2d(4), torch.nn.ReLU(),
        torch.nn.Flatten(), torch.nn.Linear(4 * 5 * 5, 3)).eval()
    module.state_dict()['1.num_batches_tracked'].fill_(7)
    save_state(torch, module, tmp_path / 'cnn.safetensors')
    chain = numbered(L.Convolution2D(2, 4, 3, pad=1), L.BatchNormalization(4, eps=1e-5))
    chain.add_link('4', L.Linear(4 * 5 * 5, 3))
    serializers.load_safetensors(tmp_path / 'cnn.safetensors', chain, layout='torch')
    assert chain['1'].N == 7
    x = rng.standard_normal((2, 2, 5, 5)).astype(numpy.float32)
    with kusari.using_config('train', False):
        y = chain['4'](F.relu(chain['1'](chain['0'](x))))
    expected = module(torch.from_numpy(x)).detach().numpy()
    numpy.testing.assert_allclose(y.array, expected, atol=1e-5, rtol=1e-5)


def test_torch_embedding_loads_into_embed_id(torch, tmp_path):
    module = torch.nn.Sequential(torch.nn.Embedding(10, 4))
    save_state(torch, module, tmp_path / 'e.safetensors')
    chain = numbered(L.EmbedID(10, 4))
    serializers.load_safetensors(tmp_path / 'e.safetensors', chain, layout='torch')
    ids = numpy.array([3, 9, 0])
    numpy.testing.assert_allclose(chain['0'](ids).array,
                                  module(torch.from_numpy(ids)).detach().numpy(), atol=1e-5)


@pytest.mark.parametrize('kind', ['LSTMCell', 'LSTM'])
def test_torch_lstm_loads_into_kusari_lstm(torch, tmp_path, kind):
    module = torch.nn.Sequential(getattr(torch.nn, kind)(3, 5))
    save_state(torch, module, tmp_path / 'lstm.safetensors')
    chain = numbered(L.LSTM(3, 5))
    serializers.load_safetensors(tmp_path / 'lstm.safetensors', chain, layout='torch')
    xs = rng.standard_normal((4, 2, 3)).astype(numpy.float32)  # time, batch, features
    ys = [chain['0'](x).array for x in xs]
    if kind == 'LSTM':
        expected = module[0](torch.from_numpy(xs))[0].detach().numpy()
    else:
        h = c = torch.zeros(2, 5)
        expected = []
        for x in xs:
            h, c = module[0](torch.from_numpy(x), (h, c))
            expected.append(h.detach().numpy())
    numpy.testing.assert_allclose(numpy.stack(ys), numpy.stack(expected), atol=1e-5)


def test_torch_file_of_another_model_is_refused_whole(torch, tmp_path):
    module = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 2))
    save_state(torch, module, tmp_path / 'm.safetensors')
    chain = numbered(L.Linear(3, 4), L.Linear(4, 3))  # the second one is too wide
    before = {name: p.array.copy() for name, p in chain.namedparams()}
    with pytest.raises(SerializationError, match=r"m\.safetensors.*'1/W' has shape"):
        serializers.load_safetensors(tmp_path / 'm.safetensors', chain, layout='torch')
    for name, p in chain.namedparams():
        numpy.testing.assert_array_equal(p.array, before[name], err_msg=name)
    with pytest.raises(KeyError, match=r"m\.safetensors.*no entry '2/W'"):
        serializers.load_safetensors(tmp_path / 'm.safetensors',
                                     numbered(L.Linear(3, 4), L.Linear(4, 2), L.Linear(2, 2)),
                                     layout='torch')


def test_bfloat16_tensors_load_exactly_as_float32(torch, tmp_path):
    module = torch.nn.Sequential(torch.nn.Linear(3, 2)).to(torch.bfloat16)
    save_state(torch, module, tmp_path / 'bf16.safetensors')
    chain = numbered(L.Linear(3, 2))
    serializers.load_safetensors(tmp_path / 'bf16.safetensors', chain, layout='torch')
    numpy.testing.assert_array_equal(chain['0'].W.array, module[0].weight.float().detach().numpy())


def test_file_objects_round_trip():
    source, target = L.Linear(3, 2), L.Linear(3, 2)
    buffer = io.BytesIO()
    serializers.save_safetensors(buffer, source)
    buffer.seek(0)
    serializers.load_safetensors(buffer, target)
    numpy.testing.assert_array_equal(target.W.array, source.W.array)
    assert not buffer.closed  # the caller's file stays open
