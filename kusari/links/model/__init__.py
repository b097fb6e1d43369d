"""Machine-learning models."""

import typing

from kusari import _lazy

_EXPORTS = {
    'Classifier': 'classifier',
    'GoogLeNet': 'vision.googlenet',
    'ResNet101Layers': 'vision.resnet',
    'ResNet152Layers': 'vision.resnet',
    'ResNet50Layers': 'vision.resnet',
    'VGG16Layers': 'vision.vgg',
    'VGG19Layers': 'vision.vgg',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.model import classifier as classifier, vision as vision
    from kusari.links.model.classifier import Classifier as Classifier
    from kusari.links.model.vision.googlenet import GoogLeNet as GoogLeNet
    from kusari.links.model.vision.resnet import (
        ResNet101Layers as ResNet101Layers,
        ResNet152Layers as ResNet152Layers,
        ResNet50Layers as ResNet50Layers)
    from kusari.links.model.vision.vgg import VGG16Layers as VGG16Layers, VGG19Layers as VGG19Layers
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
