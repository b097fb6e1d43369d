"""Learnable connections."""

from kusari.links.connection.bias import Bias  # NOQA
from kusari.links.connection.bilinear import Bilinear  # NOQA
from kusari.links.connection.convolution_2d import Convolution2D  # NOQA
from kusari.links.connection.convolution_nd import (Convolution1D, Convolution3D,  # NOQA
                                                    ConvolutionND)
from kusari.links.connection.deconvolution_2d import Deconvolution2D  # NOQA
from kusari.links.connection.deconvolution_nd import (Deconvolution1D,  # NOQA
                                                      Deconvolution3D, DeconvolutionND)
from kusari.links.connection.deformable_convolution_2d import (  # NOQA
    DeformableConvolution2D, DeformableConvolution2DSampler)
from kusari.links.connection.depthwise_convolution_2d import DepthwiseConvolution2D  # NOQA
from kusari.links.connection.dilated_convolution_2d import DilatedConvolution2D  # NOQA
from kusari.links.connection.embed_id import EmbedID  # NOQA
from kusari.links.connection.highway import Highway  # NOQA
from kusari.links.connection.inception import Inception  # NOQA
from kusari.links.connection.inceptionbn import InceptionBN  # NOQA
from kusari.links.connection.linear import Linear  # NOQA
from kusari.links.connection.local_convolution_2d import LocalConvolution2D  # NOQA
from kusari.links.connection.mlp_convolution_2d import MLPConvolution2D  # NOQA
from kusari.links.connection.parameter import Parameter  # NOQA
from kusari.links.connection.scale import Scale  # NOQA

__all__ = [
    'Bias', 'Bilinear', 'Convolution1D', 'Convolution2D', 'Convolution3D', 'ConvolutionND',
    'Deconvolution1D', 'Deconvolution2D', 'Deconvolution3D', 'DeconvolutionND',
    'DeformableConvolution2D', 'DepthwiseConvolution2D',
    'DilatedConvolution2D', 'EmbedID', 'Highway', 'Inception', 'InceptionBN', 'Linear',
    'LocalConvolution2D', 'MLPConvolution2D', 'Parameter', 'Scale',
]
