"""Deep residual networks (He et al., 2016) of 50, 101 and 152 layers, as released by
MSRA."""

from __future__ import annotations

import typing
import os

from kusari import functions as F
from kusari import initializers
from kusari.link import Chain
from kusari.links.connection.convolution_2d import Convolution2D
from kusari.links.connection.linear import Linear
from kusari.links.model.vision import _pretrained
from kusari.links.normalization.batch_normalization import BatchNormalization

if typing.TYPE_CHECKING:
    import collections

    from kusari import types
    from kusari.core import Variable

available = _pretrained.pillow_available  # Chainer's flag: prepare() works

_MEAN_BGR = (103.063, 115.903, 123.152)
_BLOCKS = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3)}


def prepare(image: typing.Any, size: tuple[int, int] | None = (224, 224)) -> types.NdArray:
    """Convert an image (PIL image or RGB array) for the ResNets: resize, RGB to BGR,
    subtract the mean, and move channels first.

    Args:
        image: a PIL image, or an RGB array ``(H, W)``, ``(H, W, C)`` or ``(C, H, W)``.
        size (pair of ints or None): the size to resize to (None: kept).

    Returns:
        array: a BGR array of shape ``(3, H, W)`` and ``config.dtype``.
    """
    return _pretrained.prepare_image(image, size, _MEAN_BGR)


def _global_average_pooling_2d(x):
    n, channels, height, width = x.shape
    h = F.average_pooling_2d(x, (height, width), stride=1)
    return F.reshape(h, (n, channels))


class BottleneckA(Chain):
    """The first bottleneck of a stage: 1x1, 3x3, 1x1 convolutions (with batch
    normalization) plus a projection shortcut ``conv4``/``bn4``.

    Args:
        in_channels (int): input channels.
        mid_channels (int): channels of the 3x3 convolution.
        out_channels (int): output channels.
        stride (int): stride of the stage (default 2).
        initialW: initializer of the filters (default None: LeCunNormal).
        downsample_fb (bool): put the stride on the 3x3 convolution (Facebook's
            variant) instead of the first 1x1 (MSRA's) (default False).
    """

    def __init__(self, in_channels: int, mid_channels: int, out_channels: int,
                 stride: int = 2, initialW: types.InitializerSpec | None = None,
                 downsample_fb: bool = False) -> None:
        super().__init__()
        stride_1x1, stride_3x3 = (1, stride) if downsample_fb else (stride, 1)
        with self.init_scope():
            self.conv1 = Convolution2D(in_channels, mid_channels, 1, stride_1x1, 0,
                                       initialW=initialW, nobias=True)
            self.bn1 = BatchNormalization(mid_channels)
            self.conv2 = Convolution2D(mid_channels, mid_channels, 3, stride_3x3, 1,
                                       initialW=initialW, nobias=True)
            self.bn2 = BatchNormalization(mid_channels)
            self.conv3 = Convolution2D(mid_channels, out_channels, 1, 1, 0,
                                       initialW=initialW, nobias=True)
            self.bn3 = BatchNormalization(out_channels)
            self.conv4 = Convolution2D(in_channels, out_channels, 1, stride, 0,
                                       initialW=initialW, nobias=True)
            self.bn4 = BatchNormalization(out_channels)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the bottleneck.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, H', W')`` with
            ``H' = (H - 1) // stride + 1`` (likewise ``W'``).
        """
        h = F.relu(self.bn1(self.conv1(x)))
        h = F.relu(self.bn2(self.conv2(h)))
        h = self.bn3(self.conv3(h))
        return F.relu(h + self.bn4(self.conv4(x)))


class BottleneckB(Chain):
    """A bottleneck with an identity shortcut: 1x1, 3x3, 1x1 convolutions (with batch
    normalization) added to the input.

    Args:
        in_channels (int): input and output channels.
        mid_channels (int): channels of the 3x3 convolution.
        initialW: initializer of the filters (default None: LeCunNormal).
    """

    def __init__(self, in_channels: int, mid_channels: int,
                 initialW: types.InitializerSpec | None = None) -> None:
        super().__init__()
        with self.init_scope():
            self.conv1 = Convolution2D(in_channels, mid_channels, 1, 1, 0,
                                       initialW=initialW, nobias=True)
            self.bn1 = BatchNormalization(mid_channels)
            self.conv2 = Convolution2D(mid_channels, mid_channels, 3, 1, 1,
                                       initialW=initialW, nobias=True)
            self.bn2 = BatchNormalization(mid_channels)
            self.conv3 = Convolution2D(mid_channels, in_channels, 1, 1, 0,
                                       initialW=initialW, nobias=True)
            self.bn3 = BatchNormalization(in_channels)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the bottleneck.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of the same shape ``(N, in_channels, H, W)``.
        """
        h = F.relu(self.bn1(self.conv1(x)))
        h = F.relu(self.bn2(self.conv2(h)))
        return F.relu(self.bn3(self.conv3(h)) + x)


