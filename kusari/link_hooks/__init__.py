"""Link hooks (Chainer's ``chainer.link_hooks``): weight reparameterizations and
profiling around every link's forward."""

from kusari.link_hooks.spectral_normalization import SpectralNormalization  # NOQA
from kusari.link_hooks.timer import TimerHook  # NOQA
from kusari.link_hooks.weight_standardization import WeightStandardization  # NOQA
