"""Property-based tests: functions that move, select and reshape array elements.

Each call is compared with the NumPy function doing the same: what NumPy refuses
kusari must refuse with a clear error, what NumPy computes kusari must compute too
(same shape, dtype and values), unless Chainer is documented to be stricter (then
either is accepted).
"""

import numpy
from hypothesis import assume, given
from hypothesis import strategies as st

import kusari
import kusari.functions as F
from tests.reliability import _fuzz
from tests.reliability._fuzz import EITHER, INVALID, LENIENT

pytestmark = _fuzz.IGNORE_REPORT_WARNING

settings = _fuzz.SETTINGS


@st.composite
def some_array(draw, min_dims=0, max_dims=4, max_side=4):
    shape = draw(_fuzz.shapes(min_dims=min_dims, max_dims=max_dims, max_side=max_side))
    return draw(_fuzz.arrays(shape, draw(_fuzz.float_dtypes)))


def any_axis(ndim, extra=1):
    """An int axis that may be out of range by ``extra``."""
    return st.integers(-ndim - extra, ndim - 1 + extra)


def check(name, function, x, args, numpy_reference, label=None, kwargs=None):
    xv = kusari.Variable(x)
    return _fuzz.check_against(name, function, (xv,) + tuple(args), kwargs or {},
                               numpy_reference, label=label, dtype=x.dtype, inputs=[xv])


@settings
@given(data=st.data())
def test_reshape(data):
    x = data.draw(some_array())
    shape = list(data.draw(_fuzz.shapes(max_dims=4, max_side=6)))
    if data.draw(st.booleans()):  # a shape of the same size, sometimes with -1
        shape = list(data.draw(st.permutations(list(x.shape))))
        if shape and data.draw(st.booleans()):
            shape[data.draw(st.integers(0, len(shape) - 1))] = -1
    shape = tuple(shape)
    check('reshape', F.reshape, x, (shape,), lambda: numpy.reshape(x, shape))


@settings
@given(data=st.data())
def test_broadcast_to(data):
    x = data.draw(some_array(max_dims=3, max_side=3))
    shape = data.draw(_fuzz.shapes(max_dims=4, max_side=3))
    if data.draw(st.booleans()):
        shape = tuple(data.draw(st.sampled_from([1, 2])) for _ in range(
            data.draw(st.integers(0, 1)))) + x.shape
    check('broadcast_to', F.broadcast_to, x, (shape,), lambda: numpy.broadcast_to(x, shape))


@settings
@given(data=st.data())
def test_broadcast(data):
    shapes = data.draw(_fuzz.hnp.mutually_broadcastable_shapes(num_shapes=3, max_side=3))
    dtype = data.draw(_fuzz.float_dtypes)
    xs = [data.draw(_fuzz.arrays(s, dtype)) for s in shapes.input_shapes]
    if data.draw(st.booleans()):  # break one shape
        xs[0] = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(max_side=3)), dtype))
    vs = [kusari.Variable(x) for x in xs]
    _fuzz.check_against('broadcast', F.broadcast, vs, {},
                        lambda: tuple(numpy.broadcast_arrays(*xs)), dtype=dtype, inputs=vs)


@settings
@given(data=st.data())
def test_transpose(data):
    x = data.draw(some_array())
    kind = data.draw(st.sampled_from(['none', 'permutation', 'any']))
    if kind == 'none':
        axes = None
    elif kind == 'permutation':
        axes = tuple(data.draw(st.permutations(range(x.ndim))))
    else:
        axes = tuple(data.draw(st.lists(any_axis(x.ndim), max_size=x.ndim + 1)))
    check('transpose', F.transpose, x, (axes,), lambda: numpy.transpose(x, axes))


@settings
@given(data=st.data())
def test_swapaxes(data):
    x = data.draw(some_array())
    a, b = data.draw(any_axis(x.ndim)), data.draw(any_axis(x.ndim))
    check('swapaxes', F.swapaxes, x, (a, b), lambda: numpy.swapaxes(x, a, b))


@settings
@given(data=st.data())
def test_moveaxis(data):
    x = data.draw(some_array())
    if data.draw(st.booleans()):
        source, destination = data.draw(any_axis(x.ndim)), data.draw(any_axis(x.ndim))
    else:
        n = data.draw(st.integers(0, x.ndim))
        source = tuple(data.draw(st.lists(any_axis(x.ndim), min_size=n, max_size=n)))
        destination = tuple(data.draw(st.lists(any_axis(x.ndim), min_size=n, max_size=n)))
    check('moveaxis', F.moveaxis, x, (source, destination),
          lambda: numpy.moveaxis(x, source, destination),
          label=LENIENT if x.ndim == 0 else None)  # Chainer: no axes to move in 0-d


