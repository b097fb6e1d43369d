"""Chainer's ``chainer.testing.distribution_test``: the module of :class:`distribution_unittest`.

The test case marks its GPU tests with pytest marks, so it needs pytest; without pytest,
``distribution_unittest`` is a test case whose only test fails saying why.
"""

import unittest

from kusari.testing import attr

if attr.is_available():
    from kusari.testing._distribution_test import distribution_unittest  # NOQA
else:
    class distribution_unittest(unittest.TestCase):
        """Stand-in for the distribution test case when pytest is not installed."""

        def test_dummy(self):
            raise RuntimeError('{} needs pytest: {}'.format(__name__, attr.get_error()))
