"""Mixed floating-point dtypes.

Chainer's products (``matmul``, ``tensordot``, ``linear``, convolutions...) accept operands
of different float dtypes: the forward computes in NumPy's promoted dtype (or the dtype the
function documents) and each gradient goes back in its input's dtype.
"""


def cast_to(x, dtype):
    """The Variable ``x`` as ``dtype`` (``x`` itself when it already is, so no node is
    recorded): a gradient computed in a promoted dtype, returned in its input's dtype."""
    if x.dtype == dtype:
        return x
    from kusari.functions.array.cast import cast
    return cast(x, dtype)
