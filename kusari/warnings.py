"""Warning categories of Chainer's ``chainer.warnings``."""


class PerformanceWarning(RuntimeWarning):
    """A computation runs, but slower than it could (e.g. on a fallback path)."""
