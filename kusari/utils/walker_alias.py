"""Walker's alias method: O(1) draws from a fixed discrete distribution."""

import numpy

from kusari import device_resident


class WalkerAlias(device_resident.DeviceResident):
    """Samples indices ``i`` with probability ``probs[i] / sum(probs)``.

    Each draw picks a column uniformly, then keeps it with its ``threshold`` or takes
    its ``alias`` (Walker 1977; Vose 1991 for the table construction).

    Args:
        probs (array of floats): unnormalized, non-negative weights.

    Attributes:
        threshold (array of float32): the probability of keeping each column.
        values (array of int32): the alias of each column.
    """

    def __init__(self, probs):
        probs = numpy.asarray(probs, dtype=numpy.float64)
        if probs.ndim != 1 or len(probs) == 0:
            raise ValueError('WalkerAlias: probs must be a non-empty 1-d array, got shape '
                             '{}'.format(probs.shape))
        if (probs < 0).any() or probs.sum() <= 0:
            raise ValueError('WalkerAlias: probs must be non-negative with a positive sum')
        n = len(probs)
        scaled = probs * (n / probs.sum())
        threshold = numpy.ones(n)
        values = numpy.arange(n, dtype=numpy.int32)
        small = [i for i in range(n) if scaled[i] < 1.0]
        large = [i for i in range(n) if scaled[i] >= 1.0]
        while small and large:
            s, l_ = small.pop(), large.pop()
            threshold[s] = scaled[s]
            values[s] = l_
            scaled[l_] -= 1.0 - scaled[s]
            (small if scaled[l_] < 1.0 else large).append(l_)
        self.threshold = threshold.astype(numpy.float32)
        self.values = values

    @property
    def use_gpu(self):
        return self.device.xp is not numpy

    def device_resident_accept(self, visitor):
        """The tables move with the sampler (``to_device``), where the draws are made."""
        super().device_resident_accept(visitor)
        self.threshold = visitor.visit_array(self.threshold)
        self.values = visitor.visit_array(self.values)

    def sample(self, shape):
        """An int32 array of ``shape`` of independent draws."""
        xp = self.device.xp
        ps = xp.random.uniform(0, 1, shape)
        pb = ps * len(self.threshold)
        index = pb.astype(numpy.int32)
        keep = (pb - index) < self.threshold[index]
        return xp.where(keep, index, self.values[index]).astype(numpy.int32)
