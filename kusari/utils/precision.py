"""Mixed precision for forward computations (Chainer's ``chainer.utils.precision``)."""

import functools

import numpy


def _fp16_mixed_precision_helper(forward):
    """Decorate ``forward(self, inputs)`` to compute float16 inputs in float32.

    float16 inputs are cast to float32; when no input is a float other than float16,
    float32 outputs are cast back to float16. Others pass through unchanged.
    """
    @functools.wraps(forward)
    def wrapper(self, inputs):
        half_only = all(x.dtype.kind != 'f' or x.dtype == numpy.float16 for x in inputs)
        outputs = forward(self, tuple(x.astype(numpy.float32) if x.dtype == numpy.float16
                                      else x for x in inputs))
        if half_only:
            outputs = tuple(y.astype(numpy.float16)
                            if y is not None and y.dtype == numpy.float32 else y
                            for y in outputs)
        return outputs
    return wrapper
