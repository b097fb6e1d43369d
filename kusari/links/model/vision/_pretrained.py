"""What the pre-trained image models share: image preparation, the layer-by-layer
forward with named outputs, ``extract``/``predict``, and fetching weights."""

from __future__ import annotations

import typing
import collections
import importlib.util
import os
import sys

import numpy

from kusari import configuration, core
from kusari import functions as F
from kusari.core import Variable
from kusari.utils import argument

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


# Whether Pillow, which prepare() needs, is installed (Chainer's ``available`` of each
# model module); found without importing it.
pillow_available = importlib.util.find_spec('PIL') is not None


def prepare_image(image, size, mean_bgr):
    """``image`` (a PIL image, or an RGB array (H, W), (H, W, C) or (C, H, W)) resized
    to ``size`` (None: kept), as a BGR (C, H, W) array minus ``mean_bgr``."""
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError('preparing images for the pre-trained models needs Pillow '
                          '(pip install pillow)') from e
    dtype = core.get_dtype()
    if isinstance(image, numpy.ndarray):
        if image.ndim == 3 and image.shape[0] == 1:
            image = image[0]
        elif image.ndim == 3 and image.shape[0] == 3:
            image = image.transpose(1, 2, 0)
        image = Image.fromarray(image.astype(numpy.uint8))
    image = image.convert('RGB')
    if size:
        image = image.resize(size)
    array = numpy.asarray(image, dtype=dtype)[:, :, ::-1]
    array = array - numpy.asarray(mean_bgr, dtype=dtype)
    return array.transpose(2, 0, 1)


def oversample_crops(images, crop_dims):
    """The four corner crops and the center crop of each (C, H, W) image, followed by
    their mirror images: 10 crops per image, grouped by image."""
    channels, height, width = images[0].shape
    crop_h, crop_w = crop_dims
    corners = [(0, 0), (0, width - crop_w), (height - crop_h, 0),
               (height - crop_h, width - crop_w),
               (int(height / 2.0 - crop_h / 2.0), int(width / 2.0 - crop_w / 2.0))]
    crops = numpy.empty((10 * len(images), channels, crop_h, crop_w), dtype=images[0].dtype)
    for i, image in enumerate(images):
        for j, (top, left) in enumerate(corners):
            crop = image[:, top:top + crop_h, left:left + crop_w]
            crops[10 * i + j] = crop
            crops[10 * i + 5 + j] = crop[:, :, ::-1]
    return crops


def reject_train_kwargs(func, kwargs):
    argument.parse_kwargs_of(func, dict(kwargs), **{
        key: "the {} argument is not supported anymore; use kusari.using_config".format(key)
        for key in ('train', 'test', 'volatile')})


