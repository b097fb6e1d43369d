"""Helpers to test converters: deterministic inputs, test-case export, onnxruntime checks."""
