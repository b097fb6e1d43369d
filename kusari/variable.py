"""Chainer's ``chainer.variable`` path; the classes live in ``kusari.core``.

Variable's methods that are conveniences rather than graph mechanism (those backed by
kusari.functions, and debug_print) are attached to it here (kusari imports this module
right after the core), so that the core imports no function.
"""

import numpy

from kusari.core import Parameter, Variable, VariableNode, as_array, as_variable  # NOQA


class _ConvenienceMethods:

    def __getitem__(self, slices):
        from kusari.functions.array.get_item import get_item
        return get_item(self, slices)

    @property
    def T(self):
        from kusari.functions.array.transpose import transpose
        return transpose(self)

    def reshape(self, *shape):
        from kusari.functions.array.reshape import reshape
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return reshape(self, tuple(shape))

    def transpose(self, *axes):
        from kusari.functions.array.transpose import transpose
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)) or axes == (None,):
            axes = axes[0]
        return transpose(self, axes or None)

    def mean(self, axis=None, *, weights=None, keepdims=False):
        from kusari.functions.math.average import mean
        return mean(self, axis=axis, weights=weights, keepdims=keepdims)

    def sum(self, axis=None, keepdims=False):
        from kusari.functions.math.sum import sum as sum_
        return sum_(self, axis=axis, keepdims=keepdims)

    def __dlpack__(self, **kwargs):
        """Export the array through DLPack without copying (see
        :func:`kusari.backend.to_dlpack`)."""
        from kusari.backend import to_dlpack
        return to_dlpack(self._array, **kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()

    def debug_print(self):
        """A summary of the array and the gradient (Chainer's layout: the device of a
        NumPy array is ``CPU``, an all-zero gradient prints as 0)."""
        array, grad = self._array, self.grad

        def stats(value):
            return 'mean={:.8f}, std={:.8f}'.format(float(value.mean()), float(value.std()))
        if array is None:
            device = backend_name = None
        else:
            device = 'CPU' if isinstance(array, numpy.ndarray) else array.device
            backend_name = type(array)
        if grad is not None:
            grad = 0 if not grad.any() else stats(grad)
        return '\n'.join([
            self.summary(), '- device: {}'.format(device), '- backend: {}'.format(backend_name),
            '- shape: {}'.format(getattr(array, 'shape', None)),
            '- dtype: {}'.format(getattr(array, 'dtype', None)),
            '- statistics: {}'.format(None if array is None else stats(array)),
            '- grad: {}'.format(grad)])


for _name in ('__getitem__', 'T', 'reshape', 'transpose', 'mean', 'sum', '__dlpack__',
              '__dlpack_device__', 'debug_print'):
    setattr(Variable, _name, vars(_ConvenienceMethods)[_name])
del _name
