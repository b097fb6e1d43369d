"""Annealed Gaussian noise added to gradients (Neelakantan et al., 2015)."""

import numpy


def exponential_decay_noise(xp, shape, dtype, hook, opt):
    """Noise drawn from ``N(0, eta / (1 + t)^0.55)``, with ``t`` the step count of
    ``opt`` (an optimizer or update rule)."""
    std = numpy.sqrt(hook.eta / numpy.power(1 + opt.t, 0.55))
    return xp.random.normal(0, std, shape).astype(dtype)


class GradientNoise:
    """Adds ``noise_func(xp, shape, dtype, hook, rule)`` to each gradient.

    Args:
        eta (float): scale of the noise (the paper suggests 0.01, 0.3 or 1.0).
        noise_func (callable): the noise generator (default: exponential_decay_noise).
    """

    name = 'GradientNoise'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, eta, noise_func=exponential_decay_noise):
        self.eta = eta
        self.noise_func = noise_func

    def __call__(self, rule, param):
        g = param.grad
        if g is None:
            return
        g += self.noise_func(param.xp, g.shape, g.dtype, self, rule)
