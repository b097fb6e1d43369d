"""Untrusted files: load_npz / load_hdf5 / load_safetensors of damaged or hand-crafted files.

Every failure must be a clear error naming the file and the entry, and must leave the
target exactly as it was (all or nothing); nothing in a file is ever unpickled. A
load that succeeds despite damage (a flipped bit in a byte nobody reads) must give
exactly the saved values.
"""

import io
import json
import os
import pickle
import random
import zipfile

import numpy
import pytest

import kusari
import kusari.links as L
from kusari import optimizers, serializers
from kusari.serializers._common import SerializationError

FORMATS = ['npz', 'hdf5', 'safetensors']
# Damaged copies tried per format: a fast sample by default, many more under --slow=all.
FAST_CASES, SLOW_CASES = 120, 3000


def make_model(seed):
    """A classifier with distinct random values in every parameter and some optimizer state.

    Its arrays are larger than zipfile's 4 KiB read-ahead, so a damaged entry is only
    noticed once its data is read, not when its header is.
    """
    model = L.Classifier(kusari.Sequential(L.Linear(40, 32), L.Linear(32, 40)))
    rng = numpy.random.RandomState(seed)
    for param in model.params():
        param.array[...] = rng.randn(*param.shape)
    model.add_persistent('epochs_seen', seed + 1)
    return model


def state_of(obj):
    """Every value ``obj`` serializes, copied (to compare before and after a load)."""
    s = serializers.DictionarySerializer()
    s.save(obj)
    return {key: numpy.array(value) for key, value in s.target.items()}


def assert_same_state(actual, expected):
    assert actual.keys() == expected.keys()
    for key in expected:
        numpy.testing.assert_array_equal(actual[key], expected[key], err_msg=key)


def saver(fmt):
    if fmt == 'hdf5':
        pytest.importorskip('h5py')
        return serializers.save_hdf5, serializers.load_hdf5
    if fmt == 'safetensors':
        return serializers.save_safetensors, serializers.load_safetensors
    return serializers.save_npz, serializers.load_npz


def damaged_copies(data, count, seed):
    """``count`` damaged versions of ``data``: truncations and 1-4 random bit flips."""
    rng = random.Random(seed)
    for _ in range(count):
        if rng.random() < 0.25:
            yield 'truncated at {}'.format(cut := rng.randrange(len(data))), data[:cut]
        else:
            damaged = bytearray(data)
            positions = [rng.randrange(len(data)) for _ in range(rng.randint(1, 4))]
            for position in positions:
                damaged[position] ^= 1 << rng.randrange(8)
            yield 'bits flipped at {}'.format(positions), bytes(damaged)


def check_damaged_loads(fmt, tmp_path, count, seed):
    """Load ``count`` damaged copies of a saved model; returns how each load ended."""
    save, load = saver(fmt)
    saved = make_model(0)
    good = tmp_path / ('good.' + fmt)
    save(good, saved)
    expected = state_of(saved)
    path = tmp_path / ('damaged.' + fmt)
    outcomes = {'error': 0, 'loaded intact': 0}
    for what, data in damaged_copies(good.read_bytes(), count, seed):
        path.write_bytes(data)
        target = make_model(1)
        before = state_of(target)
        try:
            load(path, target)
        except (SerializationError, KeyError) as e:
            message = str(e)
            assert str(path) in message, '{}: error does not name the file: {}'.format(
                what, message)
            whole_file = 'not a readable' in message
            assert whole_file or "'" in message, '{}: error names no entry: {}'.format(
                what, message)
            assert_same_state(state_of(target), before)
            outcomes['error'] += 1
        else:  # the damage hit bytes that are never read
            assert_same_state(state_of(target), expected)
            outcomes['loaded intact'] += 1
    return outcomes


@pytest.mark.parametrize('fmt', FORMATS)
def test_damaged_files_fail_cleanly_or_load_intact(fmt, tmp_path):
    outcomes = check_damaged_loads(fmt, tmp_path, FAST_CASES, seed=0)
    assert outcomes['error'] > FAST_CASES // 3


