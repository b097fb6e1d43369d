import struct
import zlib

import pytest

from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions

matplotlib = pytest.importorskip('matplotlib')


def check_png(path):
    """Checks the PNG signature and every chunk's CRC; returns (width, height)."""
    data = path.read_bytes()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    offset, chunks = 8, []
    while offset < len(data):
        length, kind = struct.unpack('>I4s', data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        crc, = struct.unpack('>I', data[offset + 8 + length:offset + 12 + length])
        assert zlib.crc32(kind + body) == crc
        chunks.append(kind)
        offset += 12 + length
    assert chunks[0] == b'IHDR' and chunks[-1] == b'IEND' and b'IDAT' in chunks
    width, height = struct.unpack('>II', data[16:24])
    return width, height


def run(tmp_path, plot, values, iter_per_epoch=2):
    trainer = get_trainer_with_mock_updater((len(values), 'iteration'), iter_per_epoch)
    trainer.out = str(tmp_path)
    trainer._start_at = 0.
    for value in values:
        trainer.updater.update()
        trainer.observation = {'loss': value, 'acc': 1 - value}
        plot(trainer)
    return trainer


def test_plots_interval_means_to_a_valid_png(tmp_path):
    calls = []
    plot = extensions.PlotReport(['loss', 'acc', 'missing'], 'epoch', filename='p.png',
                                 postprocess=lambda f, a, s: calls.append(s.compute_mean()))
    run(tmp_path, plot, [0.9, 0.7, 0.5, 0.3])
    assert plot._data == {'loss': [(1, 0.8), (2, 0.4)],
                          'acc': [(1, pytest.approx(0.2)), (2, pytest.approx(0.6))],
                          'missing': []}
    assert calls[-1]['loss'] == pytest.approx(0.4)
    width, height = check_png(tmp_path / 'p.png')
    assert width > 100 and height > 100
    image = matplotlib.image.imread(str(tmp_path / 'p.png'))
    assert image.shape[:2] == (height, width) and image.std() > 0  # something is drawn


def test_serialize_continues_the_curves(tmp_path):
    plot = extensions.PlotReport('loss', file_name='q.png')
    run(tmp_path, plot, [1., 2., 3.])
    serializers.save_npz(tmp_path / 's.npz', plot)
    resumed = extensions.PlotReport('loss', file_name='q.png')
    serializers.load_npz(tmp_path / 's.npz', resumed)
    assert resumed._data == plot._data == {'loss': [(2, 1.5)]}
    assert resumed._summary.compute_mean() == {'loss': 3.}


def test_available_and_bad_arguments():
    assert extensions.PlotReport.available()
    with pytest.raises(ValueError, match="x_key must be 'iteration', 'epoch'"):
        extensions.PlotReport(['loss'], x_key='time')
    with pytest.raises(TypeError, match='unexpected argument'):
        extensions.PlotReport(['loss'], file='x.png')


def test_key_never_reported_is_warned_about_at_the_end(tmp_path):
    plot = extensions.PlotReport(['loss', 'los'], filename='p.png')
    run(tmp_path, plot, [0.9, 0.7])
    with pytest.warns(UserWarning, match=r"PlotReport: 'los' \(did you mean 'loss'\?\) never "
                                         r"reported.*their lines stayed empty"):
        plot.finalize()