@settings
@given(data=st.data())
def test_rollaxis(data):
    x = data.draw(some_array())
    axis, start = data.draw(any_axis(x.ndim)), data.draw(any_axis(x.ndim, extra=2))
    check('rollaxis', F.rollaxis, x, (axis, start), lambda: numpy.rollaxis(x, axis, start))


@settings
@given(data=st.data())
def test_expand_dims(data):
    x = data.draw(some_array(max_dims=3))
    axis = data.draw(st.integers(-x.ndim - 2, x.ndim + 1))
    check('expand_dims', F.expand_dims, x, (axis,), lambda: numpy.expand_dims(x, axis))


@settings
@given(data=st.data())
def test_squeeze(data):
    shape = data.draw(_fuzz.shapes(max_side=2))
    x = data.draw(_fuzz.arrays(shape, data.draw(_fuzz.float_dtypes)))
    kind = data.draw(st.sampled_from(['none', 'int', 'tuple']))
    axis = None if kind == 'none' else (
        data.draw(any_axis(x.ndim)) if kind == 'int'
        else tuple(data.draw(st.lists(any_axis(x.ndim), max_size=x.ndim))))
    # NumPy takes axis 0 of a 0-d array; Chainer does not.
    check('squeeze', F.squeeze, x, (), lambda: numpy.squeeze(x, axis), kwargs={'axis': axis},
          label=LENIENT if x.ndim == 0 else None)


@settings
@given(data=st.data())
def test_flips(data):
    x = data.draw(some_array())
    check('flipud', F.flipud, x, (), lambda: numpy.flipud(x))
    check('fliplr', F.fliplr, x, (), lambda: numpy.fliplr(x))


@st.composite
def arrays_to_join(draw):
    """Arrays of one shape, then sometimes one of them changed along an axis or all."""
    shape = draw(_fuzz.shapes(max_dims=3, max_side=3))
    dtype = draw(_fuzz.float_dtypes)
    count = draw(st.integers(1, 3))
    shapes = [list(shape) for _ in range(count)]
    change = draw(st.sampled_from(['none', 'one_axis', 'any']))
    if change == 'one_axis' and shape:
        axis = draw(st.integers(0, len(shape) - 1))
        for s in shapes:
            s[axis] = draw(st.integers(0, 3))
    elif change == 'any':
        shapes[-1] = list(draw(_fuzz.shapes(max_dims=3, max_side=3)))
    return [draw(_fuzz.arrays(tuple(s), dtype)) for s in shapes], dtype


@settings
@given(data=st.data())
def test_concat(data):
    xs, dtype = data.draw(arrays_to_join())
    axis = data.draw(any_axis(xs[0].ndim))
    vs = [kusari.Variable(x) for x in xs]
    _fuzz.check_against('concat', F.concat, (vs,), {'axis': axis},
                        lambda: numpy.concatenate(xs, axis=axis), dtype=dtype, inputs=vs)


@settings
@given(data=st.data())
def test_stack(data):
    xs, dtype = data.draw(arrays_to_join())
    axis = data.draw(any_axis(xs[0].ndim + 1))
    vs = [kusari.Variable(x) for x in xs]
    _fuzz.check_against('stack', F.stack, (vs,), {'axis': axis},
                        lambda: numpy.stack(xs, axis=axis), dtype=dtype, inputs=vs)


@settings
@given(data=st.data(), which=st.sampled_from(['hstack', 'vstack', 'dstack']))
def test_hvdstack(data, which):
    xs, dtype = data.draw(arrays_to_join())
    vs = [kusari.Variable(x) for x in xs]
    _fuzz.check_against(which, getattr(F, which), (vs,), {},
                        lambda: getattr(numpy, which)(xs), dtype=dtype, inputs=vs)


@settings
@given(data=st.data())
def test_split_axis(data):
    x = data.draw(some_array(min_dims=1))
    axis = data.draw(any_axis(x.ndim))
    if data.draw(st.booleans()):
        sections = data.draw(st.integers(1, 4))
    else:
        sections = sorted(data.draw(st.lists(st.integers(0, 5), max_size=3)))

    def reference():
        return tuple(numpy.split(x, sections, axis=axis))

    check('split_axis', F.split_axis, x, (sections, axis), reference)


@settings
@given(data=st.data())
def test_tile(data):
    x = data.draw(some_array(max_dims=3, max_side=3))
    reps = data.draw(st.one_of(st.integers(-1, 3),
                               st.lists(st.integers(-1, 3), max_size=4).map(tuple)))
    label = None if (numpy.min(reps) if numpy.size(reps) else 0) >= 0 else INVALID
    check('tile', F.tile, x, (reps,), lambda: numpy.tile(x, reps), label=label)


