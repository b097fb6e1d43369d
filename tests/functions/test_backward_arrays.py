"""Functions with a ``backward_arrays`` fast path give bitwise the gradients of their
differentiable ``backward`` (which double backprop records)."""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import core
from kusari.functions.math.sqrt import RsqrtGPU

rng = numpy.random.default_rng(7)


def _x(shape=(3, 4), dtype=numpy.float32):
    return rng.uniform(-1, 1, shape).astype(dtype)


def _positive(shape=(3, 4)):
    return rng.uniform(0.5, 2, shape)


def _away_from_zero(shape):
    return rng.uniform(0.5, 1.5, shape) * rng.choice([-1, 1], shape)


_DROPOUT_MASK = (rng.uniform(0, 1, (3, 4)) >= 0.4) / 0.6  # one mask for both forms
_LABELS = rng.integers(-1, 2, (3, 4)).astype(numpy.int32)  # -1: ignored
_CONDITION = rng.uniform(0, 1, (3, 4)) < 0.5
_IDS = numpy.array([[0, 2, -1], [2, 2, 1]], numpy.int32)  # repeated, and one ignored

_POOLING_INDEXES = F.max_pooling_2d(_x((2, 3, 4, 4)), 2, return_indices=True)[1]


def _seeded(function, *inputs):
    """``function`` of the same random draws each call."""
    numpy.random.seed(3)
    return function(*inputs)


