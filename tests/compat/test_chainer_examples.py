"""Chainer v7.8.1's own ``examples/`` scripts, unmodified, run on kusari.

Given a Chainer git directory (``CHAINER_GIT``), the examples of the v7.8.1 tag are
extracted to a temporary directory and each script runs as a Chainer user would run
it, ``python -m kusari.compat SCRIPT ...``, on the CPU and offline, for a few
iterations (the scripts' own flags: one epoch, small batches and units). The datasets
are tiny synthetic ones in Chainer's dataset cache (``$CHAINER_DATASET_ROOT/pfnet/
chainer/<name>/``, see :mod:`tests.compat.chainer_caches`) or, for the examples that
read files of their own, small files in those formats. Each step must exit 0 and write
what the script writes.

Scripts that Chainer itself cannot run on the CPU are left out: the
MultiprocessParallelUpdater example (NCCL and GPUs), ChainerMN's (MPI), and those that
download data or pretrained models at run time (image captioning, model zoo, pix2pix,
text classification, WaveNet, reinforcement learning with OpenAI Gym; compact stand-ins
for the last are in ``test_compact_examples.py``).
"""

import importlib.util
import io
import os
import subprocess
import sys
import tarfile

import numpy
import pytest
from tests.compat import chainer_caches
from tests.compat._subprocess import REPO_ROOT

CHAINER_GIT = os.environ.get('CHAINER_GIT')
TAG = 'v7.8.1'

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHAINER_GIT, reason='CHAINER_GIT (a Chainer git directory, whose '
                       'v7.8.1 examples run here) is not set'),
]

N_MNIST = 40, 64  # training, test; the VAE example plots test image 61
N_CIFAR = 8, 4
N_PTB_WORDS = 30


@pytest.fixture(scope='module')
def examples(tmp_path_factory):
    """The examples directory of Chainer v7.8.1, extracted from CHAINER_GIT."""
    archive = subprocess.run(['git', '-C', CHAINER_GIT, 'archive', TAG, 'examples'],
                             capture_output=True, check=True).stdout
    root = tmp_path_factory.mktemp('chainer_examples')
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(root, filter='data')
    return root / 'examples'


@pytest.fixture(scope='module')
def dataset_root(tmp_path_factory):
    """A dataset root holding tiny MNIST, CIFAR-10/100 and PTB as Chainer caches them."""
    root = tmp_path_factory.mktemp('chainer_dataset_root')
    rng = numpy.random.RandomState(0)
    chainer_caches.write_mnist(root, rng, *N_MNIST)
    chainer_caches.write_cifar(root, rng, 10, *N_CIFAR)
    chainer_caches.write_cifar(root, rng, 100, *N_CIFAR)
    # --test keeps the first 100 IDs of each split; they hold every word.
    chainer_caches.write_ptb(root, rng, N_PTB_WORDS, {'train': 300, 'valid': 120, 'test': 120})
    return root


@pytest.fixture
def run(examples, dataset_root, tmp_path):
    """Runs ``examples/<script>`` with kusari in ``tmp_path`` (or ``cwd``); checks exit 0."""

    def run_script(script, *args, cwd=None, env=None, timeout=900):
        environment = dict(os.environ, CHAINER_DATASET_ROOT=str(dataset_root),
                           MPLBACKEND='Agg', **(env or {}))
        environment.pop('KUSARI_DATASET_ROOT', None)
        environment['PYTHONPATH'] = os.pathsep.join(
            filter(None, [REPO_ROOT, os.environ.get('PYTHONPATH')]))
        command = [sys.executable, '-m', 'kusari.compat', str(examples / script)]
        result = subprocess.run(command + [str(a) for a in args], cwd=str(cwd or tmp_path),
                                env=environment, capture_output=True, text=True,
                                timeout=timeout)
        assert result.returncode == 0, '{} {} failed:\n{}\n{}'.format(
            script, ' '.join(map(str, args)), result.stdout[-3000:], result.stderr[-6000:])
        return result

    return run_script


