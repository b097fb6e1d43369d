"""Warning for code that may give different results run to run (Chainer's
``chainer.utils.nondeterministic``)."""

import warnings

from kusari.configuration import config


def nondeterministic(f_name):
    """Warn, when ``config.warn_nondeterministic`` is True, that ``f_name`` may be
    non-deterministic (atomic additions on a GPU, for instance)."""
    if config.warn_nondeterministic:
        warnings.warn('Potentially non-deterministic code is being executed while '
                      'config.warn_nondeterministic set. Source: ' + f_name, stacklevel=2)
