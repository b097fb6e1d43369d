"""unchain_variables: free the graphs held by the reported variables."""

from __future__ import annotations

import typing

from kusari import core
from kusari.training import extension

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class unchain_variables(extension.Extension):
    """Calls ``unchain_backward()`` on every Variable in the observation.

    It runs after the extensions that read the observation, so that the graphs kept
    with ``keep_graph_on_report`` are released at the end of each iteration.
    """

    trigger = 1, 'iteration'
    priority = 0  # after the readers (100), before snapshots (-100)

    def __call__(self, trainer: Trainer) -> None:
        for value in trainer.observation.values():
            if isinstance(value, core.Variable):
                value.unchain_backward()
