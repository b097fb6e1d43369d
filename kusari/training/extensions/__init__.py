"""Trainer extensions."""
