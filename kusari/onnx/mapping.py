"""The converters of kusari's function nodes, and the functions export records as one node."""

import contextlib

from kusari.onnx import functions
from kusari.onnx.replace_func import fake_as_funcnode

# Chainer FunctionNode class name -> converter(params)
converters = functions.converters



def _patched_functions():
    import kusari.functions as F
    from kusari.functions.rnn import n_step_gru, n_step_lstm, n_step_rnn

    rnns = [(module, prefix + kind) for module, kind in (
        (n_step_gru, 'gru'), (n_step_lstm, 'lstm'), (n_step_rnn, 'rnn'))
        for prefix in ('n_step_', 'n_step_bi')]
    return [(F, 'sign')] + [(F, name) for _, name in rnns] + rnns


@contextlib.contextmanager
def patch_functions():
    """Records each call of ``sign`` and of the n-step RNN functions as one node.

    ``sign`` records no node of its own (its result has no gradient); the n-step
    RNNs (uni- and bidirectional) record chains of primitives where ONNX has one op.
    """
    originals = [(module, name, getattr(module, name)) for module, name in _patched_functions()]
    try:
        for module, name, func in originals:
            setattr(module, name, fake_as_funcnode(func, name, experimental_warning=False))
        yield
    finally:
        for module, name, func in originals:
            setattr(module, name, func)
