"""Rnn functions."""
