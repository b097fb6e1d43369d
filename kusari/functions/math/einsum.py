"""Einstein summation over Variables.

Subscripts are first rewritten without ``...`` (each ellipsis becomes explicit letters) and
with an explicit output, so every operand has one letter per axis. The gradient of an
operand is again an einsum (``_operand_grad``).
"""

import string

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail, is_int
from kusari.functions._dtypes import cast_to

_LETTERS = string.ascii_letters


def _split(in_subs):
    """Input subscripts as a tuple, from a tuple or Chainer's comma-separated string."""
    return tuple(in_subs.split(',')) if isinstance(in_subs, str) else tuple(in_subs)


class EinSum(core.FunctionNode):
    """``einsum`` of inputs whose subscripts ``in_subs`` (a tuple, or one string separated by
    commas) are letters only; the result has NumPy's promoted dtype of the inputs."""

    _input_indexes_to_retain = core.ALL_INPUTS

    def __init__(self, in_subs, out_sub):
        self.in_subs = _split(in_subs)
        self.out_sub = out_sub

    def _terms(self, xp, dtype):
        """Subscripts of the inputs and of constant operands appended to them, those
        constants, and the output subscripts."""
        return self.in_subs, (), self.out_sub

    def forward(self, inputs):
        xp = get_array_module(*inputs)
        subs, constants, out_sub = self._terms(xp, numpy.result_type(*[x.dtype for x in inputs]))
        operands = inputs + tuple(constants)
        return xp.einsum(','.join(subs) + '->' + out_sub, *operands,
                         optimize=len(operands) > 2),

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        subs, constants, out_sub = self._terms(inputs[0].xp, grad_outputs[0].dtype)
        operands = inputs + tuple(constants)
        sizes = {letter: size for sub, x in zip(subs, operands)
                 for letter, size in zip(sub, x.shape)}
        return tuple(cast_to(_operand_grad(i, subs, operands, out_sub, grad_outputs[0], sizes),
                             inputs[i].dtype) for i in indexes)


def _operand_grad(i, subs, operands, out_sub, gy, sizes):
    """The gradient of operand ``i``: ``gy`` contracted with the other operands, with constant
    ones for letters only that operand has (the gradient is broadcast along them) and
    identity tensors for its repeated letters (its diagonal receives the gradient)."""
    xp = operands[i].xp
    dtype = operands[i].dtype
    grad_subs = [out_sub] + [s for j, s in enumerate(subs) if j != i]
    arrays = [gy] + [x for j, x in enumerate(operands) if j != i]
    elsewhere = set(''.join(grad_subs))
    unused = iter(c for c in _LETTERS if c not in set(''.join(subs)) | elsewhere)
    target = ''
    for position, letter in enumerate(subs[i]):
        if letter not in subs[i][:position]:
            target += letter
            if letter not in elsewhere:  # summed over this operand only
                grad_subs.append(letter)
                arrays.append(xp.ones(sizes[letter], dtype))
            continue
        fresh = next(unused)  # a repeated letter: a diagonal, so an identity tensor
        target += fresh
        grad_subs.append(letter + fresh)
        arrays.append(xp.eye(sizes[letter], dtype=dtype))
    return EinSum(tuple(grad_subs), target).apply(tuple(arrays))[0]


class DiagEinSum(EinSum):
    """``einsum`` whose output subscripts may repeat a letter (the result is zero off that
    diagonal) or have letters no input has (the result is constant along them);
    ``out_shape`` gives the output's shape."""

    def __init__(self, in_subs, out_sub, out_shape):
        super().__init__(in_subs, out_sub)
        self.out_shape = tuple(out_shape)

    def _terms(self, xp, dtype):
        subs, constants, target = list(self.in_subs), [], ''
        in_letters = set(''.join(self.in_subs))
        unused = iter(c for c in _LETTERS if c not in in_letters | set(self.out_sub))
        for letter, size in zip(self.out_sub, self.out_shape):
            if letter in target:
                fresh = next(unused)
                subs.append(letter + fresh)
                constants.append(xp.eye(size, dtype=dtype))
                target += fresh
                continue
            if letter not in in_letters:
                subs.append(letter)
                constants.append(xp.ones(size, dtype))
            target += letter
        return subs, constants, target


def _sublists_to_subscripts(operands):
    """``(op0, sublist0, op1, sublist1, ..., [sublist_out])`` as a subscripts string and the
    operands; a sublist holds ints (axis labels, 0 to 51) and Ellipsis."""
    def letters(sublist):
        out = ''
        for label in sublist:
            if label is Ellipsis:
                out += '...'
            elif is_int(label) and 0 <= label < len(_LETTERS):
                out += _LETTERS[label]
            else:
                raise TypeError('einsum: a sublist holds ints in [0, {}) and Ellipsis, but '
                                'got {!r}'.format(len(_LETTERS), label))
        return out
    arrays, sublists = operands[0::2], operands[1::2]
    if len(operands) % 2:  # the output sublist comes last
        arrays, output = arrays[:-1], '->' + letters(operands[-1])
    else:
        output = ''
    return ','.join(letters(s) for s in sublists) + output, arrays


