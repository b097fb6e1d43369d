"""RoI average pooling with (y_min, x_min, y_max, x_max) RoIs and separate image indices."""

from kusari import core
from kusari.functions.pooling import _roi


def roi_average_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Spatial Region of Interest (RoI) average pooling.

    Each RoI, scaled by ``spatial_scale`` and rounded to pixels, is divided into
    ``outsize`` bins; each output is the average of its bin (0 for bins outside
    the image).

    Args:
        x: input of shape ``(n, c, h, w)``.
        rois: RoIs of shape ``(R, 4)``: ``(y_min, x_min, y_max, x_max)``.
        roi_indices: int32 array ``(R,)``: the image of each RoI.
        outsize (int or pair of ints): output size ``(outh, outw)``.
        spatial_scale (float): scale from RoI coordinates to ``x``'s pixels.

    Returns:
        Variable: of shape ``(R, c, outh, outw)``.
    """
    func = 'roi_average_pooling_2d'
    roi_indices = core.as_array(roi_indices)
    _roi.check_inputs(func, core.as_array(x), core.as_array(rois), roi_indices, 4)
    outh, outw, spatial_scale = _roi.parse_outsize(func, outsize, spatial_scale)
    boxes, batch = _roi.to_numpy(core.as_array(rois)), _roi.to_numpy(roi_indices)
    return _roi.rect_average(x, boxes, batch, outh, outw, spatial_scale)
