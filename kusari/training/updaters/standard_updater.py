"""The standard updater: fetch a batch, convert it, let the optimizer update."""

from __future__ import annotations

import functools
import typing

from kusari import backend
from kusari.dataset import convert
from kusari.training import updater as updater_module

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.dataset.iterator import Iterator
    from kusari.optimizer import Optimizer


class StandardUpdater(updater_module.Updater):
    """Updates with one batch from the main iterator per iteration.

    Args:
        iterator: the training Iterator (repeating), or a dict of them whose 'main'
            entry gives the batches.
        optimizer: an Optimizer set up on the model, or a dict of them ('main' is used).
        converter: ``converter(batch, device)`` turns a batch into the arguments of
            the loss (``concat_examples`` by default).
        device: the device the optimizers' targets are sent to, and where the
            converter sends the arrays unless ``input_device`` is given (None: nothing
            is moved).
        loss_func (callable): called with the arrays instead of the main optimizer's
            target; it returns the loss Variable.
        loss_scale (float): static loss scale for float16 training (None: none).
        auto_new_epoch (bool): call ``optimizer.new_epoch`` at each new epoch
            (default True).
        input_device: where the converter sends the arrays (the model stays where it
            is unless ``device`` is given too).
        capture (bool): run each update through
            :func:`~kusari.graph_optimizations.capture_step`, which replays the whole
            step (forward, backward and update) as straight-line array code once two
            traced iterations agree (default False).
    """

    def __init__(self, iterator: Iterator | dict[str, Iterator],
                 optimizer: Optimizer | dict[str, Optimizer],
                 converter: typing.Callable[..., typing.Any] = convert.concat_examples,
                 device: types.DeviceSpec = None,
                 loss_func: typing.Callable[..., typing.Any] | None = None,
                 loss_scale: float | None = None, auto_new_epoch: bool = True, *,
                 input_device: types.DeviceSpec = None, capture: bool = False) -> None:
        self._iterators = iterator if isinstance(iterator, dict) else {'main': iterator}
        self._optimizers = optimizer if isinstance(optimizer, dict) else {'main': optimizer}
        if 'main' not in self._iterators:
            raise ValueError("StandardUpdater: the iterator dict needs a 'main' entry, got "
                             "{}".format(sorted(self._iterators)))
        self._device = None if device is None else backend.get_device(device)
        self._input_device = self._device if input_device is None \
            else backend.get_device(input_device)
        if self._device is not None:
            for opt in self._optimizers.values():
                opt.target.to_device(self._device)
        self.converter = converter
        self.loss_func = loss_func
        self.capture = capture
        self._captured_step = None
        self.iteration = 0
        self.auto_new_epoch = auto_new_epoch
        if loss_scale is not None:
            for opt in self._optimizers.values():
                opt.set_loss_scale(loss_scale)
        if auto_new_epoch:
            for opt in self._optimizers.values():
                opt.use_auto_new_epoch = True

    @property
    def device(self):
        """The device the model was sent to (None: not moved)."""
        return self._device

    @property
    def input_device(self):
        """Where the converter sends the arrays (None: left where they are)."""
        return self._input_device

    @property
    def epoch(self):
        return self._iterators['main'].epoch

    @property
    def epoch_detail(self):
        return self._iterators['main'].epoch_detail

    @property
    def previous_epoch_detail(self):
        return self._iterators['main'].previous_epoch_detail

    @property
    def is_new_epoch(self):
        return self._iterators['main'].is_new_epoch

    def finalize(self) -> None:
        """Finalizes the iterators."""
        for iterator in self._iterators.values():
            iterator.finalize()

    def get_optimizer(self, name: str) -> Optimizer:
        """The optimizer registered as ``name``."""
        return self._optimizers[name]

    def get_all_optimizers(self) -> dict[str, Optimizer]:
        """A dict of every optimizer, by name."""
        return dict(self._optimizers)

    def get_iterator(self, name: str) -> Iterator:
        """The iterator registered as ``name``."""
        return self._iterators[name]

    def update(self) -> None:
        """Run one iteration."""
        self.update_core()
        self.iteration += 1

    def update_core(self) -> None:
        """One iteration: a batch from the main iterator, one update of the main optimizer."""
        iterator = self._iterators['main']
        batch = iterator.next()
        in_arrays = convert._call_converter(self.converter, batch, self.input_device)
        optimizer = self._optimizers['main']
        loss_func = self.loss_func or optimizer.target
        if self.capture:
            step = self._captured_step
            if step is None or step.optimizer is not optimizer or step.lossfun is not loss_func:
                from kusari.graph_optimizations import capture
                step = self._captured_step = capture.capture_step(optimizer, loss_func)
        else:
            step = functools.partial(optimizer.update, loss_func)
        if isinstance(in_arrays, tuple):
            step(*in_arrays)
        elif isinstance(in_arrays, dict):
            step(**in_arrays)
        else:
            step(in_arrays)
        if self.auto_new_epoch and self.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def serialize(self, serializer):
        for name, iterator in self._iterators.items():
            iterator.serialize(serializer['iterator:' + name])
        for name, optimizer in self._optimizers.items():
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = serializer('iteration', self.iteration)