def requires(*modules):
    """Skips unless the modules an example imports are installed."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip('the example imports {}, which is not installed'.format(
            ', '.join(missing)))


def assert_files(directory, *names):
    missing = [name for name in names if not (directory / name).exists()]
    assert not missing, '{} lacks {} (has {})'.format(directory, missing,
                                                       sorted(os.listdir(directory)))


# -- MNIST ---------------------------------------------------------------------------------

MNIST_OPTIONS = ('--batchsize', 10, '--unit', 10)


def test_mnist_train_resume_and_inference(run, tmp_path):
    requires('matplotlib')
    out = tmp_path / 'result'
    run('mnist/train_mnist.py', '--epoch', 1, '--out', out, *MNIST_OPTIONS)
    assert_files(out, 'log', 'cg.dot', 'loss.png', 'accuracy.png', 'snapshot_iter_4')
    result = run('mnist/train_mnist.py', '--epoch', 2, '--out', out,
                 '--resume', out / 'snapshot_iter_4', *MNIST_OPTIONS)
    assert_files(out, 'snapshot_iter_8')
    assert '\n2 ' in result.stdout  # the second epoch, after the resumed first
    result = run('mnist/inference.py', '--snapshot', out / 'snapshot_iter_8', '--unit', 10)
    assert 'Prediction:' in result.stdout and 'Answer:' in result.stdout


def test_mnist_custom_loop(run, tmp_path):
    result = run('mnist/train_mnist_custom_loop.py', '--epoch', 1, '--out', tmp_path / 'out',
                 *MNIST_OPTIONS)
    assert 'test mean  loss' in result.stdout
    assert_files(tmp_path / 'out', 'mlp.model', 'mlp.state')


def test_mnist_data_parallel_on_two_cpu_devices(run, tmp_path):
    run('mnist/train_mnist_data_parallel.py', '--epoch', 1, '--device0', '@numpy',
        '--device1', '@numpy', '--out', tmp_path / 'out', *MNIST_OPTIONS)
    assert_files(tmp_path / 'out', 'log', 'snapshot_iter_4')


def test_mnist_model_parallel_on_two_cpu_devices(run, tmp_path):
    run('mnist/train_mnist_model_parallel.py', '--epoch', 1, '--device0', '@numpy',
        '--device1', '@numpy', '--out', tmp_path / 'out', *MNIST_OPTIONS)
    assert_files(tmp_path / 'out', 'log', 'snapshot_iter_4')


def test_vae(run, tmp_path):
    requires('matplotlib')
    run('vae/train_vae.py', '--epoch', 1, '--batch-size', 10, '--dim-z', 2, '--dim-h', 10,
        '--out', tmp_path / 'out')
    assert_files(tmp_path / 'out', 'log', 'train_reconstructed.png',
                 'test_reconstructed.png', 'sampled.png')


# -- CIFAR ---------------------------------------------------------------------------------

CIFAR_OPTIONS = ('--epoch', 1, '--batchsize', 4)


@pytest.mark.parametrize('dataset', ['cifar10', 'cifar100'])
def test_cifar(run, tmp_path, dataset):
    result = run('cifar/train_cifar.py', '--dataset', dataset, '--out', tmp_path / 'out',
                 *CIFAR_OPTIONS)
    assert 'Using {} dataset.'.format(dataset.upper()) in result.stdout
    assert_files(tmp_path / 'out', 'log', 'snaphot_epoch_1')  # sic


def test_cifar_custom_loop(run, tmp_path):
    run('cifar/train_cifar_custom_loop.py', '--out', tmp_path / 'out', *CIFAR_OPTIONS)
    assert_files(tmp_path / 'out', 'vgg.model', 'vgg.state')


def test_dcgan(run, tmp_path):
    requires('PIL')
    run('dcgan/train_dcgan.py', '--epoch', 1, '--batchsize', 4, '--n_hidden', 10,
        '--snapshot_interval', 2, '--display_interval', 1, '--out', tmp_path / 'out')
    assert_files(tmp_path / 'out', 'log', 'gen_iter_2.npz', 'dis_iter_2.npz',
                 'snapshot_iter_2.npz', 'preview/image00000002.png')


# -- Language models and word vectors ------------------------------------------------------

PTB_OPTIONS = ('--test', '--epoch', 1, '--batchsize', 5, '--bproplen', 5, '--unit', 10)


def test_ptb_and_gentxt(run, tmp_path):
    out = tmp_path / 'result'
    result = run('ptb/train_ptb.py', '--out', out, '--model', tmp_path / 'model.npz',
                 *PTB_OPTIONS)
    assert 'test perplexity:' in result.stdout
    assert_files(tmp_path, 'model.npz')
    result = run('ptb/gentxt.py', '--model', tmp_path / 'model.npz', '--primetext', 'w3',
                 '--unit', 10, '--length', 5)
    assert result.stdout.split()[0] == 'w3'


def test_ptb_custom_loop(run, tmp_path):
    run('ptb/train_ptb_custom_loop.py', '--out', tmp_path / 'out', *PTB_OPTIONS)
    assert_files(tmp_path / 'out', 'rnnlm.model', 'rnnlm.state')


@pytest.mark.parametrize('model,out_type', [('skipgram', 'hsm'), ('cbow', 'ns'),
                                            ('skipgram', 'original')])
def test_word2vec(run, tmp_path, model, out_type):
    run('word2vec/train_word2vec.py', '--test', '--model', model, '--out-type', out_type,
        '--epoch', 1, '--unit', 5, '--window', 2, '--batchsize', 50, '--out', tmp_path / 'out')
    lines = (tmp_path / 'out' / 'word2vec.model').read_text().splitlines()
    assert lines[0].split() == [str(N_PTB_WORDS), '5'] and len(lines) == N_PTB_WORDS + 1


# -- Examples with data files of their own ---------------------------------------------------

def _random_tree(rng, depth):
    if depth == 0 or rng.rand() < 0.3:
        return '({} w{})'.format(rng.randint(5), rng.randint(10))
    return '({} {} {})'.format(rng.randint(5), _random_tree(rng, depth - 1),
                               _random_tree(rng, depth - 1))


@pytest.fixture
def sentiment_trees(tmp_path):
    """trees/{train,dev,test}.txt in the Stanford Sentiment Treebank's PTB format."""
    rng = numpy.random.RandomState(2)
    (tmp_path / 'trees').mkdir()
    for split, n in (('train', 12), ('dev', 4), ('test', 4)):
        (tmp_path / 'trees' / (split + '.txt')).write_text(
            '\n'.join(_random_tree(rng, 3) for _ in range(n)) + '\n')


