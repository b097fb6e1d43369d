"""Marking APIs as experimental (Chainer's ``chainer.utils.experimental``)."""

import warnings

import kusari


def experimental(api_name):
    """Warn (FutureWarning) that ``api_name`` is experimental, unless
    ``kusari.disable_experimental_feature_warning`` is True."""
    if not kusari.disable_experimental_feature_warning:
        warnings.warn('{} is experimental. The interface can change in the future.'
                      .format(api_name), FutureWarning, stacklevel=3)
