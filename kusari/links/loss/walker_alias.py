"""The sampler used by BlackOut and NegativeSampling (it lives in ``kusari.utils``), and
what their links share: a sampler that follows the link's device."""

from kusari.link import Link
from kusari.utils.walker_alias import WalkerAlias  # NOQA


class _SamplingLink(Link):
    """A link that draws with the WalkerAlias ``self.sampler`` on its own device."""

    def device_resident_accept(self, visitor):
        """The sampler goes where the parameters go (its draws are made there)."""
        super().device_resident_accept(visitor)
        self.sampler.to_device(self.device)

    def _device_sampler(self):
        """The sampler, moved first if the link moved without it (a parent's to_device)."""
        if self.sampler.device != self.device:
            self.sampler.to_device(self.device)
        return self.sampler
