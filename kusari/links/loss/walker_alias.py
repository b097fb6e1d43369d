"""The sampler used by BlackOut and NegativeSampling (it lives in ``kusari.utils``), and
what their links share: a sampler that moves with the link."""

from __future__ import annotations

import typing

from kusari.link import Link
from kusari.utils.walker_alias import WalkerAlias  # NOQA


class _SamplingLink(Link):
    """A link that draws with the WalkerAlias ``self.sampler`` on its own device."""

    sampler: WalkerAlias

    def device_resident_accept(self, visitor: typing.Any) -> None:
        """The sampler goes where the parameters go (its draws are made there)."""
        super().device_resident_accept(visitor)
        self.sampler.device_resident_accept(visitor)
