"""Every framework-level case, written once against Chainer's v7 API.

The same code runs on ``chainer`` and on ``kusari``: the framework arrives as a
:class:`ChainerApi` holding the imported top-level module and its ``functions``,
``links`` and ``optimizers`` submodules. Each builder returns the callable the
worker times (or measures), with all set-up done beforehand.
"""

import functools
import importlib
import itertools

import numpy

from benchmarks import measure


class ChainerApi:
    """The top-level module (``ch``) of a Chainer-compatible framework and its parts.

    Args:
        module_name: ``'chainer'`` or ``'kusari'``.
        device: ``None`` for NumPy arrays on the CPU, ``'gpu'`` for CuPy on GPU 0.
    """

    def __init__(self, module_name, device=None):
        self.ch = importlib.import_module(module_name)
        self.F = importlib.import_module(module_name + '.functions')
        self.L = importlib.import_module(module_name + '.links')
        self.optimizers = importlib.import_module(module_name + '.optimizers')
        self.device = device
        if device == 'gpu':
            import cupy
            self.xp = cupy
        else:
            self.xp = numpy

    def array(self, host_array):
        return self.xp.asarray(host_array)

    def place(self, link):
        if self.device == 'gpu':
            link.to_gpu()
        return link

    def sync(self):
        if self.device == 'gpu':
            self.xp.cuda.Stream.null.synchronize()


def _rng():
    return numpy.random.default_rng(0)


def _images_and_labels(api, batch, shape, n_classes=10):
    rng = _rng()
    x = rng.standard_normal((batch, *shape)).astype(numpy.float32)
    labels = rng.integers(0, n_classes, batch).astype(numpy.int32)
    return api.array(x), api.array(labels)


def make_mlp(api, sizes, static=False):
    """An MLP (``ChainList`` of ``L.Linear``, ReLU between) mapping ``sizes[0]`` to
    ``sizes[-1]``; ``static``: its forward decorated with ``static_graph``."""
    F, L = api.F, api.L

    class MLP(api.ch.ChainList):
        def __init__(self):
            super().__init__(*[L.Linear(n_in, n_out)
                               for n_in, n_out in itertools.pairwise(sizes)])

        def forward(self, x):
            layers = list(self)
            h = x
            for layer in layers[:-1]:
                h = F.relu(layer(h))
            return layers[-1](h)

    if static:
        MLP.forward = api.ch.static_graph(MLP.forward)
    return MLP()


def make_tanh_chain(api, n_ops):
    """A Chain whose ``static_graph`` forward applies ``F.tanh`` ``n_ops`` times."""
    tanh = api.F.tanh

    class TanhChain(api.ch.Chain):
        @api.ch.static_graph
        def forward(self, h):
            for _ in range(n_ops):
                h = tanh(h)
            return h

    return TanhChain()


