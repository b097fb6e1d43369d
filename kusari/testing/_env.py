"""Environment variables of the test helpers, in Chainer's and kusari's spellings."""

import os


def getenv(name, default=None):
    """``KUSARI_<name>`` if set, else Chainer's ``CHAINER_<name>``, else ``default``."""
    return os.environ.get('KUSARI_' + name, os.environ.get('CHAINER_' + name, default))
