"""GoogLeNet (Inception v1, Szegedy et al., 2015), as trained by BVLC."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.link import Chain
from kusari.links.connection.convolution_2d import Convolution2D
from kusari.links.connection.inception import Inception
from kusari.links.connection.linear import Linear
from kusari.links.model.vision import _pretrained

if typing.TYPE_CHECKING:
    import collections

    from kusari import types

available = _pretrained.pillow_available  # Chainer's flag: prepare() works

_MEAN_BGR = (104.0, 117.0, 123.0)
_URL = 'http://dl.caffe.berkeleyvision.org/bvlc_googlenet.caffemodel'
_INCEPTIONS = (
    ('3a', (192, 64, 96, 128, 16, 32, 32)), ('3b', (256, 128, 128, 192, 32, 96, 64)),
    ('4a', (480, 192, 96, 208, 16, 48, 64)), ('4b', (512, 160, 112, 224, 24, 64, 64)),
    ('4c', (512, 128, 128, 256, 24, 64, 64)), ('4d', (512, 112, 144, 288, 32, 64, 64)),
    ('4e', (528, 256, 160, 320, 32, 128, 128)), ('5a', (832, 256, 160, 320, 32, 128, 128)),
    ('5b', (832, 384, 192, 384, 48, 128, 128)))


def prepare(image: typing.Any, size: tuple[int, int] | None = (224, 224)) -> types.NdArray:
    """Convert an image (PIL image or RGB array) for GoogLeNet: resize, RGB to BGR,
    subtract the mean, and move channels first.

    Args:
        image: a PIL image, or an RGB array ``(H, W)``, ``(H, W, C)`` or ``(C, H, W)``.
        size (pair of ints or None): the size to resize to (None: kept).

    Returns:
        array: a BGR array of shape ``(3, H, W)`` and ``config.dtype``.
    """
    return _pretrained.prepare_image(image, size, _MEAN_BGR)


def _max_pooling_2d(x):
    return F.max_pooling_2d(x, ksize=3, stride=2)


def _local_response_normalization(x):
    return F.local_response_normalization(x, n=5, k=1, alpha=1e-4 / 5)


def _average_pooling_2d_k5(x):
    return F.average_pooling_2d(x, ksize=5, stride=3)


def _average_pooling_2d_k7(x):
    return F.average_pooling_2d(x, ksize=7, stride=1)


def _dropout(x):
    return F.dropout(x, ratio=0.4)


class GoogLeNet(_pretrained.PretrainedModel, Chain):
    """GoogLeNet, optionally with BVLC's ImageNet weights.

    Layers: conv1, pool1, conv2_reduce, conv2, pool2, inception_3a, inception_3b,
    pool3, inception_4a..4e, pool4, inception_5a, inception_5b, pool5, loss3_fc, prob,
    and the auxiliary classifiers loss1_fc2 (from inception_4a) and loss2_fc2 (from
    inception_4d).

    Args:
        pretrained_model (str or None): path of an .npz to load; 'auto' fetches the
            original weights (the default); None gives random weights (LeCunUniform,
            as BVLC's "xavier" filler).
    """

    branch_inputs = {'loss1_fc2': 'inception_4a', 'loss2_fc2': 'inception_4d'}

    def __init__(self, pretrained_model: str | None = 'auto') -> None:
        super().__init__()
        if pretrained_model:
            kwargs: dict[str, typing.Any] = {'initialW': initializers.Zero()}
        else:
            kwargs = {'initialW': initializers.LeCunUniform(scale=1.0)}
        with self.init_scope():
            self.conv1 = Convolution2D(3, 64, 7, stride=2, pad=3, **kwargs)
            self.conv2_reduce = Convolution2D(64, 64, 1, **kwargs)
            self.conv2 = Convolution2D(64, 192, 3, stride=1, pad=1, **kwargs)
            for name, sizes in _INCEPTIONS:
                setattr(self, 'inc' + name, Inception(*sizes))
            self.loss3_fc = Linear(1024, 1000, **kwargs)
            self.loss1_conv = Convolution2D(512, 128, 1, **kwargs)
            self.loss1_fc1 = Linear(2048, 1024, **kwargs)
            self.loss1_fc2 = Linear(1024, 1000, **kwargs)
            self.loss2_conv = Convolution2D(528, 128, 1, **kwargs)
            self.loss2_fc1 = Linear(2048, 1024, **kwargs)
            self.loss2_fc2 = Linear(1024, 1000, **kwargs)
        if pretrained_model == 'auto':
            _pretrained.retrieve('bvlc_googlenet.npz',
                                 _pretrained.download_and_convert(GoogLeNet, _URL), self)
        elif pretrained_model:
            from kusari.serializers import npz
            npz.load_npz(pretrained_model, self)

    prepare = staticmethod(prepare)

    @property
    def functions(self) -> collections.OrderedDict[str, list[typing.Callable[..., typing.Any]]]:
        inception = {name: [getattr(self, 'inc' + name)] for name, _ in _INCEPTIONS}
        return _pretrained.ordered(
            ('conv1', [self.conv1, F.relu]),
            ('pool1', [_max_pooling_2d, _local_response_normalization]),
            ('conv2_reduce', [self.conv2_reduce, F.relu]),
            ('conv2', [self.conv2, F.relu, _local_response_normalization]),
            ('pool2', [_max_pooling_2d]),
            ('inception_3a', inception['3a']),
            ('inception_3b', inception['3b']),
            ('pool3', [_max_pooling_2d]),
            ('inception_4a', inception['4a']),
            ('inception_4b', inception['4b']),
            ('inception_4c', inception['4c']),
            ('inception_4d', inception['4d']),
            ('inception_4e', inception['4e']),
            ('pool4', [_max_pooling_2d]),
            ('inception_5a', inception['5a']),
            ('inception_5b', inception['5b']),
            ('pool5', [_average_pooling_2d_k7]),
            ('loss3_fc', [_dropout, self.loss3_fc]),
            ('prob', [F.softmax]),
            # The auxiliary classifiers come last so that the main path can stop early.
            ('loss1_fc2', [_average_pooling_2d_k5, self.loss1_conv, F.relu, self.loss1_fc1,
                           F.relu, self.loss1_fc2]),
            ('loss2_fc2', [_average_pooling_2d_k5, self.loss2_conv, F.relu, self.loss2_fc1,
                           F.relu, self.loss2_fc2]))

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel: str, path_npz: str) -> None:
        """Convert BVLC's caffemodel to an .npz this class loads."""
        from kusari.links.caffe.caffe_function import CaffeFunction
        from kusari.serializers import npz
        caffemodel = CaffeFunction(path_caffemodel)
        model = cls(pretrained_model=None)
        _transfer_googlenet(caffemodel, model)
        npz.save_npz(path_npz, model, compression=False)


def _copy(dst_link, src_link):
    dst_link.W.array[...] = src_link.W.array.reshape(dst_link.W.shape)
    dst_link.b.array[...] = src_link.b.array


def _transfer_googlenet(src, dst):
    """Copy the weights of BVLC's GoogLeNet (Caffe layer names) into ``dst``."""
    _copy(dst.conv1, src['conv1/7x7_s2'])
    _copy(dst.conv2_reduce, src['conv2/3x3_reduce'])
    _copy(dst.conv2, src['conv2/3x3'])
    parts = (('conv1', '1x1'), ('proj3', '3x3_reduce'), ('conv3', '3x3'),
             ('proj5', '5x5_reduce'), ('conv5', '5x5'), ('projp', 'pool_proj'))
    for name, _ in _INCEPTIONS:
        block = getattr(dst, 'inc' + name)
        for ours, theirs in parts:
            _copy(getattr(block, ours), src['inception_{}/{}'.format(name, theirs)])
    for i in (1, 2):
        _copy(getattr(dst, 'loss{}_conv'.format(i)), src['loss{}/conv'.format(i)])
        _copy(getattr(dst, 'loss{}_fc1'.format(i)), src['loss{}/fc'.format(i)])
        _copy(getattr(dst, 'loss{}_fc2'.format(i)), src['loss{}/classifier'.format(i)])
    _copy(dst.loss3_fc, src['loss3/classifier'])
