"""ProgressBar and PrintReport in Jupyter: a notebook executed headlessly (nbclient, a real
IPython kernel) shows each as one output of the cell, updated in place, and nothing with
a terminal's cursor control."""

import os

import pytest

nbformat = pytest.importorskip('nbformat')
nbclient = pytest.importorskip('nbclient')
pytest.importorskip('ipykernel')

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))

TRAINING = '''\
import numpy
import kusari.links as L
from kusari import datasets, iterators, optimizers, training
from kusari.training import extensions

rng = numpy.random.RandomState(0)
x = rng.randn(40, 3).astype(numpy.float32)
t = (x.sum(axis=1) > 0).astype(numpy.int32)
model = L.Classifier(L.Linear(3, 2))
optimizer = optimizers.SGD(lr=0.1).setup(model)
train_iter = iterators.SerialIterator(datasets.TupleDataset(x, t), 10)
trainer = training.Trainer(training.StandardUpdater(train_iter, optimizer), (3, 'epoch'),
                           out='result')
trainer.extend(extensions.LogReport(trigger=(1, 'epoch')))
trainer.extend(extensions.PrintReport(['epoch', 'iteration', 'main/loss']))
trainer.extend(extensions.ProgressBar(update_interval=1))
trainer.run()
'''


class RecordingClient(nbclient.NotebookClient):
    """Counts the kernel's display messages per display id."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.messages = []

    def process_message(self, msg, cell, cell_index):
        if msg['msg_type'] in ('display_data', 'update_display_data'):
            display_id = msg['content'].get('transient', {}).get('display_id')
            self.messages.append((msg['msg_type'], display_id))
        return super().process_message(msg, cell, cell_index)


def test_progress_bar_and_report_update_one_output_each(tmp_path):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(TRAINING)]
    client = RecordingClient(notebook, timeout=120, kernel_name='python3',
                             resources={'metadata': {'path': str(tmp_path)}})
    client.execute(env={**os.environ,
                        'PYTHONPATH': os.pathsep.join(
                            filter(None, [ROOT, os.environ.get('PYTHONPATH')]))})
    outputs = notebook.cells[0].outputs
    assert [output.output_type for output in outputs] == ['display_data', 'display_data']
    report, bar = outputs  # PrintReport is called first (both have the same priority)
    for output in outputs:
        assert '\033' not in output.data['text/plain']

    # The bar: shown at iteration 1, then updated in place at each of the 11 others,
    # and left showing the end.
    shown = [display_id for kind, display_id in client.messages if kind == 'display_data']
    assert len(shown) == len(set(shown)) == 2
    report_id, bar_id = shown
    updates = [display_id for kind, display_id in client.messages
               if kind == 'update_display_data']
    assert updates.count(bar_id) == 11
    assert 'total [' + '#' * 50 + '] 100.00%' in bar.data['text/plain']
    assert '12 iter, 3 epoch / 3 epochs' in bar.data['text/plain']
    assert bar.data['text/html'].count('<progress') == 2

    # The report: shown with its header, updated at each of the 3 log entries.
    assert updates.count(report_id) == 3
    lines = report.data['text/plain'].splitlines()
    assert lines[0].split() == ['epoch', 'iteration', 'main/loss']
    assert [line.split()[:2] for line in lines[1:]] == [['1', '4'], ['2', '8'], ['3', '12']]
    assert report.data['text/html'].count('<tr>') == 4
