"""Bilinear function, the building block of Neural Tensor Networks."""

from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape
from kusari.functions.math.matmul import matmul


def bilinear(e1, e2, W, V1=None, V2=None, b=None):
    """Applies a bilinear function.

    ``y[i, l] = sum_{j, k} e1[i, j] e2[i, k] W[j, k, l] + sum_j e1[i, j] V1[j, l]
    + sum_k e2[i, k] V2[k, l] + b[l]``; the linear terms are present only when
    ``V1``, ``V2`` and ``b`` are all given.

    Args:
        e1 (Variable or array): float left input of shape ``(I, J)``, or
            ``(I, ...)`` flattened to ``(I, J)``.
        e2 (Variable or array): float right input of shape ``(I, K)``, or
            ``(I, ...)`` flattened to ``(I, K)``.
        W (Variable or array): quadratic weight of shape ``(J, K, L)``.
        V1 (Variable, array or None): left linear weight of shape ``(J, L)``.
        V2 (Variable, array or None): right linear weight of shape ``(K, L)``.
        b (Variable, array or None): bias of shape ``(L,)``.

    Returns:
        Variable: output of shape ``(I, L)`` and ``e1``'s dtype.
    """
    linear_terms = [v is None for v in (V1, V2, b)]
    if any(linear_terms) and not all(linear_terms):
        raise ValueError('bilinear: V1, V2 and b must be all None or all given')
    func = 'bilinear'
    if e1.ndim < 2 or e2.ndim < 2 or e1.shape[0] != e2.shape[0]:
        fail(func, 'shapes of e1 and e2', 'arrays (I, ...) with the same I',
             'e1 {} and e2 {}'.format(e1.shape, e2.shape))
    n = e1.shape[0]
    left, right = e1.size // n if n else 0, e2.size // n if n else 0
    if W.ndim != 3 or (n and W.shape[:2] != (left, right)):
        fail(func, 'W', 'shape ({}, {}, L)'.format(left, right), 'shape {}'.format(W.shape))
    left, right, out = W.shape
    for name, arr, shape in (('V1', V1, (left, out)), ('V2', V2, (right, out)), ('b', b, (out,))):
        if arr is not None and arr.shape != shape:
            fail(func, name, 'shape {}'.format(shape), 'shape {}'.format(arr.shape))
    for name, arr in (('e1', e1), ('e2', e2), ('W', W), ('V1', V1), ('V2', V2), ('b', b)):
        if arr is not None and (arr.dtype.kind != 'f' or arr.dtype != e1.dtype):
            fail(func, name, 'dtype {} (floating, as e1)'.format(e1.dtype),
                 'dtype {}'.format(arr.dtype))
    e1 = reshape(e1, (n, left))
    e2 = reshape(e2, (n, right))
    outer = reshape(reshape(e1, (n, left, 1)) * reshape(e2, (n, 1, right)), (n, left * right))
    y = matmul(outer, reshape(W, (left * right, out)))
    if V1 is not None:
        y = y + matmul(e1, V1) + matmul(e2, V2) + b
    return y
