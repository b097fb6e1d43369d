import zipfile

import numpy
import pytest

from kusari.datasets import image_dataset
from kusari.datasets import ImageDataset
from kusari.datasets import LabeledImageDataset
from kusari.datasets import LabeledZippedImageDataset
from kusari.datasets import MultiZippedImageDataset
from kusari.datasets import ZippedImageDataset

Image = pytest.importorskip('PIL.Image')


@pytest.fixture
def images(tmp_path):
    rng = numpy.random.RandomState(0)
    grey = rng.randint(0, 256, (4, 5)).astype(numpy.uint8)
    rgb = rng.randint(0, 256, (3, 2, 3)).astype(numpy.uint8)
    Image.fromarray(grey).save(tmp_path / 'grey.png')
    Image.fromarray(rgb).save(tmp_path / 'rgb.png')
    return tmp_path, grey, rgb


def test_image_dataset_reads_chw_arrays(images):
    root, grey, rgb = images
    d = ImageDataset(['grey.png', 'rgb.png'], root=str(root))
    assert len(d) == 2
    g = d[0]
    assert g.shape == (1, 4, 5) and g.dtype == numpy.float32
    numpy.testing.assert_array_equal(g[0], grey)
    c = d[1]
    assert c.shape == (3, 3, 2)
    numpy.testing.assert_array_equal(c, rgb.transpose(2, 0, 1))


def test_image_dataset_from_list_file_and_dtype(images):
    root, grey, _ = images
    listing = root / 'list.txt'
    listing.write_text('grey.png\n\nrgb.png\n')
    d = ImageDataset(str(listing), root=str(root), dtype=numpy.uint8)
    assert len(d) == 2 and d[0].dtype == numpy.uint8


def test_labeled_image_dataset(images):
    root, grey, _ = images
    pairs = root / 'pairs.txt'
    pairs.write_text('grey.png 3\nrgb.png 7\n')
    d = LabeledImageDataset(str(pairs), root=str(root), label_dtype=numpy.int64)
    x, t = d[0]
    numpy.testing.assert_array_equal(x[0], grey)
    assert t.dtype == numpy.int64 and t == 3
    d2 = LabeledImageDataset([('rgb.png', 1)], root=str(root))
    assert d2[0][1].dtype == numpy.int32


def test_labeled_image_dataset_bad_lines_name_file_and_line(images):
    root, _, _ = images
    pairs = root / 'pairs.txt'
    pairs.write_text('grey.png 3\nrgb.png\n')
    with pytest.raises(ValueError, match='line 2 of .*pairs.txt'):
        LabeledImageDataset(str(pairs), root=str(root))
    pairs.write_text('grey.png three\n')
    with pytest.raises(ValueError, match='not an integer'):
        LabeledImageDataset(str(pairs), root=str(root))


def test_zipped_image_datasets(images, tmp_path):
    root, grey, rgb = images
    archive = tmp_path / 'images.zip'
    with zipfile.ZipFile(archive, 'w') as z:
        z.write(root / 'grey.png', 'a/grey.png')
        z.write(root / 'rgb.png', 'a/rgb.png')
    d = ZippedImageDataset(str(archive))
    assert len(d) == 2
    numpy.testing.assert_array_equal(d[0][0], grey)
    numpy.testing.assert_array_equal(d.get_example('a/rgb.png'), rgb.transpose(2, 0, 1))

    multi = MultiZippedImageDataset([str(archive), str(archive)])
    assert len(multi) == 4
    numpy.testing.assert_array_equal(multi[3], rgb.transpose(2, 0, 1))

    labels = tmp_path / 'labels.txt'
    labels.write_text('a/rgb.png 5\na/grey.png 2\n')
    labeled = LabeledZippedImageDataset(str(archive), str(labels))
    x, t = labeled[1]
    numpy.testing.assert_array_equal(x[0], grey)
    assert t == 2


def test_missing_pillow_is_a_clear_error(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == 'PIL' or name.startswith('PIL.'):
            raise ImportError('No module named PIL')
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, '__import__', fake_import)
    with pytest.raises(ImportError, match='pip install Pillow'):
        image_dataset.ImageDataset(['x.png'])


def test_available_tells_whether_pillow_is_installed(monkeypatch):
    import sys
    assert image_dataset.available is True
    monkeypatch.setitem(sys.modules, 'PIL', None)
    assert image_dataset.available is False
