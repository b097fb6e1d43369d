"""Transposing a list of sequences (batch-major to time-major)."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm, zeros_for_missing


def _counts(lengths):
    """For each time step, how many sequences (sorted longest first) reach it."""
    steps = numpy.arange(lengths[0] if lengths else 0)
    return (numpy.asarray(lengths)[None, :] > steps[:, None]).sum(axis=1).tolist()


class TransposeSequence(core.FunctionNode):
    """Turns ``n`` sequences into ``max length`` time steps; it is its own inverse."""

    def forward(self, xs):
        for i, x in enumerate(xs):
            if x.ndim == 0:
                fail('transpose_sequence', 'xs[{}]'.format(i), 'a sequence (ndim >= 1)',
                     'a 0-d array')
        lengths = [len(x) for x in xs]
        for i in range(1, len(xs)):
            if lengths[i] > lengths[i - 1]:
                fail('transpose_sequence', 'xs', 'sequences sorted by non-increasing length',
                     'lengths {}'.format(lengths))
            if xs[i].shape[1:] != xs[0].shape[1:] or xs[i].dtype != xs[0].dtype:
                fail('transpose_sequence', 'xs[{}]'.format(i),
                     'shape (L, *{}) and dtype {}'.format(xs[0].shape[1:], xs[0].dtype),
                     'shape {} and dtype {}'.format(xs[i].shape, xs[i].dtype))
        self._shapes = [x.shape for x in xs]
        self._dtype = xs[0].dtype
        xp = get_array_module(*xs)
        # All sequences end to end, and the row of sequence j at time t.
        flat = xp.concatenate(xs, axis=0)
        starts = xp.asarray(numpy.cumsum([0] + lengths[:-1]))
        return tuple(flat[starts[:count] + t] for t, count in enumerate(_counts(lengths)))

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs, ArrayForm)

    def _gradients(self, indexes, grad_outputs, form):
        """The time steps' gradients (zeros for those without) transposed back, in
        ``form`` (see _forms)."""
        batch = self._shapes[0][1:]
        counts = _counts([s[0] for s in self._shapes])
        gys = zeros_for_missing(grad_outputs, [(count,) + batch for count in counts], self._dtype)
        gxs = form.run(TransposeSequence(), gys)
        ret = []
        for i in indexes:
            if i < len(gxs):
                ret.append(gxs[i])
            else:  # an empty sequence gets no row at any time step
                xp = get_array_module(*gys)
                ret.append(form.constant(xp.zeros(self._shapes[i], self._dtype)))
        return tuple(ret)


def transpose_sequence(xs):
    """Transposes a list of sequences sorted by non-increasing length.

    The ``t``-th output stacks the ``t``-th elements of the sequences longer than
    ``t``, so a batch of sequences becomes a sequence of (shrinking) batches and
    back.

    Args:
        xs (list of Variable or array): sequences of shapes ``(L_i, ...)`` with
            ``L_0 >= L_1 >= ...``.

    Returns:
        tuple of Variable: ``L_0`` variables of the inputs' dtype; the ``t``-th, of
        shape ``(B_t, ...)``, has one row per sequence longer than ``t`` (``B_t`` of
        them).
    """
    xs = tuple(xs)
    if not xs:
        return ()
    return TransposeSequence().apply(xs)