class BuildingBlock(Chain):
    """A stage: BottleneckA ``a`` then ``n_layer - 1`` BottleneckB ``b1``, ``b2``, ...

    Args:
        n_layer (int): number of bottlenecks.
        in_channels (int): input channels.
        mid_channels (int): channels of the bottlenecks' 3x3 convolutions.
        out_channels (int): output channels.
        stride (int): stride of the first bottleneck.
        initialW: initializer of the filters (default None: LeCunNormal).
        downsample_fb (bool): Facebook's placement of the stride (default False).
    """

    def __init__(self, n_layer: int, in_channels: int, mid_channels: int, out_channels: int,
                 stride: int, initialW: types.InitializerSpec | None = None,
                 downsample_fb: bool = False) -> None:
        super().__init__()
        with self.init_scope():
            self.a = BottleneckA(in_channels, mid_channels, out_channels, stride, initialW,
                                 downsample_fb)
            self._forward = ['a']
            for i in range(1, n_layer):
                name = 'b{}'.format(i)
                setattr(self, name, BottleneckB(out_channels, mid_channels, initialW))
                self._forward.append(name)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the bottlenecks.

        Args:
            x: input of shape ``(N, in_channels, H, W)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_channels, H', W')`` with
            ``H' = (H - 1) // stride + 1`` (likewise ``W'``).
        """
        for name in self._forward:
            x = getattr(self, name)(x)
        return x


class ResNetLayers(_pretrained.PretrainedModel, Chain):
    """A ResNet of ``n_layers`` (50, 101 or 152).

    Layers: conv1 (with bn1 and ReLU), pool1, res2..res5, pool5 (global average),
    fc6, prob.

    Args:
        pretrained_model (str or None): path of an .npz to load, or of MSRA's
            ``.caffemodel`` (converted and cached as an .npz on first use); None gives
            random weights (HeNormal).
        n_layers (int): 50, 101 or 152.
        downsample_fb (bool): stride on the 3x3 convolutions (Facebook's variant;
            default False).
    """

    def __init__(self, pretrained_model: str | None, n_layers: int,
                 downsample_fb: bool = False) -> None:
        super().__init__()
        if n_layers not in _BLOCKS:
            raise ValueError('ResNetLayers: n_layers must be 50, 101 or 152, not {}'.format(
                n_layers))
        block = _BLOCKS[n_layers]
        if pretrained_model:
            conv_kwargs: dict[str, typing.Any] = {'initialW': initializers.Zero()}
        else:
            conv_kwargs = {'initialW': initializers.HeNormal(scale=1.0)}
        kwargs = dict(conv_kwargs, downsample_fb=downsample_fb)
        self.n_layers = n_layers
        with self.init_scope():
            self.conv1 = Convolution2D(3, 64, 7, 2, 3, **conv_kwargs)
            self.bn1 = BatchNormalization(64)
            self.res2 = BuildingBlock(block[0], 64, 64, 256, 1, **kwargs)
            self.res3 = BuildingBlock(block[1], 256, 128, 512, 2, **kwargs)
            self.res4 = BuildingBlock(block[2], 512, 256, 1024, 2, **kwargs)
            self.res5 = BuildingBlock(block[3], 1024, 512, 2048, 2, **kwargs)
            self.fc6 = Linear(2048, 1000)
        if pretrained_model and str(pretrained_model).endswith('.caffemodel'):
            _pretrained.retrieve('ResNet-{}-model.npz'.format(n_layers),
                                 self._converter(pretrained_model), self)
        elif pretrained_model:
            from kusari.serializers import npz
            npz.load_npz(pretrained_model, self)

    prepare = staticmethod(prepare)

    def _converter(self, caffemodel):
        def make(path_npz):
            from kusari.dataset import download
            path = caffemodel
            if not os.path.exists(path):
                path = os.path.join(download.get_dataset_directory('pfnet/chainer/models/'),
                                    caffemodel)
            if not os.path.exists(path):
                raise FileNotFoundError(
                    'the caffemodel {} is not in the models directory; MSRA\'s weights '
                    'cannot be downloaded automatically: get them from '
                    'https://github.com/KaimingHe/deep-residual-networks'.format(caffemodel))
            type(self).convert_caffemodel_to_npz(path, path_npz, self.n_layers)
        return make

    @property
    def functions(self) -> collections.OrderedDict[str, list[typing.Callable[..., typing.Any]]]:
        return _pretrained.ordered(
            ('conv1', [self.conv1, self.bn1, F.relu]),
            ('pool1', [lambda x: F.max_pooling_2d(x, ksize=3, stride=2)]),
            ('res2', [self.res2]),
            ('res3', [self.res3]),
            ('res4', [self.res4]),
            ('res5', [self.res5]),
            ('pool5', [_global_average_pooling_2d]),
            ('fc6', [self.fc6]),
            ('prob', [F.softmax]))

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel: str, path_npz: str, n_layers: int = 50
                                  ) -> None:
        """Convert MSRA's caffemodel to an .npz this class loads."""
        from kusari.links.caffe.caffe_function import CaffeFunction
        from kusari.serializers import npz
        caffemodel = CaffeFunction(path_caffemodel)
        model = ResNetLayers(None, n_layers)
        _transfer_resnet(caffemodel, model, n_layers)
        npz.save_npz(path_npz, model, compression=False)


