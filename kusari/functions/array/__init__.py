"""Array manipulations.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""
