"""RoIAlign (Mask R-CNN) with the max of each bin's bilinear samples."""

from kusari.functions.pooling import _roi


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
    boxes, batch, outh, outw, spatial_scale = _roi.parse_indexed_rois(
        'roi_max_align_2d', x, rois, roi_indices, outsize, spatial_scale)
    ratio = _roi.parse_sampling_ratio('roi_max_align_2d', sampling_ratio)
    return _roi.align_max(x, boxes, batch, outh, outw, spatial_scale, ratio)
