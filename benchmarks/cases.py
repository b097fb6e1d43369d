"""Registry of benchmark cases: what each measures, its sizes, unit and targets.

Shared by the runner (scheduling, report) and the worker (what to build). Only the
standard library is imported here.
"""

import dataclasses
import itertools

FRAMEWORKS = ('numpy', 'kusari', 'chainer', 'torch')
FRAMEWORK_TITLES = {
    'numpy': 'bare NumPy (floor)',
    'kusari': 'kusari',
    'chainer': 'Chainer 7.8.1',
    'torch': 'PyTorch CPU',
}
# Module whose import time the ``import`` case measures, per framework.
IMPORT_MODULES = {'numpy': 'numpy', 'kusari': 'kusari', 'chainer': 'chainer', 'torch': 'torch'}


@dataclasses.dataclass(frozen=True)
class Target:
    """A goal from an issue (6: first targets; 31: captured steps, per-op speed),
    checked on the medians of one run.

    Attributes:
        against: ``'numpy'``, ``'torch'`` or ``'chainer'`` for a ratio
            ``kusari / against <= limit``; ``'absolute'`` for ``kusari <= limit``.
        limit: the bound.
    """

    against: str
    limit: float
    case: str = ''  # with against='kusari': kusari in this case / kusari in that one

    def describe(self, unit):
        if self.against == 'absolute':
            return f'kusari <= {self.limit:g} {unit}'
        if self.case:
            return f'kusari / kusari in `{self.case}` <= {self.limit:g}'
        return f'kusari / {FRAMEWORK_TITLES[self.against]} <= {self.limit:g}'


@dataclasses.dataclass(frozen=True)
class Case:
    """One benchmark case.

    Attributes:
        name: identifier used on the command line.
        title: row label in the report; ``{name}`` fields are filled from the params.
        kind: ``'time'`` (repeated timing of a step), ``'import'`` (one import per
            process) or ``'memory'`` (one measurement per process).
        unit: unit of the reported value.
        params: sizes of the full run.
        quick_params: overrides of ``params`` under ``--quick``.
        scale: factor from seconds per step to ``unit`` (time cases; divided by
            ``params['n_ops']`` when present, to report per op).
        processes_per_round: fresh processes per framework in one round.
        targets: goals from issues 6 and 31 for the kusari column.
        gpu: whether the case runs on CuPy / CUDA.
        frameworks: the frameworks that have the case (the others show n/a).
    """

    name: str
    title: str
    kind: str
    unit: str
    params: dict
    quick_params: dict = dataclasses.field(default_factory=dict)
    scale: float = 1.0
    processes_per_round: int = 1
    targets: tuple = ()
    gpu: bool = False
    frameworks: tuple = FRAMEWORKS

    def resolved_params(self, quick):
        merged = dict(self.params)
        if quick:
            merged.update(self.quick_params)
        return merged

    def label(self, quick):
        """The title with the sizes of this run filled in."""
        return self.title.format(**self.resolved_params(quick))


MLP_LARGE = {'sizes': (784, 1000, 1000, 10), 'batch': 100, 'lr': 0.01}
LENET = {'batch': 64, 'lr': 0.01}
BN_CNN = {'batch': 32, 'lr': 0.01}
LSTM_LM = {'vocab': 100, 'units': 32, 'length': 10, 'batch': 16, 'lr': 0.01}

