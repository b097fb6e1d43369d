import os

import numpy
import pytest

from kusari.dataset import download
from kusari.datasets import get_ptb_words
from kusari.datasets import get_ptb_words_vocabulary
from kusari.datasets import ptb

TEXTS = {
    'train': ' the cat sat \n a cat ran <unk> \n',
    'valid': ' a cat \n',
    'test': ' the <unk> sat \n\n',
}


@pytest.fixture
def small_ptb(dataset_root, formats, monkeypatch):
    (dataset_root / 'pfnet' / 'chainer' / 'ptb').mkdir(parents=True)
    for split, text in TEXTS.items():
        file_name, _ = ptb._FILES[split]
        path = dataset_root / 'pfnet' / 'chainer' / 'ptb' / file_name
        path.write_text(text)
        monkeypatch.setitem(ptb._FILES, split, (file_name, formats.md5_of(path)))


def test_word_ids_in_order_of_first_appearance(small_ptb):
    vocabulary = get_ptb_words_vocabulary()
    assert vocabulary == {'the': 0, 'cat': 1, 'sat': 2, '<eos>': 3, 'a': 4, 'ran': 5,
                          '<unk>': 6}
    train, valid, test = get_ptb_words()
    assert train.dtype == numpy.int32
    assert train.tolist() == [0, 1, 2, 3, 4, 1, 5, 6, 3]
    assert valid.tolist() == [4, 1, 3]
    assert test.tolist() == [0, 6, 2, 3, 3]  # an empty line is still a sentence end


def test_cached_after_first_load(small_ptb, dataset_root):
    get_ptb_words()
    for split in TEXTS:
        os.remove(dataset_root / 'pfnet' / 'chainer' / 'ptb' / ptb._FILES[split][0])
    assert get_ptb_words()[1].tolist() == [4, 1, 3]
    assert get_ptb_words_vocabulary()['ran'] == 5


def test_unknown_word_in_test_split(dataset_root, formats, monkeypatch):
    (dataset_root / 'pfnet' / 'chainer' / 'ptb').mkdir(parents=True)
    for split, text in (('train', 'a b\n'), ('valid', 'a\n'), ('test', 'c\n')):
        path = dataset_root / 'pfnet' / 'chainer' / 'ptb' / ptb._FILES[split][0]
        path.write_text(text)
        monkeypatch.setitem(ptb._FILES, split, (path.name, formats.md5_of(path)))
    with pytest.raises(ValueError, match="'c' of ptb.test.txt"):
        get_ptb_words()


def test_offline_message(dataset_root, no_network):
    with pytest.raises(download.DownloadError) as info:
        get_ptb_words()
    assert os.path.join(str(dataset_root), 'pfnet', 'chainer', 'ptb',
                        'ptb.train.txt') in str(info.value)
    assert 'f26c4b92c5fdc7b3f8c7cdcb991d8420' in str(info.value)
