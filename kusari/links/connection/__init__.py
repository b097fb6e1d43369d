"""Learnable connections."""

import typing

from kusari import _lazy

_EXPORTS = {
    'Bias': 'bias',
    'Bilinear': 'bilinear',
    'Convolution2D': 'convolution_2d',
    'Convolution1D': 'convolution_nd',
    'Convolution3D': 'convolution_nd',
    'ConvolutionND': 'convolution_nd',
    'Deconvolution2D': 'deconvolution_2d',
    'Deconvolution1D': 'deconvolution_nd',
    'Deconvolution3D': 'deconvolution_nd',
    'DeconvolutionND': 'deconvolution_nd',
    'DeformableConvolution2D': 'deformable_convolution_2d',
    'DeformableConvolution2DSampler': 'deformable_convolution_2d',
    'DepthwiseConvolution2D': 'depthwise_convolution_2d',
    'DilatedConvolution2D': 'dilated_convolution_2d',
    'EmbedID': 'embed_id',
    'Highway': 'highway',
    'Inception': 'inception',
    'InceptionBN': 'inceptionbn',
    'Linear': 'linear',
    'LocalConvolution2D': 'local_convolution_2d',
    'MLPConvolution2D': 'mlp_convolution_2d',
    'Parameter': 'parameter',
    'Scale': 'scale',
}

__all__ = sorted(set(_EXPORTS) - {'DeformableConvolution2DSampler'})  # exported by its module only

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.connection import (
        bias as bias, bilinear as bilinear, convolution_2d as convolution_2d,
        convolution_nd as convolution_nd, deconvolution_2d as deconvolution_2d,
        deconvolution_nd as deconvolution_nd,
        deformable_convolution_2d as deformable_convolution_2d,
        depthwise_convolution_2d as depthwise_convolution_2d,
        dilated_convolution_2d as dilated_convolution_2d, embed_id as embed_id, highway as highway,
        inception as inception, inceptionbn as inceptionbn, linear as linear,
        local_convolution_2d as local_convolution_2d, mlp_convolution_2d as mlp_convolution_2d,
        parameter as parameter, scale as scale)
    from kusari.links.connection.bias import Bias as Bias
    from kusari.links.connection.bilinear import Bilinear as Bilinear
    from kusari.links.connection.convolution_2d import Convolution2D as Convolution2D
    from kusari.links.connection.convolution_nd import (
        Convolution1D as Convolution1D,
        Convolution3D as Convolution3D,
        ConvolutionND as ConvolutionND)
    from kusari.links.connection.deconvolution_2d import Deconvolution2D as Deconvolution2D
    from kusari.links.connection.deconvolution_nd import (
        Deconvolution1D as Deconvolution1D,
        Deconvolution3D as Deconvolution3D,
        DeconvolutionND as DeconvolutionND)
    from kusari.links.connection.deformable_convolution_2d import (
        DeformableConvolution2D as DeformableConvolution2D,
        DeformableConvolution2DSampler as DeformableConvolution2DSampler)
    from kusari.links.connection.depthwise_convolution_2d import (
        DepthwiseConvolution2D as DepthwiseConvolution2D)
    from kusari.links.connection.dilated_convolution_2d import (
        DilatedConvolution2D as DilatedConvolution2D)
    from kusari.links.connection.embed_id import EmbedID as EmbedID
    from kusari.links.connection.highway import Highway as Highway
    from kusari.links.connection.inception import Inception as Inception
    from kusari.links.connection.inceptionbn import InceptionBN as InceptionBN
    from kusari.links.connection.linear import Linear as Linear
    from kusari.links.connection.local_convolution_2d import (
        LocalConvolution2D as LocalConvolution2D)
    from kusari.links.connection.mlp_convolution_2d import MLPConvolution2D as MLPConvolution2D
    from kusari.links.connection.parameter import Parameter as Parameter
    from kusari.links.connection.scale import Scale as Scale
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