@pytest.mark.slow
@pytest.mark.parametrize('fmt', FORMATS)
def test_many_damaged_files_fail_cleanly_or_load_intact(fmt, tmp_path):
    outcomes = check_damaged_loads(fmt, tmp_path, SLOW_CASES, seed=1)
    assert outcomes['error'] > SLOW_CASES // 3


@pytest.mark.parametrize('fmt', FORMATS)
def test_damage_in_a_late_entry_leaves_earlier_entries_untouched(fmt, tmp_path):
    """The data of every entry is read before the first one is copied."""
    save, load = saver(fmt)
    path = tmp_path / ('m.' + fmt)
    late = 'predictor/1/W'  # read after epochs_seen and predictor/0/*
    if fmt == 'npz':
        serializers.save_npz(path, make_model(0), compression=False)
        with zipfile.ZipFile(path) as z:
            info = z.getinfo(late + '.npy')
        # The last data byte: its damage shows only through the CRC at the member's end.
        position = info.header_offset + 30 + len(info.filename) + len(info.extra) \
            + info.compress_size - 1
    elif fmt == 'safetensors':
        save(path, make_model(0))
        data = path.read_bytes()
        header_size = int.from_bytes(data[:8], 'little')
        begin, end = json.loads(data[8:8 + header_size])[late]['data_offsets']
        position = 8 + header_size + (begin + end) // 2
    else:
        import h5py
        save(path, make_model(0))
        with h5py.File(path, 'r') as h5:
            chunk = h5[late].id.get_chunk_info(0)
        position = chunk.byte_offset + chunk.size // 2
    data = bytearray(path.read_bytes())
    data[position] ^= 0x10
    path.write_bytes(bytes(data))
    target = make_model(1)
    before = state_of(target)
    with pytest.raises(SerializationError, match=late):
        load(path, target)
    assert_same_state(state_of(target), before)


# -- hand-crafted NPZ files -------------------------------------------------------------

def npy_bytes(array=None, *, descr=None, shape=None, fortran_order=False, data=None):
    """An .npy file with a header that may lie about the data that follows."""
    if array is not None:
        buffer = io.BytesIO()
        numpy.save(buffer, array, allow_pickle=True)
        return buffer.getvalue()
    header = repr({'descr': descr, 'fortran_order': fortran_order, 'shape': shape})
    header = header.encode('latin1')
    padding = 64 - (10 + len(header) + 1) % 64
    header += b' ' * padding + b'\n'
    return b'\x93NUMPY\x01\x00' + len(header).to_bytes(2, 'little') + header + (data or b'')


def write_npz(path, members):
    with zipfile.ZipFile(path, 'w') as z:
        for name, data in members.items():
            z.writestr(name + '.npy', data)


def linear_members(in_size=3, out_size=2):
    rng = numpy.random.RandomState(5)
    return {'W': npy_bytes(rng.randn(out_size, in_size).astype(numpy.float32)),
            'b': npy_bytes(rng.randn(out_size).astype(numpy.float32))}


