"""Tensor contraction over pairs of axes."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions._dtypes import cast_to
from kusari.functions.array.transpose import transpose


def _inverse(labels):
    """The permutation that puts axes labelled ``labels`` into the order 0, 1, 2, ..."""
    return tuple(sorted(range(len(labels)), key=labels.__getitem__))


class TensorDot(core.FunctionNode):
    _input_indexes_to_retain = (0, 1)

    def __init__(self, a_axes, b_axes):
        self.a_axes = a_axes
        self.b_axes = b_axes

    def forward(self, inputs):
        a, b = inputs
        check_float('tensordot', 'a', a)
        check_float('tensordot', 'b', b)
        for i, j in zip(self.a_axes, self.b_axes):
            if a.shape[i] != b.shape[j]:
                fail('tensordot', 'axes', 'equal lengths of a axis {} and b axis {}'.format(i, j),
                     'shapes {} and {}'.format(a.shape, b.shape))
        xp = get_array_module(a)
        return xp.tensordot(a, b, (self.a_axes, self.b_axes)),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gy, = grad_outputs
        a_free = [i for i in range(a.ndim) if i not in self.a_axes]
        b_free = [i for i in range(b.ndim) if i not in self.b_axes]
        # tensordot keeps uncontracted axes in order, so each result's axes are known by
        # the axis of the input they stand for.
        pair_of_b = dict(zip(self.b_axes, self.a_axes))
        pair_of_a = dict(zip(self.a_axes, self.b_axes))
        ret = []
        for i in indexes:
            if i == 0:
                g = tensordot(gy, b, (tuple(range(len(a_free), gy.ndim)), tuple(b_free)))
                labels = a_free + [pair_of_b[j] for j in sorted(self.b_axes)]
            else:
                g = tensordot(a, gy, (tuple(a_free), tuple(range(len(a_free)))))
                labels = [pair_of_a[j] for j in sorted(self.a_axes)] + b_free
            ret.append(cast_to(transpose(g, _inverse(labels)), self.inputs[i].dtype))
        return tuple(ret)


def _normalize_axes(a, b, axes):
    if isinstance(axes, int):
        if not 0 <= axes <= min(a.ndim, b.ndim):
            fail('tensordot', 'axes', 'an int in [0, {}]'.format(min(a.ndim, b.ndim)), axes)
        return tuple(range(a.ndim - axes, a.ndim)), tuple(range(axes))
    try:
        a_axes, b_axes = axes
    except (TypeError, ValueError):
        fail('tensordot', 'axes', 'an int or a pair of axis sequences', repr(axes))
    a_axes = (a_axes,) if isinstance(a_axes, int) else tuple(a_axes)
    b_axes = (b_axes,) if isinstance(b_axes, int) else tuple(b_axes)
    if len(a_axes) != len(b_axes):
        fail('tensordot', 'axes', 'sequences of equal length', repr(axes))
    for name, x, ax in (('a', a, a_axes), ('b', b, b_axes)):
        if any(not -x.ndim <= i < x.ndim for i in ax) or len({i % x.ndim for i in ax}) != len(
                ax):
            fail('tensordot', 'axes of ' + name, 'distinct axes of a {}-d array'.format(x.ndim),
                 ax)
    return tuple(i % a.ndim for i in a_axes), tuple(i % b.ndim for i in b_axes)


def tensordot(a, b, axes=2):
    """Sum of products of ``a`` and ``b`` over pairs of axes (as ``numpy.tensordot``).

    ``axes`` is an int ``n`` (the last ``n`` axes of ``a`` with the first ``n`` of ``b``)
    or a pair of axis sequences. The float dtypes of ``a`` and ``b`` may differ: the result
    has NumPy's promoted dtype.

    Args:
        a (Variable or array): first operand, a float array of any shape.
        b (Variable or array): second operand, of any shape whose contracted axes
            match ``a``'s in length.
        axes (int or pair of sequences): the last ``axes`` axes of ``a`` with the first of
            ``b``, or the axes of ``a`` and of ``b`` to contract.

    Returns:
        Variable: of shape the uncontracted axes of ``a``, then those of ``b``: with
        ``axes=1``, ``(I, J)`` and ``(J, K)`` give ``(I, K)``.
    """
    a_axes, b_axes = _normalize_axes(a, b, axes)
    return TensorDot(a_axes, b_axes).apply((a, b))[0]
