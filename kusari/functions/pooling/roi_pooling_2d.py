"""RoI max pooling of Fast R-CNN, with ``(batch_index, x_min, y_min, x_max, y_max)`` RoIs."""

from kusari import core
from kusari.functions.pooling import _roi


class ROIPooling2D(_roi.ROIPoolingNode):
    """The node of :func:`roi_pooling_2d`, of inputs ``(x, rois)``."""

    def __init__(self, outh, outw, spatial_scale):
        self.outh, self.outw, self.spatial_scale = _roi.parse_outsize(
            'roi_pooling_2d', (outh, outw), spatial_scale)

    def pool(self, table, h, w, rois):
        return _roi.rect_max(self, table, h, w, rois[:, [2, 1, 4, 3]], rois[:, 0].astype(int),
                             inclusive=True, fill=0.0)


def roi_pooling_2d(x, rois, outh, outw, spatial_scale):
    """Spatial Region of Interest (RoI) max pooling.

    Each RoI, scaled by ``spatial_scale`` and rounded to pixels (ends included),
    is divided into ``outh x outw`` bins; each output is the maximum of its bin
    (0 for bins outside the image). The gradient flows to each bin's first maximum.

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        rois (Variable or array): RoIs of shape ``(R, 5)``:
            ``(batch_index, x_min, y_min, x_max, y_max)``.
        outh (int): height of the pooled output.
        outw (int): width of the pooled output.
        spatial_scale (float): scale from RoI coordinates to ``x``'s pixels.

    Returns:
        Variable: of shape ``(R, c, outh, outw)``.
    """
    _roi.check_inputs('roi_pooling_2d', core.as_array(x), core.as_array(rois), None, 5)
    return ROIPooling2D(outh, outw, float(spatial_scale)).apply((x, rois))[0]