class _WritesMarker:
    """Unpickling this creates a file: proof that a loader unpickled something."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return open, (self.path, 'w')


def load_crafted(tmp_path, members, target):
    path = tmp_path / 'crafted.npz'
    write_npz(path, members)
    before = state_of(target)
    with pytest.raises((SerializationError, KeyError)) as info:
        serializers.load_npz(path, target)
    assert str(path) in str(info.value)
    assert_same_state(state_of(target), before)
    return str(info.value)


@pytest.mark.parametrize('shape', [(2,), (2, 3)])
def test_object_arrays_are_never_unpickled(tmp_path, shape):
    marker = tmp_path / 'pwned'
    evil = numpy.empty(shape, dtype=object)
    evil.flat[0] = _WritesMarker(str(marker))
    members = linear_members()
    members['W'] = npy_bytes(evil)
    message = load_crafted(tmp_path, members, L.Linear(3, 2))
    assert "'W'" in message and 'object' in message
    assert not marker.exists()


def test_a_pickled_none_marker_is_never_unpickled(tmp_path):
    """A 0-d object entry is how Chainer stores None; it is recognised by its header."""
    marker = tmp_path / 'pwned'
    evil = numpy.empty((), dtype=object)
    evil[()] = _WritesMarker(str(marker))
    members = linear_members()
    members['W'] = npy_bytes(evil)
    path = tmp_path / 'crafted.npz'
    write_npz(path, members)
    target = L.Linear(3, 2)
    before = target.W.array.copy()
    serializers.load_npz(path, target)
    numpy.testing.assert_array_equal(target.W.array, before)  # None: the value is kept
    assert not marker.exists()


@pytest.mark.parametrize('in_size', [3, None])
@pytest.mark.parametrize('shape', [(10 ** 6, 10 ** 6), (2 ** 62,), (3, 2 ** 40, 2 ** 40)])
def test_huge_declared_shapes_are_refused_before_allocating(tmp_path, shape, in_size):
    members = linear_members()
    members['W'] = npy_bytes(descr='<f4', shape=shape, data=b'\0' * 24)
    message = load_crafted(tmp_path, members, L.Linear(in_size, 2))
    assert "'W'" in message
    assert 'declares shape' in message or 'has shape' in message


@pytest.mark.parametrize('descr,message', [
    ('<U5', 'dtype <U5'),               # strings into float parameters
    ('<c8', 'complex64'),               # complex into float
    ('<M8[s]', 'datetime64'),           # dates
    ([('a', '<f4'), ('b', '<f4')], "'W' holds"),   # structured (void) records
])
@pytest.mark.parametrize('in_size', [3, None])
def test_wrong_dtypes_are_refused(tmp_path, descr, message, in_size):
    dtype = numpy.dtype(descr)
    members = linear_members()
    members['W'] = npy_bytes(numpy.zeros((2, 3), dtype))
    text = load_crafted(tmp_path, members, L.Linear(in_size, 2))
    assert "'W'" in text and message in text


def test_wrong_dtype_of_a_scalar_is_refused(tmp_path):
    model = make_model(0)
    path = tmp_path / 'm.npz'
    serializers.save_npz(path, model)
    with zipfile.ZipFile(path) as z:
        members = {name[:-4]: z.read(name) for name in z.namelist()}
    members['epochs_seen'] = npy_bytes(numpy.array('three'))
    text = load_crafted(tmp_path, members, make_model(1))
    assert "'epochs_seen'" in text and 'a number' in text
    members['epochs_seen'] = npy_bytes(numpy.array([1, 2]))
    text = load_crafted(tmp_path, members, make_model(1))
    assert "'epochs_seen'" in text and 'scalar' in text


def test_convertible_dtypes_and_byte_orders_load_as_chainer_does(tmp_path):
    rng = numpy.random.RandomState(0)
    W = rng.randn(2, 3)
    members = {'W': npy_bytes(W.astype('>f8')), 'b': npy_bytes(numpy.array([1, -2], '<i2'))}
    path = tmp_path / 'ok.npz'
    write_npz(path, members)
    target = L.Linear(3, 2)
    serializers.load_npz(path, target)
    numpy.testing.assert_array_equal(target.W.array, W.astype(numpy.float32))
    numpy.testing.assert_array_equal(target.b.array, [1, -2])
    assert target.W.dtype == numpy.float32


def test_missing_keys_name_the_key_and_extra_keys_are_ignored(tmp_path):
    members = linear_members()
    del members['b']
    text = load_crafted(tmp_path, members, L.Linear(3, 2))
    assert "'b'" in text
    members = linear_members()
    members['surplus'] = npy_bytes(numpy.zeros(1000))
    members['other/W'] = npy_bytes(numpy.zeros((7, 7)))
    path = tmp_path / 'extra.npz'
    write_npz(path, members)
    target = L.Linear(3, 2)
    serializers.load_npz(path, target)  # Chainer's semantics: a model may be part of a file
    rng = numpy.random.RandomState(5)
    numpy.testing.assert_array_equal(target.W.array, rng.randn(2, 3).astype(numpy.float32))


def test_wrong_model_is_refused_whole(tmp_path):
    model = make_model(0)
    path = tmp_path / 'm.npz'
    serializers.save_npz(path, model)
    other = L.Classifier(kusari.Sequential(L.Linear(40, 32), L.Linear(32, 41)))
    before = state_of(other)
    with pytest.raises(SerializationError, match=r"m\.npz.*predictor/1/W.*shape"):
        serializers.load_npz(path, other)
    assert_same_state(state_of(other), before)


@pytest.mark.parametrize('content', [b'', b'PK\x05\x06' + b'\0' * 18, os.urandom(300),
                                     b'\x93NUMPY\x01\x00'])
def test_not_an_archive(tmp_path, content):
    path = tmp_path / 'junk.npz'
    path.write_bytes(content)
    target = L.Linear(3, 2)
    before = state_of(target)
    with pytest.raises((SerializationError, KeyError), match='junk.npz'):
        serializers.load_npz(path, target)
    assert_same_state(state_of(target), before)


@pytest.mark.parametrize('header', [
    dict(descr='<f4', shape=(2, 3), data=b'\0' * 23),        # data one byte short
    dict(descr='<f4', shape=(2, 3), data=b'\0' * 25),        # one byte too many
    dict(descr='<f4', shape=(-1, 3), data=b'\0' * 24),       # negative dimension
    dict(descr='<f4', shape='(2, 3)', data=b'\0' * 24),      # shape is not a tuple
    dict(descr='nonsense', shape=(2, 3), data=b'\0' * 24),   # unknown dtype
])
def test_lying_headers_are_damaged_entries(tmp_path, header):
    members = linear_members()
    members['W'] = npy_bytes(**header)
    text = load_crafted(tmp_path, members, L.Linear(3, 2))
    assert "'W'" in text


def test_optimizer_state_is_all_or_nothing(tmp_path):
    model = make_model(0)
    optimizer = optimizers.Adam().setup(model)
    x = numpy.random.RandomState(0).randn(8, 40).astype(numpy.float32)
    t = numpy.arange(8, dtype=numpy.int32) % 40
    optimizer.update(model, x, t)
    path = tmp_path / 'opt.npz'
    serializers.save_npz(path, optimizer)
    with zipfile.ZipFile(path) as z:
        members = {name[:-4]: z.read(name) for name in z.namelist()}
    members['predictor/1/b/v'] = npy_bytes(numpy.zeros(4, numpy.float32))  # wrong shape
    fresh = make_model(2)
    target = optimizers.Adam().setup(fresh)
    target.update(fresh, x, t)
    before = state_of(target)
    text = load_crafted(tmp_path, members, target)
    assert "predictor/1/b/v" in text
    assert_same_state(state_of(target), before)


# -- hand-crafted safetensors files -----------------------------------------------------

def safetensors_bytes(header, data, header_size=None):
    text = json.dumps(header).encode()
    size = len(text) if header_size is None else header_size
    return size.to_bytes(8, 'little') + text + data


def linear_safetensors(**changes):
    """The header and data of an L.Linear(3, 2) as another writer saves it, with
    ``changes`` to the entries' fields (``W_shape=...``)."""
    header = {'W': {'dtype': 'F32', 'shape': [2, 3], 'data_offsets': [0, 24]},
              'b': {'dtype': 'F32', 'shape': [2], 'data_offsets': [24, 32]}}
    for key, value in changes.items():
        name, field = key.split('_', 1)
        header[name][field] = value
    return header, numpy.arange(8, dtype='<f4').tobytes()


