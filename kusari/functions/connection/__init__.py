"""Neural-network connections."""

from kusari.functions.connection.convolution_2d import convolution_2d
from kusari.functions.connection.convolution_nd import (convolution_1d, convolution_3d,
                                                        convolution_nd)
from kusari.functions.connection.deconvolution_2d import deconvolution_2d
from kusari.functions.connection.deconvolution_nd import (deconvolution_1d, deconvolution_3d,
                                                          deconvolution_nd)
from kusari.functions.connection.linear import linear

__all__ = [
    'convolution_1d', 'convolution_2d', 'convolution_3d', 'convolution_nd',
    'deconvolution_1d', 'deconvolution_2d', 'deconvolution_3d', 'deconvolution_nd',
    'linear',
]
