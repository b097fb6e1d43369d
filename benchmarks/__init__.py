"""Benchmark suite comparing kusari with a bare-NumPy floor, PyTorch and Chainer 7.8.1.

Run from the repository root as ``python -m benchmarks`` (see ``--help``). Each
measurement runs in a fresh subprocess (``python -m benchmarks.worker``), so this
package imports nothing but the standard library at import time: the Chainer
interpreter (NumPy < 2) imports it too.
"""