def _expand_ellipses(subscripts, operands):
    """Input subscripts and output subscript with ``...`` replaced by letters.

    Operands with ``...`` must agree on the shape of the axes it stands for (no
    broadcasting), and an explicit output must keep them (they are not summed over).
    """
    if '->' in subscripts:
        inputs, output = subscripts.split('->')
    else:
        inputs, output = subscripts, None
    in_subs = inputs.split(',')
    if len(in_subs) != len(operands):
        fail('einsum', 'operands', '{} operands for subscripts {!r}'.format(
            len(in_subs), subscripts), len(operands))
    used = {c for c in subscripts if c in _LETTERS}
    for s in in_subs + ([output] if output is not None else []):
        if any(c not in _LETTERS for c in s.replace('...', '')):
            fail('einsum', 'subscripts', 'letters, commas, "->" and "..."', repr(subscripts))
    ellipsis_shapes = set()
    for s, x in zip(in_subs, operands):
        explicit = len(s.replace('...', ''))
        if explicit > x.ndim or ('...' not in s and explicit != x.ndim):
            fail('einsum', 'operand for {!r}'.format(s), 'an array with {} axes'.format(
                explicit), 'shape {}'.format(x.shape))
        if '...' in s:
            start = s.index('...')
            ellipsis_shapes.add(x.shape[start:start + x.ndim - explicit])
    if len(ellipsis_shapes) > 1:
        fail('einsum', 'operands', 'one shape of the axes "..." stands for',
             sorted(ellipsis_shapes))
    if output is not None and '...' in output and not ellipsis_shapes:
        fail('einsum', 'subscripts', 'an output "..." only where an input has one',
             repr(subscripts))
    ellipsis = ''.join([c for c in _LETTERS if c not in used][:len(max(
        ellipsis_shapes, default=()))])
    in_subs = [s.replace('...', ellipsis) for s in in_subs]
    if output is None:
        letters = ''.join(in_subs)
        output = ellipsis + ''.join(sorted(
            c for c in set(letters) - set(ellipsis) if letters.count(c) == 1))
    elif ellipsis and '...' not in output:
        fail('einsum', 'subscripts', 'an output that keeps "..." (einsum does not sum over '
             'it)', repr(subscripts))
    else:
        output = output.replace('...', ellipsis)
    if len(set(output)) != len(output) or not set(output) <= set(''.join(in_subs)):
        fail('einsum', 'subscripts', 'an output of distinct letters that appear in the inputs',
             repr(subscripts))
    return tuple(in_subs), output


def _check_sizes(in_subs, arrays):
    """Each letter has one size, in every operand (no broadcasting)."""
    sizes = {}
    for i, (sub, x) in enumerate(zip(in_subs, arrays)):
        for letter, size in zip(sub, x.shape):
            if sizes.setdefault(letter, size) != size:
                fail('einsum', 'operands[{}]'.format(i), 'size {} for subscript {!r}'.format(
                    sizes[letter], letter), 'shape {}'.format(x.shape))


def einsum(*operands):
    """Einstein summation, as ``numpy.einsum`` (without broadcasting).

    Two forms: ``einsum('ij,jk->ik', a, b)`` (subscripts of letters, ``,``, ``->`` and
    ``...``, then the operands) or ``einsum(a, [0, 1], b, [1, 2], [0, 2])`` (each operand
    followed by its axis labels, ints and Ellipsis, and optionally the output's labels).
    Repeated letters take diagonals; without ``->`` the output has the ``...`` axes, then
    the letters that appear once, in alphabetical order. The float dtypes of the operands
    may differ: the result has NumPy's promoted dtype.

    Args:
        operands: the subscripts and the Variables or arrays, in either form above;
            each array has one axis per label of its subscripts (``...`` standing for
            any number of axes, the same shape in every operand).

    Returns:
        Variable: one axis per output label, each as long as the axes of the
        operands with that label; e.g. ``'ij,jk->ik'`` gives shape ``(I, K)`` for
        shapes ``(I, J)`` and ``(J, K)``.
    """
    if not operands:
        fail('einsum', 'operands', 'subscripts and operands', 'no arguments')
    if isinstance(operands[0], str):
        subscripts, arrays = operands[0].replace(' ', ''), operands[1:]
    else:
        subscripts, arrays = _sublists_to_subscripts(operands)
    for i, x in enumerate(arrays):
        check_float('einsum', 'operands[{}]'.format(i), core.as_array(x))
    in_subs, out_sub = _expand_ellipses(subscripts, arrays)
    _check_sizes(in_subs, arrays)
    return EinSum(in_subs, out_sub).apply(arrays)[0]
