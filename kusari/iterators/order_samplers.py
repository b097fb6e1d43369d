"""Order samplers: they choose the order of examples for each epoch."""

import numpy


class OrderSampler:
    """Base class of order samplers.

    An iterator calls its order sampler once when it is reset and again at the end of
    every epoch to get the order of the example indices for the next epoch.
    """

    def __call__(self, current_order, current_position):
        """Returns the order of the indices for the next epoch.

        Args:
            current_order (numpy.ndarray): The order of the epoch that ends (the
                identity permutation when the iterator is reset).
            current_position (int): The iterator's position in ``current_order``.

        Returns:
            numpy.ndarray: A permutation of the indices, as long as ``current_order``.
        """
        raise NotImplementedError(
            '{} must implement __call__'.format(type(self).__name__))


class ShuffleOrderSampler(OrderSampler):
    """Order sampler that shuffles the examples at every epoch.

    Args:
        random_state (numpy.random.RandomState): The generator of the permutations.
            ``None`` uses NumPy's global generator, so ``numpy.random.seed`` makes the
            batches reproducible. With its own generator, the sampler's state is saved
            in the iterator's snapshots, so a resumed run shuffles as the uninterrupted
            one would.
    """

    def __init__(self, random_state=None):
        self._random = random_state

    def __call__(self, current_order, current_position):
        random = numpy.random if self._random is None else self._random
        return random.permutation(len(current_order))

    def serialize(self, serializer):
        """Saves or loads the state of the sampler's own ``RandomState``.

        NumPy's global generator is not part of the iterator and is not saved.
        """
        if not isinstance(self._random, numpy.random.RandomState):
            return
        name, keys, position, has_gauss, cached_gaussian = self._random.get_state()
        keys = numpy.array(keys, dtype=numpy.uint32)
        loaded = serializer('keys', keys)
        if loaded is not None:
            keys = numpy.asarray(loaded, dtype=numpy.uint32)
        position = int(serializer('position', int(position)))
        has_gauss = int(serializer('has_gauss', int(has_gauss)))
        cached_gaussian = float(serializer('cached_gaussian', float(cached_gaussian)))
        self._random.set_state((name, keys, position, has_gauss, cached_gaussian))
