import os

import numpy
import pytest

from kusari.dataset import download
from kusari.datasets import get_svhn
from kusari.datasets import svhn


def write_mat(path, rng, n):
    scipy_io = pytest.importorskip('scipy.io')
    x = rng.randint(0, 256, (32, 32, 3, n)).astype(numpy.uint8)
    y = rng.randint(1, 11, (n, 1)).astype(numpy.uint8)  # 10 stands for the digit 0
    y[0, 0] = 10
    scipy_io.savemat(str(path), {'X': x, 'y': y})
    return x, y


@pytest.fixture
def small_svhn(dataset_root, formats, monkeypatch):
    rng = numpy.random.RandomState(0)
    (dataset_root / 'pfnet' / 'chainer' / 'svhn').mkdir(parents=True)
    arrays = {}
    for split, n in (('train', 5), ('test', 3), ('extra', 2)):
        file_name, _ = svhn._FILES[split]
        path = dataset_root / 'pfnet' / 'chainer' / 'svhn' / file_name
        arrays[split] = write_mat(path, rng, n)
        monkeypatch.setitem(svhn._FILES, split, (file_name, formats.md5_of(path)))
    return arrays


def test_get_svhn_reads_the_mat_files(small_svhn):
    train, test = get_svhn()
    assert len(train) == 5 and len(test) == 3
    x, t = train[2]
    assert x.shape == (3, 32, 32) and x.dtype == numpy.float32 and t.dtype == numpy.int32
    raw_x, raw_y = small_svhn['train']
    numpy.testing.assert_allclose(x, raw_x[:, :, :, 2].transpose(2, 0, 1) / 255., rtol=1e-6)
    assert int(train[0][1]) == 0  # label 10 means the digit 0
    expected = numpy.where(raw_y[:, 0] == 10, 0, raw_y[:, 0])
    assert [int(train[i][1]) for i in range(5)] == expected.tolist()


def test_get_svhn_options_and_extra(small_svhn):
    train, test, extra = get_svhn(withlabel=False, scale=255., dtype=numpy.float64,
                                  add_extra=True)
    assert train.shape == (5, 3, 32, 32) and train.dtype == numpy.float64
    extra_images = small_svhn['extra'][0]
    assert extra.shape == (2, 3, 32, 32)
    numpy.testing.assert_array_equal(extra[1], extra_images[:, :, :, 1].transpose(2, 0, 1))
    assert test.shape == (3, 3, 32, 32)


def test_missing_variable(dataset_root, formats, monkeypatch):
    scipy_io = pytest.importorskip('scipy.io')
    (dataset_root / 'pfnet' / 'chainer' / 'svhn').mkdir(parents=True)
    path = dataset_root / 'pfnet' / 'chainer' / 'svhn' / 'train_32x32.mat'
    scipy_io.savemat(str(path), {'X': numpy.zeros((32, 32, 3, 1), numpy.uint8)})
    monkeypatch.setitem(svhn._FILES, 'train', ('train_32x32.mat', formats.md5_of(path)))
    with pytest.raises(ValueError, match='lacks the X or y'):
        get_svhn()


def test_offline_message(dataset_root, no_network):
    with pytest.raises(download.DownloadError) as info:
        get_svhn()
    assert os.path.join(str(dataset_root), 'pfnet', 'chainer', 'svhn',
                        'train_32x32.mat') in str(info.value)
    assert 'e26dedcc434d2e4c54c9b2d4a06d8373' in str(info.value)
