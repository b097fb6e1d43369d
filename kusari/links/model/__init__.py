"""Machine-learning models."""

from kusari.links.model.classifier import Classifier  # NOQA
