"""One call of every function in ``kusari.functions``, for running on a device and on the CPU.

Each :class:`Case` makes its inputs on the host from a RandomState (floating inputs
are cast to the dtype under test; integer ones are labels and indices) and calls
the function. The device tests run the same call on the CPU and on the device and
compare outputs and input gradients.

``transfers`` names the cases whose forward or backward must copy device data to
the host, with the reason; every other case runs under the fake CuPy's
``strict_transfers``.
"""

import collections
import warnings

import numpy

import kusari.functions as F
from kusari import utils

Case = collections.namedtuple(
    'Case', 'name label make call backward random device_arg transfers')


def case(name, make, call=None, *, label=None, backward=True, random=False, device_arg=False,
         transfers=None):
    """A case of ``F.<name>``; ``call(*inputs)`` defaults to the function itself.

    Args:
        make: ``make(rng)`` returning the tuple of host inputs.
        backward (bool): whether to compare input gradients too.
        random (bool): outputs are random: compare shapes, dtypes and devices only.
        device_arg (bool): ``call(device, *inputs)`` (for functions taking a device or
            building device-side helpers).
        transfers (str): why this call must copy device data to the host, if it must.
    """
    return Case(name, label or name, make, call or getattr(F, name), backward, random,
                device_arg, transfers)


def _without_deprecation_warning(function):
    """``function`` called with its DeprecationWarning silenced (deprecated as in Chainer)."""
    def call(*args):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            return function(*args)
    return call


def u(rng, low, high, *shape):
    return rng.uniform(low, high, shape)


def s(rng, *shape):
    """Signed values away from zero (kinks of relu, abs, ... stay out of reach)."""
    return rng.uniform(0.2, 1, shape) * rng.choice([-1, 1], shape)


def distinct(rng, *shape):
    """Values with well-separated order (max, sort, pooling have no near-ties)."""
    return (rng.permutation(int(numpy.prod(shape))).reshape(shape) + 0.5) / 10


def ints(rng, high, *shape):
    return rng.randint(0, high, shape).astype(numpy.int32)


def spd(rng, n):
    a = rng.uniform(-1, 1, (n, n))
    return a @ a.T + n * numpy.eye(n)


def _flat(make):
    return lambda rng: tuple(make(rng))


UNARY_DOMAINS = {
    'sin': (-3, 3), 'cos': (-3, 3), 'tan': (-1, 1), 'arcsin': (-0.9, 0.9),
    'arccos': (-0.9, 0.9), 'arctan': (-3, 3), 'sinh': (-2, 2), 'cosh': (-2, 2),
    'arctanh': (-0.9, 0.9), 'exp': (-2, 2), 'expm1': (-2, 2), 'log': (0.2, 3),
    'log10': (0.2, 3), 'log2': (0.2, 3), 'log1p': (-0.5, 2), 'sqrt': (0.2, 3),
    'rsqrt': (0.2, 3), 'square': (-2, 2), 'erf': (-2, 2), 'erfc': (-2, 2),
    'erfcinv': (0.1, 1.9), 'erfcx': (-1, 2), 'erfinv': (-0.9, 0.9), 'digamma': (0.5, 3),
    'lgamma': (0.5, 3), 'log_ndtr': (-3, 3), 'ndtr': (-3, 3), 'ndtri': (0.1, 0.9),
    'sigmoid': (-3, 3), 'tanh': (-3, 3), 'softplus': (-3, 3), 'hard_sigmoid': (-3, 3),
    'elu': (-2, 2), 'selu': (-2, 2), 'relu': (-2, 2), 'relu6': (-8, 8),
    'leaky_relu': (-2, 2), 'absolute': (-2, 2), 'crelu': (-2, 2), 'log_softmax': (-2, 2),
    'softmax': (-2, 2), 'flatten': (-1, 1), 'identity': (-1, 1), 'fliplr': (-1, 1),
    'flipud': (-1, 1), 'normalize': (-1, 1), 'local_response_normalization': (-1, 1),
    'decov': (-1, 1), 'logsumexp': (-2, 2), 'sum': (-1, 1), 'mean': (-1, 1),
    'prod': (0.5, 1.5), 'batch_l2_norm_squared': (-1, 1),
}
KINKED = {'relu', 'relu6', 'leaky_relu', 'absolute', 'crelu', 'elu', 'selu', 'hard_sigmoid'}
STEP = ('ceil', 'floor', 'fix', 'sign')


