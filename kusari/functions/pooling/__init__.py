"""Spatial pooling. One module per function, as in Chainer; ``kusari.functions`` exports them."""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.pooling import (
        average_pooling_2d as average_pooling_2d, average_pooling_nd as average_pooling_nd,
        average_pooling_nd_kernel as average_pooling_nd_kernel,
        max_pooling_nd as max_pooling_nd, max_pooling_nd_kernel as max_pooling_nd_kernel,
        pooling_2d as pooling_2d, pooling_nd as pooling_nd,
        pooling_nd_kernel as pooling_nd_kernel, roi_average_align_2d as roi_average_align_2d,
        roi_average_pooling_2d as roi_average_pooling_2d, roi_max_align_2d as roi_max_align_2d,
        roi_max_pooling_2d as roi_max_pooling_2d, roi_pooling_2d as roi_pooling_2d,
        spatial_pyramid_pooling_2d as spatial_pyramid_pooling_2d, unpooling_2d as unpooling_2d,
        unpooling_nd as unpooling_nd, upsampling_2d as upsampling_2d)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
