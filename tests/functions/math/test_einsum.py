import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(19)
HALF = {numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}}
CASES = [
    ('ij,jk->ik', [(2, 3), (3, 4)]),
    ('ij,jk', [(2, 3), (3, 4)]),
    ('bij,bjk->bik', [(2, 2, 3), (2, 3, 2)]),
    ('ij->ji', [(2, 3)]),
    ('ii->i', [(3, 3)]),
    ('iij->ji', [(3, 3, 2)]),
    ('ij->i', [(2, 3)]),
    ('i,j->ij', [(2,), (3,)]),
    ('ij,ij->ij', [(2, 3), (2, 3)]),
    ('...ij,...jk->...ik', [(2, 2, 3), (2, 3, 4)]),
    ('...j,j', [(2, 3, 4), (4,)]),
    ('i...->...', [(2, 3, 4)]),
    ('ij,jk,kl->il', [(2, 3), (3, 2), (2, 4)]),
    ('Ab,bc->cA', [(2, 3), (3, 2)]),
    ('ij->j', [(2, 3)]),
    ('ij,k->ijk', [(2, 3), (2,)]),
]


@pytest.mark.parametrize('subscripts, shapes', CASES, ids=[c[0] for c in CASES])
def test_einsum(subscripts, shapes):
    check_function(lambda *xs: F.einsum(subscripts, *xs),
                   tuple(rng.uniform(-1, 1, s) for s in shapes),
                   lambda *xs: numpy.asarray(numpy.einsum(subscripts, *xs)),
                   forward_options=HALF)


@pytest.mark.parametrize('subscripts, shapes', [('ii', [(3, 3)]), ('i,i', [(3,), (3,)])])
def test_einsum_to_0d(subscripts, shapes, on_0d):
    function, reference = on_0d(lambda *xs: F.einsum(subscripts, *xs),
                                lambda *xs: numpy.asarray(numpy.einsum(subscripts, *xs)),
                                inputs=False)
    check_function(function, tuple(rng.uniform(-1, 1, s) for s in shapes), reference)


@pytest.mark.parametrize('args, message', [
    ((), 'operands'),
    (('ij', numpy.ones(2)), "operand for 'ij'"),
    (('ij,jk', numpy.ones((2, 2))), 'operands'),
    (('i->ii', numpy.ones(2)), 'subscripts'),
    (('i->j', numpy.ones(2)), 'subscripts'),
    (('i1', numpy.ones(2)), 'subscripts'),
    # no broadcasting: sizes of a letter, and the axes "..." stands for, agree exactly
    (('ij,ij->ij', numpy.ones((1, 3)), numpy.ones((2, 3))), 'operands\\[1\\]'),
    (('...i,...i', numpy.ones((2, 2)), numpy.ones((1, 2))), 'operands'),
    (('...i,...i', numpy.ones(2), numpy.ones((1, 2))), 'operands'),
    (('i,i->...', numpy.ones(2), numpy.ones(2)), 'subscripts'),
    # summing over "..." is undefined
    (('...->', numpy.ones(2)), 'subscripts'),
    (('j...i->ij', numpy.ones((2, 1, 3))), 'subscripts'),
])
def test_bad_arguments(args, message):
    with pytest.raises(InvalidType, match='einsum: invalid ' + message):
        F.einsum(*args)


def test_integer_operand_is_rejected():
    with pytest.raises(InvalidType, match='einsum: invalid operands\\[0\\]'):
        F.einsum('i->i', numpy.arange(3))


SUBLIST_CASES = [
    ((0, 1), (1, 2), (0, 2)),
    ((Ellipsis, 0, 1), (Ellipsis, 1, 2), (Ellipsis, 0, 2)),
    ((0, 1), (1, 2), None),
    ((0, 0), None, (0,)),
    ((30, 1), (1, 51), (51, 30)),
]


