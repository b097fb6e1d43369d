"""The sampler used by BlackOut and NegativeSampling (it lives in ``kusari.utils``), and
what their links share: a sampler that follows the link's device."""

from kusari.link import Link
from kusari.utils.walker_alias import WalkerAlias  # NOQA


class _SamplingLink(Link):
    """A link that draws with the WalkerAlias ``self.sampler`` on its own device."""

    def to_device(self, device):
        """Move the parameters and the sampler (its draws are made there) to ``device``."""
        super().to_device(device)
        self.sampler.to_device(self.device)
        return self

    def _device_sampler(self):
        """The sampler, moved first if the link moved without it (a parent's to_device)."""
        if self.sampler.device != self.device:
            self.sampler.to_device(self.device)
        return self.sampler
