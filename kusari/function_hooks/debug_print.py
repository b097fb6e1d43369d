"""Printing every function's inputs (Chainer's ``chainer.function_hooks.PrintHook``)."""

import sys
import warnings

from kusari import backend, core, function_hook


class PrintHook(function_hook.FunctionHook):
    """Prints, before each forward and backward, the function's label and a summary
    (:meth:`Variable.debug_print`) of its inputs, and in backward of the output
    gradients.

    Args:
        sep: deprecated and ignored.
        end (str): written after each printed item.
        file: where to write.
        flush (bool): flush ``file`` after each function.
    """

    name = 'PrintHook'

    def __init__(self, sep=None, end='\n', file=sys.stdout, flush=True):
        if sep is not None:
            warnings.warn('sep argument in chainer.function_hooks.PrintHook is deprecated.',
                          DeprecationWarning, stacklevel=2)
        self.sep = sep
        self.end = end
        self.file = file
        self.flush = flush

    def _print(self, text):
        self.file.write(text + self.end)

    def _process(self, function, in_data, out_grad=None):
        self._print('function\t{}'.format(function.label))
        self._print('input data')
        for x in in_data:
            # An input backward does not need may have been released.
            self._print('(removed)' if x is None else core.Variable(x).debug_print())
        if out_grad is not None:
            self._print('output gradient')
            for gy in out_grad:
                if gy is None:
                    holder = core.Variable()
                else:
                    holder = core.Variable(backend.get_array_module(gy).zeros_like(gy))
                    holder.grad = gy
                self._print(holder.debug_print())
        if self.flush and hasattr(self.file, 'flush'):
            self.file.flush()

    def forward_preprocess(self, function, in_data):
        self._process(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        self._process(function, in_data, out_grad)