CASES = {  # class name: (function, inputs), broadcasting where the function does
    'Tanh': (F.tanh, [_x()]),
    'Sigmoid': (F.sigmoid, [_x()]),
    'ReLU': (F.relu, [_x()]),
    'LinearFunction': (F.linear, [_x((5, 4)), _x((3, 4)), _x((3,))]),
    'Neg': (lambda a: -a, [_x()]),
    'Add': (lambda a, b: a + b, [_x(), _x((4,))]),
    'Sub': (lambda a, b: a - b, [_x((3, 1)), _x((2, 3, 4))]),
    'Mul': (lambda a, b: a * b, [_x(), _x((3, 1))]),
    'MulConstant': (lambda a: a * 1.7, [_x()]),
    'Div': (lambda a, b: a / b, [_x(), _away_from_zero((4,))]),
    'AddConstant': (lambda a: a + 2.5, [_x()]),
    'Reshape': (lambda a: F.reshape(a, (2, 6)), [_x()]),
    'Dropout': (lambda a: F.dropout(a, mask=_DROPOUT_MASK.astype(a.dtype)), [_x()]),
    'Convolution2DFunction': (lambda x, W, b: F.convolution_2d(x, W, b, stride=2, pad=1),
                              [_x((2, 3, 5, 5)), _x((4, 3, 3, 3)), _x((4,))]),
    'ConvolutionND': (lambda x, W: F.convolution_nd(x, W, pad=1, groups=2),
                      [_x((2, 4, 5)), _x((6, 2, 3))]),
    'Deconvolution2DFunction': (lambda x, W, b: F.deconvolution_2d(x, W, b, stride=2),
                                [_x((2, 3, 3, 3)), _x((3, 2, 3, 3)), _x((2,))]),
    'DeconvolutionND': (lambda x, W: F.deconvolution_nd(x, W, stride=2, pad=1),
                        [_x((2, 3, 4)), _x((3, 2, 3))]),
    'BatchNormalization': (F.batch_normalization, [_x((5, 3, 2)), _x((3,)), _x((3,))]),
    'FixedBatchNormalization': (F.fixed_batch_normalization,
                                [_x((5, 3, 2)), _x((3,)), _x((3,)), _x((3,)),
                                 rng.uniform(0.5, 1.5, (3,))]),
    'LayerNormalization': (F.layer_normalization, [_x((4, 6)), _x((6,)), _x((6,))]),
    'GroupNormalization': (lambda x, gamma, beta: F.group_normalization(x, 2, gamma, beta),
                           [_x((3, 4, 5)), _x((4,)), _x((4,))]),
    # overlapping windows: gradients meet on one element
    'MaxPoolingND': (lambda x: F.max_pooling_2d(x, 3, stride=2, pad=1), [_x((2, 3, 5, 5))]),
    'EmbedIDFunction': (lambda ids, W: F.embed_id(ids, W, ignore_label=-1), [_IDS, _x((4, 3))]),
    'Sum': (lambda a: F.sum(a, axis=1), [_x()]),
    'BroadcastTo': (lambda a: F.broadcast_to(a, (2, 3, 4)), [_x((3, 1))]),
    'SumTo': (lambda a: F.sum_to(a, (1, 4)), [_x()]),
    'Transpose': (lambda a: F.transpose(a, (2, 0, -2)), [_x((2, 3, 4))]),
    'Concat': (lambda a, b: F.concat([a, b], axis=-1), [_x((3, 2)), _x((3, 4))]),
    # the pieces without a gradient get zeros
    'SplitAxis': (lambda a: F.split_axis(a, [1, 3], axis=1)[1], [_x()]),
    # repeated indices: their gradients add up
    'GetItem': (lambda a: a[[0, 2, 0], 1:], [_x()]),
    'Exp': (F.exp, [_x()]),
    'Log': (F.log, [_positive()]),
    'Log2': (F.log2, [_positive()]),
    'Log10': (F.log10, [_positive()]),
    'Sqrt': (F.sqrt, [_positive()]),
    'RsqrtGPU': (lambda a: RsqrtGPU().apply((a,))[0], [_positive()]),
    'Square': (F.square, [_x()]),
    'Tan': (F.tan, [_x()]),
    'Arctan': (F.arctan, [_x()]),
    'Arctanh': (F.arctanh, [_x() * 0.9]),
    'Expm1': (F.expm1, [_x()]),
    'Log1p': (F.log1p, [_x() * 0.9]),
    'SubFromConstant': (lambda a: 2.5 - a, [_x()]),
    'DivFromConstant': (lambda a: 1.5 / a, [_away_from_zero((3, 4))]),
    'PowVarVar': (lambda a, b: a ** b, [_positive(), _x((4,))]),
    'PowVarConst': (lambda a: a ** 3, [_x()]),
    'PowConstVar': (lambda a: 2.0 ** a, [_x()]),
    'Absolute': (abs, [_away_from_zero((3, 4))]),
    'Softmax': (F.softmax, [_x()]),
    'LogSoftmax': (lambda a: F.log_softmax(a, axis=0), [_x()]),
    # b broadcast over a's batch: its gradient is summed
    'MatMul': (lambda a, b: F.matmul(a, b, transa=True), [_x((2, 4, 3)), _x((4, 5))]),
    'MeanSquaredError': (F.mean_squared_error, [_x(), _x()]),
    'SigmoidCrossEntropy': (lambda x: F.sigmoid_cross_entropy(x, _LABELS), [_x()]),
    'AveragePooling2D': (lambda x: F.average_pooling_2d(x, 3, stride=2, pad=1),
                         [_x((2, 3, 5, 5))]),
    # windows that overlap and a padding left out: a scale array
    'AveragePoolingND': (lambda x: F.average_pooling_nd(x, 3, stride=2, pad=1, pad_value=None),
                         [_x((2, 3, 6))]),
    'SelectItem': (lambda x: F.select_item(x, numpy.array([0, 3, 3], numpy.int32)), [_x()]),
    'Where': (lambda a, b: F.where(_CONDITION, a, b), [_x((3, 1)), _x((4,))]),
    'Maximum': (F.maximum, [_x(), _x((4,))]),
    'Minimum': (F.minimum, [_x((3, 1)), _x()]),
    'Clip': (lambda a: F.clip(a, -0.5, 0.5), [_x()]),
    'LeakyReLU': (F.leaky_relu, [_x()]),
    'ELU': (F.elu, [_x()]),
    'Stack': (lambda a, b: F.stack([a, b], axis=-1), [_x(), _x()]),
    'Separate': (lambda a: F.separate(a, axis=1)[2], [_x()]),  # the others get zeros
    'Cast': (lambda a: F.cast(a, numpy.float16), [_x()]),
    'Copy': (lambda a: F.copy(a, -1), [_x()]),
    'Identity': (F.identity, [_x()]),
    'MultiAdd': (lambda a, b, c: F.add(a, b, c), [_x(), _x((4,)), _x((3, 1))]),
    'Softplus': (lambda a: F.softplus(a, beta=2.0), [_x()]),
    # the time steps without a gradient get zeros, as does the empty sequence
    'TransposeSequence': (lambda a, b, c: F.transpose_sequence([a, b, c])[1],
                          [_x((3, 2)), _x((2, 2)), _x((0, 2))]),
    'ClippedReLU': (lambda a: F.clipped_relu(a, 0.5), [_x()]),
    'HardSigmoid': (F.hard_sigmoid, [_x() * 4]),
    'PReLUFunction': (F.prelu, [_x((2, 3, 4)), _x((3,))]),
    'MeanAbsoluteError': (F.mean_absolute_error, [_x(), _x()]),
    'AbsoluteError': (F.absolute_error, [_x(), _x()]),
    'SquaredError': (F.squared_error, [_x(), _x()]),
    'LogSumExp': (lambda a: F.logsumexp(a, axis=(0, 2)), [_x((2, 3, 4))]),
    'Flip': (lambda a: F.flip(a, 1), [_x()]),
    'Repeat': (lambda a: F.repeat(a, [1, 3, 0], axis=0), [_x()]),
    'Tile': (lambda a: F.tile(a, (2, 1, 3)), [_x()]),
    'Pad': (lambda a: F.pad(a, ((1, 2), (0, 1)), 'constant'), [_x()]),
    'Unpooling2D': (lambda x: F.unpooling_2d(x, 3, stride=2, pad=1, outsize=(5, 5)),
                    [_x((2, 3, 3, 3))]),
    'Upsampling2D': (lambda x: F.upsampling_2d(x, _POOLING_INDEXES, 2, outsize=(4, 4)),
                     [_x((2, 3, 2, 2))]),
    'UnpoolingND': (lambda x: F.unpooling_nd(x, 2, cover_all=False), [_x((2, 3, 3))]),
    'Gaussian': (lambda mean, ln_var: _seeded(F.gaussian, mean, ln_var), [_x(), _x()]),
    # ties: the gradient goes to each maximum
    'Max': (lambda a: F.max(a, axis=1), [numpy.round(_x(), 1)]),
    'Min': (lambda a: F.min(a, keepdims=True), [_x()]),
    'HuberLoss': (lambda x, t: F.huber_loss(x, t, 0.5), [_x(), _x()]),
    'NormalizeL2': (F.normalize, [numpy.concatenate([_x((2, 4)), numpy.zeros((1, 4))])]),
}
# gradient nodes, which a backward recorded for double backprop applies: the second
# backward runs their array forms
GRADIENT_NODES = {  # class name: a function whose gradient applies it, and an input shape
    'TanhGrad': (F.tanh, (3, 4)),
    'SigmoidGrad': (F.sigmoid, (3, 4)),
    'ScaleByArray': (lambda a: F.clip(a, -0.5, 0.5), (3, 4)),
    'MaskMul': (CASES['Dropout'][0], (3, 4)),
    'GetItemGrad': (CASES['GetItem'][0], (3, 4)),
    'PutItem': (CASES['SelectItem'][0], (3, 4)),
    'RepeatGrad': (CASES['Repeat'][0], (3, 4)),
    'WindowScatter': (CASES['MaxPoolingND'][0], (2, 3, 5, 5)),
    'WindowSpread': (CASES['AveragePooling2D'][0], (2, 3, 5, 5)),
    'WindowSum': (CASES['Unpooling2D'][0], (2, 3, 3, 3)),
    'WindowGather': (CASES['Upsampling2D'][0], (2, 3, 2, 2)),
}
ZERO_D = {'Tanh': F.tanh, 'Sigmoid': F.sigmoid, 'ReLU': F.relu, 'Neg': lambda a: -a,
          'MulConstant': lambda a: a * 1.7, 'Mul': lambda a: a * a, 'Div': lambda a: a / (a + 2),
          'Exp': F.exp, 'Sqrt': F.sqrt, 'Sum': F.sum, 'PowVarConst': lambda a: a ** 2,
          'DivFromConstant': lambda a: 2 / a}


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