def _unary_cases():
    cases = []
    for name, (low, high) in sorted(UNARY_DOMAINS.items()):
        if name in KINKED:
            def make(rng, low=low, high=high):
                return (s(rng, 3, 4) * (high - low) / 2,)
        else:
            def make(rng, low=low, high=high):
                return (u(rng, low, high, 3, 4),)
        cases.append(case(name, make))
    for name in STEP:
        cases.append(case(name, lambda rng: (s(rng, 3, 4) * 2 + 0.05,)))
    return cases


def _rnn_weights(rng, n_directions, in_size, hidden, n_matrices):
    """Flat weights and biases of one-layer n_step_* RNNs: per direction ``n_matrices``
    W (the first half reads the input, the second half the hidden state), then as many b."""
    half = n_matrices // 2
    ws, bs = [], []
    for _ in range(n_directions):
        ws += [u(rng, -0.5, 0.5, hidden, in_size) for _ in range(half)]
        ws += [u(rng, -0.5, 0.5, hidden, hidden) for _ in range(half)]
        bs += [u(rng, -0.5, 0.5, hidden) for _ in range(n_matrices)]
    return ws, bs


def _rnn_case(name, n_matrices, with_cell, bidirectional, **options):
    directions = 2 if bidirectional else 1
    hidden, in_size, lengths = 3, 2, (3, 2, 2)

    def make(rng):
        hx = [u(rng, -1, 1, directions, len(lengths), hidden)]
        cx = [u(rng, -1, 1, directions, len(lengths), hidden)] if with_cell else []
        ws, bs = _rnn_weights(rng, directions, in_size, hidden, n_matrices)
        xs = [u(rng, -1, 1, n, in_size) for n in lengths]
        return tuple(hx + cx + ws + bs + xs)

    def call(*inputs):
        inputs = list(inputs)
        states = [inputs.pop(0) for _ in range(2 if with_cell else 1)]
        ws = [inputs[i * n_matrices:(i + 1) * n_matrices] for i in range(directions)]
        inputs = inputs[directions * n_matrices:]
        bs = [inputs[i * n_matrices:(i + 1) * n_matrices] for i in range(directions)]
        xs = inputs[directions * n_matrices:]
        return getattr(F, name)(1, 0.0, *states, ws, bs, xs, **options)
    return case(name, make, call)


def _pool_input(rng, ndim):
    return (distinct(rng, 2, 2, *(5,) * ndim),)


def _rois(rng):
    x = u(rng, -1, 1, 2, 3, 8, 8)
    rois = numpy.array([[1, 1, 6, 5], [0, 2, 7, 7], [2, 0, 5, 6]], numpy.float64)
    return x, rois, numpy.array([0, 1, 1], numpy.int32)


def _roi_call(name, **options):
    def call(x, rois, indices):
        return getattr(F, name)(x, rois.array, indices, **options)
    return call


def _coo_matmul(a, b):
    return F.sparse_matmul(utils.to_coo(a.array), b)


def _sampler(device):
    samples = numpy.array([[0, 1, 3], [0, 0, 4], [0, 2, 2]], numpy.int32)

    def sample(shape):
        assert shape == samples.shape
        return device.send(samples)
    return sample


def _deprecated(function):
    def call(*args):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            return function(*args)
    return call


