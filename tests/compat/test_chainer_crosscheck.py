"""Cross-checks against real Chainer 7.8.1, run in a subprocess.

The Chainer interpreter is ``KUSARI_CHAINER_PYTHON`` (a virtual environment with NumPy < 2 and
chainer==7.8.1); without it these tests skip. One worker script, written for
Chainer's API, runs under that interpreter and under ``python -m kusari.compat``:

* model and optimizer ``.npz`` files saved by either framework load into the
  other, and training continues from them to the same parameters;
* one step of every optimizer (and of MomentumSGD with every deterministic hook)
  from the same saved state gives the same parameters and state;
* a set of functions give the same outputs and input gradients.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy
import pytest

from tests.compat._subprocess import REPO_ROOT
from tests._chainer_python import AVAILABLE, CHAINER_PYTHON, SKIP_REASON


pytestmark = [
    pytest.mark.skipif(not AVAILABLE,
                       reason=SKIP_REASON),
    pytest.mark.slow,  # each module fixture runs both frameworks in subprocesses
]

WORKER = textwrap.dedent('''
    """Runs one job (a JSON file) with whichever ``chainer`` is importable."""
    import json
    import sys

    import numpy as np

    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import optimizer_hooks, optimizers, serializers


    class Model(chainer.Chain):
        """Convolution, batch normalization, a fully connected layer and an LSTM."""

        def __init__(self):
            super(Model, self).__init__()
            with self.init_scope():
                self.conv = L.Convolution2D(3, 4, 3)
                self.bn = L.BatchNormalization(4)
                self.fc = L.Linear(4 * 3 * 3, 6)
                self.lstm = L.LSTM(6, 6)

        def forward(self, x):
            self.lstm.reset_state()
            # (Batch normalization right after the convolution would leave its bias
            # with a zero gradient: pure rounding noise that Adam amplifies.)
            h = self.bn(F.relu(self.conv(x)))
            h = self.fc(h)
            h = self.lstm(h)
            h = self.lstm(h)  # a second step uses the cell state
            return F.sum(h * h)


    def train_model(job, model, optimizer, data, steps):
        for step in steps:
            optimizer.update(model, data['x%d' % step])


    def model_job(job):
        data = np.load(job['data'])
        model = Model()
        optimizer = optimizers.Adam(alpha=0.01)
        optimizer.setup(model)
        if job.get('load'):
            serializers.load_npz(job['load'] + '.model.npz', model)
            serializers.load_npz(job['load'] + '.optimizer.npz', optimizer)
            # Saved again right away: what was loaded, as this framework holds it.
            serializers.save_npz(job['out'] + '.loaded.model.npz', model)
            serializers.save_npz(job['out'] + '.loaded.optimizer.npz', optimizer)
        train_model(job, model, optimizer, data, job['steps'])
        serializers.save_npz(job['out'] + '.model.npz', model)
        serializers.save_npz(job['out'] + '.optimizer.npz', optimizer)


    class Params(chainer.Link):
        def __init__(self, arrays):
            super(Params, self).__init__()
            with self.init_scope():
                for name, value in sorted(arrays.items()):
                    setattr(self, name, chainer.Parameter(value))


    def optimizer_job(job):
        """Runs each configuration's runs: steps, optionally from a saved state."""
        data = np.load(job['data'])
        for config in job['configs']:
            for run in config['runs']:
                optimizer_run(data, config, run)


    def optimizer_run(data, config, run):
        dtype = np.dtype(config['dtype'])
        link = Params({name: data['param_' + name].astype(dtype) for name in ('w', 'b')})
        optimizer = getattr(optimizers, config['optimizer'])(**config['kwargs'])
        optimizer.setup(link)
        for name, kwargs in config['hooks']:
            optimizer.add_hook(getattr(optimizer_hooks, name)(**kwargs))
        if run.get('load'):
            serializers.load_npz(run['load'] + '.model.npz', link)
            serializers.load_npz(run['load'] + '.optimizer.npz', optimizer)

        def loss():
            # The gradients are the step's fixed arrays.
            return F.sum(link.w * g['w']) + F.sum(link.b * g['b'])

        for step in run['steps']:
            g = {name: data['grad%d_%s' % (step, name)].astype(dtype) for name in ('w', 'b')}
            optimizer.update(loss)
        serializers.save_npz(run['out'] + '.model.npz', link)
        serializers.save_npz(run['out'] + '.optimizer.npz', optimizer)


    def functions_job(job):
        data = np.load(job['data'])
        results = {}
        for name, case in sorted(job['cases'].items()):
            try:
                results.update(run_function(name, case, data))
            except Exception as e:  # reported by the test of this function only
                results[name + '/error'] = np.array('{}: {}'.format(type(e).__name__, e))
        np.savez(job['out'], **results)


    def run_function(name, case, data):
        results = {}
        xs = [data['%s/x%d' % (name, i)] for i in range(case['n_inputs'])]
        xs = [chainer.Variable(x) if x.dtype.kind == 'f' else x for x in xs]
        ys = eval(case['expr'], {'F': F, 'L': L, 'chainer': chainer, 'np': np})(*xs)
        ys = ys if isinstance(ys, (tuple, list)) else (ys,)
        loss = 0
        for i, y in enumerate(ys):
            results['%s/y%d' % (name, i)] = y.array
            loss = loss + F.sum(y * data['%s/gy%d' % (name, i)])
        loss.backward()
        for i, x in enumerate(xs):
            if isinstance(x, chainer.Variable) and x.grad is not None:
                results['%s/gx%d' % (name, i)] = x.grad
        return results


    if __name__ == '__main__':
        with open(sys.argv[1]) as f:
            job = json.load(f)
        {'model': model_job, 'optimizers': optimizer_job,
         'functions': functions_job}[job['command']](job)
