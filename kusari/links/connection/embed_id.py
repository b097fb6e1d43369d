"""Word embedding."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.core import as_array
from kusari.variable import Parameter
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class EmbedID(Link):
    """Maps integer IDs to rows of the learnable matrix ``W`` (in_size, out_size).

    Args:
        in_size (int): number of IDs (the vocabulary size).
        out_size (int): size of each embedding.
        initialW: initializer of W (default None: Normal(1.0)).
        ignore_label (int or None): an ID mapped to a zero vector (default None: none).
    """

    ignore_label = None

    def __init__(self, in_size: int, out_size: int,
                 initialW: types.InitializerSpec | None = None,
                 ignore_label: int | None = None) -> None:
        super().__init__()
        self.ignore_label = ignore_label
        if initialW is None:
            initialW = initializers.Normal(1.0)
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(initialW), (in_size, out_size))

    @classmethod
    def from_params(cls, W: types.VariableOrArray,
                    ignore_label: int | None = None) -> typing.Self:
        """A link whose ``W`` starts as a copy of the array ``W``.

        Args:
            W: the embeddings, of shape ``(in_size, out_size)``.
            ignore_label (int or None): an ID mapped to a zero vector (default None).

        Returns:
            EmbedID: the new link.
        """
        in_size, out_size = W.shape
        return cls(in_size, out_size, initialW=as_array(W), ignore_label=ignore_label)

    @property
    def printable_specs(self) -> typing.Iterator[tuple[str, typing.Any]]:
        yield 'in_size', self.W.shape[0]
        yield 'out_size', self.W.shape[1]
        yield 'ignore_label', self.ignore_label

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Look up the embeddings.

        Args:
            x: int32 IDs in ``[0, in_size)`` (or ``ignore_label``) of any shape ``S``.

        Returns:
            ~kusari.Variable: the embeddings, of shape ``S + (out_size,)``.
        """
        return F.embed_id(x, self.W, ignore_label=self.ignore_label)