def _catalog():
    cases = _unary_cases()
    add = cases.append

    # -- activation --------------------------------------------------------------------
    add(case('clipped_relu', lambda r: (s(r, 3, 4),), lambda x: F.clipped_relu(x, 0.5)))
    add(case('lstm', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 12))))
    add(case('slstm', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 12),
                                 u(r, -1, 1, 2, 12))))
    add(case('tree_lstm', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3),
                                     u(r, -1, 1, 2, 15))))
    add(case('maxout', lambda r: (distinct(r, 2, 6),), lambda x: F.maxout(x, 2)))
    add(case('prelu', lambda r: (s(r, 2, 3, 4), u(r, 0.1, 0.3, 3))))
    add(case('swish', lambda r: (u(r, -2, 2, 2, 3), u(r, 0.5, 1, 3))))
    add(case('rrelu', lambda r: (s(r, 3, 4),), random=True))

    # -- array ---------------------------------------------------------------------------
    add(case('as_strided', lambda r: (u(r, -1, 1, 6),),
             lambda x: F.as_strided(x, (2, 3), (2, 1))))
    add(case('broadcast', lambda r: (u(r, -1, 1, 2, 1), u(r, -1, 1, 1, 3))))
    add(case('broadcast_to', lambda r: (u(r, -1, 1, 1, 3),),
             lambda x: F.broadcast_to(x, (2, 3))))
    add(case('cast', lambda r: (u(r, -1, 1, 2, 3),),
             lambda x: F.cast(x, numpy.float64 if x.dtype == numpy.float32 else numpy.float32)))
    add(case('concat', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 2)),
             lambda a, b: F.concat((a, b), axis=1)))
    add(case('copy', lambda r: (u(r, -1, 1, 2, 3),), lambda device, x: F.copy(x, device),
             device_arg=True))
    add(case('depth2space', lambda r: (u(r, -1, 1, 1, 8, 2, 3),),
             lambda x: F.depth2space(x, 2)))
    add(case('space2depth', lambda r: (u(r, -1, 1, 1, 2, 4, 6),),
             lambda x: F.space2depth(x, 2)))
    add(case('diagonal', lambda r: (u(r, -1, 1, 3, 4),), lambda x: F.diagonal(x, 1)))
    add(case('dstack', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3)),
             lambda a, b: F.dstack([a, b])))
    add(case('hstack', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 2)),
             lambda a, b: F.hstack([a, b])))
    add(case('vstack', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 1, 3)),
             lambda a, b: F.vstack([a, b])))
    add(case('stack', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3)),
             lambda a, b: F.stack([a, b], axis=1)))
    add(case('expand_dims', lambda r: (u(r, -1, 1, 2, 3),), lambda x: F.expand_dims(x, 1)))
    add(case('flip', lambda r: (u(r, -1, 1, 2, 3),), lambda x: F.flip(x, 1)))
    add(case('get_item', lambda r: (u(r, -1, 1, 3, 4), numpy.array([2, 0, 2], numpy.int32)),
             lambda x, i: F.get_item(x, (i, slice(1, None)))))
    add(case('get_item', lambda r: (u(r, -1, 1, 3, 4),),
             lambda x: F.get_item(x, (Ellipsis, [1, 3])), label='get_item_list'))
    add(case('im2col', lambda r: (u(r, -1, 1, 1, 2, 4, 4),),
             lambda x: F.im2col(x, 2, pad=1)))
    add(case('moveaxis', lambda r: (u(r, -1, 1, 2, 3, 4),), lambda x: F.moveaxis(x, 0, 2)))
    add(case('rollaxis', lambda r: (u(r, -1, 1, 2, 3, 4),), lambda x: F.rollaxis(x, 2)))
    add(case('swapaxes', lambda r: (u(r, -1, 1, 2, 3, 4),), lambda x: F.swapaxes(x, 0, 2)))
    add(case('transpose', lambda r: (u(r, -1, 1, 2, 3, 4),),
             lambda x: F.transpose(x, (1, 0, 2))))
    add(case('pad', lambda r: (u(r, -1, 1, 2, 3),),
             lambda x: F.pad(x, ((1, 1), (0, 2)), 'constant')))
    add(case('pad_sequence', lambda r: (u(r, -1, 1, 3, 2), u(r, -1, 1, 1, 2)),
             lambda a, b: F.pad_sequence([a, b], padding=-1)))
    add(case('permutate', lambda r: (u(r, -1, 1, 3, 2), numpy.array([2, 0, 1], numpy.int32)),
             lambda x, i: F.permutate(x, i, inv=True)))
    add(case('repeat', lambda r: (u(r, -1, 1, 2, 3),), lambda x: F.repeat(x, 2, axis=1)))
    add(case('reshape', lambda r: (u(r, -1, 1, 2, 3),), lambda x: F.reshape(x, (3, 2))))
    add(case('resize_images', lambda r: (u(r, -1, 1, 1, 2, 3, 4),),
             lambda x: F.resize_images(x, (5, 6))))
    add(case('scatter_add', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 4, 4),
                                       numpy.array([0, 2, 0, 1], numpy.int32)),
             lambda a, b, i: F.scatter_add(a, i, b)))
    add(case('select_item', lambda r: (u(r, -1, 1, 3, 4), ints(r, 4, 3))))
    add(case('separate', lambda r: (u(r, -1, 1, 2, 3),), lambda x: F.separate(x, axis=1)))
    add(case('spatial_transformer_grid', lambda r: (u(r, -1, 1, 2, 2, 3),),
             lambda theta: F.spatial_transformer_grid(theta, (4, 5))))
    add(case('spatial_transformer_sampler', lambda r: (u(r, -1, 1, 2, 3, 4, 5),
                                                      u(r, -0.9, 0.9, 2, 2, 4, 5))))
    add(case('split_axis', lambda r: (u(r, -1, 1, 2, 5),),
             lambda x: F.split_axis(x, [1, 3], axis=1)))
    add(case('squeeze', lambda r: (u(r, -1, 1, 2, 1, 3),), lambda x: F.squeeze(x)))
    add(case('tile', lambda r: (u(r, -1, 1, 2, 3),), lambda x: F.tile(x, (2, 1))))
    add(case('transpose_sequence', lambda r: (u(r, -1, 1, 3, 2), u(r, -1, 1, 2, 2),
                                              u(r, -1, 1, 1, 2)),
             lambda *xs: F.transpose_sequence(list(xs))))
    add(case('where', lambda r: (r.rand(2, 3) > 0.5, u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3))))

    # -- connection --------------------------------------------------------------------
    add(case('bilinear', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 4), u(r, -1, 1, 3, 4, 5),
                                    u(r, -1, 1, 3, 5), u(r, -1, 1, 4, 5), u(r, -1, 1, 5))))
    add(case('convolution_1d', lambda r: (u(r, -1, 1, 2, 3, 7), u(r, -1, 1, 4, 3, 3),
                                          u(r, -1, 1, 4)),
             lambda x, w, b: F.convolution_1d(x, w, b, stride=2, pad=1)))
    add(case('convolution_2d', lambda r: (u(r, -1, 1, 2, 3, 6, 5), u(r, -1, 1, 4, 3, 3, 3),
                                          u(r, -1, 1, 4)),
             lambda x, w, b: F.convolution_2d(x, w, b, stride=(2, 1), pad=1)))
    add(case('convolution_2d', lambda r: (u(r, -1, 1, 2, 4, 5, 5), u(r, -1, 1, 4, 2, 3, 3)),
             lambda x, w: F.convolution_2d(x, w, groups=2, dilate=2, pad=2),
             label='convolution_2d_groups_dilate'))
    add(case('convolution_3d', lambda r: (u(r, -1, 1, 1, 2, 4, 4, 4),
                                          u(r, -1, 1, 3, 2, 2, 2, 2), u(r, -1, 1, 3))))
    add(case('convolution_nd', lambda r: (u(r, -1, 1, 2, 3, 5, 4), u(r, -1, 1, 2, 3, 2, 3)),
             lambda x, w: F.convolution_nd(x, w, pad=1)))
    add(case('deconvolution_1d', lambda r: (u(r, -1, 1, 2, 4, 5), u(r, -1, 1, 4, 3, 3),
                                            u(r, -1, 1, 3)),
             lambda x, w, b: F.deconvolution_1d(x, w, b, stride=2)))
    add(case('deconvolution_2d', lambda r: (u(r, -1, 1, 2, 4, 3, 4), u(r, -1, 1, 4, 3, 3, 3),
                                            u(r, -1, 1, 3)),
             lambda x, w, b: F.deconvolution_2d(x, w, b, stride=2, pad=1)))
    add(case('deconvolution_3d', lambda r: (u(r, -1, 1, 1, 2, 3, 3, 3),
                                            u(r, -1, 1, 2, 3, 2, 2, 2))))
    add(case('deconvolution_nd', lambda r: (u(r, -1, 1, 2, 2, 3, 4), u(r, -1, 1, 2, 3, 2, 2)),
             lambda x, w: F.deconvolution_nd(x, w, stride=2)))
    add(case('deformable_convolution_2d_sampler',
             lambda r: (u(r, -1, 1, 2, 3, 5, 5), u(r, -0.4, 0.4, 2, 18, 3, 3),
                        u(r, -1, 1, 4, 3, 3, 3), u(r, -1, 1, 4))))
    add(case('depthwise_convolution_2d', lambda r: (u(r, -1, 1, 2, 3, 5, 5),
                                                    u(r, -1, 1, 2, 3, 3, 3), u(r, -1, 1, 6)),
             lambda x, w, b: F.depthwise_convolution_2d(x, w, b, pad=1)))
    add(case('dilated_convolution_2d', lambda r: (u(r, -1, 1, 2, 3, 6, 6),
                                                  u(r, -1, 1, 2, 3, 3, 3), u(r, -1, 1, 2)),
             lambda x, w, b: F.dilated_convolution_2d(x, w, b, pad=2, dilate=2)))
    add(case('embed_id', lambda r: (numpy.array([[0, 4], [-1, 2]], numpy.int32),
                                    u(r, -1, 1, 5, 3)),
             lambda x, w: F.embed_id(x, w, ignore_label=-1),
             transfers='checks the range of the ids on the host on every call'))
    add(case('linear', lambda r: (u(r, -1, 1, 4, 2, 3), u(r, -1, 1, 5, 6), u(r, -1, 1, 5))))
    add(case('local_convolution_2d', lambda r: (u(r, -1, 1, 2, 3, 4, 4),
                                                u(r, -1, 1, 2, 2, 2, 3, 3, 3),
                                                u(r, -1, 1, 2, 2, 2))))
    add(case('shift', lambda r: (u(r, -1, 1, 2, 9, 4, 4),)))
    for name, n_matrices, with_cell in (('n_step_lstm', 8, True), ('n_step_gru', 6, False),
                                        ('n_step_rnn', 2, False)):
        add(_rnn_case(name, n_matrices, with_cell, False))
        add(_rnn_case(name.replace('n_step_', 'n_step_bi'), n_matrices, with_cell, True))

    # -- evaluation (no gradients) -----------------------------------------------------
    def labels(r):
        return u(r, -1, 1, 6, 3), numpy.array([0, 1, 2, 2, -1, 1], numpy.int32)
    add(case('accuracy', labels, lambda y, t: F.accuracy(y, t, ignore_label=-1),
             backward=False))
    for name in ('classification_summary', 'f1_score', 'precision', 'recall'):
        add(case(name, labels, lambda y, t, name=name: getattr(F, name)(y, t, label_num=3),
                 backward=False))
    add(case('binary_accuracy', lambda r: (s(r, 6), numpy.array([0, 1, 1, 0, -1, 1],
                                                                 numpy.int32)),
             backward=False))
    add(case('r2_score', lambda r: (u(r, -1, 1, 6, 2), u(r, -1, 1, 6, 2)), backward=False))

    # -- loss ----------------------------------------------------------------------------
    add(case('absolute_error', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4) + 3)))
    add(case('bernoulli_nll', lambda r: ((r.rand(3, 4) > 0.5).astype(numpy.float64),
                                         u(r, -2, 2, 3, 4))))
    add(case('black_out', lambda r: (u(r, -1, 1, 3, 4), ints(r, 5, 3), u(r, -1, 1, 5, 4),
                                     numpy.array([[1, 3], [0, 4], [2, 2]], numpy.int32))))
    add(case('contrastive', lambda r: (u(r, -1, 1, 4, 3), u(r, -1, 1, 4, 3),
                                       numpy.array([0, 1, 1, 0], numpy.int32)),
             lambda a, b, y: F.contrastive(a, b, y, margin=3)))
    add(case('crf1d', lambda r: (u(r, -1, 1, 3, 3), u(r, -1, 1, 2, 3), u(r, -1, 1, 1, 3),
                                 ints(r, 3, 2), ints(r, 3, 1)),
             lambda cost, x0, x1, y0, y1: F.crf1d(cost, [x0, x1], [y0, y1])))
    add(case('argmax_crf1d', lambda r: (u(r, -1, 1, 3, 3), u(r, -1, 1, 2, 3),
                                        u(r, -1, 1, 1, 3)),
             lambda cost, x0, x1: F.argmax_crf1d(cost, [x0, x1]), backward=False))
    add(case('connectionist_temporal_classification',
             lambda r: (u(r, -1, 1, 2, 4), u(r, -1, 1, 2, 4), u(r, -1, 1, 2, 4),
                        u(r, -1, 1, 2, 4), numpy.array([[1, 2], [3, 3]], numpy.int32)),
             lambda *xs: F.connectionist_temporal_classification(list(xs[:4]), xs[4], 0)))
    add(case('connectionist_temporal_classification',
             lambda r: (u(r, -1, 1, 2, 4), u(r, -1, 1, 2, 4), u(r, -1, 1, 2, 4),
                        numpy.array([[1, 2], [3, 0]], numpy.int32),
                        numpy.array([3, 2], numpy.int32), numpy.array([2, 1], numpy.int32)),
             lambda x0, x1, x2, t, n_in, n_label: F.connectionist_temporal_classification(
                 [x0, x1, x2], t, 0, input_length=n_in, label_length=n_label),
             label='connectionist_temporal_classification_lengths'))
    add(case('cross_covariance', lambda r: (u(r, -1, 1, 4, 3), u(r, -1, 1, 4, 2))))
    add(case('discriminative_margin_based_clustering_loss',
             lambda r: (u(r, -1, 1, 2, 3, 4, 4), ints(r, 3, 2, 4, 4)),
             lambda e, t: F.discriminative_margin_based_clustering_loss(e, t, 0.5, 1.5, 3)))
    add(case('gaussian_kl_divergence', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4))))
    add(case('gaussian_nll', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4),
                                        u(r, -1, 1, 3, 4))))
    add(case('hinge', lambda r: (u(r, -1, 1, 4, 3), ints(r, 3, 4))))
    add(case('huber_loss', lambda r: (s(r, 4, 3), s(r, 4, 3)),
             lambda x, t: F.huber_loss(x, t, 0.7)))
    add(case('mean_absolute_error', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4) + 3)))
    add(case('mean_squared_error', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4))))
    add(case('squared_error', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4))))
    add(case('negative_sampling', lambda r: (u(r, -1, 1, 3, 4), ints(r, 5, 3),
                                             u(r, -1, 1, 5, 4)),
             lambda device, x, t, w: F.negative_sampling(x, t, w, _sampler(device), 2),
             device_arg=True))
    add(case('sigmoid_cross_entropy', lambda r: (u(r, -2, 2, 3, 4),
                                                 ints(r, 3, 3, 4) - 1)))
    add(case('softmax_cross_entropy', lambda r: (u(r, -2, 2, 4, 3),
                                                 numpy.array([0, 2, -1, 1], numpy.int32))))
    add(case('triplet', lambda r: (u(r, -1, 1, 4, 3), u(r, -1, 1, 4, 3), u(r, -1, 1, 4, 3)),
             lambda a, p, n: F.triplet(a, p, n, margin=2)))

    # -- math ----------------------------------------------------------------------------
    add(case('add', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3), u(r, -1, 1, 2, 3))))
    add(case('arctan2', lambda r: (u(r, -1, 1, 3, 4), u(r, 0.5, 1, 4))))
    add(case('argmax', lambda r: (distinct(r, 3, 4),), lambda x: F.argmax(x, axis=1),
             backward=False))
    add(case('argmin', lambda r: (distinct(r, 3, 4),), lambda x: F.argmin(x, axis=0),
             backward=False))
    add(case('average', lambda r: (u(r, -1, 1, 3, 4), u(r, 0.5, 1, 4)),
             lambda x, w: F.average(x, axis=1, weights=w)))
    add(case('batch_det', lambda r: (u(r, -0.3, 0.3, 2, 3, 3) + 2 * numpy.eye(3),)))
    add(case('batch_inv', lambda r: (u(r, -0.3, 0.3, 2, 3, 3) + 2 * numpy.eye(3),)))
    add(case('det', lambda r: (u(r, -0.3, 0.3, 3, 3) + 2 * numpy.eye(3),)))
    add(case('inv', lambda r: (u(r, -0.3, 0.3, 3, 3) + 2 * numpy.eye(3),)))
    add(case('batch_matmul', lambda r: (u(r, -1, 1, 2, 3, 4), u(r, -1, 1, 2, 4, 2)),
             _without_deprecation_warning(F.batch_matmul)))
    add(case('matmul', lambda r: (u(r, -1, 1, 2, 3, 4), u(r, -1, 1, 4, 2))))
    add(case('bias', lambda r: (u(r, -1, 1, 2, 3, 4), u(r, -1, 1, 3))))
    add(case('scale', lambda r: (u(r, -1, 1, 2, 3, 4), u(r, -1, 1, 3))))
    add(case('cholesky', lambda r: (spd(r, 3),)))
    add(case('clip', lambda r: (s(r, 3, 4) * 0.9,), lambda x: F.clip(x, -0.5, 0.5)))
    add(case('cumprod', lambda r: (u(r, 0.5, 1.5, 2, 4),), lambda x: F.cumprod(x, axis=1)))
    add(case('cumsum', lambda r: (u(r, -1, 1, 3, 2),), lambda x: F.cumsum(x, axis=0)))
    add(case('einsum', lambda r: (u(r, -1, 1, 3, 3, 2), u(r, -1, 1, 2, 4)),
             lambda a, b: F.einsum('iij,jk->ik', a, b)))
    add(case('fft', lambda r: (u(r, -1, 1, 2, 4), u(r, -1, 1, 2, 4)),
             lambda re, im: F.fft((re, im))))
    add(case('ifft', lambda r: (u(r, -1, 1, 2, 4), u(r, -1, 1, 2, 4)),
             lambda re, im: F.ifft((re, im))))
    add(case('fmod', lambda r: ((r.randint(-3, 3, 6) + 0.5) * 0.8, numpy.full(6, 0.7))))
    add(case('linear_interpolate', lambda r: (u(r, 0, 1, 3, 4), u(r, -1, 1, 3, 4),
                                              u(r, -1, 1, 3, 4))))
    add(case('max', lambda r: (distinct(r, 3, 4),), lambda x: F.max(x, axis=1)))
    add(case('min', lambda r: (distinct(r, 3, 4),), lambda x: F.min(x, axis=0)))
    add(case('maximum', lambda r: (distinct(r, 3, 4), distinct(r, 3, 4) + 0.05)))
    add(case('minimum', lambda r: (distinct(r, 3, 4), distinct(r, 3, 4) + 0.05)))
    add(case('polygamma', lambda r: (numpy.array([0, 1, 2], numpy.int32), u(r, 0.5, 2, 3))))
    add(case('sparse_matmul', lambda r: (u(r, -1, 1, 3, 4) * (r.rand(3, 4) > 0.4),
                                         u(r, -1, 1, 4, 2)),
             _coo_matmul, transfers='utils.to_coo and CooMatrix check the index order on the '
                                    'host (utils/sparse.py get_order)'))
    add(case('squared_difference', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4))))
    add(case('sum_to', lambda r: (u(r, -1, 1, 3, 4),), lambda x: F.sum_to(x, (1, 4))))
    add(case('tensordot', lambda r: (u(r, -1, 1, 2, 3), u(r, -1, 1, 3, 4)),
             lambda a, b: F.tensordot(a, b, 1)))
    add(case('zeta', lambda r: (u(r, 2, 3, 3), u(r, 0.5, 2, 3)),
             lambda x, q: F.zeta(x, q)))

    # -- noise (random: shapes and devices only) --------------------------------------
    add(case('dropout', lambda r: (u(r, -1, 1, 3, 4),), random=True))
    add(case('gaussian', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4)), random=True))
    add(case('gumbel_softmax', lambda r: (u(r, -1, 1, 3, 4),), random=True))
    add(case('simplified_dropconnect', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 2, 4),
                                                  u(r, -1, 1, 2)), random=True))
    add(case('zoneout', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4)), random=True))

    # -- normalization -----------------------------------------------------------------
    add(case('batch_normalization', lambda r: (u(r, -1, 1, 5, 3, 2), u(r, 0.5, 1, 3),
                                               u(r, -1, 1, 3))))
    add(case('batch_renormalization', lambda r: (u(r, -1, 1, 5, 3), u(r, 0.5, 1, 3),
                                                 u(r, -1, 1, 3), u(r, -0.2, 0.2, 3),
                                                 u(r, 0.5, 1.5, 3)),
             lambda x, g, b, mean, var: F.batch_renormalization(
                 x, g, b, rmax=3, dmax=5, running_mean=mean.array.copy(),
                 running_var=var.array.copy())))
    add(case('fixed_batch_normalization', lambda r: (u(r, -1, 1, 5, 3), u(r, 0.5, 1, 3),
                                                     u(r, -1, 1, 3), u(r, -1, 1, 3),
                                                     u(r, 0.5, 1, 3))))
    add(case('fixed_batch_renormalization', lambda r: (u(r, -1, 1, 5, 3), u(r, 0.5, 1, 3),
                                                       u(r, -1, 1, 3), u(r, -1, 1, 3),
                                                       u(r, 0.5, 1, 3)),
             _deprecated(F.fixed_batch_renormalization)))
    add(case('decorrelated_batch_normalization', lambda r: (u(r, -1, 1, 10, 4),),
             lambda x: F.decorrelated_batch_normalization(x, groups=2)))
    add(case('fixed_decorrelated_batch_normalization',
             lambda r: (u(r, -1, 1, 10, 4), u(r, -1, 1, 2, 2), u(r, -1, 1, 2, 2, 2)),
             lambda x, m, p: F.fixed_decorrelated_batch_normalization(x, m, p, groups=2)))
    add(case('group_normalization', lambda r: (u(r, -1, 1, 2, 4, 3), u(r, 0.5, 1, 4),
                                               u(r, -1, 1, 4)),
             lambda x, g, b: F.group_normalization(x, 2, g, b)))
    add(case('layer_normalization', lambda r: (u(r, -1, 1, 3, 4), u(r, 0.5, 1, 4),
                                               u(r, -1, 1, 4))))
    add(case('local_response_normalization', lambda r: (u(r, -1, 1, 2, 7, 3, 3),),
             label='local_response_normalization_4d'))

    # -- pooling -------------------------------------------------------------------------
    for ndim, suffix in ((1, '1d'), (2, '2d'), (3, '3d')):
        for kind in ('average', 'max'):
            name = '{}_pooling_{}'.format(kind, suffix)
            add(case(name, lambda r, ndim=ndim: _pool_input(r, ndim),
                     lambda x, name=name: getattr(F, name)(x, 2, pad=1)))
        name = 'unpooling_' + suffix
        add(case(name, lambda r, ndim=ndim: (u(r, -1, 1, 2, 2, *(3,) * ndim),),
                 lambda x, name=name: getattr(F, name)(x, 2)))
    add(case('average_pooling_nd', lambda r: _pool_input(r, 2),
             lambda x: F.average_pooling_nd(x, 2, stride=1)))
    add(case('max_pooling_nd', lambda r: _pool_input(r, 2),
             lambda x: F.max_pooling_nd(x, 3, stride=2)))
    add(case('unpooling_nd', lambda r: (u(r, -1, 1, 2, 2, 3, 2),),
             lambda x: F.unpooling_nd(x, 2, outsize=(6, 4))))
    add(case('upsampling_2d', lambda r: _pool_input(r, 2),
             lambda x: F.upsampling_2d(*F.max_pooling_2d(x, 2, return_indices=True), 2,
                                       outsize=(5, 5)),
             transfers='checks the range of the indexes on the host on every call'))
    add(case('spatial_pyramid_pooling_2d', lambda r: (distinct(r, 2, 2, 8, 8),),
             lambda x: F.spatial_pyramid_pooling_2d(x, 2, pooling='max')))
    roi_plans = 'builds its RoI bin plans on the host from the RoIs (pooling/_roi.py)'
    add(case('roi_pooling_2d',
             lambda r: (u(r, -1, 1, 2, 3, 8, 8),
                        numpy.array([[0, 1, 1, 6, 5], [1, 2, 0, 7, 7]], numpy.float64)),
             lambda x, rois: F.roi_pooling_2d(x, rois.array, 2, 3, 1.0), transfers=roi_plans))
    for name, options in (('roi_max_pooling_2d', {}), ('roi_average_pooling_2d', {}),
                          ('roi_max_align_2d', {'sampling_ratio': 2}),
                          ('roi_average_align_2d', {'sampling_ratio': 2})):
        add(case(name, _rois, _roi_call(name, outsize=(2, 3), spatial_scale=1.0, **options),
                 transfers=roi_plans))

    # -- util ------------------------------------------------------------------------------
    add(case('forget', lambda r: (u(r, -1, 1, 3, 4), u(r, -1, 1, 3, 4)),
             lambda a, b: F.forget(lambda x, y: F.tanh(x) * y, a, b)))
    return cases


CASES = _catalog()
