"""ParallelUpdater: synchronous data-parallel training over several devices, one process."""

from __future__ import annotations

import copy
import typing

from kusari import backend
from kusari import configuration
from kusari.dataset import convert
from kusari.training.updaters import standard_updater

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.dataset.iterator import Iterator
    from kusari.link import Link
    from kusari.optimizer import Optimizer
    from kusari.training.trainer import Trainer


class ParallelUpdater(standard_updater.StandardUpdater):
    """Data-parallel updates over several devices in one process, as Chainer's.

    Each batch of the main iterator is dealt out to one model per device (the ``i``-th
    of ``n`` models gets ``batch[i::n]``); every model computes its loss and gradients,
    the gradients are summed into the main model, the main optimizer updates it and its
    parameters are copied back to the other models.

    Args:
        iterator: the training Iterator, or a dict of them ('main' gives the batches).
        optimizer: an Optimizer, or a dict of them ('main' is used).
        converter: ``converter(batch, device)`` turns each part of a batch into arrays
            on its model's device (``concat_examples`` by default).
        models (dict): name to model, the 'main' one being the main optimizer's target;
            by default a copy of the target for each entry of ``devices``.
        devices (dict): name to device, with a 'main' entry for the main model
            (needed when ``models`` is not given).
        loss_func (callable): called with the arrays instead of each model.
        loss_scale (float): static loss scale for float16 training (None: none).
        auto_new_epoch (bool): call ``optimizer.new_epoch`` at each new epoch
            (default True).
    """

    def __init__(self, iterator: Iterator | dict[str, Iterator],
                 optimizer: Optimizer | dict[str, Optimizer],
                 converter: typing.Callable[..., typing.Any] = convert.concat_examples,
                 models: dict[str, Link] | None = None,
                 devices: dict[str, types.DeviceSpec] | None = None,
                 loss_func: typing.Callable[..., typing.Any] | None = None,
                 loss_scale: float | None = None, auto_new_epoch: bool = True) -> None:
        super().__init__(iterator, optimizer, converter=converter, loss_func=loss_func,
                         loss_scale=loss_scale, auto_new_epoch=auto_new_epoch)
        if models is None:
            if devices is None:
                raise ValueError('ParallelUpdater: either models or devices must be given')
            if 'main' not in devices:
                raise KeyError("ParallelUpdater: devices must have a 'main' entry, got "
                               '{}'.format(sorted(devices)))
            main_model = self.get_optimizer('main').target
            models = {'main': main_model}
            for name, device in devices.items():
                if name != 'main':
                    models[name] = copy.deepcopy(main_model)
                    models[name].to_device(device)
            main_model.to_device(devices['main'])
        self._devices = devices
        self._models = models
        self.loss_scale = loss_scale

    def _other_models(self):
        main_model = self.get_optimizer('main').target
        return [model for model in self._models.values() if model is not main_model]

    def connect_trainer(self, trainer: Trainer) -> None:
        main_model = self.get_optimizer('main').target
        for name, model in self._models.items():
            if model is not main_model:
                trainer.reporter.add_observer(name, model)

    def update_core(self):
        optimizer = self.get_optimizer('main')
        iterator = self.get_iterator('main')
        batch = iterator.next()
        n_models = len(self._models)
        losses = []
        for i, (name, model) in enumerate(self._models.items()):
            in_arrays = convert._call_converter(self.converter, batch[i::n_models],
                                                self._devices[name])
            model.cleargrads()
            loss_func = self.loss_func or model
            with configuration.force_backprop_mode(), backend.using_device(self._devices[name]):
                if isinstance(in_arrays, tuple):
                    losses.append(loss_func(*in_arrays))
                elif isinstance(in_arrays, dict):
                    losses.append(loss_func(**in_arrays))
                else:
                    losses.append(loss_func(in_arrays))
        for model in self._models.values():
            model.cleargrads()  # parameters initialized by the forward pass too
        for loss in losses:
            loss.backward(loss_scale=self.loss_scale)
        for model in self._other_models():
            optimizer.target.addgrads(model)
        optimizer.update()
        for model in self._other_models():
            model.copyparams(optimizer.target)
        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)