@pytest.mark.parametrize('case,message', [
    (lambda: safetensors_bytes(*linear_safetensors(), header_size=10 ** 6),
     'not a readable.*header of 1000000 bytes'),
    (lambda: safetensors_bytes([1, 2], b''), 'not a readable.*not a JSON object'),
    (lambda: b'\x01\x02', 'not a readable.*shorter than'),
    (lambda: safetensors_bytes(*linear_safetensors(W_shape=[2 ** 40, 2 ** 40])),
     "'W' declares shape"),
    (lambda: safetensors_bytes(*linear_safetensors(W_shape=[2, -3])), "'W' has shape"),
    (lambda: safetensors_bytes(*linear_safetensors(W_dtype='C64')), "'W' has dtype 'C64'"),
    (lambda: safetensors_bytes(*linear_safetensors(b_data_offsets=[20, 28])),
     "'b' declares.*bytes 20 to 28"),
    (lambda: safetensors_bytes(*linear_safetensors())[:-4], 'not a readable.*hold 32 bytes'),
])
def test_crafted_safetensors_files_are_refused_whole(tmp_path, case, message):
    path = tmp_path / 'crafted.safetensors'
    path.write_bytes(case())
    target = L.Linear(3, 2)
    before = state_of(target)
    with pytest.raises(SerializationError, match=message) as info:
        serializers.load_safetensors(path, target, verify=False)
    assert str(path) in str(info.value)
    assert_same_state(state_of(target), before)


