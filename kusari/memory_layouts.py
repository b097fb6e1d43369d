"""Memory-layout names (Chainer's ``chainer.memory_layouts``).

``None`` is the standard layout (``(N, C, *spatial)`` for data, ``(out, in, *kernel)``
for filters); the ``CUDNN_CHANNEL_LAST_*`` names denote cuDNN's channel-last layouts,
which are used only with ``compute_mode='cudnn_fast'`` on a GPU.
"""

CUDNN_CHANNEL_FIRST_X = None
CUDNN_CHANNEL_LAST_X = 'CUDNN_CHANNEL_LAST_X'
CUDNN_CHANNEL_FIRST_W = None
CUDNN_CHANNEL_LAST_W = 'CUDNN_CHANNEL_LAST_W'