class PretrainedModel:
    """A mixin for Chains whose ``functions`` property is an ordered dict of layer name
    -> list of callables applied one after another.

    ``branch_inputs`` maps a layer to the earlier layer whose output it reads
    (GoogLeNet's auxiliary classifiers); the rest read the previous layer's output.
    """

    branch_inputs: dict[str, str] = {}
    default_extract_layers: tuple[str, ...] = ('pool5',)

    if typing.TYPE_CHECKING:  # what the Chain the mixin goes into provides
        device: typing.Any

        def __call__(self, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
            ...

    @property
    def functions(self) -> collections.OrderedDict[str, list[typing.Callable[..., typing.Any]]]:
        raise NotImplementedError

    @property
    def available_layers(self) -> list[str]:
        return list(self.functions.keys())

    @staticmethod
    def prepare(image: typing.Any, size: tuple[int, int] | None = (224, 224)
                ) -> types.NdArray:
        """The image (a PIL image or an RGB array) as a ``(3, H, W)`` input of the model."""
        raise NotImplementedError

    def forward(self, x: types.VariableOrArray, layers: typing.Sequence[str] | None = None,
                **kwargs: typing.Any) -> dict[str, Variable]:
        """forward(self, x, layers=['prob'])

        The outputs of the named layers for the prepared input ``x``, as a dict.
        Computation stops after the last requested layer.

        Args:
            x: a batch of prepared images, of shape ``(N, 3, 224, 224)`` (see ``prepare``).
            layers (list of str): names of the layers to return (default ``['prob']``).
            kwargs: nothing is accepted (Chainer v1's ``train`` and ``test`` are refused).

        Returns:
            dict: layer name -> Variable of that layer's output (``'prob'``: ``(N, 1000)``).
        """
        reject_train_kwargs(type(self).__name__ + '.forward', kwargs)
        targets = set(['prob'] if layers is None else layers)
        unknown = targets - set(self.functions)
        if unknown:
            raise ValueError('{}: unknown layers {}; available: {}'.format(
                type(self).__name__, sorted(unknown), self.available_layers))
        needed = set(self.branch_inputs[t] for t in targets if t in self.branch_inputs)
        outputs: dict[str, typing.Any] = {}
        activations: dict[str, typing.Any] = {}
        h = x
        for name, funcs in self.functions.items():
            if not targets:
                break
            if name in self.branch_inputs:
                h = outputs[self.branch_inputs[name]]
            for func in funcs:
                h = func(h)
            if name in needed:
                outputs[name] = h
            if name in targets:
                activations[name] = h
                targets.discard(name)
        return activations

    def extract(self, images: typing.Iterable[typing.Any],
                layers: typing.Sequence[str] | None = None,
                size: tuple[int, int] | None = (224, 224),
                **kwargs: typing.Any) -> dict[str, Variable]:
        """extract(self, images, layers=['pool5'], size=(224, 224))

        ``prepare`` the images, batch them, and return the outputs of ``layers``.
        The configuration (``train``, ``enable_backprop``) is left as it is.

        Args:
            images: PIL images or RGB arrays.
            layers (list of str): names of the layers to return (default: the model's
                feature layer, ``pool5`` or ``fc7`` for VGG).
            size (pair of ints): the size the images are resized to.
            kwargs: nothing is accepted (Chainer v1's ``train`` is refused).

        Returns:
            dict: layer name -> Variable of that layer's output, ``(N, ...)`` for
            ``N`` images.
        """
        reject_train_kwargs(type(self).__name__ + '.extract', kwargs)
        if layers is None:
            layers = list(self.default_extract_layers)
        x = numpy.stack([self.prepare(image, size=size) for image in images])
        return self(Variable(self.device.send(x)), layers=layers)

    def predict(self, images: typing.Iterable[typing.Any], oversample: bool = True
                ) -> Variable:
        """Class probabilities of the images (in test mode without backprop), averaged
        over 10 crops and mirrors when ``oversample``, else from the center crop.

        Args:
            images: PIL images or RGB arrays.
            oversample (bool): average over 10 crops (default True).

        Returns:
            ~kusari.Variable: probabilities of shape ``(N, 1000)`` for ``N`` images.
        """
        x = numpy.stack([self.prepare(image, size=(256, 256)) for image in images])
        if oversample:
            x = oversample_crops(x, crop_dims=(224, 224))
        else:
            x = x[:, :, 16:240, 16:240]
        with configuration.no_backprop_mode(), core.using_config('train', False):
            y = self(Variable(self.device.send(x)), layers=['prob'])['prob']
            if oversample:
                y = F.average(F.reshape(y, (len(y) // 10, 10) + y.shape[1:]), axis=1)
        return y


def ordered(*pairs):
    return collections.OrderedDict(pairs)


def retrieve(name_npz, make_npz, model):
    """Load ``model`` from the cached ``name_npz`` in the models directory, creating
    it first with ``make_npz(path)`` (which downloads or converts the original
    weights) when it is not there."""
    from kusari.dataset import download
    from kusari.serializers import npz
    root = download.get_dataset_directory('pfnet/chainer/models/')
    path = os.path.join(root, name_npz)

    def create(temp_path):
        try:
            make_npz(temp_path)
        except (download.DownloadError, OSError) as e:
            raise type(e)('{}: the pre-trained weights ({}) are not cached in {} and could '
                          'not be fetched ({}). Put a converted .npz there, or pass '
                          'pretrained_model=<path to a .npz> (or None for random weights).'
                          .format(type(model).__name__, name_npz, root, e)) from e
        return None

    download.cache_or_load_file(path, create, lambda p: None)
    npz.load_npz(path, model)
    return model


def download_and_convert(cls, url):
    """A ``make_npz`` for ``retrieve``: download the caffemodel at ``url`` and convert
    it with ``cls.convert_caffemodel_to_npz``."""
    from kusari.dataset import download

    def make(path_npz):
        path_caffemodel = download.cached_download(url)
        print('Now loading caffemodel (usually it may take few minutes)', file=sys.stderr,
              flush=True)
        cls.convert_caffemodel_to_npz(path_caffemodel, path_npz)
    return make
