"""Util functions."""
