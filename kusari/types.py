"""Type aliases for annotations of kusari's API (Chainer's ``chainer.types``).

They are for type checkers and readers; nothing checks them at run time. Arrays are
NumPy's or, with a GPU, CuPy's, so ``NdArray`` accepts any array-like object.
"""

import numbers
import typing

import numpy

if typing.TYPE_CHECKING:
    from kusari.core import Variable

Shape = typing.Tuple[int, ...]
"""A shape, as ``ndarray.shape`` gives it."""

ShapeSpec = typing.Union[int, typing.Sequence[int]]
"""A shape as arguments take it, an int or a sequence of ints."""

DTypeSpec = typing.Any
"""Anything ``numpy.dtype`` accepts: a dtype, a scalar type or its name."""

NdArray = typing.Any
"""A ``numpy.ndarray`` or, with CuPy, a ``cupy.ndarray``."""

VariableOrArray = typing.Union['Variable', NdArray]
"""An input that functions and links take: a ``kusari.Variable`` or an array."""

Xp = typing.Any
"""The array module: ``numpy`` or ``cupy``."""

# float is listed because type checkers do not count int and float as numbers.Number.
ScalarValue = typing.Union[numpy.generic, bytes, str, memoryview, numbers.Number, float]
"""A scalar an initializer or a function accepts."""


class AbstractInitializer(typing.Protocol):
    """What an initializer is: it has a ``dtype`` and fills an array in place."""

    dtype: typing.Optional[DTypeSpec]

    def __call__(self, array: NdArray) -> None:
        ...


InitializerSpec = typing.Union[AbstractInitializer, ScalarValue, numpy.ndarray]
"""An initializer, a scalar to fill with, or an array to copy."""

DeviceSpec = typing.Any
"""A device specifier: a ``kusari.backend.Device``, a string such as ``'@numpy'`` or
``'@cupy:0'``, an int GPU id, or a module (``numpy``)."""

CudaDeviceSpec = typing.Any
"""A CUDA device for the deprecated ``kusari.cuda.get_device``: an int or a device."""

TriggerSpec = typing.Union[typing.Callable[[typing.Any], bool],
                           typing.Tuple[typing.Union[int, float], str], None]
"""When a trainer extension runs or training stops: a callable ``trigger(trainer)``
that returns True to fire, a ``(period, unit)`` tuple such as ``(1, 'epoch')`` or
``(100, 'iteration')``, or None (never)."""