def test_safetensors_checksums_catch_a_reinterpreted_dtype(tmp_path):
    """Same bytes, another dtype of the same size: only the checksum can tell."""
    path = tmp_path / 'm.safetensors'
    serializers.save_safetensors(path, {'W': numpy.ones((2, 3), numpy.int32),
                                        'b': numpy.zeros(2, numpy.int32)})
    data = path.read_bytes().replace(b'"I32"', b'"F32"', 1)
    path.write_bytes(data)
    target = L.Linear(3, 2)
    before = state_of(target)
    with pytest.raises(SerializationError, match="'[Wb]'.*checksum"):
        serializers.load_safetensors(path, target)
    assert_same_state(state_of(target), before)


# -- hand-crafted HDF5 files -----------------------------------------------------------

def load_crafted_hdf5(tmp_path, build, target):
    h5py = pytest.importorskip('h5py')
    path = tmp_path / 'crafted.h5'
    with h5py.File(path, 'w') as h5:
        build(h5)
    before = state_of(target)
    with pytest.raises((SerializationError, KeyError)) as info:
        serializers.load_hdf5(path, target)
    assert str(path) in str(info.value)
    assert_same_state(state_of(target), before)
    return str(info.value)


def _linear_datasets(h5, skip=()):
    rng = numpy.random.RandomState(5)
    if 'W' not in skip:
        h5['W'] = rng.randn(2, 3).astype(numpy.float32)
    if 'b' not in skip:
        h5['b'] = rng.randn(2).astype(numpy.float32)


@pytest.mark.parametrize('case', ['group_for_dataset', 'vlen_strings',
                                  'compound', 'huge_chunked', 'wrong_shape', 'missing',
                                  'external_link', 'dangling_soft_link'])
def test_crafted_hdf5_files(tmp_path, case):
    h5py = pytest.importorskip('h5py')

    def build(h5):
        if case == 'group_for_dataset':
            _linear_datasets(h5, skip='W')
            h5.create_group('W')
        elif case == 'vlen_strings':
            _linear_datasets(h5, skip='W')
            h5.create_dataset('W', data=numpy.array([['a'] * 3] * 2, dtype=object),
                              dtype=h5py.string_dtype())
        elif case == 'compound':
            _linear_datasets(h5, skip='W')
            h5['W'] = numpy.zeros((2, 3), [('a', '<f4'), ('b', '<i4')])
        elif case == 'huge_chunked':
            _linear_datasets(h5, skip='W')
            h5.create_dataset('W', shape=(10 ** 9, 10 ** 3), dtype='f4', chunks=(1, 1000))
        elif case == 'wrong_shape':
            _linear_datasets(h5, skip='W')
            h5['W'] = numpy.zeros((3, 2), numpy.float32)
        elif case == 'missing':
            _linear_datasets(h5, skip='b')
        elif case == 'external_link':
            _linear_datasets(h5, skip='W')
            h5['W'] = h5py.ExternalLink(str(tmp_path / 'elsewhere.h5'), '/W')
        elif case == 'dangling_soft_link':
            _linear_datasets(h5, skip='W')
            h5['W'] = h5py.SoftLink('/nowhere')

    text = load_crafted_hdf5(tmp_path, build, L.Linear(3, 2))
    assert ("'W'" if case != 'missing' else "'b'") in text


def test_hdf5_dataset_in_place_of_a_child_link(tmp_path):
    chain = kusari.Chain()
    with chain.init_scope():
        chain.l = L.Linear(3, 2)
    text = load_crafted_hdf5(tmp_path, lambda h5: h5.create_dataset('l', data=numpy.zeros(3)),
                             chain)
    assert "'l'" in text and 'should be a group' in text


