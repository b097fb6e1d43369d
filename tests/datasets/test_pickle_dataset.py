import io
import os
import pickle

import numpy
import pytest

from kusari.datasets import PickleDataset, PickleDatasetWriter, pickle_dataset
from kusari.datasets import open_pickle_dataset
from kusari.datasets import open_pickle_dataset_writer


def test_write_then_random_access(tmp_path):
    path = str(tmp_path / 'data.pkl')
    examples = [(numpy.arange(i), {'label': i}) for i in range(5)]
    with open_pickle_dataset_writer(path) as writer:
        for example in examples:
            writer.write(example)
        writer.flush()
    with open_pickle_dataset(path) as dataset:
        assert len(dataset) == 5
        for i in (3, 0, 4):
            x, meta = dataset[i]
            numpy.testing.assert_array_equal(x, numpy.arange(i))
            assert meta == {'label': i}
        assert [m['label'] for _, m in dataset[1:3]] == [1, 2]


def test_empty_file(tmp_path):
    path = str(tmp_path / 'empty.pkl')
    open_pickle_dataset_writer(path).close()
    with open_pickle_dataset(path) as dataset:
        assert len(dataset) == 0


def test_reads_from_the_start_and_pickles_without_its_lock():
    buffer = io.BytesIO()
    writer = PickleDatasetWriter(buffer)
    for x in (1, 'hello', 1.5):
        writer.write(x)
    dataset = PickleDataset(buffer)  # the buffer is positioned at its end
    assert [dataset[i] for i in range(len(dataset))] == [1, 'hello', 1.5]
    copy = pickle.loads(pickle.dumps(dataset))
    assert copy[1] == 'hello'


def test_refuses_a_stream_without_seek():
    class Stream(io.RawIOBase):
        def seekable(self):
            return False

    with pytest.raises(ValueError, match='random access'):
        PickleDataset(Stream())


class ReaderWithHook(io.BytesIO):
    def after_fork(self):
        os.write(self.report_fd, b'called')


@pytest.mark.skipif(not hasattr(os, 'fork'), reason='needs fork')
def test_forked_child_calls_the_readers_after_fork():
    reader = ReaderWithHook()
    PickleDatasetWriter(reader).write(1)
    read_fd, reader.report_fd = os.pipe()
    dataset = PickleDataset(reader)
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    os.close(reader.report_fd)
    assert os.read(read_fd, 16) == b'called'
    os.close(read_fd)
    del dataset


def test_file_reader_reopens_when_unpickled_and_after_fork(tmp_path):
    path = str(tmp_path / 'data.pkl')
    with open_pickle_dataset_writer(path) as writer:
        writer.write('x')
    reader = pickle_dataset._FileReader(path)
    old = reader._fp
    reader.after_fork()
    assert old.closed and not reader._fp.closed
    copy = pickle.loads(pickle.dumps(reader))
    assert copy._fp is not reader._fp and pickle.load(copy) == 'x'
    reader.close()
    copy.close()