def _gradients(function, arrays, double):
    inputs = [kusari.Variable(a.copy()) for a in arrays]
    y = function(*inputs)
    y.grad = numpy.linspace(-1, 1, y.size, dtype=y.dtype).reshape(y.shape)
    y.backward(enable_double_backprop=double)
    return [x.grad for x in inputs]


def test_every_function_with_backward_arrays_is_covered():
    for name in dir(F):  # import every function module
        getattr(F, name)
    defined = {cls.__name__ for cls in _all_subclasses(core.FunctionNode)
               if cls.backward_arrays is not None and cls.__module__.startswith('kusari.')}
    # LSTM's fast path is LSTMGrad's forward, tested in test_lstm.py; five base classes
    # (never applied themselves) hold the array forms of the cases' classes
    assert defined == set(CASES) | set(GRADIENT_NODES) | {
        'SoftmaxCrossEntropy', 'LSTM', '_ConvolutionNodeBase', 'ScaledStandardization',
        'UnaryElementwise', 'ElementwiseSelect', '_Select'}


@pytest.mark.parametrize('name', sorted(CASES))
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_backward_arrays_equals_backward(name, dtype):
    function, arrays = CASES[name]
    arrays = [a.astype(dtype) if a.dtype.kind == 'f' else a for a in arrays]
    _assert_forms_agree(function, arrays)


