<<<<<<< HEAD
"""Memory-layout names (Chainer's ``chainer.memory_layouts``).

``None`` is the standard layout (``(N, C, *spatial)`` for data, ``(out, in, *kernel)``
for filters); the ``CUDNN_CHANNEL_LAST_*`` names denote cuDNN's channel-last layouts,
which are used only with ``compute_mode='cudnn_fast'`` on a GPU.
=======
"""Chainer's ``chainer.memory_layouts``: names of cuDNN's channel-last memory layouts.

kusari keeps every array in the standard (channel-first) layout, so a variable's raw
shape is its semantic shape; the names exist for code that refers to them.
>>>>>>> eb6be89 (Graph core, links, optimizers, backend and gradient_check follow Chainer 7.8.1 (issue 15))
"""

CUDNN_CHANNEL_FIRST_X = None
CUDNN_CHANNEL_LAST_X = 'CUDNN_CHANNEL_LAST_X'
CUDNN_CHANNEL_FIRST_W = None
CUDNN_CHANNEL_LAST_W = 'CUDNN_CHANNEL_LAST_W'
<<<<<<< HEAD
=======


def get_raw_shape(arr_or_var):
    """The shape of the array as stored."""
    return arr_or_var.shape


def get_semantic_shape(arr_or_var, *, assumed_layout=None):
    """The shape in the standard layout (the stored one, in kusari)."""
    if assumed_layout is not None:
        raise ValueError('get_semantic_shape: kusari supports only the standard memory '
                         'layout, not {!r}'.format(assumed_layout))
    return arr_or_var.shape
>>>>>>> eb6be89 (Graph core, links, optimizers, backend and gradient_check follow Chainer 7.8.1 (issue 15))
