"""Time spent in each function (Chainer's ``chainer.function_hooks.TimerHook``)."""

from kusari import backend, function_hook
from kusari.function_hooks._profile import TimerReport


class TimerHook(TimerReport, function_hook.FunctionHook):
    """Measures the time of each function's forward and backward.

    ``with TimerHook() as hook: ...`` then ``hook.print_report()`` prints, per function
    class, the total time and the number of calls. GPU work is timed with CUDA events.

    Attributes:
        call_history: ``(function class name, seconds)`` per call.
    """

    _name_column = 'FunctionName'

    def forward_preprocess(self, function, in_data):
        self._start(backend.get_array_module(*in_data))

    def forward_postprocess(self, function, in_data):
        self._stop(function._impl_name)

    def backward_preprocess(self, function, in_data, out_grad):
        self._start(backend.get_array_module(*(tuple(in_data) + tuple(out_grad))))

    def backward_postprocess(self, function, in_data, out_grad):
        self._stop(function._impl_name)