def test_sentiment(run, tmp_path, sentiment_trees):
    result = run('sentiment/train_sentiment.py', '--epoch', 1, '--epocheval', 1, '--unit', 5,
                 '--batchsize', 4, '--out', tmp_path / 'out')
    assert 'Root accuracy' in result.stdout
    assert_files(tmp_path / 'out', 'log', 'snapshot_epoch_1')


def test_sentiment_recursive_minibatch(run, tmp_path, sentiment_trees):
    result = run('sentiment/train_recursive_minibatch.py', '--epoch', 1, '--epocheval', 1,
                 '--unit', 5, '--batchsize', 4)
    assert 'validation/main/accuracy' in result.stdout


@pytest.mark.parametrize('dataset_api', [False, True])
def test_seq2seq(run, tmp_path, dataset_api):
    requires('nltk', 'progressbar')
    rng = numpy.random.RandomState(1)
    source_words = ['s{}'.format(i) for i in range(12)]
    target_words = ['t{}'.format(i) for i in range(12)]
    (tmp_path / 'source.vocab').write_text('\n'.join(source_words) + '\n')
    (tmp_path / 'target.vocab').write_text('\n'.join(target_words) + '\n')
    for split, n in (('train', 16), ('valid', 4)):
        pairs = [rng.randint(0, 12, rng.randint(2, 6)) for _ in range(n)]
        (tmp_path / (split + '.source')).write_text(
            '\n'.join(' '.join(source_words[i] for i in ids) for ids in pairs) + '\n')
        (tmp_path / (split + '.target')).write_text(
            '\n'.join(' '.join(target_words[i] for i in ids[::-1]) for ids in pairs) + '\n')
    result = run('seq2seq/seq2seq.py', 'train.source', 'train.target', 'source.vocab',
                 'target.vocab', '--validation-source', 'valid.source',
                 '--validation-target', 'valid.target', '--unit', 8, '--layer', 1,
                 '--batchsize', 4, '--epoch', 1, '--log-interval', 2,
                 '--validation-interval', 2, '--save', 'model.npz', '--out', 'out',
                 *(['--use-dataset-api'] if dataset_api else []))
    assert '# source : ' in result.stdout
    assert_files(tmp_path, 'model.npz', 'out/log')


def test_memnn_train_and_test(run, tmp_path):
    rng = numpy.random.RandomState(4)
    people = ['Mary', 'John', 'Sandra', 'Daniel']
    places = ['bathroom', 'hallway', 'garden', 'office', 'kitchen']

    def story():  # bAbI task 1: single supporting fact
        lines, where = [], {}
        for n in range(1, 5):
            person, place = people[rng.randint(4)], places[rng.randint(5)]
            lines.append('{} {} went to the {}.'.format(len(lines) + 1, person, place))
            where[person] = place, len(lines)
            if n % 2 == 0:
                asked = sorted(where)[rng.randint(len(where))]
                lines.append('{} Where is {}? \t{}\t{}'.format(len(lines) + 1, asked,
                                                              *where[asked]))
        return lines

    for split, n in (('train', 8), ('test', 3)):
        (tmp_path / (split + '.txt')).write_text(
            '\n'.join(line for _ in range(n) for line in story()) + '\n')
    run('memnn/train_memnn.py', 'train.txt', 'test.txt', '--model', 'model', '--batchsize', 4,
        '--epoch', 1, '--unit', 5, '--hop', 2)
    assert_files(tmp_path / 'model', 'model.npz', 'parameter.json')
    result = run('memnn/test_memnn.py', 'model', 'test.txt')
    assert 'Accuracy: ' in result.stdout


