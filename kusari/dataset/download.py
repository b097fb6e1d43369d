"""Where datasets are cached, and downloads that never leave a partial file behind.

Every file is written to a temporary name in its destination directory and moved into
place with ``os.replace`` only once it is complete (and its checksum matched), so an
interrupted download or a crash never leaves a truncated file under the final name.
"""

import hashlib
import os
import shutil
import sys
import tempfile

_DEFAULT_ROOT = os.path.join('~', '.chainer', 'dataset')  # Chainer's, to share its caches
_dataset_root = None  # set by set_dataset_root; None: from the environment

_CHUNK = 1 << 20
_TIMEOUT_SECONDS = 60


class DownloadError(OSError):
    """A file could not be downloaded (network error, HTTP error, truncated transfer)."""


class ChecksumError(OSError):
    """A downloaded or cached file does not have the expected checksum."""


def get_dataset_root():
    """Gets the root directory where datasets are downloaded and cached.

    It is the path given to :func:`set_dataset_root` if any, else the environment
    variable ``KUSARI_DATASET_ROOT``, else ``CHAINER_DATASET_ROOT``, else
    ``~/.chainer/dataset``, Chainer's default, so that the files a Chainer installation
    downloaded and cached are found and used.

    Returns:
        str: The dataset root directory.
    """
    if _dataset_root is not None:
        return _dataset_root
    root = (os.environ.get('KUSARI_DATASET_ROOT') or os.environ.get('CHAINER_DATASET_ROOT')
            or _DEFAULT_ROOT)
    return os.path.expanduser(root)


def set_dataset_root(path):
    """Sets the root directory where datasets are downloaded and cached.

    It takes precedence over the ``KUSARI_DATASET_ROOT`` and ``CHAINER_DATASET_ROOT``
    environment variables.

    Args:
        path (str or os.PathLike): The new root directory.
    """
    global _dataset_root
    _dataset_root = os.path.expanduser(os.fspath(path))


def get_dataset_directory(dataset_name, create_directory=True):
    """Gets the directory of a dataset: ``<dataset root>/<dataset_name>``.

    Args:
        dataset_name (str): Name of the dataset; slashes separate subdirectories.
        create_directory (bool): Create the directory if it does not exist.

    Returns:
        str: The path of the dataset directory.
    """
    path = os.path.join(get_dataset_root(), dataset_name)
    if create_directory:
        os.makedirs(path, exist_ok=True)
    return path


def file_md5(path):
    """The MD5 hex digest of a file's contents."""
    digest = hashlib.md5(usedforsecurity=False)
    with open(path, 'rb') as f:
        for chunk in iter(lambda: f.read(_CHUNK), b''):
            digest.update(chunk)
    return digest.hexdigest()


def verify_md5(path, md5):
    """Raises :class:`ChecksumError` unless the file at ``path`` has MD5 ``md5``."""
    actual = file_md5(path)
    if actual != md5.lower():
        raise ChecksumError('{}: MD5 is {} but {} was expected; the file is truncated or '
                            'corrupted'.format(path, actual, md5.lower()))


def download(url, path, md5=None):
    """Downloads ``url`` to ``path`` atomically, checking its size and MD5.

    The data goes to a temporary file next to ``path``, which is moved to ``path`` only
    after the whole body arrived (as many bytes as the server announced) and, when
    ``md5`` is given, its digest matched. On any failure the temporary file is removed
    and nothing is written at ``path``.

    Args:
        url (str): The URL (``http(s)://`` or ``file://``).
        path (str): The destination file.
        md5 (str): The expected MD5 hex digest, or ``None`` to skip the check.

    Returns:
        str: ``path``.

    Raises:
        DownloadError: The transfer failed or was cut short.
        ChecksumError: The downloaded data has another MD5.
    """
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, temp_path = tempfile.mkstemp(dir=directory, prefix='.' + os.path.basename(path) + '.',
                                     suffix='.part')
    try:
        with os.fdopen(fd, 'wb') as out:
            actual_md5 = _fetch(url, out)
        if md5 is not None and actual_md5 != md5.lower():
            raise ChecksumError('downloaded {} for {}: MD5 is {} but {} was expected; the '
                                'download is corrupted'.format(url, path, actual_md5,
                                                               md5.lower()))
        os.replace(temp_path, path)
    except BaseException:
        _remove_quietly(temp_path)
        raise
    return path


