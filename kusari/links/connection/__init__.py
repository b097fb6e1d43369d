"""Learnable connections."""

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
__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
