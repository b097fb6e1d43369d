"""Static subgraph optimization (Chainer's ``chainer.graph_optimizations``).

A chain whose ``__call__`` is decorated with
:func:`~kusari.graph_optimizations.static_graph.static_graph` runs define-by-run once
per kind of call while the functions it applies are traced; later calls replay the
traced array computations and enter the graph as one node.
:func:`~kusari.graph_optimizations.capture_step` captures a whole training step
(forward, loss, backward and the optimizer's update) the same way.
"""

from kusari.graph_optimizations.capture import capture_step, CaptureWarning  # NOQA
from kusari.graph_optimizations.static_graph_utilities import static_code  # NOQA