CASES = (
    Case('chain_fwd_bwd',
         'per-op overhead: {n_ops}-op F.tanh chain on a 4x4 array, forward + backward',
         'time', 'µs/op', {'n_ops': 1000, 'shape': (4, 4)}, scale=1e6,
         targets=(Target('torch', 0.8), Target('chainer', 0.2))),
    Case('chain_inference',
         'per-op inference: {n_ops} F.tanh on a 4x4 array under no_backprop_mode',
         'time', 'µs/op', {'n_ops': 1000, 'shape': (4, 4)}, scale=1e6,
         targets=(Target('numpy', 2.0), Target('torch', 1.0))),
    Case('mlp_large', 'MLP 784-1000-1000-10, batch 100, SGD step', 'time', 'ms', MLP_LARGE,
         scale=1e3, targets=(Target('numpy', 1.05), Target('torch', 1.0))),
    Case('mlp_small', 'MLP 784-100-100-10, batch 8, SGD step (overhead-bound)', 'time', 'ms',
         {'sizes': (784, 100, 100, 10), 'batch': 8, 'lr': 0.01}, scale=1e3,
         targets=(Target('torch', 1.0),)),
    Case('chain_fwd_bwd_static', 'per-op overhead with @static_graph: {n_ops}-op F.tanh chain on '
         'a 4x4 array, forward + backward', 'time', 'µs/op', {'n_ops': 1000, 'shape': (4, 4)},
         scale=1e6, targets=(Target('numpy', 1.5),)),
    Case('chain_inference_static', 'per-op inference with @static_graph: {n_ops} F.tanh on a '
         '4x4 array under no_backprop_mode', 'time', 'µs/op', {'n_ops': 1000, 'shape': (4, 4)},
         scale=1e6, targets=(Target('numpy', 1.5),)),
    Case('mlp_small_static', 'MLP 784-100-100-10 with @static_graph, batch 8, SGD step', 'time',
         'ms', {'sizes': (784, 100, 100, 10), 'batch': 8, 'lr': 0.01, 'static': True},
         scale=1e3, targets=(Target('numpy', 1.3),)),
    Case('mlp_small_captured', 'MLP 784-100-100-10 with capture_step (whole step captured), '
         'batch 8, SGD step', 'time', 'ms',
         {'sizes': (784, 100, 100, 10), 'batch': 8, 'lr': 0.01, 'capture': True},
         scale=1e3, targets=(Target('numpy', 1.3),)),
    Case('mlp_small_captured_adam', 'MLP 784-100-100-10 with capture_step, batch 8, Adam step',
         'time', 'ms', {'sizes': (784, 100, 100, 10), 'batch': 8, 'lr': 0.01, 'capture': True,
                        'optimizer': 'adam'},
         scale=1e3, targets=(Target('numpy', 1.3),)),
    Case('cnn_lenet', 'LeNet-style CNN, batch 64, SGD step (floor: im2col + GEMM)', 'time', 'ms',
         LENET, scale=1e3, targets=(Target('torch', 1.0),)),
    Case('cnn_bn', 'CNN with batch normalization (2 x conv 3x3 + BN + ReLU + max pool, fc), '
         'batch {batch}, SGD step', 'time', 'ms', BN_CNN, scale=1e3, frameworks=('kusari',)),
    Case('cnn_bn_captured', 'the same CNN with capture_step', 'time', 'ms',
         dict(BN_CNN, capture=True), scale=1e3, frameworks=('kusari',),
         targets=(Target('kusari', 1.0, 'cnn_bn'),)),
    Case('lstm_lm', 'LSTM language model (vocabulary {vocab}, {units} units, {length} words), '
         'batch {batch}, SGD step', 'time', 'ms', LSTM_LM, scale=1e3, frameworks=('kusari',)),
    Case('lstm_lm_captured', 'the same LSTM language model with capture_step', 'time', 'ms',
         dict(LSTM_LM, capture=True), scale=1e3, frameworks=('kusari',),
         targets=(Target('kusari', 1.0, 'lstm_lm'),)),
    Case('conv_pool', 'convolution_2d 3x3 pad 1 (32x16x32x32 -> 32 ch) + max_pooling_2d 2, '
         'forward + backward', 'time', 'ms',
         {'batch': 32, 'in_channels': 16, 'out_channels': 32, 'size': 32, 'ksize': 3, 'pad': 1},
         scale=1e3),
    Case('import', '`import` time (fresh interpreter)', 'import', 's', {},
         processes_per_round=3, targets=(Target('absolute', 0.15),)),
    Case('rss_mlp', 'peak RSS of the process, MLP 784-1000-1000-10 case ({steps} steps)', 'memory',
         'MB',
         dict(MLP_LARGE, steps=10), quick_params={'steps': 3},
         targets=(Target('numpy', 1.10),)),
    Case('deep_mlp_memory', 'peak memory growth of one forward + backward, deep MLP '
         '({depth} x Linear {width}-{width} + ReLU, batch {batch})', 'memory', 'MB',
         {'depth': 24, 'width': 256, 'batch': 2048}, quick_params={'depth': 6}),
    Case('gpu_mlp_large', 'GPU: MLP 784-1000-1000-10, batch 100, SGD step', 'time', 'ms',
         MLP_LARGE, scale=1e3, gpu=True),
    Case('gpu_cnn_lenet', 'GPU: LeNet-style CNN, batch 64, SGD step', 'time', 'ms', LENET,
         scale=1e3, gpu=True),
)
CASES_BY_NAME = {case.name: case for case in CASES}
CPU_CASE_NAMES = tuple(case.name for case in CASES if not case.gpu)
GPU_CASE_NAMES = tuple(case.name for case in CASES if case.gpu)


def mlp_step_flops(sizes, batch):
    """Floating-point operations of one MLP training step's matrix products.

    Forward ``x @ W.T`` and the weight gradient cost ``2 * batch * in * out`` each
    per layer; the input gradient is skipped for the first layer (its input is data).
    """
    products = [n_in * n_out for n_in, n_out in itertools.pairwise(sizes)]
    return 2 * batch * (2 * sum(products) + sum(products[1:]))
