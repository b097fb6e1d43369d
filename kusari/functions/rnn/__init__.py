"""Recurrent networks over sequences (n_step_*).

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""
