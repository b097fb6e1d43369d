"""Code written against kusari's annotated API; CI type-checks it with mypy
(``[tool.mypy]`` in pyproject.toml), so an annotation that rejects ordinary use fails.
Not a test module: pytest does not collect it."""

import numpy as np

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import datasets, iterators, optimizer_hooks, optimizers, training
from kusari.training import extensions, triggers


class MLP(kusari.Chain):
    def __init__(self) -> None:
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, 8)
            self.l2 = L.Linear(8, 2)

    def forward(self, x: kusari.Variable) -> kusari.Variable:
        return self.l2(F.relu(self.l1(x)))


def train_step(model: MLP, optimizer: kusari.Optimizer, x: np.ndarray, t: np.ndarray) -> float:
    model.cleargrads()
    loss = F.softmax_cross_entropy(model(kusari.Variable(x)), t)
    loss.backward()
    optimizer.update()
    return float(loss.array)


def main() -> None:
    model = MLP()
    optimizer = optimizers.SGD(lr=0.1).setup(model)
    x = np.zeros((4, 3), dtype=np.float32)
    t = np.zeros(4, dtype=np.int32)
    train_step(model, optimizer, x, t)
    n_params: int = model.count_params()
    names = [name for name, _ in model.namedparams()]
    shapes = [p.shape for p in model.params()]
    y, = kusari.FunctionNode().apply((x,)) if n_params < 0 else (kusari.Variable(x),)
    gx, = kusari.grad([F.sum(y)], [y])
    with kusari.using_config('train', False), kusari.no_backprop_mode():
        model(kusari.Variable(x))
    print(names, shapes, gx)



def update_with_loss_function(x: np.ndarray, t: np.ndarray) -> float:
    model = L.Classifier(MLP())
    optimizer = optimizers.Adam(alpha=1e-3, amsgrad=True)
    optimizer.setup(model)
    optimizer.add_hook(optimizer_hooks.GradientHardClipping(-1.0, 1.0))
    optimizer.update(model, kusari.Variable(x), t)
    for param in model.params():
        param.update_rule.hyperparam.alpha = 1e-4  # tune one parameter's rule
    rule: kusari.UpdateRule = optimizers.MomentumSGDRule(lr=0.1, momentum=0.5)
    rule.enabled = False
    sgd = optimizers.MomentumSGD(lr=0.05).setup(L.Linear(3, 2))
    sgd.lr *= 0.5
    return optimizer.alpha + optimizer.t + sgd.lr


def configure_optimizers() -> list[kusari.GradientMethod]:
    """Every optimizer's constructor by keyword, as Chainer's users write them."""
    adam = optimizers.AdamW(alpha=1e-3, weight_decay_rate=1e-4)
    eve = optimizers.Eve(f_star=-1.0)
    created: optimizers.AdamRule = adam.create_update_rule()
    rules = [created, optimizers.AdamRule(adam.hyperparam, alpha=1e-4, amsgrad=True),
             optimizers.EveRule(eve.hyperparam, feedback=eve.feedback, alpha=1e-4)]
    print([rule.hyperparam.alpha for rule in rules])
    return [adam, eve, optimizers.AMSGrad(beta2=0.99), optimizers.AdaBound(final_lr=0.05),
            optimizers.AMSBound(gamma=1e-2), optimizers.AdaDelta(rho=0.9),
            optimizers.AdaGrad(lr=0.01), optimizers.CorrectedMomentumSGD(momentum=0.8),
            optimizers.NesterovAG(lr=0.1), optimizers.RMSprop(eps_inside_sqrt=True),
            optimizers.RMSpropGraves(momentum=0.5), optimizers.SMORMS3(eps=1e-8),
            optimizers.MSVAG(beta=0.8, weight_decay_rate=0)]


def train_with_trainer(out: str) -> float:
    model = L.Classifier(MLP())
    optimizer = optimizers.SGD(lr=0.1).setup(model)
    optimizer.add_hook(optimizer_hooks.WeightDecay(1e-4))
    optimizer.add_hook(optimizer_hooks.GradientClipping(5.0))
    x = np.zeros((8, 3), dtype=np.float32)
    t = np.zeros(8, dtype=np.int32)
    train = iterators.SerialIterator(datasets.TupleDataset(x, t), 4)
    test = iterators.SerialIterator(datasets.TupleDataset(x, t), 4, repeat=False,
                                    shuffle=False)
    updater = training.updaters.StandardUpdater(train, optimizer, device='@numpy')
    stop = triggers.EarlyStoppingTrigger(monitor='validation/main/loss',
                                         max_trigger=(2, 'epoch'))
    trainer = training.Trainer(updater, stop, out=out)
    trainer.extend(extensions.Evaluator(test, model))
    trainer.extend(extensions.LogReport(trigger=(1, 'epoch')))
    trainer.extend(extensions.PrintReport(['epoch', 'main/loss', 'validation/main/loss']))
    trainer.extend(extensions.ExponentialShift('lr', 0.5), trigger=(1, 'epoch'))
    trainer.extend(extensions.snapshot(filename='snapshot_{.updater.epoch}'),
                   trigger=triggers.MinValueTrigger('validation/main/loss'))
    trainer.extend(extensions.observe_lr(), call_before_training=True)

    @training.make_extension(trigger=(1, 'iteration'))
    def count(trainer: training.Trainer) -> None:
        trainer.observation['count'] = trainer.updater.iteration

    trainer.extend(count)
    trainer.run(show_loop_exception_msg=False)
    log: list[dict[str, float]] = trainer.get_extension('LogReport').log
    return trainer.elapsed_time + len(log)


