import os

import pytest

from kusari import core, serializers
from kusari.training import extensions
from kusari.training.extensions import computational_graph


def test_dumps_the_loss_graph_once_and_restores_the_flag(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(2, 'epoch'))
    dump = extensions.DumpGraph('main/loss', filename='graph.dot')
    trainer.extend(dump)
    kept = []
    trainer.extend(lambda t: kept.append(t.observation['main/loss'].creator is not None),
                   name='spy', priority=50)
    assert core.config.keep_graph_on_report is False
    trainer.run()
    assert kept == [True] + [False] * 5  # the graph is kept only until the dump
    assert core.config.keep_graph_on_report is False
    text = (tmp_path / 'result' / 'graph.dot').read_text()
    assert text.startswith('digraph graphname{rankdir=TB;')
    for label in ('LinearFunction', 'SoftmaxCrossEntropy', 'W: (2, 3), float32'):
        assert 'label="{}"'.format(label) in text
    serializers.save_npz(tmp_path / 'd.npz', dump)
    resumed = extensions.dump_graph('main/loss')
    serializers.load_npz(tmp_path / 'd.npz', resumed)
    assert not resumed.trigger(trainer)  # a resumed run does not dump (or keep graphs)


def test_a_missing_or_wrong_root_is_a_clear_error(trainer_factory):
    trainer = trainer_factory(stop=(1, 'epoch'))
    trainer.extend(extensions.DumpGraph('main/los'))
    with pytest.raises(KeyError, match="DumpGraph: 'main/los' was not reported"):
        trainer.run(show_loop_exception_msg=False)
    assert core.config.keep_graph_on_report is False
    trainer = trainer_factory(stop=(1, 'epoch'))
    trainer.extend(extensions.DumpGraph('epoch_value'))
    trainer.extend(lambda t: t.observation.update(epoch_value=1.0), name='w', priority=300)
    with pytest.raises(TypeError, match="'epoch_value' is a float, not a Variable"):
        trainer.run(show_loop_exception_msg=False)
    with pytest.raises(TypeError, match='unexpected argument'):
        extensions.DumpGraph('main/loss', out='x')


def test_renders_a_png_when_graphviz_is_installed(trainer_factory, tmp_path, monkeypatch):
    monkeypatch.setenv('PATH', str(tmp_path / 'nobin'))
    assert not computational_graph.is_graphviz_available()
    bin_dir = tmp_path / 'bin'
    bin_dir.mkdir()
    fake_dot = bin_dir / 'dot'  # echoes what it was asked to render
    fake_dot.write_text('#!/bin/sh\n[ "$1" = -V ] && exit 0\necho "png of $2"\n')
    fake_dot.chmod(0o755)
    monkeypatch.setenv('PATH', str(bin_dir) + os.pathsep + os.environ.get('PATH', ''))
    assert computational_graph.is_graphviz_available()
    assert not computational_graph.is_return_code_zero([str(bin_dir / 'missing')])
    trainer = trainer_factory(stop=(1, 'iteration'))
    trainer.extend(extensions.DumpGraph('main/loss', filename='g.dot'))
    trainer.run()
    out = tmp_path / 'result'
    assert (out / 'g.png').read_text() == 'png of {}\n'.format(out / 'g.dot')
