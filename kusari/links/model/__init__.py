"""Machine-learning models."""

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
__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
