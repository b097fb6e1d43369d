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
