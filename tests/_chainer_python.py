"""The Chainer 7.8.1 interpreter that the cross-checks run beside kusari.

``KUSARI_CHAINER_PYTHON`` names it (a virtual environment with NumPy < 2 and Chainer 7.8.1,
built as benchmarks/README.md says); without it the cross-checks skip.
"""

import os

CHAINER_PYTHON = os.environ.get('KUSARI_CHAINER_PYTHON', '')
AVAILABLE = bool(CHAINER_PYTHON) and os.path.exists(CHAINER_PYTHON)
SKIP_REASON = 'no Chainer interpreter (set KUSARI_CHAINER_PYTHON to a Chainer 7.8.1 python)'