def _stage_names(stage, count, n_layers):
    """MSRA's names of the bottlenecks of ``stage``: letters ('2a', '2b', '2c'), except
    the long stages 3 and 4 of the deeper networks ('4a', '4b1', '4b2', ...)."""
    if n_layers == 50 or stage in (2, 5):
        return ['{}{}'.format(stage, chr(ord('a') + i)) for i in range(count)]
    return ['{}a'.format(stage)] + ['{}b{}'.format(stage, i) for i in range(1, count)]


def _transfer_bn(src, bn, suffix):
    norm, scale = src['bn' + suffix], src['scale' + suffix]
    bn.avg_mean[...] = norm.avg_mean
    bn.avg_var[...] = norm.avg_var
    bn.gamma.array[...] = scale.W.array
    bn.beta.array[...] = scale.bias.b.array


def _transfer_resnet(src, dst, n_layers):
    """Copy the weights of MSRA's ResNet (Caffe layer names) into ``dst``."""
    dst.conv1.W.array[...] = src['conv1'].W.array
    dst.conv1.b.array[...] = src['conv1'].b.array
    _transfer_bn(src, dst.bn1, '_conv1')
    for stage, count in zip((2, 3, 4, 5), _BLOCKS[n_layers]):
        block = getattr(dst, 'res{}'.format(stage))
        for ours, theirs in zip(block._forward, _stage_names(stage, count, n_layers)):
            bottleneck = getattr(block, ours)
            branches = [('conv1', 'bn1', '2a'), ('conv2', 'bn2', '2b'), ('conv3', 'bn3', '2c')]
            if ours == 'a':
                branches.append(('conv4', 'bn4', '1'))
            for conv, bn, branch in branches:
                getattr(bottleneck, conv).W.array[...] = \
                    src['res{}_branch{}'.format(theirs, branch)].W.array
                _transfer_bn(src, getattr(bottleneck, bn), '{}_branch{}'.format(theirs, branch))
    dst.fc6.W.array[...] = src['fc1000'].W.array
    dst.fc6.b.array[...] = src['fc1000'].b.array


class ResNet50Layers(ResNetLayers):
    """ResNet-50. ``pretrained_model='auto'`` uses MSRA's ``ResNet-50-model.caffemodel``
    placed in the dataset root's pfnet/chainer/models directory (it cannot be
    downloaded automatically).

    Args:
        pretrained_model (str or None): path of an .npz or a ``.caffemodel`` to load;
            'auto' (the default) loads MSRA's
            ``ResNet-50-model.caffemodel``; None gives random weights.
        downsample_fb (bool): stride on the 3x3 convolutions (Facebook's variant;
            default False).
    """

    def __init__(self, pretrained_model: str | None = 'auto', downsample_fb: bool = False
                 ) -> None:
        if pretrained_model == 'auto':
            pretrained_model = 'ResNet-50-model.caffemodel'
        super().__init__(pretrained_model, 50, downsample_fb)


class ResNet101Layers(ResNetLayers):
    """ResNet-101 (see ResNet50Layers for where ``pretrained_model='auto'`` looks).

    Args:
        pretrained_model (str or None): path of an .npz or a ``.caffemodel`` to load;
            'auto' (the default) loads MSRA's
            ``ResNet-101-model.caffemodel``; None gives random weights.
        downsample_fb (bool): stride on the 3x3 convolutions (Facebook's variant;
            default False).
    """

    def __init__(self, pretrained_model: str | None = 'auto', downsample_fb: bool = False
                 ) -> None:
        if pretrained_model == 'auto':
            pretrained_model = 'ResNet-101-model.caffemodel'
        super().__init__(pretrained_model, 101, downsample_fb)


class ResNet152Layers(ResNetLayers):
    """ResNet-152 (see ResNet50Layers for where ``pretrained_model='auto'`` looks).

    Args:
        pretrained_model (str or None): path of an .npz or a ``.caffemodel`` to load;
            'auto' (the default) loads MSRA's
            ``ResNet-152-model.caffemodel``; None gives random weights.
        downsample_fb (bool): stride on the 3x3 convolutions (Facebook's variant;
            default False).
    """

    def __init__(self, pretrained_model: str | None = 'auto', downsample_fb: bool = False
                 ) -> None:
        if pretrained_model == 'auto':
            pretrained_model = 'ResNet-152-model.caffemodel'
        super().__init__(pretrained_model, 152, downsample_fb)
