"""Einstein summation over Variables.

Subscripts are first rewritten without ``...`` (each ellipsis becomes explicit letters) and
with an explicit output, so every operand has one letter per axis. The gradient of an
operand is again an einsum: the output gradient contracted with the other operands, with
constant ones for letters only that operand has (the gradient is broadcast along them) and
identity tensors for its repeated letters (its diagonal receives the gradient).
"""

import string

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.array.broadcast import sum_to

_LETTERS = string.ascii_letters


class EinSum(core.FunctionNode):
    """``einsum`` of ``len(in_subs)`` inputs; trailing inputs may be constant arrays."""

    def __init__(self, in_subs, out_sub):
        self.in_subs = in_subs
        self.out_sub = out_sub

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        xp = get_array_module(*inputs)
        spec = ','.join(self.in_subs) + '->' + self.out_sub
        return xp.einsum(spec, *inputs, optimize=len(inputs) > 2),

    def backward(self, indexes, grad_outputs):
        operands = self.get_retained_inputs()
        sizes = {}
        for sub, x in zip(self.in_subs, operands):
            for letter, size in zip(sub, x.shape):
                if sizes.get(letter, 1) == 1:  # a size-1 axis broadcasts (even to 0)
                    sizes[letter] = size
        return tuple(self._operand_grad(i, operands, grad_outputs[0], sizes) for i in indexes)

    def _operand_grad(self, i, operands, gy, sizes):
        xp = operands[i].xp
        dtype = operands[i].dtype
        subs = [self.out_sub] + [s for j, s in enumerate(self.in_subs) if j != i]
        arrays = [gy] + [x for j, x in enumerate(operands) if j != i]
        elsewhere = set(''.join(subs))
        unused = iter(c for c in _LETTERS if c not in set(''.join(self.in_subs)) | elsewhere)
        target = ''
        for position, letter in enumerate(self.in_subs[i]):
            if letter not in self.in_subs[i][:position]:
                target += letter
                if letter not in elsewhere:  # summed over this operand only
                    subs.append(letter)
                    arrays.append(xp.ones(sizes[letter], dtype))
                continue
            fresh = next(unused)  # a repeated letter: a diagonal, so an identity tensor
            target += fresh
            subs.append(letter + fresh)
            arrays.append(xp.eye(sizes[letter], dtype=dtype))
        g = EinSum(tuple(subs), target).apply(tuple(arrays))[0]
        return sum_to(g, operands[i].shape)



def _expand_ellipses(name, subscripts, operands):
    """Input subscripts and output subscript with ``...`` replaced by letters."""
    if '->' in subscripts:
        inputs, output = subscripts.split('->')
    else:
        inputs, output = subscripts, None
    in_subs = inputs.split(',')
    if len(in_subs) != len(operands):
        fail(name, 'operands', '{} operands for subscripts {!r}'.format(len(in_subs), subscripts),
             len(operands))
    used = {c for c in subscripts if c in _LETTERS}
    for s in in_subs + ([output] if output is not None else []):
        if any(c not in _LETTERS for c in s.replace('...', '')):
            fail(name, 'subscripts', 'letters, commas, "->" and "..."', repr(subscripts))
    spare = [c for c in _LETTERS if c not in used]
    ellipsis_ndims = []
    for s, x in zip(in_subs, operands):
        explicit = len(s.replace('...', ''))
        ndim = x.ndim - explicit if '...' in s else 0
        if ndim < 0 or ('...' not in s and explicit != x.ndim):
            fail(name, 'operand for {!r}'.format(s), 'an array with {} axes'.format(
                explicit), 'shape {}'.format(x.shape))
        ellipsis_ndims.append(ndim)
    broadcast = spare[:max(ellipsis_ndims, default=0)]
    in_subs = [s.replace('...', ''.join(broadcast[len(broadcast) - n:]))
               for s, n in zip(in_subs, ellipsis_ndims)]
    if output is None:
        letters = ''.join(in_subs)
        output = ''.join(broadcast) + ''.join(sorted(
            c for c in set(letters) - set(broadcast) if letters.count(c) == 1))
    else:
        output = output.replace('...', ''.join(broadcast))
    if len(set(output)) != len(output) or not set(output) <= set(''.join(in_subs)):
        fail(name, 'subscripts', 'an output of distinct letters that appear in the inputs',
             repr(subscripts))
    return tuple(in_subs), output


def _check_sizes(in_subs, arrays):
    """Each letter has one size: equal within an operand (a diagonal), equal or 1
    (broadcast) across operands."""
    sizes = {}
    for i, (sub, x) in enumerate(zip(in_subs, arrays)):
        own = {}
        for letter, size in zip(sub, x.shape):
            if own.setdefault(letter, size) != size:
                fail('einsum', 'operands[{}]'.format(i + 1), 'equal sizes for the repeated '
                     'subscript {!r}'.format(letter), 'shape {}'.format(x.shape))
        for letter, size in own.items():
            known = sizes.get(letter, 1)
            if size != known and 1 not in (size, known):
                fail('einsum', 'operands[{}]'.format(i + 1), 'size {} (or 1) for subscript '
                     '{!r}'.format(known, letter), 'shape {}'.format(x.shape))
            sizes[letter] = known if size == 1 else size


def einsum(*operands):
    """Einstein summation: ``einsum('ij,jk->ik', a, b)`` as ``numpy.einsum`` does.

    The first argument is the subscripts string (letters, ``,``, ``->`` and ``...``); the
    rest are the operands. Repeated letters take diagonals and size-1 axes broadcast.
    """
    if not operands or not isinstance(operands[0], str):
        fail('einsum', 'operands[0]', 'a subscripts string', type(
            operands[0]).__name__ if operands else 'no arguments')
    subscripts, arrays = operands[0].replace(' ', ''), operands[1:]
    for i, x in enumerate(arrays):
        check_float('einsum', 'operands[{}]'.format(i + 1), core.as_array(x))
    in_subs, out_sub = _expand_ellipses('einsum', subscripts, arrays)
    if any(x.dtype != arrays[0].dtype for x in arrays):
        fail('einsum', 'operands', 'arrays of one dtype', [str(x.dtype) for x in arrays])
    _check_sizes(in_subs, arrays)
    return EinSum(in_subs, out_sub).apply(arrays)[0]

