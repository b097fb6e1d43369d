import numpy
import pytest

from kusari.datasets import _idx


def test_reads_uint8_images_and_labels(tmp_path, formats):
    images = numpy.random.RandomState(0).randint(0, 256, (3, 28, 28)).astype(numpy.uint8)
    formats.write_idx(tmp_path / 'img.gz', images)
    out = _idx.read_idx(str(tmp_path / 'img.gz'))
    assert out.dtype == numpy.uint8 and out.shape == (3, 28, 28)
    numpy.testing.assert_array_equal(out, images)


@pytest.mark.parametrize('code,dtype', [(0x0B, '>i2'), (0x0C, '>i4'), (0x0D, '>f4'),
                                        (0x0E, '>f8'), (0x09, 'i1')])
def test_big_endian_types_become_native(tmp_path, formats, code, dtype):
    values = numpy.array([[-3, 1], [2, 100]]).astype(dtype)
    formats.write_idx(tmp_path / 'v', values, code, gz=False)
    out = _idx.read_idx(str(tmp_path / 'v'))
    assert out.dtype.isnative
    numpy.testing.assert_array_equal(out, values)


def test_truncated_data_names_the_file(tmp_path, formats):
    data = formats.write_idx(tmp_path / 'full', numpy.zeros((2, 3), numpy.uint8), gz=False)
    (tmp_path / 'cut').write_bytes(data[:-1])
    with pytest.raises(ValueError, match='cut.*needs 6 bytes but the file holds 5'):
        _idx.read_idx(str(tmp_path / 'cut'))


def test_truncated_gzip_names_the_file(tmp_path, formats):
    formats.write_idx(tmp_path / 'a.gz', numpy.zeros((50, 50), numpy.uint8))
    raw = (tmp_path / 'a.gz').read_bytes()
    (tmp_path / 'b.gz').write_bytes(raw[:len(raw) // 2])
    with pytest.raises(ValueError, match='b.gz.*gzip'):
        _idx.read_idx(str(tmp_path / 'b.gz'))


def test_bad_magic():
    with pytest.raises(ValueError, match='not an IDX file'):
        _idx.parse_idx(b'\x1f\x8b\x08\x00rest')


def test_gzip_is_told_by_content_not_name(tmp_path, formats):
    # Downloaded copies are cached under names without '.gz'.
    values = numpy.arange(6, dtype=numpy.uint8).reshape(2, 3)
    formats.write_idx(tmp_path / 'cached', values)
    numpy.testing.assert_array_equal(_idx.read_idx(str(tmp_path / 'cached')), values)