def test_pos_tagging(run, tmp_path):
    """NLTK reads a tiny Brown corpus from NLTK_DATA (its download fails offline)."""
    requires('nltk')
    rng = numpy.random.RandomState(5)
    tagged = [('the', 'at'), ('dog', 'nn'), ('cat', 'nn'), ('runs', 'vbz'), ('sees', 'vbz'),
              ('big', 'jj'), ('quickly', 'rb'), ('.', '.')]
    brown = tmp_path / 'nltk_data' / 'corpora' / 'brown'
    brown.mkdir(parents=True)
    sentences = ['\t' + ' '.join('{}/{}'.format(*tagged[i])
                                 for i in rng.randint(0, len(tagged), rng.randint(3, 9)))
                 for _ in range(40)]
    (brown / 'ca01').write_text('\n\n' + '\n\n'.join(sentences) + '\n')
    (brown / 'cats.txt').write_text('ca01 news\n')
    result = run('pos/postagging.py', '--batchsize', 4, '--epoch', 1, '--out', 'out',
                 env={'NLTK_DATA': str(tmp_path / 'nltk_data')})
    assert '# of sentences: 40' in result.stdout


def test_glance(run, examples, tmp_path):
    """The first 143 rows of its mushrooms.csv (100 for training: one batch an epoch)."""
    requires('matplotlib')
    with open(examples / 'glance' / 'mushrooms.csv') as f:
        (tmp_path / 'mushrooms.csv').write_text(''.join(next(f) for _ in range(144)))
    result = run('glance/glance.py')
    assert 'Predicted' in result.stdout.splitlines()[-1]
    assert_files(tmp_path / 'result', 'log', 'loss.png', 'accuracy.png', 'snapshot_iter_40')


def test_serialization_save_and_load(run, tmp_path):
    requires('h5py')
    run('serialization/save.py')
    assert_files(tmp_path, 'model.npz', 'model.h5')
    result = run('serialization/load.py')
    assert 'model.h5 loaded!' in result.stdout


# -- ImageNet --------------------------------------------------------------------------------

def test_imagenet_compute_mean_and_train(run, examples, tmp_path):
    """On the example's own test data (one image listed twice), as Chainer's CI runs it."""
    requires('PIL')
    testdata = examples / 'imagenet' / '.testdata'
    images, listing = testdata / 'images', testdata / 'data.txt'
    run('imagenet/compute_mean.py', '--root', images, listing)
    assert numpy.load(tmp_path / 'mean.npy').shape == (3, 300, 300)
    for arch in ('nin', 'resnet50'):
        run('imagenet/train_imagenet.py', '--arch', arch, '--root', images, '--batchsize', 1,
            '--val_batchsize', 1, '--epoch', 1, '--test', '--out', arch, listing, listing)
        assert_files(tmp_path / arch, 'log', 'model_iter_2', 'snapshot_iter_2')


# -- Static graph optimizations -------------------------------------------------------------

def test_static_graph_mnist(run, tmp_path):
    requires('matplotlib')
    run('static_graph_optimizations/mnist/train_mnist.py', '--epoch', 1,
        '--out', tmp_path / 'out', *MNIST_OPTIONS)
    assert_files(tmp_path / 'out', 'log', 'snapshot_iter_4')


def test_static_graph_mnist_custom_loop(run, tmp_path):
    run('static_graph_optimizations/mnist/train_mnist_custom_loop.py', '--epoch', 1,
        *MNIST_OPTIONS)
    assert_files(tmp_path, 'mlp.model', 'mlp.state')


def test_static_graph_cifar(run, tmp_path):
    run('static_graph_optimizations/cifar/train_cifar.py', '--device', -1,
        '--out', tmp_path / 'out', *CIFAR_OPTIONS)
    assert_files(tmp_path / 'out', 'log', 'snapshot_iter_2')


def test_static_graph_cifar_custom_loop(run, tmp_path):
    run('static_graph_optimizations/cifar/train_cifar_custom_loop.py', '--device', -1,
        *CIFAR_OPTIONS)
    assert_files(tmp_path, 'mlp.model', 'mlp.state')  # sic
