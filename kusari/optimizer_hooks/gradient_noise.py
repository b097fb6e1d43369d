"""Annealed Gaussian noise added to gradients (Neelakantan et al., 2015)."""

from __future__ import annotations

import typing

import numpy

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.variable import Parameter
    from kusari.optimizer import Optimizer, UpdateRule


def exponential_decay_noise(xp: types.Xp, shape: types.Shape, dtype: types.DTypeSpec,
                            hook: GradientNoise, opt: UpdateRule | Optimizer) -> types.NdArray:
    """Noise drawn from ``N(0, eta / (1 + t)^0.55)``, with ``t`` the step count of
    ``opt`` (an optimizer or update rule).

    Args:
        xp: the array module of the gradient (``numpy`` or ``cupy``).
        shape (tuple of int): the gradient's shape.
        dtype: the gradient's dtype.
        hook (GradientNoise): the hook, whose ``eta`` scales the noise.
        opt: the update rule (or optimizer) whose ``t`` anneals the noise.

    Returns:
        An array of noise of that shape and dtype.
    """
    std = numpy.sqrt(hook.eta / numpy.power(1 + opt.t, 0.55))
    return xp.random.normal(0, std, shape).astype(dtype)


class GradientNoise:
    """Adds ``noise_func(xp, shape, dtype, hook, rule)`` to each gradient.

    Args:
        eta (float): scale of the noise (the paper suggests 0.01, 0.3 or 1.0).
        noise_func (callable): the noise generator (default: exponential_decay_noise).

    Attributes:
        timing (str): 'pre': it runs before the update.
        call_for_each_param (bool): True: called as ``hook(rule, param)`` per parameter.
    """

    name = 'GradientNoise'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, eta: float,
                 noise_func: typing.Callable[..., types.NdArray] = exponential_decay_noise
                 ) -> None:
        self.eta = eta
        self.noise_func = noise_func

    def __call__(self, rule: UpdateRule, param: Parameter) -> None:
        g = param.grad
        if g is None:
            return
        g += self.noise_func(param.xp, g.shape, g.dtype, self, rule)
