"""VGG 16- and 19-layer networks (Simonyan & Zisserman, 2015)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.link import Chain
from kusari.links.connection.convolution_2d import Convolution2D
from kusari.links.connection.linear import Linear
from kusari.links.model.vision import _pretrained

if typing.TYPE_CHECKING:
    import collections

    from kusari import types

available = _pretrained.pillow_available  # Chainer's flag: prepare() works

_MEAN_BGR = (103.939, 116.779, 123.68)
_CONVS = {16: (2, 2, 3, 3, 3), 19: (2, 2, 4, 4, 4)}
_CHANNELS = (64, 128, 256, 512, 512)
_URLS = {16: 'http://www.robots.ox.ac.uk/%7Evgg/software/very_deep/caffe/'
             'VGG_ILSVRC_16_layers.caffemodel',
         19: 'http://www.robots.ox.ac.uk/%7Evgg/software/very_deep/caffe/'
             'VGG_ILSVRC_19_layers.caffemodel'}


def prepare(image: typing.Any, size: tuple[int, int] | None = (224, 224)) -> types.NdArray:
    """Convert an image (PIL image or RGB array) for the VGG models: resize, RGB to
    BGR, subtract the ImageNet mean, and move channels first.

    Args:
        image: a PIL image, or an RGB array ``(H, W)``, ``(H, W, C)`` or ``(C, H, W)``.
        size (pair of ints or None): the size to resize to (None: kept).

    Returns:
        array: a BGR array of shape ``(3, H, W)`` and ``config.dtype``.
    """
    return _pretrained.prepare_image(image, size, _MEAN_BGR)


def _max_pooling_2d(x):
    return F.max_pooling_2d(x, ksize=2)


class _VGGLayers(_pretrained.PretrainedModel, Chain):
    """A VGG network of ``n_layers`` (16 or 19) weight layers.

    Layers: ``conv{block}_{i}`` (3x3, ReLU), ``pool1``..``pool5``, ``fc6``, ``fc7``
    (ReLU and dropout), ``fc8`` and ``prob``.
    """

    default_extract_layers = ('fc7',)

    def __init__(self, pretrained_model: str | None, n_layers: int) -> None:
        super().__init__()
        if pretrained_model:
            # The weights are about to be overwritten: skip random sampling.
            kwargs: dict[str, typing.Any] = {'initialW': initializers.Zero(),
                                             'initial_bias': initializers.Zero()}
        else:
            kwargs = {'initialW': initializers.Normal(0.01),
                      'initial_bias': initializers.Zero()}
        self.n_layers = n_layers
        self._conv_names = []
        with self.init_scope():
            in_channels = 3
            for block, (count, channels) in enumerate(zip(_CONVS[n_layers], _CHANNELS), 1):
                names = []
                for i in range(1, count + 1):
                    name = 'conv{}_{}'.format(block, i)
                    setattr(self, name, Convolution2D(in_channels, channels, 3, 1, 1,
                                                      **kwargs))
                    in_channels = channels
                    names.append(name)
                self._conv_names.append(names)
            self.fc6 = Linear(512 * 7 * 7, 4096, **kwargs)
            self.fc7 = Linear(4096, 4096, **kwargs)
            self.fc8 = Linear(4096, 1000, **kwargs)
        if pretrained_model == 'auto':
            _pretrained.retrieve(
                'VGG_ILSVRC_{}_layers.npz'.format(n_layers),
                _pretrained.download_and_convert(type(self), _URLS[n_layers]), self)
        elif pretrained_model:
            from kusari.serializers import npz
            npz.load_npz(pretrained_model, self)

    prepare = staticmethod(prepare)

    @property
    def functions(self) -> collections.OrderedDict[str, list[typing.Callable[..., typing.Any]]]:
        layers = []
        for block, names in enumerate(self._conv_names, 1):
            layers += [(name, [getattr(self, name), F.relu]) for name in names]
            layers.append(('pool{}'.format(block), [_max_pooling_2d]))
        layers += [('fc6', [self.fc6, F.relu, F.dropout]),
                   ('fc7', [self.fc7, F.relu, F.dropout]),
                   ('fc8', [self.fc8]),
                   ('prob', [F.softmax])]
        return _pretrained.ordered(*layers)

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel: str, path_npz: str) -> None:
        """Convert the original caffemodel to an .npz this class loads."""
        from kusari.links.caffe.caffe_function import CaffeFunction
        from kusari.serializers import npz
        caffemodel = CaffeFunction(path_caffemodel)
        # cls is VGG16Layers or VGG19Layers, whose constructors take pretrained_model alone
        model = cls(pretrained_model=None)  # type: ignore[call-arg]
        _transfer_vgg(caffemodel, model)
        npz.save_npz(path_npz, model, compression=False)


def _transfer_vgg(src, dst):
    """Copy the weights of the Caffe VGG (layers named like ours) into ``dst``."""
    names = [n for block in dst._conv_names for n in block] + ['fc6', 'fc7', 'fc8']
    for name in names:
        getattr(dst, name).W.array[...] = src[name].W.array.reshape(
            getattr(dst, name).W.shape)
        getattr(dst, name).b.array[...] = src[name].b.array


class VGG16Layers(_VGGLayers):
    """The 16-layer VGG network (configuration D), optionally pre-trained on ImageNet.

    Args:
        pretrained_model (str or None): path of an .npz to load; 'auto' fetches the
            original weights (the default; cached under the dataset root's
            pfnet/chainer/models); None gives random weights (Normal(0.01), zero biases).
    """

    def __init__(self, pretrained_model: str | None = 'auto') -> None:
        super().__init__(pretrained_model, 16)


class VGG19Layers(_VGGLayers):
    """The 19-layer VGG network (configuration E), optionally pre-trained on ImageNet.

    Args:
        pretrained_model (str or None): path of an .npz to load; 'auto' fetches the
            original weights (the default; cached under the dataset root's
            pfnet/chainer/models); None gives random weights (Normal(0.01), zero biases).
    """

    def __init__(self, pretrained_model: str | None = 'auto') -> None:
        super().__init__(pretrained_model, 19)
