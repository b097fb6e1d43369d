import numpy

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