@pytest.mark.parametrize('a_labels, b_labels, out_labels', SUBLIST_CASES)
def test_operands_with_sublists(a_labels, b_labels, out_labels):
    # einsum(op0, sublist0, op1, sublist1, ..., [sublist_out]), as numpy.einsum takes them
    sizes = {Ellipsis: (2,), 0: (3,), 1: (2,), 2: (4,), 30: (3,), 51: (4,)}
    inputs = tuple(rng.uniform(-1, 1, sum((sizes[label] for label in labels), ()))
                   for labels in (a_labels, b_labels) if labels is not None)
    labels = [list(l) for l in (a_labels, b_labels) if l is not None]

    def args(xs):
        interleaved = [item for x, l in zip(xs, labels) for item in (x, l)]
        return interleaved + ([list(out_labels)] if out_labels is not None else [])
    check_function(lambda *xs: F.einsum(*args(xs)), inputs,
                   lambda *xs: numpy.asarray(numpy.einsum(*args(xs))), forward_options=HALF)


def test_sublist_with_a_bad_label():
    with pytest.raises(TypeError, match='einsum: a sublist holds ints'):
        F.einsum(numpy.ones(2), ['i'])


FLOATS = (numpy.float16, numpy.float32, numpy.float64)


@pytest.mark.parametrize('other_dtype', FLOATS)
def test_mixed_dtypes(other_dtype):
    # The result has NumPy's promoted dtype and each gradient its input's dtype.
    a, b = rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (3, 4))
    fixed_a, fixed_b = a.astype(other_dtype), b.astype(other_dtype)
    options = {dtype: {'atol': 1e-2, 'rtol': 1e-2} for dtype in FLOATS
               if numpy.float16 in (dtype, other_dtype)}
    check_function(lambda a: F.einsum('ij,jk->ik', a, fixed_b), a,
                   lambda a: numpy.einsum('ij,jk->ik', a, fixed_b),
                   forward_options=options, backward_options=options)
    check_function(lambda b: F.einsum('ij,jk->ik', fixed_a, b), b,
                   lambda b: numpy.einsum('ij,jk->ik', fixed_a, b),
                   forward_options=options, backward_options=options)


DIAG_CASES = [
    ('i', 'ij', [(3,)], (3, 4)),
    ('', 'i', [()], (3,)),
    (',i', 'ij', [(), (2,)], (2, 3)),
    (',ij', 'i', [(), (3, 4)], (3,)),
    ('ij', 'iij', [(2, 3)], (2, 2, 3)),
]


def diag_reference(in_subs, out_sub, out_shape):
    """y[out_sub] = einsum of the inputs, broadcast along letters the inputs lack, zero off
    the diagonal of repeated output letters."""
    def reference(*xs):
        letters = ''.join(dict.fromkeys(out_sub))
        kept = ''.join(c for c in letters if c in in_subs)
        core = numpy.einsum(in_subs + '->' + kept, *xs)
        index = tuple(slice(None) if c in kept else None for c in letters)
        full = numpy.broadcast_to(core[index], [dict(zip(out_sub, out_shape))[c]
                                                for c in letters])
        y = numpy.zeros(out_shape, full.dtype)
        diagonal = numpy.einsum(out_sub + '->' + letters, y)
        diagonal[...] = full
        return y
    return reference


@pytest.mark.parametrize('in_subs, out_sub, shapes, out_shape', DIAG_CASES)
def test_diag_einsum(in_subs, out_sub, shapes, out_shape, on_0d):
    # DiagEinSum: Chainer's node for outputs with new or repeated letters (einsum's gradient)
    node = F.math.einsum.DiagEinSum
    function = lambda *xs: node(in_subs, out_sub, out_shape).apply(xs)[0]  # NOQA
    reference = diag_reference(in_subs, out_sub, out_shape)
    inputs = tuple(rng.uniform(-1, 1, s) for s in shapes)
    if shapes[0] == ():
        function, reference = on_0d(function, reference)
        inputs = (inputs[0].reshape(1),) + inputs[1:]
    check_function(function, inputs, reference)
