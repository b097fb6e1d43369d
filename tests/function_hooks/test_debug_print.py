import io
import re

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import function_hooks


def test_prints_label_and_inputs_in_forward():
    out = io.StringIO()
    x = kusari.Variable(numpy.ones((3, 5), numpy.float32))
    with function_hooks.PrintHook(file=out):
        label = F.exp(x).creator.label
    assert re.match(r'''function\t{}
input data
<variable at 0x[0-9a-f]+>
- device: CPU
- backend: <class 'numpy.ndarray'>
- shape: \(3, 5\)
- dtype: float32
- statistics: mean=1.00000000, std=0.00000000
- grad: None
$'''.format(label), out.getvalue())


def test_prints_output_gradients_in_backward():
    out = io.StringIO()
    x = kusari.Variable(numpy.ones((2,), numpy.float32))
    y = F.exp(x)
    y.grad = numpy.full((2,), 2.0, numpy.float32)
    y.creator.add_hook(function_hooks.PrintHook(file=out, end='|'))
    y.backward()
    text = out.getvalue()
    assert text.startswith('function\t{}|input data|'.format(y.creator.label))
    assert 'output gradient|' in text
    assert text.endswith('- grad: mean=2.00000000, std=0.00000000|')


def test_sep_is_deprecated():
    with pytest.warns(DeprecationWarning, match='sep'):
        function_hooks.PrintHook(sep=' ')