@settings
@given(data=st.data())
def test_repeat(data):
    x = data.draw(some_array(max_dims=3, max_side=3))
    axis = data.draw(st.one_of(st.none(), any_axis(x.ndim)))
    length = x.size if axis is None else (x.shape[axis] if -x.ndim <= axis < x.ndim else 1)
    repeats = data.draw(st.one_of(
        st.integers(-1, 3),
        st.lists(st.integers(0, 3), min_size=length, max_size=length + 1).map(tuple)))
    # NumPy takes negative repeats of no elements, and axis 0 of a 0-d array; Chainer
    # takes neither.
    lenient = numpy.min(repeats, initial=0) < 0 or (x.ndim == 0 and axis is not None)
    check('repeat', F.repeat, x, (repeats,), lambda: numpy.repeat(x, repeats, axis=axis),
          kwargs={'axis': axis}, label=LENIENT if lenient else None)


@settings
@given(data=st.data())
def test_pad(data):
    x = data.draw(some_array(max_dims=3, max_side=3))
    width = data.draw(st.one_of(
        st.integers(-1, 2),
        st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=x.ndim,
                 max_size=x.ndim + 1).map(tuple)))
    check('pad', F.pad, x, (width, 'constant'), lambda: numpy.pad(x, width, 'constant'))


@settings
@given(data=st.data())
def test_diagonal(data):
    x = data.draw(some_array())
    offset = data.draw(st.integers(-3, 3))
    a, b = data.draw(any_axis(x.ndim)), data.draw(any_axis(x.ndim))
    check('diagonal', F.diagonal, x, (offset, a, b), lambda: numpy.diagonal(x, offset, a, b))


@st.composite
def basic_index(draw, ndim):
    """An index of ints, slices, None and Ellipsis (ints may be out of range)."""
    items = []
    for _ in range(draw(st.integers(0, ndim + 1))):
        items.append(draw(st.one_of(
            st.integers(-5, 4), st.none(), st.just(Ellipsis),
            st.builds(slice, st.one_of(st.none(), st.integers(-5, 5)),
                      st.one_of(st.none(), st.integers(-5, 5)),
                      st.one_of(st.none(), st.sampled_from([-2, -1, 1, 2]))))))
    return tuple(items) if len(items) != 1 or draw(st.booleans()) else items[0]


@settings
@given(data=st.data())
def test_get_item(data):
    x = data.draw(some_array())
    if data.draw(st.integers(0, 3)):
        index = data.draw(basic_index(x.ndim))
    elif x.ndim:  # advanced: an int array or a boolean mask along the first axis
        if data.draw(st.booleans()):
            index = numpy.array(data.draw(st.lists(st.integers(-5, 4), max_size=4)),
                                dtype=numpy.int64)
        else:
            index = numpy.array(data.draw(st.lists(st.booleans(), min_size=x.shape[0],
                                                   max_size=x.shape[0] + 1)), dtype=bool)
    else:
        index = ()
    check('get_item', F.get_item, x, (index,), lambda: x[index])


@settings
@given(data=st.data())
def test_sum_to(data):
    x = data.draw(some_array(max_dims=3, max_side=3))
    shape = data.draw(_fuzz.shapes(max_dims=3, max_side=3))
    if data.draw(st.booleans()):
        shape = tuple(1 if data.draw(st.booleans()) else d for d in x.shape)
        shape = shape[data.draw(st.integers(0, len(shape))):]

    def reference():
        if numpy.broadcast_shapes(shape, x.shape) != x.shape:
            raise ValueError('x does not broadcast from shape')
        lead = x.ndim - len(shape)
        axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(shape)
                                          if d == 1 and x.shape[lead + i] != 1)
        return x.sum(axis=axes, keepdims=True).reshape(shape)

    check('sum_to', F.sum_to, x, (shape,), reference)


@settings
@given(data=st.data())
def test_select_item(data):
    batch, classes = data.draw(st.integers(0, 4)), data.draw(st.integers(1, 4))
    x = data.draw(_fuzz.arrays((batch, classes), data.draw(_fuzz.float_dtypes)))
    n = data.draw(st.sampled_from([batch, batch, batch + 1]))
    t = numpy.array(data.draw(st.lists(st.integers(-1, classes), min_size=n, max_size=n)),
                    dtype=numpy.int32)
    # NumPy broadcasts a single index against the rows; Chainer wants one per row.
    check('select_item', F.select_item, x, (t,), lambda: x[numpy.arange(batch), t],
          label=None if n == batch else LENIENT)


