import io
import re
import time

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import function_hooks


def _x():
    return kusari.Variable(numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32))


def test_records_each_forward_and_backward_by_class_name():
    hook = function_hooks.TimerHook()
    x = _x()
    with hook:
        y = F.exp(x)
        y.grad = numpy.ones_like(y.array)
        y.backward()
    names = [name for name, _ in hook.call_history]
    assert names[0] == 'Exp' and names.count('Exp') == 2  # forward, then backward
    assert all(isinstance(t, float) and t >= 0 for _, t in hook.call_history)
    assert hook.summary()['Exp']['occurrence'] == 2


def test_local_hook_on_one_node():
    hook = function_hooks.TimerHook()
    node = F.math.exponential.exp  # a module function; hook a node instead
    del node
    x = _x()
    y = F.exp(x)
    y.creator.add_hook(hook)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert [name for name, _ in hook.call_history] == ['Exp']


def test_nested_calls_count_once_in_the_total():
    hook = function_hooks.TimerHook()
    outer, inner = kusari.FunctionNode(), kusari.FunctionNode()
    data = (numpy.zeros(1),)
    t0 = time.perf_counter()
    hook.forward_preprocess(outer, data)
    hook.forward_preprocess(inner, data)
    time.sleep(0.002)
    hook.forward_postprocess(inner, data)
    hook.forward_postprocess(outer, data)
    elapsed = time.perf_counter() - t0
    inner_time, outer_time = (t for _, t in hook.call_history)
    assert inner_time <= outer_time <= elapsed
    assert hook.total_time() == outer_time


@pytest.mark.parametrize('unit, pattern', [('sec', 'sec'), ('ms', 'ms'), ('us', 'us'),
                                           ('ns', 'ns'), ('auto', '(sec|ms|us|ns)'),
                                           ('auto_foreach', '(sec|ms|us|ns)')])
def test_print_report(unit, pattern):
    hook = function_hooks.TimerHook()
    with hook:
        F.exp(_x())
        F.exp(_x())
    out = io.StringIO()
    hook.print_report(unit=unit, file=out)
    assert re.fullmatch(r'FunctionName +ElapsedTime +Occurrence\n +Exp +[0-9.]+{} +2\n'
                        .format(pattern), out.getvalue())


def test_print_report_rejects_unknown_unit():
    hook = function_hooks.TimerHook()
    with pytest.raises(ValueError, match='unit'):
        hook.print_report(unit='hours', file=io.StringIO())