def _assert_forms_agree(function, arrays):
    fast = _gradients(function, arrays, double=False)
    recorded = _gradients(function, arrays, double=True)
    for a, b, array in zip(fast, recorded, arrays):
        if array.dtype.kind != 'f':  # integer ids: no gradient
            assert a is None and b is None
            continue
        assert a.dtype == b.dtype == array.dtype and a.shape == b.shape
        numpy.testing.assert_array_equal(a, b)


@pytest.mark.parametrize('name', sorted(GRADIENT_NODES))
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_backward_arrays_of_gradient_nodes(name, dtype):
    # the gradient of a recorded gradient, with and without recording the second pass
    function, shape = GRADIENT_NODES[name]
    x = _x(shape, dtype)

    def second_order_gradients(double):
        xv = kusari.Variable(x.copy())
        y = function(xv)
        gy = kusari.Variable(numpy.linspace(-1, 1, y.size, dtype=dtype).reshape(y.shape))
        gx, = kusari.grad([y], [xv], grad_outputs=[gy], enable_double_backprop=True)
        F.sum(gx * gx).backward(enable_double_backprop=double)
        return xv.grad, gy.grad

    fast, recorded = second_order_gradients(False), second_order_gradients(True)
    assert fast[1] is not None
    for a, b in zip(fast, recorded):
        if a is None or b is None:  # a gradient linear in gy: none for x
            assert a is None and b is None
            continue
        assert a.dtype == b.dtype == dtype
        numpy.testing.assert_array_equal(a, b)


@pytest.mark.parametrize('name', sorted(ZERO_D))
def test_backward_arrays_of_a_0d_input(name):
    # NumPy returns scalars for 0-d operands; the gradient is still a 0-d array
    grads = _gradients(ZERO_D[name], [numpy.asarray(0.3, numpy.float32)], double=False)
    assert type(grads[0]) is numpy.ndarray and grads[0].shape == ()


@pytest.mark.parametrize('x_dtype, W_dtype', [(numpy.float32, numpy.float64),
                                                (numpy.float64, numpy.float16)])
