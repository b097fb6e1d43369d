"""Neural-network connections.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.connection import (
        bilinear as bilinear, convolution_2d as convolution_2d, convolution_nd as convolution_nd,
        deconvolution_2d as deconvolution_2d, deconvolution_nd as deconvolution_nd,
        deformable_convolution_2d_sampler as deformable_convolution_2d_sampler,
        depthwise_convolution_2d as depthwise_convolution_2d,
        dilated_convolution_2d as dilated_convolution_2d, embed_id as embed_id, linear as linear,
        local_convolution_2d as local_convolution_2d, shift as shift)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
