"""Chainer's ``chainer.utils.conv_nd_kernel``: the writer of CUDA C source that its GPU
N-dimensional im2col/col2im (and pooling) kernels are generated with.

kusari's GPU im2col, col2im and pooling are CuPy array code, not generated kernels: the
source-building helpers work, but the kernel classes' ``generate`` raises
NotImplementedError.
"""

import functools


def _fold(template, xs, init):
    return functools.reduce(template.format, xs if init is None else [init, *xs])


def mulexp(xs, init=None):
    """The C product of ``xs`` (``init`` first, if given): ``mulexp(['a', 'b']) == 'a * b'``."""
    return _fold('{} * {}', xs, init)


def andexp(xs, init=None):
    """The C conjunction of ``xs`` (``init`` first, if given): ``'a && b'``."""
    return _fold('{} && {}', xs, init)


def muladdexp(xs, ys, init=None):
    """Horner's form of a row-major index: ``muladdexp(['k1'], ['x1'], 'x0')`` is
    ``'(x1 + k1 * x0)'``. Without ``init`` it starts from ``ys[0]``."""
    pairs = list(zip(xs, ys))
    if init is None:
        (_, init), pairs = pairs[0], pairs[1:]
    return functools.reduce(lambda inner, pair: '({} + {} * {})'.format(pair[1], pair[0], inner),
                            pairs, init)


def map_(fn, *lists):
    """``list(map(fn, *lists))``."""
    return list(map(fn, *lists))


def succ_sublists(xs):
    """The suffixes of ``xs``, longest first: ``[xs[0:], xs[1:], ...]``."""
    return [xs[i:] for i in range(len(xs))]


def vars(prefix, n):
    """Numbered C variable names: ``vars('k', 2) == ['k_0', 'k_1']``."""
    return ['{}_{}'.format(prefix, i) for i in range(n)]


class Writer:
    """Lines of C source, indented by two spaces per open block."""

    def __init__(self):
        self._indent = 0
        self._lines = []

    def write(self, line, indent=None):
        """Adds ``line``. ``indent``: ``'inc'`` opens a block after it, ``'dec'`` closes one
        before it, ``'decinc'`` both (as ``} else {`` does)."""
        if indent in ('dec', 'decinc'):
            self._indent -= 1
        self._lines.append('  ' * self._indent + line)
        if indent in ('inc', 'decinc'):
            self._indent += 1

    def get(self):
        """The source written so far."""
        return '\n'.join(self._lines)


class _KernelSource:
    """A CUDA kernel that Chainer generates for a number of spatial axes; kusari computes
    its GPU im2col, col2im and pooling with CuPy array code instead."""

    @classmethod
    def generate(cls, ndim):
        raise NotImplementedError(
            '{}.generate: kusari does not generate CUDA kernels for N-dimensional '
            'convolution or pooling; its GPU code is CuPy array code (use the functions of '
            'chainer.functions, e.g. convolution_nd or max_pooling_nd)'.format(cls.__name__))


class Im2colNDKernel(_KernelSource):
    """Chainer's generator of the GPU N-dimensional im2col kernel (not in kusari)."""


class Col2imNDKernel(_KernelSource):
    """Chainer's generator of the GPU N-dimensional col2im kernel (not in kusari)."""
