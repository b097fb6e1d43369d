"""A link that holds one parameter array."""

from kusari import core
from kusari.link import Link


class Parameter(Link):
    """Holds ``array`` as the parameter ``W``; calling the link returns ``W``.

    Args:
        array: the initial array.
    """

    def __init__(self, array):
        super().__init__()
        with self.init_scope():
            self.W = core.Parameter(array)

    def forward(self, *args, **kwargs):
        return self.W
