"""What the dataset loaders share: fetching checksummed raw files, caching parsed arrays
as .npz, and turning uint8 images into the arrays Chainer's loaders return."""

import collections
import os
import stat
import tempfile

import numpy

from kusari.dataset import download
from kusari.datasets import tuple_dataset
from kusari.datasets._dtype import get_dtype

RemoteFile = collections.namedtuple('RemoteFile', ('name', 'urls', 'md5'))
RemoteFile.__doc__ = """A dataset file: its file name, the URLs it can be downloaded
from (tried in order) and the MD5 of its published contents."""


def fetch(function, directory, remote):
    """The path of ``remote`` in ``directory``, or of the copy Chainer's
    ``cached_download`` made of one of its URLs, downloading it first if neither exists.

    An existing file is checked against the MD5 too, so a damaged file is reported
    rather than parsed.

    Args:
        function (str): The public function asking (named in errors).
        directory (str): The dataset's directory.
        remote (RemoteFile): The file.

    Returns:
        str: The path of the verified file.

    Raises:
        kusari.dataset.download.ChecksumError: The file (existing or downloaded) has
            another MD5; a bad download is not kept.
        kusari.dataset.download.DownloadError: It could not be downloaded from any URL;
            the message says where to put the file by hand.
    """
    path = os.path.join(directory, remote.name)
    if os.path.exists(path):
        try:
            download.verify_md5(path, remote.md5)
        except download.ChecksumError as e:
            raise download.ChecksumError(
                '{}: {}. Delete it to download it again, or replace it with the original '
                'file from {}'.format(function, e, remote.urls[0])) from None
        return path
    for url in remote.urls:
        # Chainer downloads the raw files with cached_download: a copy it made is used
        # when its MD5 is right (one that is not is left alone, and not trusted).
        chainer_copy = download.cached_download_path(url)
        if os.path.isfile(chainer_copy) and download.file_md5(chainer_copy) == remote.md5:
            return chainer_copy
    failures = []
    for url in remote.urls:
        try:
            return download.download(url, path, remote.md5)
        except (download.DownloadError, download.ChecksumError) as e:
            failures.append(e)
    error_type = type(failures[-1])
    raise error_type(
        '{}: could not get {} ({}). Without network access, download it from {} '
        'elsewhere and put it at {} (MD5 {}), or point CHAINER_DATASET_ROOT (or '
        'KUSARI_DATASET_ROOT) at a directory that holds it under {}/'.format(
            function, remote.name, '; '.join(str(e) for e in failures), remote.urls[0],
            path, remote.md5, os.path.relpath(directory, download.get_dataset_root()))
    ) from failures[-1]


def cached_arrays(path, build, layout):
    """Arrays loaded from the .npz cache at ``path``, or built and cached there.

    ``build()`` returns a dict of arrays. The cache is uncompressed (loading it is a
    plain read) and written as :func:`cached` writes. A cache that cannot be read
    (damaged) or that does not hold the arrays ``layout`` describes (written by another
    version, edited) is rebuilt.

    Args:
        path (str): The cache file.
        build (callable): Makes the arrays from the raw files.
        layout (dict): ``{name: (dtype, shape)}`` of every array in the cache; a
            dimension is an int, None (any size) or a letter naming a size that all
            arrays using that letter share (e.g. the number of examples).
    """
    return cached(path, build, lambda path: load_npz_cache(path, layout), save_npz)


def load_npz_cache(path, layout):
    """The arrays of the .npz file at ``path``; None if it is damaged or not ``layout``."""
    try:
        arrays = _load_npz(path)
    except Exception:  # noqa: BLE001
        # A damaged cache makes zipfile, zlib or NumPy's header parser raise almost
        # anything (even tokenize.TokenError).
        return None
    return arrays if matches_layout(arrays, layout) else None


def save_npz(f, arrays):
    numpy.savez(f, **arrays)


