"""Array manipulations."""

from kusari.functions.array.broadcast import broadcast, broadcast_to  # NOQA
from kusari.functions.array.reshape import reshape  # NOQA
from kusari.functions.array.transpose import transpose  # NOQA
from kusari.functions.array.as_strided import as_strided  # NOQA
from kusari.functions.array.cast import cast  # NOQA
from kusari.functions.array.concat import concat  # NOQA
from kusari.functions.array.copy import copy  # NOQA
from kusari.functions.array.depth2space import depth2space  # NOQA
from kusari.functions.array.diagonal import diagonal  # NOQA
from kusari.functions.array.dstack import dstack  # NOQA
from kusari.functions.array.expand_dims import expand_dims  # NOQA
from kusari.functions.array.flatten import flatten  # NOQA
from kusari.functions.array.flip import flip  # NOQA
from kusari.functions.array.fliplr import fliplr  # NOQA
from kusari.functions.array.flipud import flipud  # NOQA
from kusari.functions.array.get_item import get_item  # NOQA
from kusari.functions.array.hstack import hstack  # NOQA
from kusari.functions.array.im2col import im2col  # NOQA
from kusari.functions.array.moveaxis import moveaxis  # NOQA
from kusari.functions.array.pad import pad  # NOQA
from kusari.functions.array.pad_sequence import pad_sequence  # NOQA
from kusari.functions.array.permutate import permutate  # NOQA
from kusari.functions.array.repeat import repeat  # NOQA
from kusari.functions.array.resize_images import resize_images  # NOQA
from kusari.functions.array.rollaxis import rollaxis  # NOQA
from kusari.functions.array.scatter_add import scatter_add  # NOQA
from kusari.functions.array.select_item import select_item  # NOQA
from kusari.functions.array.separate import separate  # NOQA
from kusari.functions.array.space2depth import space2depth  # NOQA
from kusari.functions.array.spatial_transformer_grid import spatial_transformer_grid  # NOQA
from kusari.functions.array.spatial_transformer_sampler import spatial_transformer_sampler  # NOQA
from kusari.functions.array.split_axis import split_axis  # NOQA
from kusari.functions.array.squeeze import squeeze  # NOQA
from kusari.functions.array.stack import stack  # NOQA
from kusari.functions.array.swapaxes import swapaxes  # NOQA
from kusari.functions.array.tile import tile  # NOQA
from kusari.functions.array.transpose_sequence import transpose_sequence  # NOQA
from kusari.functions.array.vstack import vstack  # NOQA
from kusari.functions.array.where import where  # NOQA

# identity and sum_to live here too but belong to the math family's names (as in Chainer).
__all__ = [
    'as_strided', 'broadcast', 'broadcast_to', 'cast', 'concat', 'copy', 'depth2space',
    'diagonal', 'dstack', 'expand_dims', 'flatten', 'flip', 'fliplr', 'flipud', 'get_item',
    'hstack', 'im2col', 'moveaxis', 'pad', 'pad_sequence', 'permutate', 'repeat',
    'reshape', 'resize_images', 'rollaxis', 'scatter_add', 'select_item', 'separate',
    'space2depth', 'spatial_transformer_grid', 'spatial_transformer_sampler', 'split_axis',
    'squeeze', 'stack', 'swapaxes', 'tile', 'transpose', 'transpose_sequence',
    'vstack', 'where',
]
