"""Small utilities shared across kusari (Chainer's ``chainer.utils``)."""

import collections.abc as collections_abc  # noqa: F401 - Chainer's alias, used by its users
import contextlib
import typing

import numpy

from kusari import _lazy
from kusari.utils import argument, conv  # noqa: F401 - reached as chainer.utils.argument, as in Chainer
from kusari.utils.array import size_of_shape, sum_to  # NOQA
from kusari.utils.conv import get_conv_outsize, get_deconv_outsize  # NOQA
from kusari.utils.error import _format_array_props  # NOQA
from kusari.utils.experimental import experimental  # NOQA
from kusari.utils.meta import enable_final, final  # NOQA
from kusari.utils.nondeterministic import nondeterministic  # NOQA
from kusari.utils.sparse import CooMatrix, get_order, to_coo  # NOQA
from kusari.utils.walker_alias import WalkerAlias  # NOQA


def force_array(x, dtype=None):
    """``x`` as an array (NumPy ufuncs return scalars for 0-d input), cast to ``dtype``."""
    # arrays first: this runs in the forward of every elementwise function
    if type(x) is not numpy.ndarray and numpy.isscalar(x):
        return numpy.array(x, dtype)
    if dtype is None or x.dtype == dtype:
        return x
    return x.astype(dtype, copy=False)


def force_type(dtype, value):
    """``value`` (a scalar or an array) with dtype ``dtype``."""
    if numpy.isscalar(value):
        return dtype.type(value)
    return value.astype(dtype, copy=False)


@contextlib.contextmanager
def tempdir(ignore_errors=False, **kwargs):
    """A temporary directory (its path) removed on exit; ``kwargs`` go to
    ``tempfile.mkdtemp``."""
    import shutil
    import tempfile
    path = tempfile.mkdtemp(**kwargs)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=ignore_errors)


# The other modules (type_check, cache, conv_nd, ...) are attributes too, imported on
# first use: after ``import chainer``, ``chainer.utils.type_check`` works as in Chainer.
# Type checkers see them through these imports ("X as X": re-exported), not the lazy
# look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.utils import (
        array as array, cache as cache, conv_nd as conv_nd, conv_nd_kernel as conv_nd_kernel,
        error as error, imgproc as imgproc, meta as meta, precision as precision,
        sparse as sparse, type_check as type_check, walker_alias as walker_alias)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
