"""Array manipulations.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.array import (
        as_strided as as_strided, broadcast as broadcast, cast as cast, concat as concat,
        copy as copy, depth2space as depth2space, diagonal as diagonal, dstack as dstack,
        expand_dims as expand_dims, flatten as flatten, flip as flip, fliplr as fliplr,
        flipud as flipud, get_item as get_item, hstack as hstack, im2col as im2col,
        moveaxis as moveaxis, pad as pad, pad_sequence as pad_sequence, permutate as permutate,
        repeat as repeat, reshape as reshape, resize_images as resize_images, rollaxis as rollaxis,
        scatter_add as scatter_add, select_item as select_item, separate as separate,
        space2depth as space2depth, spatial_transformer_grid as spatial_transformer_grid,
        spatial_transformer_sampler as spatial_transformer_sampler, split_axis as split_axis,
        squeeze as squeeze, stack as stack, swapaxes as swapaxes, tile as tile,
        transpose as transpose, transpose_sequence as transpose_sequence, vstack as vstack,
        where as where)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
