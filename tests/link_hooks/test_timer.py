import io
import re

import numpy

import kusari
import kusari.links as L
from kusari import link_hooks


class MLP(kusari.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 4)
            self.l2 = L.Linear(4, 2)

    def forward(self, x):
        return self.l2(self.l1(x))


def test_times_every_link_parents_include_children():
    hook = link_hooks.TimerHook()
    with hook:
        MLP()(numpy.ones((1, 3), numpy.float32))
    names = [name for name, _ in hook.call_history]
    assert names == ['Linear', 'Linear', 'MLP']  # in the order they finish
    (_, t1), (_, t2), (_, total) = hook.call_history
    assert t1 + t2 <= total and hook.total_time() == total
    assert hook.summary()['Linear']['occurrence'] == 2


def test_print_report():
    hook = link_hooks.TimerHook()
    model = MLP()
    model.l1.add_hook(hook)
    model(numpy.ones((1, 3), numpy.float32))
    out = io.StringIO()
    hook.print_report(unit='ms', file=out)
    assert re.fullmatch(r'LinkName +ElapsedTime +Occurrence\n +Linear +[0-9.]+ms +1\n',
                        out.getvalue())