def _fetch(url, out):
    """Streams ``url`` into the open file ``out``; returns the MD5 of the data."""
    # Imported here: the HTTP stack costs ~40 ms at import, and most runs never download.
    import http.client
    import urllib.request
    print('Downloading {} ...'.format(url), file=sys.stderr, flush=True)
    digest = hashlib.md5(usedforsecurity=False)
    received = 0
    try:
        request = urllib.request.Request(url, headers={'User-Agent': 'kusari'})
        with urllib.request.urlopen(request, timeout=_TIMEOUT_SECONDS) as response:
            expected = response.headers.get('Content-Length')
            for chunk in iter(lambda: response.read(_CHUNK), b''):
                digest.update(chunk)
                out.write(chunk)
                received += len(chunk)
    except (OSError, ValueError, http.client.HTTPException) as e:
        # OSError covers URLError, timeouts and resets; HTTPException a cut-off body.
        raise DownloadError('could not download {}: {!r}'.format(url, e)) from e
    if expected is not None and received != int(expected):
        raise DownloadError('could not download {}: received {} of {} bytes'.format(
            url, received, expected))
    return digest.hexdigest()


def _remove_quietly(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def cached_download(url, *, md5=None):
    """Downloads a file once and returns the path of the cached copy.

    The file is cached under ``<dataset root>/_dl_cache/`` with a name derived from the
    URL; later calls return the cached path without downloading.

    Args:
        url (str): The URL to download.
        md5 (str): Expected MD5 hex digest of the file. When given, a new download and
            an existing cached copy are both checked against it.

    Returns:
        str: The path of the cached file.

    Raises:
        DownloadError: The download failed.
        ChecksumError: The file has another MD5 (a corrupted download is not kept).
    """
    cache_path = cached_download_path(url)
    if os.path.exists(cache_path):
        if md5 is not None:
            verify_md5(cache_path, md5)
        return cache_path
    return download(url, cache_path, md5)


def cached_download_path(url):
    """Where :func:`cached_download` keeps the copy of ``url``, as Chainer does:
    ``<dataset root>/_dl_cache/<MD5 of the URL>``."""
    name = hashlib.md5(url.encode('utf-8'), usedforsecurity=False).hexdigest()
    return os.path.join(get_dataset_root(), '_dl_cache', name)


def cache_or_load_file(path, creator, loader):
    """Loads a cached file, or creates it first if it does not exist.

    ``creator(temp_path)`` writes the file at a temporary path in the same directory as
    ``path`` and returns the content; the file is then moved to ``path`` atomically, so
    concurrent callers and crashes never leave a half-written cache. When ``path``
    exists, ``loader(path)`` is returned instead.

    Args:
        path (str): Where the cached file lives.
        creator (callable): ``creator(temp_path)`` writes the file and returns the
            content. ``temp_path`` has the same file name as ``path``.
        loader (callable): ``loader(path)`` reads the file and returns the content.

    Returns:
        What ``creator`` or ``loader`` returned.
    """
    if os.path.exists(path):
        return loader(path)
    root = get_dataset_root()
    try:
        os.makedirs(root, exist_ok=True)  # as Chainer: creating a cache needs the root
    except OSError as e:
        raise RuntimeError('cache_or_load_file: cannot create the dataset directory {} '
                           '({})'.format(root, e)) from e
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    temp_dir = tempfile.mkdtemp(dir=directory, prefix='.tmp-')
    try:
        temp_path = os.path.join(temp_dir, os.path.basename(path))
        content = creator(temp_path)
        os.replace(temp_path, path)
    finally:
        shutil.rmtree(temp_dir, ignore_errors=True)
    return content
