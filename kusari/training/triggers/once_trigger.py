"""Fire only once."""

from __future__ import annotations

import typing
import warnings

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class OnceTrigger:
    """Fires at its first call only (and once more after a resume with ``call_on_resume``).

    Args:
        call_on_resume (bool): fire again at the first call after the trainer is
            loaded from a snapshot (default False).
    """

    def __init__(self, call_on_resume: bool = False) -> None:
        self._flag_first = True
        self._flag_resumed = call_on_resume

    @property
    def finished(self) -> bool:
        """Whether it will not fire again."""
        return not (self._flag_first or self._flag_resumed)

    def __call__(self, trainer: Trainer) -> bool:
        fire = self._flag_first or self._flag_resumed
        self._flag_first = self._flag_resumed = False
        return fire

    def serialize(self, serializer):
        try:
            self._flag_first = bool(serializer('_flag_first', self._flag_first))
        except KeyError:
            warnings.warn('OnceTrigger: the snapshot has no flag; the trigger is taken as '
                          'already called (wrong if it was saved before its first call)',
                          UserWarning, stacklevel=2)
            self._flag_first = False