@settings
@given(data=st.data())
def test_permutate(data):
    x = data.draw(some_array(min_dims=1))
    axis = data.draw(any_axis(x.ndim))
    length = x.shape[axis] if -x.ndim <= axis < x.ndim else 2
    indices = numpy.array(data.draw(st.permutations(range(length))), dtype=numpy.int32)
    if data.draw(st.integers(0, 3)) == 0:  # not a permutation
        indices = numpy.array(data.draw(st.lists(st.integers(-1, length), max_size=length)),
                              dtype=numpy.int32)
    inv = data.draw(st.booleans())
    is_permutation = sorted(indices.tolist()) == list(range(length))

    def reference():
        if not is_permutation:
            raise ValueError('not a permutation')
        order = numpy.argsort(indices) if inv else indices
        return numpy.take(x, order, axis=axis)

    check('permutate', F.permutate, x, (indices,), reference,
          kwargs={'axis': axis, 'inv': inv})


@settings
@given(data=st.data(), which=st.sampled_from(['space2depth', 'depth2space']))
def test_space_depth(data, which):
    r = data.draw(st.integers(1, 3))
    shape = data.draw(_fuzz.shapes(min_dims=3, max_dims=5, max_side=6))
    x = data.draw(_fuzz.arrays(shape, data.draw(_fuzz.float_dtypes)))

    def reference():
        n, c, h, w = x.shape  # only 4-d arrays
        if which == 'space2depth':
            if h % r or w % r:
                raise ValueError('not divisible')
            y = x.reshape(n, c, h // r, r, w // r, r).transpose(0, 3, 5, 1, 2, 4)
            return y.reshape(n, c * r * r, h // r, w // r)
        if c % (r * r):
            raise ValueError('not divisible')
        y = x.reshape(n, r, r, c // (r * r), h, w).transpose(0, 3, 4, 1, 5, 2)
        return y.reshape(n, c // (r * r), h * r, w * r)

    check(which, getattr(F, which), x, (r,), reference)


@settings
@given(data=st.data())
def test_scatter_add(data):
    a = data.draw(some_array(min_dims=1, max_dims=3))
    index = data.draw(basic_index(a.ndim))
    try:
        target_shape = a[index].shape
    except (IndexError, TypeError):
        target_shape = (2,)
    b_shape = target_shape if data.draw(st.integers(0, 3)) else data.draw(_fuzz.shapes())
    b = data.draw(_fuzz.arrays(b_shape, a.dtype))

    def reference():
        result = a.copy()
        numpy.add.at(result, index, b)
        return result

    av, bv = kusari.Variable(a), kusari.Variable(b)
    label = None if b.shape == target_shape else EITHER
    _fuzz.check_against('scatter_add', F.scatter_add, (av, index, bv), {}, reference,
                        label=label, dtype=a.dtype, inputs=[av, bv])


@settings
@given(data=st.data())
def test_pad_sequence(data):
    dtype = data.draw(_fuzz.float_dtypes)
    tail = data.draw(_fuzz.shapes(max_dims=2, max_side=3))
    lengths = data.draw(st.lists(st.integers(0, 4), min_size=1, max_size=4))
    xs = [data.draw(_fuzz.arrays((n,) + tail, dtype)) for n in lengths]
    if data.draw(st.integers(0, 3)) == 0:  # one of another trailing shape
        xs[-1] = data.draw(_fuzz.arrays((1,) + tail + (2,), dtype))
    length = data.draw(st.one_of(st.none(), st.integers(0, 5)))

    def reference():
        if len({x.shape[1:] for x in xs}) > 1:
            raise ValueError('trailing shapes differ')
        size = max(len(x) for x in xs) if length is None else length
        if size < max(len(x) for x in xs):
            raise ValueError('too short')
        out = numpy.full((len(xs), size) + xs[0].shape[1:], 0, dtype)
        for i, x in enumerate(xs):
            out[i, :len(x)] = x
        return out

    vs = [kusari.Variable(x) for x in xs]
    _fuzz.check_against('pad_sequence', F.pad_sequence, (vs,), {'length': length},
                        reference, dtype=dtype, inputs=vs)


@settings
@given(data=st.data())
def test_transpose_sequence(data):
    dtype = data.draw(_fuzz.float_dtypes)
    lengths = data.draw(st.lists(st.integers(0, 4), max_size=4))
    if data.draw(st.integers(0, 2)):
        lengths = sorted(lengths, reverse=True)
    xs = [data.draw(_fuzz.arrays((n, 2), dtype)) for n in lengths]

    def reference():
        if lengths != sorted(lengths, reverse=True):
            raise ValueError('not sorted')
        steps = lengths[0] if lengths else 0
        return tuple(numpy.stack([x[t] for x in xs if len(x) > t]) for t in range(steps))

    vs = [kusari.Variable(x) for x in xs]
    assume(xs)
    _fuzz.check_against('transpose_sequence', F.transpose_sequence, (vs,), {}, reference,
                        dtype=dtype, inputs=vs)
