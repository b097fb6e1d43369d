"""Activation functions.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""
