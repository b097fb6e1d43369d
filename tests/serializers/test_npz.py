"""NPZ (and HDF5, safetensors) serialization: round trips, exact resumption, and bad files."""

import io
import os

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import optimizers, serializers
from kusari.serializers._common import SerializationError


class MLP(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, 5)
            self.l2 = L.Linear(5, 3)
        self.add_persistent('steps', 0)

    def forward(self, x):
        return self.l2(F.tanh(self.l1(x)))


def make_data(seed=0):
    rng = numpy.random.RandomState(seed)
    return rng.randn(12, 4).astype(numpy.float32), rng.randint(0, 3, 12).astype(numpy.int32)


def train(model, optimizer, x, t, steps):
    for _ in range(steps):
        optimizer.update(model, x, t)


@pytest.fixture(params=['npz', 'hdf5', 'safetensors'])
def fmt(request):
    if request.param == 'hdf5':
        pytest.importorskip('h5py')
    return request.param


def save(fmt, path, obj):
    getattr(serializers, 'save_' + fmt)(path, obj)


def load(fmt, file, obj, **kwargs):
    getattr(serializers, 'load_' + fmt)(file, obj, **kwargs)


def test_resume_mid_training_is_bit_identical(tmp_path, fmt):
    x, t = make_data()
    numpy.random.seed(1)
    model = L.Classifier(MLP())
    opt = optimizers.Adam().setup(model)
    train(model, opt, x, t, 3)
    save(fmt, tmp_path / 'model', model)
    save(fmt, tmp_path / 'opt', opt)
    train(model, opt, x, t, 4)

    numpy.random.seed(2)  # different initial values: everything must come from the files
    resumed = L.Classifier(MLP())
    opt2 = optimizers.Adam().setup(resumed)
    load(fmt, tmp_path / 'model', resumed)
    load(fmt, tmp_path / 'opt', opt2)
    assert opt2.t == 3
    train(resumed, opt2, x, t, 4)
    for (name, a), (_, b) in zip(model.namedparams(), resumed.namedparams()):
        numpy.testing.assert_array_equal(a.array, b.array, err_msg=name)


def test_uninitialized_parameter_round_trip(tmp_path, fmt):
    model = MLP()
    save(fmt, tmp_path / 'm', model)
    other = MLP()
    load(fmt, tmp_path / 'm', other)
    assert other.l1.W.array is None
    model(numpy.ones((1, 4), numpy.float32))
    save(fmt, tmp_path / 'm2', model)
    load(fmt, tmp_path / 'm2', other)  # lazily initialized from the file's shape
    numpy.testing.assert_array_equal(other.l1.W.array, model.l1.W.array)


def test_persistent_scalars_round_trip(tmp_path, fmt):
    model = MLP()
    model.steps = 7
    save(fmt, tmp_path / 'm', model)
    other = MLP()
    load(fmt, tmp_path / 'm', other)
    assert other.steps == 7 and isinstance(other.steps, int)


def test_wrong_model_is_a_clear_error_and_leaves_target_untouched(tmp_path, fmt):
    model = MLP()
    model(numpy.ones((1, 4), numpy.float32))
    save(fmt, tmp_path / 'm', model)
    other = kusari.Chain()
    with other.init_scope():
        other.l1 = L.Linear(4, 5)
        other.l2 = L.Linear(5, 7)  # wrong shape
    other.add_persistent('steps', 0)
    before = [p.array.copy() for p in other.params()]
    with pytest.raises(SerializationError, match=r"l2/W.*\(3, 5\).*\(7, 5\)"):
        load(fmt, tmp_path / 'm', other)
    for p, b in zip(other.params(), before):
        numpy.testing.assert_array_equal(p.array, b)  # all or nothing


