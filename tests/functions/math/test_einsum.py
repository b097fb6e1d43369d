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
    ('ij,ij->ij', [(1, 3), (2, 3)]),
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
    ((numpy.ones(2),), 'operands\\[0\\]'),
    (('ij', numpy.ones(2)), "operand for 'ij'"),
    (('ij,jk', numpy.ones((2, 2))), 'operands'),
    (('i->ii', numpy.ones(2)), 'subscripts'),
    (('i->j', numpy.ones(2)), 'subscripts'),
    (('i1', numpy.ones(2)), 'subscripts'),
])
def test_bad_arguments(args, message):
    with pytest.raises(InvalidType, match='einsum: invalid ' + message):
        F.einsum(*args)


def test_integer_operand_is_rejected():
    with pytest.raises(InvalidType, match='einsum: invalid operands\\[1\\]'):
        F.einsum('i->i', numpy.arange(3))
