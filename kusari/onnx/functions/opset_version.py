"""``support``: picks, for a requested opset, the converter version to emit."""

import functools


def support(opset_versions):
    """Decorates ``converter(func, opset_version, *args)`` written for the given opsets.

    The converter is called with the newest of ``opset_versions`` that is not
    above the requested one; below all of them it raises RuntimeError.
    ``None`` passes the requested opset through.
    """
    def decorate(convert):
        @functools.wraps(convert)
        def call(func, opset_version, *args, **kwargs):
            if opset_versions is not None:
                usable = [v for v in opset_versions if v <= opset_version]
                if not usable:
                    raise RuntimeError(
                        'kusari cannot convert `{}` with ONNX opset_version {}'.format(
                            type(func).__name__, opset_version))
                opset_version = max(usable)
            return convert(func, opset_version, *args, **kwargs)
        return call
    return decorate