def make_lenet(api):
    """conv 5x5 20 -> max pool 2 -> conv 5x5 50 -> max pool 2 -> fc 500 -> ReLU -> fc 10."""
    F, L = api.F, api.L

    class LeNet(api.ch.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.conv1 = L.Convolution2D(1, 20, 5)
                self.conv2 = L.Convolution2D(20, 50, 5)
                self.fc1 = L.Linear(800, 500)
                self.fc2 = L.Linear(500, 10)

        def forward(self, x):
            h = F.max_pooling_2d(self.conv1(x), 2)
            h = F.max_pooling_2d(self.conv2(h), 2)
            return self.fc2(F.relu(self.fc1(h)))

    return LeNet()


def make_bn_cnn(api):
    """conv 3x3 16 -> BN -> ReLU -> max pool 2 -> conv 3x3 32 -> BN -> ReLU -> max pool 2
    -> fc 10 (28x28 input)."""
    F, L = api.F, api.L

    class BatchNormCNN(api.ch.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.conv1 = L.Convolution2D(1, 16, 3, pad=1)
                self.bn1 = L.BatchNormalization(16)
                self.conv2 = L.Convolution2D(16, 32, 3, pad=1)
                self.bn2 = L.BatchNormalization(32)
                self.fc = L.Linear(32 * 7 * 7, 10)

        def forward(self, x):
            h = F.max_pooling_2d(F.relu(self.bn1(self.conv1(x))), 2)
            h = F.max_pooling_2d(F.relu(self.bn2(self.conv2(h))), 2)
            return self.fc(h)

    return BatchNormCNN()


def make_lstm_lm(api, vocab, units):
    """Embedding -> LSTM -> linear to the vocabulary, unrolled over a batch of sentences
    (``words`` of shape (batch, length)); the loss is the softmax cross entropy of each
    next word, summed."""
    F, L = api.F, api.L

    class LanguageModel(api.ch.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.embed = L.EmbedID(vocab, units)
                self.lstm = L.LSTM(units, units)
                self.out = L.Linear(units, vocab)

        def forward(self, words):
            self.lstm.reset_state()
            loss = 0
            for t in range(words.shape[1] - 1):
                h = self.lstm(self.embed(words[:, t]))
                loss += F.softmax_cross_entropy(self.out(h), words[:, t + 1])
            return loss

    return LanguageModel()


def _optimizer_step(api, lossfun, link, args, lr, capture):
    """``optimizer.update(lossfun, *args)`` with SGD, through kusari's ``capture_step``
    when ``capture``."""
    optimizer = api.optimizers.SGD(lr=lr)
    optimizer.setup(api.place(link))
    if capture:
        return functools.partial(api.ch.graph_optimizations.capture_step(optimizer, lossfun),
                                 *args)
    return functools.partial(optimizer.update, lossfun, *args)


def _sgd_step(api, predictor, x, labels, lr, optimizer_name='sgd', capture=False):
    """One ``optimizer.update(classifier, x, t)`` per call: cleargrads, forward with
    softmax cross entropy, backward, SGD (or Adam, with ``lr`` as ``alpha``) update;
    ``capture``: the step through kusari's ``capture_step``."""
    classifier = api.place(api.L.Classifier(predictor))
    classifier.compute_accuracy = False  # the floor and PyTorch compute no accuracy either
    if optimizer_name == 'adam':
        optimizer = api.optimizers.Adam(alpha=lr)
    else:
        optimizer = api.optimizers.SGD(lr=lr)
    optimizer.setup(classifier)
    if capture:
        capture_step = getattr(api.ch.graph_optimizations, 'capture_step', None)
        if capture_step is None:
            raise NotImplementedError('{} has no whole-step capture'.format(api.ch.__name__))
        return functools.partial(capture_step(optimizer, classifier), x, labels)

    def step():
        optimizer.update(classifier, x, labels)

    return step


def chain_fwd_bwd(api, params):
    a = api.array(_rng().standard_normal(params['shape']).astype(numpy.float32))
    seed_grad = api.xp.ones_like(a)
    tanh, variable, n_ops = api.F.tanh, api.ch.Variable, params['n_ops']

    def step():
        h = variable(a)
        for _ in range(n_ops):
            h = tanh(h)
        h.grad = seed_grad
        h.backward()

    return step


def chain_inference(api, params):
    a = api.array(_rng().standard_normal(params['shape']).astype(numpy.float32))
    tanh, no_backprop_mode, n_ops = api.F.tanh, api.ch.no_backprop_mode, params['n_ops']

    def step():
        with no_backprop_mode():
            h = a
            for _ in range(n_ops):
                h = tanh(h)

    return step


def mlp_step(api, params):
    sizes = params['sizes']
    x, labels = _images_and_labels(api, params['batch'], sizes[:1])
    return _sgd_step(api, make_mlp(api, sizes, params.get('static', False)), x, labels,
                     params['lr'], params.get('optimizer', 'sgd'), params.get('capture', False))


def static_chain_fwd_bwd(api, params):
    a = api.array(_rng().standard_normal(params['shape']).astype(numpy.float32))
    seed_grad = api.xp.ones_like(a)
    chain, variable = make_tanh_chain(api, params['n_ops']), api.ch.Variable

    def step():
        h = chain(variable(a))
        h.grad = seed_grad
        h.backward()

    return step


def static_chain_inference(api, params):
    a = api.array(_rng().standard_normal(params['shape']).astype(numpy.float32))
    chain, no_backprop_mode = make_tanh_chain(api, params['n_ops']), api.ch.no_backprop_mode

    def step():
        with no_backprop_mode():
            chain(a)

    return step


def lenet_step(api, params):
    x, labels = _images_and_labels(api, params['batch'], (1, 28, 28))
    return _sgd_step(api, make_lenet(api), x, labels, params['lr'])


def bn_cnn_step(api, params):
    x, labels = _images_and_labels(api, params['batch'], (1, 28, 28))
    classifier = api.L.Classifier(make_bn_cnn(api))
    classifier.compute_accuracy = False
    return _optimizer_step(api, classifier, classifier, (x, labels), params['lr'],
                           params.get('capture', False))


def lstm_lm_step(api, params):
    vocab = params['vocab']
    words = api.array(_rng().integers(0, vocab, (params['batch'], params['length']))
                      .astype(numpy.int32))
    model = make_lstm_lm(api, vocab, params['units'])
    return _optimizer_step(api, model, model, (words,), params['lr'],
                           params.get('capture', False))


def conv_pool(api, params):
    rng = _rng()
    channels, size, ksize = params['in_channels'], params['size'], params['ksize']
    x = api.array(
        rng.standard_normal((params['batch'], channels, size, size)).astype(numpy.float32))
    weight_shape = (params['out_channels'], channels, ksize, ksize)
    scale = 1 / numpy.sqrt(channels * ksize * ksize)
    weight = api.ch.Variable(api.array(
        (rng.standard_normal(weight_shape) * scale).astype(numpy.float32)))
    bias = api.ch.Variable(api.xp.zeros(params['out_channels'], dtype=numpy.float32))
    F, variable, pad = api.F, api.ch.Variable, params['pad']
    grad_y = []  # seed gradient, allocated on the first call once the output shape is known

    def step():
        weight.cleargrad()
        bias.cleargrad()
        x_var = variable(x)
        y = F.max_pooling_2d(F.convolution_2d(x_var, weight, bias, stride=1, pad=pad), 2)
        if not grad_y:
            grad_y.append(api.xp.ones_like(y.array))
        y.grad = grad_y[0]
        y.backward()

    return step


def rss_mlp(api, params):
    step = mlp_step(api, params)
    for _ in range(params['steps']):
        step()
    return measure.peak_rss_mb()


def deep_mlp_memory(api, params):
    """Peak RSS growth (MB) of one forward + backward of a deep ReLU MLP."""
    depth, width, batch = params['depth'], params['width'], params['batch']
    model = api.place(make_mlp(api, (width,) * (depth + 1)))
    x = api.array(_rng().standard_normal((batch, width)).astype(numpy.float32))
    seed_grad = api.xp.ones((batch, width), dtype=numpy.float32)

    def forward_backward(inputs, seed):
        y = model(inputs)
        y.grad = seed
        y.backward()

    forward_backward(x[:2], seed_grad[:2])  # warm-up on a tiny batch: lazy set-up, not data
    model.cleargrads()
    return measure.peak_growth_mb(lambda: forward_backward(x, seed_grad))


TIME_CASES = {
    'chain_fwd_bwd': chain_fwd_bwd,
    'chain_inference': chain_inference,
    'mlp_large': mlp_step,
    'mlp_small': mlp_step,
    'mlp_small_static': mlp_step,
    'mlp_small_captured': mlp_step,
    'mlp_small_captured_adam': mlp_step,
    'chain_fwd_bwd_static': static_chain_fwd_bwd,
    'chain_inference_static': static_chain_inference,
    'cnn_lenet': lenet_step,
    'cnn_bn': bn_cnn_step,
    'cnn_bn_captured': bn_cnn_step,
    'lstm_lm': lstm_lm_step,
    'lstm_lm_captured': lstm_lm_step,
    'conv_pool': conv_pool,
    'gpu_mlp_large': mlp_step,
    'gpu_cnn_lenet': lenet_step,
}
MEMORY_CASES = {'rss_mlp': rss_mlp, 'deep_mlp_memory': deep_mlp_memory}
