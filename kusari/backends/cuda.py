"""Chainer's ``chainer.backends.cuda`` path: the very module ``kusari.cuda``.

One module under both names, so that settings made through either (e.g.
``set_max_workspace_size``, or a test patching ``available``) are seen by both.
"""

import sys

from kusari import cuda as _cuda

sys.modules[__name__] = _cuda