''')


@pytest.fixture(scope='module')
def worker(tmp_path_factory):
    path = tmp_path_factory.mktemp('worker') / 'worker.py'
    path.write_text(WORKER)
    return str(path)


def run_job(worker, framework, job, directory):
    """Runs ``job`` with 'chainer' (real Chainer) or 'kusari' (through kusari.compat)."""
    job_path = os.path.join(str(directory), 'job_{}_{}.json'.format(framework, job['out']))
    with open(job_path, 'w') as f:
        json.dump(job, f)
    env = dict(os.environ)
    if framework == 'chainer':
        env.pop('PYTHONPATH', None)
        command = [CHAINER_PYTHON, worker, job_path]
    else:
        env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPO_ROOT, env.get('PYTHONPATH')]))
        command = [sys.executable, '-m', 'kusari.compat', worker, job_path]
    result = subprocess.run(command, cwd=str(directory), env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, '{} failed:\n{}'.format(framework, result.stderr[-5000:])


def load(path):
    with numpy.load(path) as npz:
        return {key: npz[key] for key in npz.files}


def assert_same_arrays(actual, expected, atol=1e-6, rtol=1e-6, context=''):
    assert sorted(actual) == sorted(expected), context
    for key in expected:
        assert actual[key].shape == expected[key].shape, (context, key)
        assert actual[key].dtype == expected[key].dtype, (context, key)
        numpy.testing.assert_allclose(actual[key], expected[key], atol=atol, rtol=rtol,
                                      err_msg='{} {}'.format(context, key))


OTHER = {'chainer': 'kusari', 'kusari': 'chainer'}


# -- Model and optimizer files -----------------------------------------------------------

@pytest.fixture(scope='module')
def model_data(tmp_path_factory):
    path = tmp_path_factory.mktemp('model_data') / 'data.npz'
    rng = numpy.random.RandomState(0)
    numpy.savez(path, **{'x%d' % i: rng.uniform(-1, 1, (2, 3, 5, 5)).astype(numpy.float32)
                         for i in range(3)})
    return str(path)


@pytest.mark.parametrize('saver', ['chainer', 'kusari'])
def test_model_and_optimizer_files_interchange(worker, model_data, tmp_path, saver):
    loader = OTHER[saver]
    run_job(worker, saver, {'command': 'model', 'data': model_data, 'steps': [0, 1],
                            'out': 'saved'}, tmp_path)
    for framework in (saver, loader):
        run_job(worker, framework, {'command': 'model', 'data': model_data, 'steps': [2],
                                    'load': 'saved', 'out': framework}, tmp_path)

    saved_model = load(tmp_path / 'saved.model.npz')
    saved_optimizer = load(tmp_path / 'saved.optimizer.npz')
    assert {'conv/W', 'bn/gamma', 'bn/avg_mean', 'bn/avg_var', 'bn/N', 'fc/W',
            'lstm/upward/W', 'lstm/lateral/W'} <= set(saved_model)
    assert {'t', 'conv/W/m', 'conv/W/v', 'lstm/lateral/W/v'} <= set(saved_optimizer)
    assert int(saved_optimizer['t']) == 2
    assert numpy.abs(saved_model['bn/avg_mean']).sum() > 0  # running statistics moved
    # What the loader holds after loading is exactly what was saved, key for key.
    assert_same_arrays(load(tmp_path / (loader + '.loaded.model.npz')), saved_model,
                       atol=0, rtol=0, context='model loaded by ' + loader)
    assert_same_arrays(load(tmp_path / (loader + '.loaded.optimizer.npz')), saved_optimizer,
                       atol=0, rtol=0, context='optimizer loaded by ' + loader)
    # And a further step from the loaded state agrees with the saver's own.
    for kind in ('model', 'optimizer'):
        assert_same_arrays(load(tmp_path / '{}.{}.npz'.format(loader, kind)),
                           load(tmp_path / '{}.{}.npz'.format(saver, kind)),
                           context='{} after a step'.format(kind))


# -- Optimizers ---------------------------------------------------------------------------

OPTIMIZERS = [
    ('SGD', {'lr': 0.1}),
    ('MomentumSGD', {'lr': 0.1, 'momentum': 0.8}),
    ('CorrectedMomentumSGD', {'lr': 0.1, 'momentum': 0.8}),
    ('NesterovAG', {'lr': 0.1, 'momentum': 0.8}),
    ('AdaGrad', {'lr': 0.05}),
    ('AdaDelta', {'rho': 0.9}),
    ('RMSprop', {'lr': 0.01, 'alpha': 0.9}),
    ('RMSprop', {'lr': 0.01, 'eps_inside_sqrt': True}),
    ('RMSpropGraves', {'lr': 0.01}),
    ('SMORMS3', {'lr': 0.01}),
    ('MSVAG', {'lr': 0.1, 'beta': 0.8}),
    ('Adam', {'alpha': 0.01, 'beta1': 0.8, 'beta2': 0.95}),
    ('Adam', {'alpha': 0.01, 'weight_decay_rate': 0.1, 'eta': 0.5}),
    ('Adam', {'alpha': 0.01, 'adabound': True, 'final_lr': 0.05}),
    ('AdamW', {'alpha': 0.01, 'weight_decay_rate': 0.1}),
    ('AMSGrad', {'alpha': 0.01}),
    ('AdaBound', {'alpha': 0.01, 'final_lr': 0.05, 'gamma': 0.01}),
    ('AMSBound', {'alpha': 0.01}),
]

HOOKS = [
    ('WeightDecay', {'rate': 0.05}),
    ('Lasso', {'rate': 0.05}),
    ('GradientClipping', {'threshold': 0.5}),
    ('GradientHardClipping', {'lower_bound': -0.05, 'upper_bound': 0.08}),
    ('GradientLARS', {'threshold': 1e-2, 'weight_decay': 1e-3}),
]


@pytest.fixture(scope='module')
def optimizer_data(tmp_path_factory):
    path = tmp_path_factory.mktemp('optimizer_data') / 'data.npz'
    rng = numpy.random.RandomState(1)
    arrays = {'param_w': rng.uniform(-1, 1, (3, 4)).astype(numpy.float32),
              'param_b': rng.uniform(-1, 1, (4,)).astype(numpy.float32)}
    for step in range(4):
        arrays['grad%d_w' % step] = rng.uniform(-1, 1, (3, 4)).astype(numpy.float32)
        arrays['grad%d_b' % step] = rng.uniform(-1, 1, (4,)).astype(numpy.float32)
    numpy.savez(path, **arrays)
    return str(path)


CONFIGS = {'{}-{}'.format(name, '-'.join(sorted(kwargs))): (name, kwargs, [])
           for name, kwargs in OPTIMIZERS}
CONFIGS.update({'MomentumSGD+' + hook: ('MomentumSGD', {'lr': 0.1, 'momentum': 0.8},
                                        [[hook, kwargs]])
                for hook, kwargs in HOOKS})


@pytest.fixture(scope='module')
def optimizer_results(worker, optimizer_data, tmp_path_factory):
    """Four steps in one go, and the fourth from the state Chainer saved after three."""
    directory = tmp_path_factory.mktemp('optimizers')

    def job(framework, save_state):
        configs = []
        for key, (name, kwargs, hooks) in CONFIGS.items():
            runs = [{'steps': [0, 1, 2, 3], 'out': '{}.full.{}'.format(framework, key)}]
            if save_state:
                runs.append({'steps': [0, 1, 2], 'out': 'state.' + key})
            runs.append({'steps': [3], 'load': 'state.' + key,
                         'out': '{}.resumed.{}'.format(framework, key)})
            # M-SVAG divides by 1 - rho, rho = 0.9999 at the first step: rounding in
            # float32 would show at 1e-4 there, so it is compared in float64.
            dtype = 'float64' if name == 'MSVAG' else 'float32'
            configs.append({'optimizer': name, 'kwargs': kwargs, 'hooks': hooks,
                            'runs': runs, 'dtype': dtype})
        return {'command': 'optimizers', 'data': optimizer_data, 'configs': configs,
                'out': framework}

    run_job(worker, 'chainer', job('chainer', True), directory)
    run_job(worker, 'kusari', job('kusari', False), directory)
    return directory


def _arrays(directory, prefix):
    return {kind: load(directory / '{}.{}.npz'.format(prefix, kind))
            for kind in ('model', 'optimizer')}


@pytest.mark.parametrize('key', sorted(CONFIGS))
def test_optimizer_steps_match_chainer(optimizer_results, optimizer_data, key):
    directory = optimizer_results
    chainer_full = _arrays(directory, 'chainer.full.' + key)
    initial = load(optimizer_data)
    assert not numpy.allclose(chainer_full['model']['w'], initial['param_w'])
    for kind in ('model', 'optimizer'):
        assert_same_arrays(_arrays(directory, 'kusari.full.' + key)[kind], chainer_full[kind],
                           context='{} {}, four steps'.format(key, kind))


@pytest.mark.parametrize('key', sorted(CONFIGS))
def test_optimizer_step_from_chainer_state(optimizer_results, key):
    directory = optimizer_results
    kusari_resumed = _arrays(directory, 'kusari.resumed.' + key)
    if key.startswith('MSVAG'):
        # Chainer's MSVAG keeps beta**t outside the serialized state, so a resumed
        # Chainer run restarts the bias correction; kusari derives it from the saved t
        # and continues exactly as if never interrupted.
        expected = _arrays(directory, 'kusari.full.' + key)
        assert not numpy.allclose(_arrays(directory, 'chainer.resumed.' + key)['model']['w'],
                                  expected['model']['w'])
    else:
        expected = _arrays(directory, 'chainer.resumed.' + key)
        assert_same_arrays(expected['model'], _arrays(directory, 'chainer.full.' + key)['model'],
                           context='Chainer resumes {} exactly'.format(key))
    for kind in ('model', 'optimizer'):
        assert_same_arrays(kusari_resumed[kind], expected[kind],
                           context='{} {}, step from the saved state'.format(key, kind))


# -- Functions ----------------------------------------------------------------------------

def _floats(*shape):
    return ('f', shape)


def _ints(high, *shape):
    return ('i', high, shape)


def _binary(*shape):
    # 0. and 1. as floats (Chainer's Bernoulli cannot backpropagate with integer points).
    return ('b', shape)


# name: (expression of the inputs, input specs); inputs are float64 unless integer.
FUNCTIONS = {
    'relu': ('F.relu', [_floats(3, 4)]),
    'leaky_relu': ('lambda x: F.leaky_relu(x, slope=0.1)', [_floats(3, 4)]),
    'elu': ('F.elu', [_floats(3, 4)]),
    'sigmoid': ('F.sigmoid', [_floats(3, 4)]),
    'tanh': ('F.tanh', [_floats(3, 4)]),
    'softplus': ('F.softplus', [_floats(3, 4)]),
    'softmax': ('lambda x: F.softmax(x, axis=1)', [_floats(3, 5)]),
    'log_softmax': ('F.log_softmax', [_floats(3, 5)]),
    'logsumexp': ('lambda x: F.logsumexp(x, axis=1)', [_floats(3, 5)]),
    'linear': ('F.linear', [_floats(3, 4), _floats(2, 4), _floats(2)]),
    'matmul': ('lambda a, b: F.matmul(a, b, transb=True)', [_floats(3, 4), _floats(5, 4)]),
    'convolution_2d': ('lambda x, w, b: F.convolution_2d(x, w, b, stride=2, pad=1)',
                       [_floats(2, 3, 6, 5), _floats(4, 3, 3, 3), _floats(4)]),
    'deconvolution_2d': ('lambda x, w: F.deconvolution_2d(x, w, stride=2, pad=1)',
                         [_floats(2, 3, 4, 3), _floats(3, 2, 3, 3)]),
    'max_pooling_2d': ('lambda x: F.max_pooling_2d(x, 3, stride=2, pad=1)',
                       [_floats(2, 2, 6, 5)]),
    'average_pooling_2d': ('lambda x: F.average_pooling_2d(x, 2)', [_floats(2, 2, 6, 4)]),
    'batch_normalization': ('lambda x, g, b: F.batch_normalization(x, g, b)',
                            [_floats(4, 3, 2), _floats(3), _floats(3)]),
    'layer_normalization': ('F.layer_normalization', [_floats(4, 5), _floats(5), _floats(5)]),
    'local_response_normalization': ('F.local_response_normalization',
                                     [_floats(2, 7, 3, 3)]),
    'lstm': ('F.lstm', [_floats(3, 4), _floats(3, 16)]),
    'embed_id': ('lambda x, w: F.embed_id(x, w)', [_ints(6, 2, 3), _floats(6, 4)]),
    'softmax_cross_entropy': ('F.softmax_cross_entropy', [_floats(4, 5), _ints(5, 4)]),
    'sigmoid_cross_entropy': ('F.sigmoid_cross_entropy', [_floats(4, 3), _ints(2, 4, 3)]),
    'mean_squared_error': ('F.mean_squared_error', [_floats(3, 4), _floats(3, 4)]),
    'huber_loss': ('lambda x, t: F.huber_loss(x, t, delta=0.5)', [_floats(3, 4), _floats(3, 4)]),
    'select_item': ('F.select_item', [_floats(4, 3), _ints(3, 4)]),
    'concat_split': ('lambda a, b: F.split_axis(F.concat((a, b), axis=1), [2, 5], axis=1)',
                     [_floats(2, 3), _floats(2, 4)]),
    'sum_mean_max': ('lambda x: (F.sum(x, axis=0), F.mean(x, axis=1), F.max(x, axis=1))',
                     [_floats(3, 4)]),
    'broadcast_reshape_transpose': (
        'lambda x: F.transpose(F.reshape(F.broadcast_to(x, (2, 3, 4)), (4, 6)))',
        [_floats(3, 4)]),
    # Arrays (of any dtype) combined with a Variable take the Variable's dtype.
    'arithmetic_with_arrays': (
        'lambda x: (x + np.ones(x.shape, np.float32)) * np.arange(12, dtype=np.int32).reshape('
        '3, 4) - 1 / (np.full(x.shape, 3, np.float32) + x * x) ** np.full(x.shape, 2.)',
        [_floats(3, 4)]),
    'normal_distribution': (
        'lambda loc, log_scale, x: (lambda d, p: (d.log_prob(x), d.entropy, d.cdf(x), '
        'chainer.kl_divergence(d, p)))(chainer.distributions.Normal(loc, log_scale=log_scale), '
        'chainer.distributions.Normal(np.zeros(3), np.ones(3)))',
        [_floats(2, 3), _floats(2, 3), _floats(2, 3)]),
    'independent_bernoulli': (
        'lambda logit, x: (lambda d: (d.log_prob(x), d.entropy, d.mean))('
        'chainer.distributions.Independent(chainer.distributions.Bernoulli(logit=logit), '
        'reinterpreted_batch_ndims=1))',
        [_floats(2, 3), _binary(2, 3)]),
    'categorical_kl': (
        'lambda a, b: chainer.kl_divergence(chainer.distributions.Categorical(F.softmax(a)), '
        'chainer.distributions.Categorical(F.softmax(b)))',
        [_floats(2, 4), _floats(2, 4)]),
    'exp_log_sqrt': ('lambda x: F.log(F.exp(x) + 1) * F.sqrt(x * x + 1)', [_floats(3, 4)]),
    'n_step_lstm': (
        'lambda h, c, w, x0, x1: F.n_step_lstm(1, 0.0, h, c, [[w] * 8], [[np.zeros(2)] * 8], '
        '[x0, x1])[2]',
        [_floats(1, 2, 2), _floats(1, 2, 2), _floats(2, 2), _floats(2, 2), _floats(1, 2)]),
}


@pytest.fixture(scope='module')
def function_results(worker, tmp_path_factory):
    directory = tmp_path_factory.mktemp('functions')
    rng = numpy.random.RandomState(2)
    arrays = {}
    for name, (_, specs) in FUNCTIONS.items():
        for i, spec in enumerate(specs):
            if spec[0] == 'f':
                arrays['%s/x%d' % (name, i)] = rng.uniform(-1, 1, spec[1])
            elif spec[0] == 'b':
                arrays['%s/x%d' % (name, i)] = rng.randint(0, 2, spec[1]).astype(numpy.float64)
            else:
                arrays['%s/x%d' % (name, i)] = rng.randint(0, spec[1], spec[2]).astype(
                    numpy.int32)
    # Upstream gradients need the outputs' shapes: take them from a first Chainer run.
    cases = {name: {'expr': expr, 'n_inputs': len(specs)}
             for name, (expr, specs) in FUNCTIONS.items()}
    shapes_path = str(directory / 'shapes.npz')
    probe = dict(arrays)
    for name in FUNCTIONS:
        for i in range(4):
            probe['%s/gy%d' % (name, i)] = numpy.float64(0)
    numpy.savez(shapes_path, **probe)
    run_job(worker, 'chainer', {'command': 'functions', 'data': shapes_path, 'cases': cases,
                                'out': 'shapes_out.npz'}, directory)
    for key, value in load(directory / 'shapes_out.npz').items():
        name, _, which = key.partition('/')
        if which.startswith('y'):
            arrays['{}/gy{}'.format(name, which[1:])] = rng.uniform(-1, 1, value.shape)
    data = str(directory / 'data.npz')
    numpy.savez(data, **arrays)
    outputs = {}
    for framework in ('chainer', 'kusari'):
        run_job(worker, framework, {'command': 'functions', 'data': data, 'cases': cases,
                                    'out': framework + '.npz'}, directory)
        outputs[framework] = load(directory / (framework + '.npz'))
    return outputs


# Functions kusari knowingly gets wrong: name -> where kusari has to change.
KNOWN_GAPS = {}


@pytest.mark.parametrize('name', [
    pytest.param(name, marks=pytest.mark.xfail(reason='kusari gap: ' + KNOWN_GAPS[name]))
    if name in KNOWN_GAPS else name for name in sorted(FUNCTIONS)])
def test_function_matches_chainer(function_results, name):
    expected = {k: v for k, v in function_results['chainer'].items()
                if k.startswith(name + '/')}
    actual = {k: v for k, v in function_results['kusari'].items() if k.startswith(name + '/')}
    assert name + '/error' not in expected, str(expected.get(name + '/error'))
    assert name + '/error' not in actual, 'kusari: ' + str(actual.get(name + '/error'))
    assert any('/gx' in key for key in expected)
    # kusari may also differentiate inputs Chainer treats as constants (e.g. the points of
    # a discrete distribution); every output and every gradient Chainer gives must agree.
    extra = set(actual) - set(expected)
    assert all('/gx' in key for key in extra), sorted(extra)
    assert_same_arrays({key: actual[key] for key in actual if key not in extra}, expected,
                       atol=1e-10, rtol=1e-9, context=name)