def test_hdf5_external_link_is_not_followed_into_the_model(tmp_path):
    """A link to another file reads nothing from it unless the file exists and is valid;
    either way the target only ever gets checked values."""
    h5py = pytest.importorskip('h5py')
    other = tmp_path / 'elsewhere.h5'
    with h5py.File(other, 'w') as h5:
        h5['W'] = numpy.full((5, 5), 7, numpy.float32)
    path = tmp_path / 'crafted.h5'
    with h5py.File(path, 'w') as h5:
        h5['b'] = numpy.zeros(2, numpy.float32)
        h5['W'] = h5py.ExternalLink(str(other), '/W')
    target = L.Linear(3, 2)
    before = state_of(target)
    with pytest.raises(SerializationError, match=r"'W' has shape \(5, 5\)"):
        serializers.load_hdf5(path, target)
    assert_same_state(state_of(target), before)


def test_pickle_is_not_imported_by_loading(tmp_path, monkeypatch):
    """Belt and braces: loading a good file never calls pickle at all."""
    model = make_model(0)
    path = tmp_path / 'm.npz'
    serializers.save_npz(path, model)

    def refuse(*args, **kwargs):
        raise AssertionError('pickle was used while loading')

    monkeypatch.setattr(pickle, 'loads', refuse)
    monkeypatch.setattr(pickle, 'load', refuse)
    monkeypatch.setattr(pickle, 'Unpickler', refuse)
    target = make_model(1)
    serializers.load_npz(path, target)
    assert_same_state(state_of(target), state_of(model))


class _Picky(kusari.Chain):
    """A link whose serialize refuses a value after its parameters were loaded."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(3, 2)
        self.add_persistent('mode', 1)

    def serialize(self, serializer):
        super().serialize(serializer)
        if isinstance(serializer, kusari.serializer.Deserializer) and self.mode not in (1, 2):
            raise ValueError('mode must be 1 or 2, got {}'.format(self.mode))


@pytest.mark.parametrize('fmt', FORMATS)
def test_an_object_refusing_a_value_late_gets_its_state_back(fmt, tmp_path):
    save, load = saver(fmt)
    source = _Picky()
    source.l.W.array[...] = 5
    source.mode = 3  # saved, refused when loaded
    path = tmp_path / ('picky.' + fmt)
    save(path, source)
    target = _Picky()
    before = state_of(target)
    with pytest.raises(SerializationError, match=r'picky\.{}.*mode must be 1 or 2'.format(fmt)):
        load(path, target)
    assert_same_state(state_of(target), before)
    assert target.mode == 1


def test_trainer_snapshot_with_a_damaged_log_is_all_or_nothing(tmp_path):
    """The log's JSON is checked by LogReport.serialize, after the model was loaded."""
    from kusari import datasets, iterators, training
    from kusari.training import extensions

    def make_trainer(out):
        rng = numpy.random.RandomState(0)
        x = rng.randn(16, 3).astype(numpy.float32)
        t = (x[:, 0] > 0).astype(numpy.int32)
        model = L.Classifier(L.Linear(3, 2))
        optimizer = optimizers.Adam().setup(model)
        trainer = training.Trainer(training.updaters.StandardUpdater(
            iterators.SerialIterator(datasets.TupleDataset(x, t), 4), optimizer),
            (4, 'iteration'), out=str(out))
        trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
        return trainer

    trained = make_trainer(tmp_path / 'a')
    trained.run()
    path = tmp_path / 'snapshot.npz'
    serializers.save_npz(path, trained)
    with zipfile.ZipFile(path) as z:
        members = {name[:-4]: z.read(name) for name in z.namelist()}
    members['extensions/LogReport/_log'] = npy_bytes(numpy.array('[{"loss": 1.0'))
    write_npz(path, members)
    target = make_trainer(tmp_path / 'b')
    target.run()  # (state that exists is restored; see serializers/_transaction.py)
    before = state_of(target)
    with pytest.raises(SerializationError, match=r'snapshot\.npz.*not valid JSON'):
        serializers.load_npz(path, target)
    assert_same_state(state_of(target), before)
