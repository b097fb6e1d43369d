"""A link that holds one parameter array."""

from __future__ import annotations

import typing

from kusari import variable
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Parameter(Link):
    """Holds ``array`` as the parameter ``W``; calling the link returns ``W``.

    Args:
        array: the initial array of ``W``, of any shape ``S``.
    """

    def __init__(self, array: types.NdArray) -> None:
        super().__init__()
        with self.init_scope():
            self.W = variable.Parameter(array)

    def forward(self, *args: typing.Any, **kwargs: typing.Any) -> Variable:
        """Return the parameter; the arguments are ignored.

        Args:
            args: ignored.
            kwargs: ignored.

        Returns:
            ~kusari.Parameter: ``W``, of shape ``S`` (for example ``(N, M)``).
        """
        return self.W
