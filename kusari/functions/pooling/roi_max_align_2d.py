"""RoIAlign (Mask R-CNN) with the max of each bin's bilinear samples."""

from kusari.functions.pooling import _roi


class ROIMaxAlign2D(_roi.IndexedROINode):
    """The node of :func:`roi_max_align_2d`."""

    func = 'roi_max_align_2d'

    def pool(self, table, h, w, rois, roi_indices):
        return _roi.align_max(self, table, h, w, rois, roi_indices)


def roi_max_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """Spatial Region of Interest (RoI) max align.

    Each RoI, scaled by ``spatial_scale`` (not rounded), is divided into
    ``outsize`` bins; each bin is sampled bilinearly on a regular grid and the
    output is the max of its samples (-inf for bins without samples inside the
    image).

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        rois (Variable or array): RoIs of shape ``(R, 4)``: ``(y_min, x_min, y_max, x_max)``.
        roi_indices (Variable or array): int32 array of shape ``(R,)``: the image of each RoI.
        outsize (int or pair of ints): output size ``(outh, outw)``.
        spatial_scale (float): scale from RoI coordinates to ``x``'s pixels.
        sampling_ratio (int or pair of ints): samples per bin side; None takes
            ``ceil(roi_size / outsize)`` per RoI.

    Returns:
        Variable: of shape ``(R, c, outh, outw)``.
    """
    _roi.check_indexed_rois('roi_max_align_2d', x, rois, roi_indices)
    return ROIMaxAlign2D(outsize, spatial_scale, sampling_ratio).apply(
        (x, rois, roi_indices))[0]