def cached(path, build, load, save):
    """The content of the cache file at ``path``, or ``build()``'s, cached there.

    ``load(path)`` returns the content, or None when the file is not a valid cache; then
    the content is built and ``save(binary_file, content)`` writes it to a temporary file
    that replaces ``path`` atomically. A cache in a read-only directory or one that
    cannot be written is skipped and the content returned uncached.
    """
    if os.path.exists(path):
        content = load(path)
        if content is not None:
            return content
    content = build()
    directory = os.path.dirname(os.path.abspath(path))
    if _is_read_only(directory):
        return content
    try:
        _save_atomically(path, directory, lambda f: save(f, content))
    except OSError:
        pass  # caching is an optimization; the content is correct without it
    return content


def matches_layout(arrays, layout):
    """Whether ``arrays`` has exactly the names, dtypes and shapes of ``layout``.

    A dtype given as a single letter (e.g. ``'U'``) matches any dtype of that kind.
    """
    if arrays.keys() != layout.keys():
        return False
    sizes = {}
    for name, (dtype, shape) in layout.items():
        array = arrays[name]
        if isinstance(dtype, str) and len(dtype) == 1:
            dtype_ok = array.dtype.kind == dtype
        else:
            dtype_ok = array.dtype == numpy.dtype(dtype)
        if not dtype_ok or array.ndim != len(shape):
            return False
        for actual, expected in zip(array.shape, shape):
            if isinstance(expected, str):
                expected = sizes.setdefault(expected, actual)
            if expected is not None and actual != expected:
                return False
    return True


def _load_npz(path):
    # Opened here so that the file is closed even when numpy cannot parse it.
    with open(path, 'rb') as f:
        npz = numpy.load(f, allow_pickle=False)
        if not isinstance(npz, numpy.lib.npyio.NpzFile):
            raise ValueError('{} is not an .npz archive'.format(path))
        with npz:
            return {key: npz[key] for key in npz.files}


def _is_read_only(directory):
    """Whether ``directory`` exists without any write permission bit.

    Checked on the mode bits rather than with os.access, so that a directory marked
    read-only (e.g. shared data) is left alone even by the root user.
    """
    try:
        return stat.S_IMODE(os.stat(directory).st_mode) & 0o222 == 0
    except FileNotFoundError:
        return False


def _save_atomically(path, directory, write):
    os.makedirs(directory, exist_ok=True)
    fd, temp_path = tempfile.mkstemp(dir=directory, prefix='.' + os.path.basename(path) + '.',
                                     suffix='.part')
    try:
        with os.fdopen(fd, 'wb') as f:
            write(f)
        os.replace(temp_path, path)
    except BaseException:
        try:
            os.remove(temp_path)
        except FileNotFoundError:
            pass
        raise


def reshape_images(function, images, ndim, rgb_format=False):
    """Grey (N, H, W) images reshaped for ``ndim`` 1 (N, H*W), 2 (N, H, W) or 3 (N, C, H, W).

    With ``ndim == 3`` and ``rgb_format`` the single channel is repeated three times.
    """
    n, height, width = images.shape
    if ndim == 1:
        return images.reshape(n, height * width)
    if ndim == 2:
        return images
    if ndim == 3:
        images = images.reshape(n, 1, height, width)
        if rgb_format:
            images = numpy.broadcast_to(images, (n, 3, height, width))
        return images
    raise ValueError('{}: ndim must be 1, 2 or 3, got {!r}'.format(function, ndim))


def make_dataset(images, labels, withlabel, scale, max_value, dtype, label_dtype):
    """Images scaled from [0, max_value] to [0, scale], optionally paired with labels.

    Returns:
        A :class:`~kusari.datasets.TupleDataset` of (image, label) if ``withlabel``,
        else the image array.
    """
    images = numpy.multiply(images, scale / max_value, dtype=get_dtype(dtype))
    if not withlabel:
        return images
    return tuple_dataset.TupleDataset(images, labels.astype(label_dtype))