class Encoder(kusari.Chain):
    """Typical links with their arguments by keyword and position."""

    def __init__(self, vocab: int) -> None:
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(vocab, 8, ignore_label=-1)
            self.lstm = L.LSTM(8, 16, forget_bias_init=1.0)
            self.norm = L.LayerNormalization(16)
            self.out = L.Linear(16, vocab, nobias=True, initialW=kusari.initializers.Normal())

    def forward(self, ids: np.ndarray) -> kusari.Variable:
        h: kusari.Variable = self.lstm.forward(self.embed.forward(ids))
        return self.out.forward(self.norm.forward(h))


def use_links() -> None:
    x = np.zeros((2, 3), dtype=np.float32)
    encoder = Encoder(10)
    encoder.lstm.reset_state()
    logits = encoder.forward(np.zeros(2, dtype=np.int32))
    classifier = L.Classifier(encoder, lossfun=F.softmax_cross_entropy, label_key=-1)
    loss = classifier.forward(np.zeros(2, dtype=np.int32), np.zeros(2, dtype=np.int32))
    linear = L.Linear.from_params(np.ones((4, 3), dtype=np.float32))
    y = linear.forward(x[:, :, None], n_batch_axes=1)
    bn = L.BatchNormalization(4, decay=0.99, axis=None)
    with kusari.using_config('train', False):
        bn.forward(y)
    c, h = L.StatelessLSTM(3, 4).forward(None, None, x)
    gru = L.StatefulGRU(3, 4)
    gru.set_state(np.zeros((2, 4), dtype=np.float32))
    sampler = L.NegativeSampling(3, [5, 3, 2], sample_size=2)
    sampling_loss = sampler.forward(x, np.zeros(2, dtype=np.int32), reduce='no')
    crf = L.CRF1d(3, initial_cost=0.0)
    score, path = crf.argmax([x, x[:1]])
    print(logits.shape, loss.array, y.shape, c.shape, h.shape, gru(x).shape, sampling_loss,
          score.shape, len(path), L.PReLU(init=0.1)(x), L.Maxout(3, 2, 4)(x))


def use_convolution_and_n_step_links() -> None:
    x = np.zeros((2, 3, 8, 8), dtype=np.float32)
    conv = L.Convolution2D(None, 4, 3, stride=2, pad=1, nobias=True, dilate=1, groups=1)
    short = L.Convolution2D(4, (3, 3))  # Convolution2D(out_channels, ksize)
    copy = L.Convolution2D.from_params(np.ones((4, 3, 3, 3), dtype=np.float32), pad=1)
    deconv = L.Deconvolution2D(4, 3, 4, 2, 1, outsize=(8, 8), initialW=0.01)
    dilated = L.DilatedConvolution2D(3, 4, 3, pad=2, dilate=2, initial_bias=0.5)
    y: kusari.Variable = deconv.forward(conv.forward(x))
    volume = np.zeros((1, 2, 4, 4, 4), dtype=np.float32)
    conv3 = L.ConvolutionND(3, 2, 4, (3, 3, 3), cover_all=True)
    deconv3 = L.Deconvolution3D(4, 2, 3, stride=(1, 2, 2), outsize=[4, 6, 6])
    conv1 = L.Convolution1D(2, 4, 3, initialW=kusari.initializers.HeNormal())
    xs = [np.zeros((n, 3), dtype=np.float32) for n in (4, 2)]
    lstm = L.NStepBiLSTM(2, 3, 5, 0.1, initialW=kusari.initializers.Orthogonal())
    hy, cy, ys = lstm.forward(None, None, xs)
    gru = L.NStepGRU(1, 3, 5, 0.0, initial_bias=0)
    hy2, ys2 = gru.forward(gru.init_hx(xs), xs)
    print(y.shape, short(x).shape, copy(x).shape, dilated(x).shape,
          deconv3(conv3.forward(volume)).shape, conv1(volume[:, :, 0, 0]).shape,
          hy.shape, cy.shape, [y.shape for y in ys], hy2.shape, len(ys2), len(lstm.ws))