def test_missing_key_strict_and_non_strict(tmp_path, fmt):
    small = kusari.Chain()
    with small.init_scope():
        small.l1 = L.Linear(4, 5)
    save(fmt, tmp_path / 'm', small)
    model = MLP()
    model(numpy.ones((1, 4), numpy.float32))
    with pytest.raises(KeyError, match='no entry .steps.'):
        load(fmt, tmp_path / 'm', model)
    before = model.l2.W.array.copy()
    load(fmt, tmp_path / 'm', model, strict=False)
    numpy.testing.assert_array_equal(model.l1.W.array, small.l1.W.array)
    numpy.testing.assert_array_equal(model.l2.W.array, before)


def test_npz_object_arrays_are_refused_without_unpickling(tmp_path):
    path = tmp_path / 'evil.npz'
    model = L.Linear(2, 2)
    numpy.savez(path, W=numpy.array([{'x': 1}, None], dtype=object), b=numpy.zeros(2))
    before = model.W.array.copy()
    with pytest.raises(SerializationError, match="'W'.*object.*never loads"):
        serializers.load_npz(path, model)
    numpy.testing.assert_array_equal(model.W.array, before)


@pytest.mark.parametrize('damage', ['truncate', 'garbage', 'empty'])
def test_npz_damaged_files_name_the_file(tmp_path, damage):
    model = L.Linear(3, 2)
    path = tmp_path / 'm.npz'
    serializers.save_npz(path, model)
    data = path.read_bytes()
    path.write_bytes({'truncate': data[:len(data) // 2], 'garbage': os.urandom(200),
                      'empty': b''}[damage])
    other = L.Linear(3, 2)
    before = other.W.array.copy()
    with pytest.raises(SerializationError, match='m.npz'):
        serializers.load_npz(path, other)
    numpy.testing.assert_array_equal(other.W.array, before)


def test_npz_huge_declared_shape_is_rejected_before_reading(tmp_path):
    path = tmp_path / 'huge.npz'
    numpy.savez(path, W=numpy.zeros((2, 3), numpy.float32), b=numpy.zeros(2, numpy.float32))
    model = L.Linear(3, 2)
    serializers.load_npz(path, model)
    numpy.savez(path, W=numpy.zeros((1, 1), numpy.float32), b=numpy.zeros(2, numpy.float32))
    with pytest.raises(SerializationError, match=r"'W' has shape \(1, 1\)"):
        serializers.load_npz(path, model)


def test_save_npz_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / 'snap.npz'
    model = L.Linear(3, 2)
    serializers.save_npz(path, model)
    good = path.read_bytes()

    def failing_savez(f, **arrays):
        f.write(b'partial')
        raise OSError('disk full')

    monkeypatch.setattr(numpy, 'savez_compressed', failing_savez)
    with pytest.raises(OSError, match='disk full'):
        serializers.save_npz(path, model)
    assert path.read_bytes() == good
    assert os.listdir(tmp_path) == ['snap.npz']  # no temporary file left behind


def test_npz_file_objects_and_path_and_ignore_names(tmp_path):
    model = MLP()
    model(numpy.ones((1, 4), numpy.float32))
    buf = io.BytesIO()
    serializers.save_npz(buf, model, compression=False)
    buf.seek(0)
    wrapper = kusari.Chain()
    with wrapper.init_scope():
        wrapper.inner = MLP()
    target = wrapper.inner
    serializers.load_npz(buf, target, ignore_names=['l2/b'])
    numpy.testing.assert_array_equal(target.l1.W.array, model.l1.W.array)
    assert not numpy.array_equal(target.l2.b.array, model.l2.b.array) or not model.l2.b.array.any()
    serializers.save_npz(tmp_path / 'w.npz', wrapper)
    fresh = MLP()
    serializers.load_npz(tmp_path / 'w.npz', fresh, path='inner/')
    numpy.testing.assert_array_equal(fresh.l1.W.array, target.l1.W.array)
    with numpy.load(tmp_path / 'w.npz') as npz:
        assert 'inner/l1/W' in npz.files
        again = MLP()
        serializers.NpzDeserializer(npz, path='inner/').load(again)
    numpy.testing.assert_array_equal(again.l2.W.array, target.l2.W.array)


def test_deserializer_reads_a_dict_as_chainer_does():
    model = MLP()
    model(numpy.ones((1, 4), numpy.float32))
    model.steps = 3
    target = serializers.npz.serialize(model)
    assert set(target) == {'l1/W', 'l1/b', 'l2/W', 'l2/b', 'steps'}
    other = MLP()
    serializers.NpzDeserializer(target).load(other)
    numpy.testing.assert_array_equal(other.l1.W.array, model.l1.W.array)
    assert other.steps == 3
    with pytest.raises(KeyError, match="dict: no entry 'x'"):
        serializers.NpzDeserializer({})('x', 0)


def test_stored_none_loads_as_none_and_dicts_save(tmp_path):
    serializers.save_npz(tmp_path / 'd.npz', {'w': numpy.asarray(None), 'z': numpy.arange(3)})
    with numpy.load(tmp_path / 'd.npz', allow_pickle=False) as npz:
        d = serializers.NpzDeserializer(npz)
        assert d('w', numpy.zeros(1)) is None
        numpy.testing.assert_array_equal(d('z', None), numpy.arange(3))


@pytest.mark.parametrize('stored, value', [(numpy.int64(-2 ** 60), numpy.uint32(5)),
                                           (numpy.float32(1.5), 5),
                                           (numpy.float64(1.5), numpy.float32(0))])
def test_number_loaded_into_a_scalar_only_by_a_safe_cast(stored, value):
    with pytest.raises(TypeError, match="'x' holds a .* cannot be safely loaded"):
        serializers.NpzDeserializer({'x': numpy.asarray(stored)})('x', value)
    assert serializers.NpzDeserializer({'x': numpy.asarray(-2 ** 60)})('x', 5) == -2 ** 60


class CountingChain(kusari.Chain):
    """Counts its serialize calls and the deserializer types it was given."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(4, 5)
        self.calls = []

    def serialize(self, serializer):
        self.calls.append(type(serializer).__name__)
        super().serialize(serializer)


def test_loading_calls_serialize_once_with_the_formats_deserializer(tmp_path, fmt):
    # as Chainer: code with side effects in serialize (counters, caches) runs once
    source = CountingChain()
    save(fmt, tmp_path / 'm', source)
    target = CountingChain()
    load(fmt, tmp_path / 'm', target)
    assert target.calls == ['HDF5Deserializer' if fmt == 'hdf5' else 'NpzDeserializer']
    numpy.testing.assert_array_equal(target.l1.W.array, source.l1.W.array)


def test_a_late_failure_puts_back_what_was_loaded_before_it(tmp_path, fmt):
    # l1 loads, then l2's shape fails: l1 gets its previous values back, also when the
    # file is read under a path prefix (npz) and the target has a part the file lacks
    parent = kusari.Chain()
    with parent.init_scope():
        parent.child = kusari.Chain()
        with parent.child.init_scope():
            parent.child.l1 = L.Linear(4, 5)
            parent.child.l2 = L.Linear(5, 3)
    save(fmt, tmp_path / 'm', parent)
    target = kusari.Chain()
    with target.init_scope():
        target.l1 = L.Linear(4, 5)
        target.l2 = L.Linear(5, 7)  # wrong shape
        target.extra = L.Linear(2, 2)  # not in the file
    before = {name: p.array.copy() for name, p in target.namedparams()}
    with pytest.raises(SerializationError, match='l2/W'):
        if fmt != 'hdf5':
            load(fmt, tmp_path / 'm', target, path='child/', strict=False)
        else:  # the same layout at the file's root
            save(fmt, tmp_path / 'm', parent.child)
            serializers.load_hdf5(tmp_path / 'm', target, strict=False)
    for name, p in target.namedparams():
        numpy.testing.assert_array_equal(p.array, before[name], err_msg=name)
