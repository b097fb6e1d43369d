"""Spatial pyramid pooling."""

from kusari.functions.array.concat import concat
from kusari.functions.array.reshape import reshape
from kusari.functions.pooling._common import spatial_ndim
from kusari.functions.pooling.max_pooling_nd import max_pooling_2d


def spatial_pyramid_pooling_2d(x, pyramid_height, pooling=None):
    """Spatial pyramid pooling (He et al.): fixed-size features from any input size.

    Level ``l`` (``0 <= l < pyramid_height``) max-pools ``x`` into ``2^l x 2^l``
    bins with windows of ``ceil(h / 2^l) x ceil(w / 2^l)``; the bins of all levels
    are concatenated along the channel axis.

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        pyramid_height (int): number of pyramid levels.
        pooling (str): ``'max'``, the only pooling supported (as in Chainer v7, the
            default None is rejected).

    Returns:
        Variable: of shape ``(n, c * sum_l 4^l, 1, 1)``.
    """
    if pooling != 'max':
        raise ValueError('spatial_pyramid_pooling_2d: unsupported pooling {!r}; only \'max\' is '
                         'supported'.format(pooling))
    if not isinstance(pyramid_height, int) or pyramid_height < 1:
        raise ValueError('spatial_pyramid_pooling_2d: pyramid_height must be a positive int, '
                         'got {!r}'.format(pyramid_height))
    spatial_ndim('spatial_pyramid_pooling_2d', x, 2)
    n, _, h, w = x.shape
    levels = []
    for level in range(pyramid_height):
        bins = 2 ** level
        kh, kw = -(-h // bins), -(-w // bins)
        ph, pw = (kh * bins - h) // 2, (kw * bins - w) // 2
        pooled = max_pooling_2d(x, (kh, kw), (kh, kw), (ph, pw))
        levels.append(reshape(pooled, (n, -1, 1, 1)))
    return concat(levels, axis=1)
