"""Copying a variable to a device."""

from kusari import backend, core


class Copy(core.FunctionNode):
    """Copies the array to ``out_device``; the gradient is copied back."""

    def __init__(self, out_device):
        self.out_device = out_device

    def forward(self, inputs):
        x, = inputs
        self._in_device = backend.get_device_from_array(x)
        y = self.out_device.send(x)
        return (x.copy() if y is x else y),

    def backward(self, indexes, grad_outputs):
        return Copy(self._in_device).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return Copy(self._in_device).forward(grad_outputs)


def copy(x, dst):
    """Copies ``x`` to the device ``dst``; the gradient flows back to ``x``'s device.

    Args:
        x (Variable or array): input of any shape.
        dst: device specifier: a Device, ``'@numpy'``, ``'@cupy:N'``, ``-1`` (the
            CPU) or a GPU id ``N``.

    Returns:
        Variable: a copy of ``x`` on ``dst``, of ``x``'s shape and dtype.
    """
    return Copy(backend.get_device(dst)).apply((x,))[0]
