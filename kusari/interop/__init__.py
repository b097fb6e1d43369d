"""Bridges to other frameworks: :mod:`kusari.interop.torch` (PyTorch, an optional
extra: ``pip install "kusari[torch]"``)."""
