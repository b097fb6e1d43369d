"""Spatial pooling."""

from kusari.functions.pooling.average_pooling_2d import average_pooling_2d
from kusari.functions.pooling.average_pooling_nd import (
    average_pooling_1d,
    average_pooling_3d,
    average_pooling_nd,
)
from kusari.functions.pooling.max_pooling_nd import (
    max_pooling_1d,
    max_pooling_2d,
    max_pooling_3d,
    max_pooling_nd,
)
from kusari.functions.pooling.roi_average_align_2d import roi_average_align_2d
from kusari.functions.pooling.roi_average_pooling_2d import roi_average_pooling_2d
from kusari.functions.pooling.roi_max_align_2d import roi_max_align_2d
from kusari.functions.pooling.roi_max_pooling_2d import roi_max_pooling_2d
from kusari.functions.pooling.roi_pooling_2d import roi_pooling_2d
from kusari.functions.pooling.spatial_pyramid_pooling_2d import spatial_pyramid_pooling_2d
from kusari.functions.pooling.unpooling_2d import unpooling_2d
from kusari.functions.pooling.unpooling_nd import unpooling_1d, unpooling_3d, unpooling_nd
from kusari.functions.pooling.upsampling_2d import upsampling_2d

__all__ = [
    'average_pooling_1d', 'average_pooling_2d', 'average_pooling_3d', 'average_pooling_nd',
    'max_pooling_1d', 'max_pooling_2d', 'max_pooling_3d', 'max_pooling_nd',
    'roi_average_align_2d', 'roi_average_pooling_2d', 'roi_max_align_2d', 'roi_max_pooling_2d',
    'roi_pooling_2d', 'spatial_pyramid_pooling_2d', 'unpooling_1d', 'unpooling_2d',
    'unpooling_3d', 'unpooling_nd', 'upsampling_2d',
]
