"""Activation links with parameters."""

from kusari.links.activation.maxout import Maxout  # NOQA
from kusari.links.activation.prelu import PReLU  # NOQA
from kusari.links.activation.simplified_dropconnect import SimplifiedDropconnect  # NOQA
from kusari.links.activation.swish import Swish  # NOQA

__all__ = [
    'Maxout', 'PReLU', 'SimplifiedDropconnect', 'Swish',
]
