"""Static subgraph optimization (Chainer's ``chainer.graph_optimizations``).

A chain whose ``__call__`` is decorated with
:func:`~kusari.graph_optimizations.static_graph.static_graph` runs define-by-run once
per kind of call while the functions it applies are traced; later calls replay the
traced array computations and enter the graph as one node.
"""

from kusari.graph_optimizations.static_graph_utilities import static_code  # NOQA
