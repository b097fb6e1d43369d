"""RoI max pooling with (y_min, x_min, y_max, x_max) RoIs and separate image indices."""

import numpy

from kusari.functions.pooling import _roi


class ROIMaxPooling2D(_roi.IndexedROINode):
    """The node of :func:`roi_max_pooling_2d`."""

    func = 'roi_max_pooling_2d'

    def pool(self, table, h, w, rois, roi_indices):
        return _roi.rect_max(self, table, h, w, rois, roi_indices, inclusive=False,
                             fill=-numpy.inf)


def roi_max_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Spatial Region of Interest (RoI) max pooling.

    Each RoI, scaled by ``spatial_scale`` and rounded to pixels, is divided into
    ``outsize`` bins; each output is the max of its bin (-inf, as in Chainer's
    CPU implementation, for bins outside the image).

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        rois (Variable or array): RoIs of shape ``(R, 4)``: ``(y_min, x_min, y_max, x_max)``.
        roi_indices (Variable or array): int32 array of shape ``(R,)``: the image of each RoI.
        outsize (int or pair of ints): output size ``(outh, outw)``.
        spatial_scale (float): scale from RoI coordinates to ``x``'s pixels.

    Returns:
        Variable: of shape ``(R, c, outh, outw)``.
    """
    _roi.check_indexed_rois('roi_max_pooling_2d', x, rois, roi_indices)
    return ROIMaxPooling2D(outsize, spatial_scale).apply((x, rois, roi_indices))[0]
