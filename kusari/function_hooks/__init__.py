"""Function hooks (Chainer's ``chainer.function_hooks``): profiling and debug printing
around every function's forward and backward."""

from kusari.function_hooks.cuda_profile import CUDAProfileHook  # NOQA
from kusari.function_hooks.cupy_memory_profile import CupyMemoryProfileHook  # NOQA
from kusari.function_hooks.debug_print import PrintHook  # NOQA
from kusari.function_hooks.timer import TimerHook  # NOQA