def test_linear_of_mixed_dtypes(x_dtype, W_dtype):
    # the products are in the promoted dtype; each gradient comes back in its input's
    _assert_forms_agree(F.linear, [_x((5, 4), x_dtype), _x((3, 4), W_dtype), _x((3,), x_dtype)])


@pytest.mark.parametrize('x_dtype, W_dtype', [(numpy.float32, numpy.float64),
                                                (numpy.float64, numpy.float16)])
def test_convolution_of_mixed_dtypes(x_dtype, W_dtype):
    _assert_forms_agree(lambda x, W, b: F.convolution_2d(x, W, b, pad=1),
                        [_x((2, 3, 4, 4), x_dtype), _x((2, 3, 3, 3), W_dtype), _x((2,), x_dtype)])


@pytest.mark.parametrize('function, n_statistics', [(F.batch_normalization, 0),
                                                    (F.fixed_batch_normalization, 2)])
def test_batch_normalization_of_float16_with_float32_parameters(function, n_statistics):
    # x_hat and the gradients are computed in float32; each comes back in its input's dtype
    parameters = [_x((3,)) for _ in range(2)] + [rng.uniform(0.5, 1.5, (3,)).astype(
        numpy.float32) for _ in range(n_statistics)]
    _assert_forms_agree(function, [_x((5, 3, 2), numpy.float16)] + parameters)


def test_linear_without_bias_and_with_a_constant_input():
    x, W = _x((2, 4)), _x((3, 4))
    Wv = kusari.Variable(W)
    y = F.linear(x, Wv)  # x is an array: only W's gradient is computed
    gy = numpy.ones_like(y.array)
    y.grad = gy
    y.backward()
    numpy.testing.assert_array_equal(Wv.grad, gy.T @ x)


@pytest.mark.parametrize('cache_score', [True, False])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('class_weight', [None, numpy.array([0.5, 1., 2.])])
def test_softmax_cross_entropy_first_order_gradient(cache_score, reduce, class_weight):
    # from the softmax forward cached (or not): the same as the recorded formula
    x = rng.uniform(-2, 2, (4, 3, 2))
    t = numpy.array([[0, 2], [1, -1], [2, 2], [-1, 0]], numpy.int32)

    def gradient(double):
        xv = kusari.Variable(x.copy())
        loss = F.softmax_cross_entropy(xv, t, cache_score=cache_score, reduce=reduce,
                                       class_weight=class_weight)
        loss.grad = numpy.linspace(0.5, 1.5, loss.size).reshape(loss.shape)
        loss.backward(enable_double_backprop=double)
        return xv.grad

    fast = gradient(False)
    numpy.testing.assert_array_equal(fast, gradient(True))
    assert not fast[1, :, 1].any() and not fast[3, :, 0].any()  # ignored labels


def test_the_array_form_is_a_method_of_its_own():
    # the contract: backward is the graph form only, backward_arrays its own method on
    # arrays (never backward itself, which would have to branch on its arguments' type)
    for cls in _all_subclasses(core.FunctionNode):
        array_form = vars(cls).get('backward_arrays')  # None: the class has none
        if cls.__module__.startswith('kusari.') and array_form is not None:
            assert array_form is not vars(cls).get('backward'), cls


def test_get_retained_arrays_gives_inputs_then_outputs():
    class Retaining(core.FunctionNode):
        _input_indexes_to_retain = (1, 0)
        _output_indexes_to_retain = (1,)

        def forward(self, inputs):
            a, b = inputs
            return a + b, a * b

    a, b = _x((2,)), _x((2,))
    node = Retaining()
    sum_, product = node.apply((kusari.Variable(a), kusari.Variable(b)))
    retained = node.get_retained_arrays()
    assert len(retained) == 3
    assert retained[0] is b and retained[1] is a
    numpy.testing.assert_array_equal(retained[2], a * b)
    node.unchain()  # the outputs' arrays are released with the links
    with pytest.raises(RuntimeError, match='retained output data is gone'):
        node.get_retained_arrays()


