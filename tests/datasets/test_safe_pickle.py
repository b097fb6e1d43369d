import os
import pickle

import numpy
import pytest

from kusari.datasets import _safe_pickle


def test_reads_python2_cifar_style_batch(formats):
    data = numpy.random.RandomState(1).randint(0, 256, (3, 3072)).astype(numpy.uint8)
    raw = formats.py2_pickle({'batch_label': 'training batch 1 of 5', 'labels': [3, 1, 4],
                      'data': data})
    batch = _safe_pickle.loads(raw)
    assert batch[b'batch_label'] == b'training batch 1 of 5'
    assert batch[b'labels'] == [3, 1, 4]
    numpy.testing.assert_array_equal(batch[b'data'], data)
    assert batch[b'data'].flags.writeable


@pytest.mark.parametrize('protocol', [2, 3, 4, 5])
def test_reads_python3_pickles_of_arrays(protocol):
    value = {'a': numpy.arange(6, dtype='>i4').reshape(2, 3),
             'f': numpy.asfortranarray(numpy.arange(6.).reshape(2, 3)),
             'b': b'bytes', 'n': [1.5, None, True], 't': (1, 'x')}
    out = _safe_pickle.loads(pickle.dumps(value, protocol=protocol))
    numpy.testing.assert_array_equal(out['a'], value['a'])
    numpy.testing.assert_array_equal(out['f'], value['f'])
    assert out['b'] == b'bytes' and out['n'] == [1.5, None, True] and out['t'] == (1, 'x')


class _Exploit:
    def __reduce__(self):
        return (os.system, ('echo should-not-run',))


@pytest.mark.parametrize('payload', [
    _Exploit(),
    numpy.array([1, 'x'], dtype=object),
    numpy.zeros(2, dtype=[('a', 'i4')]),
    {'nested': [_Exploit()]},
])
def test_refuses_anything_but_plain_data(payload, capfd):
    with pytest.raises(pickle.UnpicklingError, match='refusing'):
        _safe_pickle.loads(pickle.dumps(payload, protocol=2))
    assert 'should-not-run' not in capfd.readouterr().out


def test_array_with_wrong_byte_count(formats):
    raw = formats.py2_pickle({'data': numpy.zeros((2, 2), numpy.uint8)})
    broken = raw.replace(b'U\x04\x00\x00\x00\x00', b'U\x03\x00\x00\x00')
    with pytest.raises(pickle.UnpicklingError, match='needs 4 bytes, got 3'):
        _safe_pickle.loads(broken)


def test_truncated_pickle(formats):
    raw = formats.py2_pickle({'labels': [1, 2, 3]})
    with pytest.raises(pickle.UnpicklingError):
        _safe_pickle.loads(raw[:-5])
