"""The ``reduce='mean'`` coefficient shared by the cross-entropy losses."""

import numpy


def mean_coefficient(xp, valid, normalize, batch, dtype):
    """``1 / count`` for reduce='mean': count is the non-ignored labels (normalize) or the
    batch size. On a GPU it stays a 0-d device array, so the step never waits for a sync."""
    if not normalize:
        return 1.0 / max(batch, 1)
    count = valid.sum()
    if xp is numpy:
        return 1.0 / max(int(count), 1)
    return (1 / xp.maximum(count, 1)).astype(dtype)
