"""Machine-learning models."""

from kusari.links.model.classifier import Classifier  # NOQA
from kusari.links.model.vision.googlenet import GoogLeNet  # NOQA
from kusari.links.model.vision.resnet import (ResNet101Layers, ResNet152Layers,  # NOQA
                                              ResNet50Layers)
from kusari.links.model.vision.vgg import VGG16Layers, VGG19Layers  # NOQA

__all__ = [
    'Classifier', 'GoogLeNet', 'ResNet101Layers', 'ResNet152Layers', 'ResNet50Layers',
    'VGG16Layers', 'VGG19Layers',
]