@pytest.mark.parametrize('retain_x', [True, False])
def test_array_form_derived_from_gradient_kernel(retain_x):
    # d(x**2)/dx from x, or 2 * sqrt(y) from y (x > 0): the derived array form
    # calls gradient_kernel with the retained arrays, as a static graph does
    def kernel_of_x(x, gy):
        return gy * (2 * x)

    def kernel_of_y(y, gy):
        return gy * (2 * numpy.sqrt(y))

    class Square(core.FunctionNode):
        _input_indexes_to_retain = (0,) if retain_x else None
        _output_indexes_to_retain = None if retain_x else (0,)
        gradient_kernel = staticmethod(kernel_of_x if retain_x else kernel_of_y)

        def forward(self, inputs):
            return inputs[0] * inputs[0],

        def backward(self, indexes, grad_outputs):
            if retain_x:
                return grad_outputs[0] * (2 * self.get_retained_inputs()[0]),
            return grad_outputs[0] * (2 * F.sqrt(self.get_retained_outputs()[0])),

    assert Square.backward_arrays is not None
    x = rng.uniform(0.5, 2, (3,))
    fast = _gradients(lambda v: Square().apply((v,))[0], [x], double=False)[0]
    recorded = _gradients(lambda v: Square().apply((v,))[0], [x], double=True)[0]
    numpy.testing.assert_allclose(fast, recorded)
    numpy.testing.assert_allclose(fast, numpy.linspace(-1, 1, 3) * 2 * x)


@pytest.mark.parametrize('axis, keepdims', [(None, False), (None, True), ((0, 2), False),
                                            (-1, True)])
def test_sum_over_axes(axis, keepdims):
    _assert_forms_agree(lambda a: F.sum(a, axis=axis, keepdims=keepdims), [_x((2, 3, 4))])


@pytest.mark.parametrize('exponent', [2, 0.5, -1])
def test_power_of_a_constant_exponent(exponent):
    _assert_forms_agree(lambda a: a ** exponent, [_positive()])


@pytest.mark.parametrize('transa, transb', [(False, False), (False, True), (True, True)])
@pytest.mark.parametrize('a_dtype, b_dtype', [(numpy.float32, numpy.float32),
                                              (numpy.float16, numpy.float64)])
def test_matmul_transposed_and_of_mixed_dtypes(transa, transb, a_dtype, b_dtype):
    a = _x((3, 2) if transa else (2, 3), a_dtype)
    b = _x((2, 4, 3) if transb else (2, 3, 4), b_dtype)
    _assert_forms_agree(lambda a, b: F.matmul(a, b, transa=transa, transb=transb), [a, b])


@pytest.mark.parametrize('normalize, reduce', [(True, 'mean'), (False, 'mean'), (True, 'no')])
def test_sigmoid_cross_entropy_reductions(normalize, reduce):
    _assert_forms_agree(
        lambda x: F.sigmoid_cross_entropy(x, _LABELS, normalize=normalize, reduce=reduce), [_x()])


@pytest.mark.parametrize('x_min, x_max', [(None, 0.3), (-0.3, None)])
def test_clip_on_one_side(x_min, x_max):
    _assert_forms_agree(lambda a: F.clip(a, x_min, x_max), [_x()])


def test_softplus_of_a_numpy_beta():
    # beta is taken in x's dtype by both forms
    _assert_forms_agree(lambda a: F.softplus(a, beta=numpy.float64(1.3)), [_x()])


@pytest.mark.parametrize('mode', ['edge', 'reflect', 'wrap'])
def test_pad_by_copies(mode):
    # the copies' gradients are summed back (FlatScatterAdd)
    _assert_forms_agree(lambda a: F.pad(a, ((2, 1), (1, 3)), mode), [_x()])


def test_huber_loss_unreduced():
    _assert_forms_agree(lambda x, t: F.huber_loss(x, t, 0.5, reduce='no'), [_x(), _x()])
