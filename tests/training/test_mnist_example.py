"""The main job, examples/mnist/train_mnist.py, on the embedded digits."""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, 'examples', 'mnist', 'train_mnist.py')


def test_main_job_writes_log_plots_graph_and_snapshot(tmp_path):
    pytest.importorskip('matplotlib')
    out = tmp_path / 'result'
    env = dict(os.environ, KUSARI_DATASET_ROOT=str(tmp_path / 'no_mnist_here'))
    done = subprocess.run([sys.executable, SCRIPT, '--epoch', '2', '--unit', '50',
                           '--out', str(out)], cwd=str(tmp_path), env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '# train: 1497, test: 300, input size: 64' in done.stdout  # the embedded digits
    for line in ('log:       {}'.format(out / 'log'), 'graph:     {}'.format(out / 'cg.dot'),
                 'snapshots: {}'.format(out / 'snapshot_iter_30')):
        assert line in done.stdout

    log = json.loads((out / 'log').read_text())
    assert [e['epoch'] for e in log] == [0, 1, 2]
    assert log[-1]['validation/main/accuracy'] > log[0]['validation/main/accuracy']
    assert log[-1]['main/loss'] < log[1]['main/loss']

    for name in ('loss.png', 'accuracy.png'):
        png = (out / name).read_bytes()
        assert png.startswith(b'\x89PNG\r\n\x1a\n') and png.endswith(b'IEND\xaeB`\x82')

    dot = (out / 'cg.dot').read_text()
    assert dot.startswith('digraph graphname{rankdir=TB;') and dot.rstrip().endswith('}')
    labels = re.findall(r'label="([^"]*)"', dot)
    assert labels.count('LinearFunction') == 3 and labels.count('ReLU') == 2
    assert 'SoftmaxCrossEntropy' in labels and 'W: (50, 64), float32' in labels
    if shutil.which('dot'):
        subprocess.run(['dot', '-Tpng', str(out / 'cg.dot'), '-o', str(tmp_path / 'cg.png')],
                       check=True)

    # Rerunning with --autoload and more epochs continues from the snapshot.
    more = subprocess.run([sys.executable, SCRIPT, '--epoch', '3', '--unit', '50', '--out',
                           str(out), '--autoload', '--noplot'], cwd=str(tmp_path), env=env,
                          capture_output=True, text=True, timeout=300)
    assert more.returncode == 0, more.stdout + more.stderr
    log = json.loads((out / 'log').read_text())
    assert [e['epoch'] for e in log] == [0, 1, 2, 3]
    assert sorted(os.listdir(out)) == ['accuracy.png', 'cg.dot', 'log', 'loss.png',
                                       'snapshot_iter_45']  # n_retains=1
