"""The Updater interface: one call of ``update()`` is one training iteration."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer
    from kusari.training.trainer import Trainer


class Updater:
    """Base class of updaters.

    An updater runs one training iteration per :meth:`update` call and counts them in
    ``iteration``; it also tells the trainer where training stands in epochs
    (``epoch``, ``epoch_detail``, ``previous_epoch_detail``, ``is_new_epoch``).
    """

    if typing.TYPE_CHECKING:  # what every updater provides (StandardUpdater, ...)
        iteration: int

        @property
        def epoch(self) -> int: ...

        @property
        def epoch_detail(self) -> float: ...

        @property
        def previous_epoch_detail(self) -> float | None: ...

        @property
        def is_new_epoch(self) -> bool: ...

    def connect_trainer(self, trainer: Trainer) -> None:
        """Called by the Trainer that uses this updater."""

    def finalize(self) -> None:
        """Release resources (e.g. iterator workers)."""

    def get_optimizer(self, name: str) -> Optimizer:
        """The optimizer registered as ``name`` (``'main'`` for a single one)."""
        raise NotImplementedError

    def get_all_optimizers(self) -> dict[str, Optimizer]:
        """A dict of every optimizer, by name."""
        raise NotImplementedError

    def update(self) -> None:
        """Run one iteration."""
        raise NotImplementedError

    def serialize(self, serializer):
        raise NotImplementedError
