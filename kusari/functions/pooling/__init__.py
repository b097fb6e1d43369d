"""Spatial pooling."""

from kusari.functions.pooling.max_pooling_nd import (max_pooling_1d, max_pooling_2d,
                                                     max_pooling_3d, max_pooling_nd)

__all__ = ['max_pooling_1d', 'max_pooling_2d', 'max_pooling_3d', 'max_pooling_nd']
