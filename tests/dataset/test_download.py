import hashlib
import http.server
import os
import threading
from pathlib import Path

import numpy
import pytest

from kusari.dataset import download


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path / 'root'))
    return tmp_path / 'root'


def md5(data):
    return hashlib.md5(data).hexdigest()


def leftovers(directory):
    """Files other than the expected ones: temporary or partial files."""
    return [name for name in os.listdir(directory) if name.startswith('.')]


def test_root_from_environment(monkeypatch):
    monkeypatch.setattr(download, '_dataset_root', None)
    monkeypatch.delenv('KUSARI_DATASET_ROOT', raising=False)
    monkeypatch.delenv('CHAINER_DATASET_ROOT', raising=False)
    assert download.get_dataset_root() == os.path.expanduser('~/.chainer/dataset')
    monkeypatch.setenv('CHAINER_DATASET_ROOT', '/chainer')
    assert download.get_dataset_root() == '/chainer'
    monkeypatch.setenv('KUSARI_DATASET_ROOT', '/kusari')
    assert download.get_dataset_root() == '/kusari'


def test_set_dataset_root_wins_over_environment(monkeypatch, tmp_path):
    monkeypatch.setattr(download, '_dataset_root', None)
    monkeypatch.setenv('KUSARI_DATASET_ROOT', '/kusari')
    download.set_dataset_root(tmp_path)
    assert download.get_dataset_root() == str(tmp_path)


def test_get_dataset_directory(root):
    path = download.get_dataset_directory('a/b', create_directory=False)
    assert path == str(root / 'a' / 'b') and not os.path.exists(path)
    assert os.path.isdir(download.get_dataset_directory('a/b'))


def test_download_file_url_with_checksum(tmp_path):
    data = b'hello world' * 1000
    source = tmp_path / 'source.bin'
    source.write_bytes(data)
    target = tmp_path / 'out' / 'file.bin'
    assert download.download(source.as_uri(), str(target), md5(data)) == str(target)
    assert target.read_bytes() == data
    assert leftovers(target.parent) == []


def test_corrupted_download_raises_checksum_error_and_keeps_nothing(tmp_path):
    source = tmp_path / 'source.bin'
    source.write_bytes(b'corrupted')
    target = tmp_path / 'out' / 'file.bin'
    with pytest.raises(download.ChecksumError, match='file.bin'):
        download.download(source.as_uri(), str(target), md5(b'original'))
    assert os.listdir(target.parent) == []


def test_missing_source_raises_download_error(tmp_path):
    target = tmp_path / 'file.bin'
    with pytest.raises(download.DownloadError, match='could not download'):
        download.download((tmp_path / 'missing').as_uri(), str(target))
    assert os.listdir(tmp_path) == []


class _TruncatingHandler(http.server.BaseHTTPRequestHandler):
    """Announces 1000 bytes but sends 10 and closes the connection."""

    def do_GET(self):
        self.send_response(200)
        self.send_header('Content-Length', '1000')
        self.end_headers()
        self.wfile.write(b'0123456789')
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, *args):
        pass


@pytest.fixture
def truncating_server():
    server = http.server.HTTPServer(('127.0.0.1', 0), _TruncatingHandler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield 'http://127.0.0.1:{}/data.bin'.format(server.server_address[1])
    server.shutdown()
    server.server_close()
    thread.join()


def test_truncated_http_transfer_leaves_no_file(tmp_path, truncating_server):
    target = tmp_path / 'data.bin'
    with pytest.raises(download.DownloadError, match='127.0.0.1'):
        download.download(truncating_server, str(target))
    assert os.listdir(tmp_path) == []


def test_cached_download_downloads_once_and_verifies(root, tmp_path):
    data = b'abc'
    source = tmp_path / 'src.txt'
    source.write_bytes(data)
    path = download.cached_download(source.as_uri(), md5=md5(data))
    assert Path(path).read_bytes() == data
    assert os.path.dirname(path) == str(root / '_dl_cache')
    source.write_bytes(b'changed')  # not downloaded again
    assert download.cached_download(source.as_uri()) == path
    assert Path(path).read_bytes() == data
    with pytest.raises(download.ChecksumError, match=os.path.basename(path)):
        download.cached_download(source.as_uri(), md5=md5(b'other'))


def test_cache_or_load_file_creates_then_loads(root):
    path = str(root / 'sub' / 'cache.npz')
    calls = []

    def creator(temp_path):
        calls.append(temp_path)
        assert os.path.basename(temp_path) == 'cache.npz' and temp_path != path
        numpy.savez(temp_path, x=numpy.arange(3))
        return 'created'

    def loader(p):
        with numpy.load(p) as f:
            return f['x'].tolist()

    assert download.cache_or_load_file(path, creator, loader) == 'created'
    assert download.cache_or_load_file(path, creator, loader) == [0, 1, 2]
    assert len(calls) == 1
    assert os.listdir(root / 'sub') == ['cache.npz']


def test_cache_or_load_file_needs_the_dataset_root(tmp_path, monkeypatch):
    (tmp_path / 'a_file').write_bytes(b'')
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path / 'a_file'))
    with pytest.raises(RuntimeError, match='cannot create the dataset directory'):
        download.cache_or_load_file(str(tmp_path / 'cache'), None, None)


def test_cache_or_load_file_failing_creator_leaves_nothing(root):
    path = str(root / 'cache.bin')

    def creator(temp_path):
        with open(temp_path, 'wb') as f:
            f.write(b'half')
        raise RuntimeError('interrupted')

    with pytest.raises(RuntimeError, match='interrupted'):
        download.cache_or_load_file(path, creator, None)
    assert os.listdir(root) == []
