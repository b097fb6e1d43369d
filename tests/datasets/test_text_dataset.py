import pickle

import pytest

from kusari.datasets import TextDataset


@pytest.fixture
def files(tmp_path):
    a = tmp_path / 'a.txt'
    b = tmp_path / 'b.txt'
    a.write_text('first\nsecond line\n\nfourth\n', encoding='utf-8')
    b.write_text('eins\nzwei\ndrei\nvier\n', encoding='utf-8')
    return str(a), str(b)


def test_lines_of_one_file(files):
    d = TextDataset(files[0])
    assert len(d) == 4
    assert [d[i] for i in range(4)] == ['first\n', 'second line\n', '\n', 'fourth\n']
    assert d[3] == 'fourth\n' and d[0] == 'first\n'  # random access
    d.close()


def test_parallel_files_give_tuples(files):
    d = TextDataset(list(files))
    assert d[1] == ('second line\n', 'zwei\n')
    assert d[2:4] == [('\n', 'drei\n'), ('fourth\n', 'vier\n')]
    d.close()


def test_filter_func_keeps_matching_lines(files):
    d = TextDataset(list(files), filter_func=lambda a, b: a.strip() != '')
    assert len(d) == 3
    assert [d[i][1] for i in range(3)] == ['eins\n', 'zwei\n', 'vier\n']
    with pytest.raises(IndexError):
        d[3]
    d.close()


def test_encoding_per_file_and_unicode(tmp_path):
    path = tmp_path / 'jp.txt'
    path.write_bytes('お\nき\n'.encode('shift_jis'))
    d = TextDataset(str(path), encoding='shift_jis')
    assert [d[0], d[1]] == ['お\n', 'き\n']
    d.close()


def test_pickling_reopens_the_files(files):
    d = TextDataset(list(files))
    clone = pickle.loads(pickle.dumps(d))
    assert clone[3] == ('fourth\n', 'vier\n')
    d.close()
    clone.close()


def test_files_with_different_line_counts(tmp_path, files):
    short = tmp_path / 'short.txt'
    short.write_text('one\n')
    with pytest.raises(ValueError, match='different numbers of lines'):
        TextDataset([files[0], str(short)])


def test_option_list_of_wrong_length(files):
    with pytest.raises(ValueError, match='encoding has 1 entries but 2 files'):
        TextDataset(list(files), encoding=['utf-8'])
    with pytest.raises(ValueError, match='at least one'):
        TextDataset([])


def test_closed_dataset_raises_and_close_closes_every_file(files):
    d = TextDataset([files[0], files[0], files[0]])
    d.close()
    with pytest.raises(ValueError):
        d[0]
    d = TextDataset([files[0], files[0], files[0]])
    first, middle, last = d._fps
    d._fps[1] = None  # a file that cannot be closed
    with pytest.raises(AttributeError):
        d.close()
    assert first.closed and last.closed
    middle.close()
