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
            batches reproducible.
    """

    def __init__(self, random_state=None):
        self._random = random_state

    def __call__(self, current_order, current_position):
        random = numpy.random if self._random is None else self._random
        return random.permutation(len(current_order))
