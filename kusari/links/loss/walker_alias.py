"""The sampler used by BlackOut and NegativeSampling; it lives in ``kusari.utils``."""

from kusari.utils.walker_alias import WalkerAlias  # NOQA
