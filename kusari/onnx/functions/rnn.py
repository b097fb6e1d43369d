"""Recurrent networks, as ONNX's recurrent ops."""
