"""The optional onnx package, imported when an export needs it."""


def require():
    """The ``onnx`` module; ImportError saying how to install it when it is missing."""
    try:
        import onnx
    except ImportError as error:
        raise ImportError(
            'kusari.onnx needs the onnx package to export models: '
            "pip install 'kusari[onnx]' (onnx, and onnxruntime to run them)") from error
    return onnx
