"""Rnn links."""
