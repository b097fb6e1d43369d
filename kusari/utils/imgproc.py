"""Image preprocessing (Chainer's ``chainer.utils.imgproc``)."""

import numpy


def oversample(images, crop_dims):
    """Ten crops of each image, for predictions averaged over them: the four corners and
    the centre, then the same five mirrored left to right.

    Args:
        images: images (C, H, W) of one shape: a sequence, or an (N, C, H, W) array.
        crop_dims (tuple of int): ``(height, width)`` of the crops.

    Returns:
        numpy.ndarray: (10 * N, C, height, width), each image's ten crops in a row.
    """
    _, height, width = images[0].shape
    crop_height, crop_width = crop_dims
    bottom, right = height - crop_height, width - crop_width
    corners = ((0, 0), (0, right), (bottom, 0), (bottom, right),
               (int(height / 2 - crop_height / 2), int(width / 2 - crop_width / 2)))
    crops = []
    for image in images:
        five = [image[:, top:top + crop_height, left:left + crop_width]
                for top, left in corners]
        crops += five + [crop[:, :, ::-1] for crop in five]
    return numpy.stack(crops)
