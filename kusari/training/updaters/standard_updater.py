"""The standard updater: fetch a batch, convert it, let the optimizer update."""

from kusari import backend
from kusari.dataset import convert
from kusari.training import updater as updater_module


class StandardUpdater(updater_module.Updater):
    """Updates with one batch from the main iterator per iteration.

    Args:
        iterator: an Iterator, or a dict of them (the one named 'main' is used).
        optimizer: an Optimizer, or a dict of them ('main' is used).
        converter: turns a batch into arrays (``concat_examples`` by default).
        device: the device the optimizers' targets are sent to, and where the
            converter sends the arrays unless ``input_device`` is given.
        loss_func: called with the arrays instead of the main optimizer's target.
        loss_scale (float): static loss scale for float16 training.
        auto_new_epoch (bool): call ``optimizer.new_epoch`` at each new epoch.
        input_device: where the converter sends the arrays (the model stays where it
            is unless ``device`` is given too).
    """

    def __init__(self, iterator, optimizer, converter=convert.concat_examples, device=None,
                 loss_func=None, loss_scale=None, auto_new_epoch=True, *, input_device=None):
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

    def finalize(self):
        for iterator in self._iterators.values():
            iterator.finalize()

    def get_optimizer(self, name):
        return self._optimizers[name]

    def get_all_optimizers(self):
        return dict(self._optimizers)

    def get_iterator(self, name):
        return self._iterators[name]

    def update(self):
        """Run one iteration."""
        self.update_core()
        self.iteration += 1

    def update_core(self):
        iterator = self._iterators['main']
        batch = iterator.next()
        in_arrays = convert._call_converter(self.converter, batch, self.input_device)
        optimizer = self._optimizers['main']
        loss_func = self.loss_func or optimizer.target
        if isinstance(in_arrays, tuple):
            optimizer.update(loss_func, *in_arrays)
        elif isinstance(in_arrays, dict):
            optimizer.update(loss_func, **in_arrays)
        else:
            optimizer.update(loss_func, in_arrays)
        if self.auto_new_epoch and iterator.is_new_epoch:
            optimizer.new_epoch(auto=True)

    def serialize(self, serializer):
        for name, iterator in self._iterators.items():
            iterator.serialize(serializer['iterator:' + name])
        for name, optimizer in self._optimizers.items():
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = serializer('iteration', self.iteration)
