"""The graph core: configuration, Variable, FunctionNode and backprop semantics."""

import contextlib
import copy
import functools
import gc
import io
import operator
import os
import signal
import subprocess
import sys
import threading
import weakref

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import Variable


def f32(*values):
    return numpy.array(values, dtype=numpy.float32)


# -- configuration ------------------------------------------------------------------

CHAINER_V7_KEYS = [
    '_will_recompute', 'autotune', 'compute_mode', 'cudnn_deterministic',
    'cudnn_fast_batch_normalization', 'debug', 'dtype', 'enable_backprop', 'in_recomputing',
    'keep_graph_on_report', 'lazy_grad_sum', 'schedule_func', 'train', 'type_check', 'use_cudnn',
    'use_cudnn_tensor_core', 'use_ideep', 'use_static_graph', 'warn_nondeterministic']


def test_seed_example_semantics(capsys):
    a = Variable(f32(0.1))
    with kusari.configuration.using_config('enable_backprop', False):
        kusari.config.show()
        b = a * 2.0
    c = b + 0.5
    with pytest.warns(DeprecationWarning, match='only one element'):
        c.backward()
    assert a.grad is None
    numpy.testing.assert_array_equal(b.grad, f32(1.0))
    assert b.creator is None  # the parent link was cut at construction time
    out = capsys.readouterr().out
    assert 'enable_backprop                False\n' in out


def test_show_prints_every_key_sorted_and_padded():
    buf = io.StringIO()
    kusari.config.show(buf)
    lines = buf.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == CHAINER_V7_KEYS
    width = max(len(k) for k in CHAINER_V7_KEYS)
    expected = {'debug': 'False', 'dtype': 'float32', 'enable_backprop': 'True', 'train': 'True',
                'type_check': 'True', 'use_cudnn': 'auto', 'use_ideep': 'never',
                'schedule_func': 'None', 'use_static_graph': 'True'}
    for line in lines:
        key = line.split()[0]
        assert line[:width + 1] == key.ljust(width) + ' '
        if key in expected:
            assert line[width + 1:] == expected[key]


def test_show_with_chainer_v2_keys_pads_to_longest_key():
    g = kusari.configuration.GlobalConfig()
    for key, value in [('cudnn_deterministic', False), ('debug', False),
                       ('enable_backprop', True), ('keep_graph_on_report', False),
                       ('train', True), ('type_check', True), ('use_cudnn', 'auto')]:
        setattr(g, key, value)
    local = kusari.configuration.LocalConfig(g)
    buf = io.StringIO()
    local.show(buf)
    assert 'enable_backprop      True\n' in buf.getvalue()
    assert buf.getvalue().splitlines()[0] == 'cudnn_deterministic  False'


def test_local_config_falls_back_to_global_and_overrides_locally():
    g = kusari.configuration.GlobalConfig()
    g.flag = 1
    local = kusari.configuration.LocalConfig(g)
    assert local.flag == 1
    g.flag = 2
    assert local.flag == 2
    with kusari.using_config('flag', 3, local):
        assert local.flag == 3
        assert g.flag == 2
    assert local.flag == 2
    with pytest.raises(AttributeError):
        _ = local.missing_key


def test_config_is_thread_local():
    seen = {}

    def worker():
        seen['train'] = kusari.config.train
        with kusari.using_config('train', 'worker'):
            seen['inside'] = kusari.config.train

    with kusari.using_config('train', False):
        thread = threading.Thread(target=worker)
        thread.start()
        thread.join()
        assert kusari.config.train is False
    assert seen == {'train': True, 'inside': 'worker'}
    assert kusari.config.train is True


def _records_graph():
    return F.tanh(Variable(numpy.ones(2, numpy.float32))).creator is not None


def _in_thread(target):
    thread = threading.Thread(target=target)
    thread.start()
    thread.join()


def test_apply_reads_enable_backprop_of_its_own_thread():
    # apply skips the thread-local look-up while no thread has a value of its own
    seen = {}

    def keeper():  # sets a value of its own for good and ends with it
        kusari.config.enable_backprop = False
        seen['keeper'] = _records_graph()

    def started_inside():
        seen['started inside'] = _records_graph()

    assert _records_graph()
    _in_thread(keeper)
    assert _records_graph()
    with kusari.no_backprop_mode():
        assert not _records_graph()
        _in_thread(started_inside)
        with kusari.force_backprop_mode():
            assert _records_graph()
        assert not _records_graph()
    assert _records_graph()
    assert seen == {'keeper': False, 'started inside': True}


@pytest.mark.skipif(not hasattr(os, 'fork'), reason='needs os.fork')
def test_forked_child_can_switch_backprop_while_a_thread_held_the_lock():
    # the lock that guards apply's backprop flag is made anew in a forked child
    held, release = threading.Event(), threading.Event()

    def holder():
        with kusari.configuration._backprop_lock:
            held.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait(10)
    try:
        pid = os.fork()
        if pid == 0:  # the child: exit 0 only if no_backprop_mode works
            signal.alarm(10)
            with kusari.no_backprop_mode():
                os._exit(0 if not _records_graph() else 1)
    finally:
        release.set()
        thread.join()
    assert os.waitpid(pid, 0)[1] == 0


def test_apply_follows_global_enable_backprop_in_every_thread():
    seen = []
    kusari.global_config.enable_backprop = False
    try:
        assert not _records_graph()
        _in_thread(lambda: seen.append(_records_graph()))
        with kusari.force_backprop_mode():
            assert _records_graph()
    finally:
        kusari.global_config.enable_backprop = True
    _in_thread(lambda: seen.append(_records_graph()))
    assert _records_graph()
    assert seen == [False, True]


def test_backward_calls_the_first_local_hook_of_a_fresh_process():
    # backprop reads no node's own hooks until some node has had one: the first one
    # added in a process, after backprops without any, must still run
    program = """
import numpy, kusari, kusari.functions as F

class Recorder(kusari.FunctionHook):
    def backward_preprocess(self, function, in_data, out_grad):
        print('backward', function.label)

x = kusari.Variable(numpy.ones(2, numpy.float32))
F.sum(F.tanh(x)).backward()
y = F.tanh(x)
y.creator.add_hook(Recorder())
F.sum(y).backward()
"""
    result = subprocess.run([sys.executable, '-c', program], capture_output=True, text=True,
                            check=True)
    assert result.stdout == 'backward Tanh\n'


def test_using_config_restores_on_error():
    with pytest.raises(RuntimeError):
        with kusari.using_config('train', False):
            raise RuntimeError
    assert kusari.config.train is True


def test_train_false_leaves_backprop_enabled():
    with kusari.using_config('train', False):
        assert kusari.config.enable_backprop is True
        x = Variable(f32(1.0, 2.0))
        y = F.sum(x * x)
        assert y.creator is not None
    y.backward()
    numpy.testing.assert_allclose(x.grad, f32(2.0, 4.0))


def test_enable_backprop_is_read_at_graph_construction_not_at_backward():
    x = Variable(numpy.array(3.0, numpy.float32))
    y = x * x
    with kusari.no_backprop_mode():
        y.backward()  # the graph was built with backprop on: backward still works
    assert x.grad == 6.0


def test_no_graph_is_built_under_no_backprop_mode():
    x = Variable(f32(1.0, 2.0))
    with kusari.no_backprop_mode():
        y = F.relu(x * 2.0 + 1.0)
        assert kusari.config.enable_backprop is False
        assert y._node is None  # no node was even allocated for the output
        with kusari.force_backprop_mode():
            z = x * 3.0
    assert y.creator is None and y.requires_grad
    assert z.creator is not None


def test_graph_recorded_when_no_input_requires_grad():
    # as Chainer: graph readers (onnx_chainer, hooks) see the node; no gradient is asked
    x = Variable(f32(1.0), requires_grad=False)
    y = F.exp(x)
    assert type(y.creator).__name__ == 'Exp' and y.creator.inputs == (x.node,)
    assert not y.requires_grad
    z = F.exp(f32(1.0))
    assert type(z.creator).__name__ == 'Exp' and not z.requires_grad
    with kusari.no_backprop_mode():
        assert F.exp(x).creator is None
    F.exp(numpy.ones((2, 3), numpy.float32)).backward()  # nothing asks for a gradient


def test_dtype_env_default():
    assert kusari.config.dtype == numpy.float32
    assert kusari.get_dtype() == numpy.float32
    assert kusari.get_dtype(numpy.float64) == numpy.float64
    with kusari.using_config('dtype', kusari.mixed16):
        assert kusari.get_dtype() == numpy.float16
        assert kusari.get_dtype(map_mixed16=numpy.float32) == numpy.float32
    # mixed16 is dtype-like: NumPy reads it as float16.
    assert numpy.zeros(2).astype(kusari.mixed16).dtype == numpy.float16
    assert repr(kusari.mixed16) == "dtype('mixed16')"


def test_array_types():
    assert numpy.ndarray in kusari.get_array_types()
    assert kusari.get_cpu_array_types() == (numpy.ndarray,)


# -- Variable ---------------------------------------------------------------------------

def test_variable_attributes():
    data = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    x = Variable(data, name='x')
    assert x.array is data and x.data is data
    assert (x.shape, x.ndim, x.size, x.dtype, len(x)) == ((2, 3), 2, 6, numpy.float32, 2)
    assert x.name == 'x' and x.xp is numpy and x.creator is None and x.rank == 0
    assert x.T.shape == (3, 2)
    assert x.reshape(3, 2).shape == (3, 2) and x.reshape((6,)).shape == (6,)
    assert x.transpose(1, 0).shape == (3, 2)
    assert x.mean().array == pytest.approx(2.5)
    assert x[1, 2].array == 5.0
    assert repr(x) == 'variable x([[0., 1., 2.],\n            [3., 4., 5.]])'
    assert str(Variable(f32(1, 2))) == 'variable([1. 2.])'
    assert Variable(numpy.array(3.0)).item() == 3.0


@pytest.mark.parametrize('bad', [[1.0, 2.0], 1.0, numpy.array([object()], dtype=object)])
def test_variable_rejects_non_arrays(bad):
    with pytest.raises(TypeError, match='Variable data') as info:
        Variable(bad)
    assert 'numpy.ndarray' in str(info.value) or 'object' in str(info.value)


def test_grad_setter_checks_shape_and_dtype():
    x = Variable(f32(1, 2))
    with pytest.raises(ValueError, match='does not match'):
        x.grad = numpy.zeros(3, numpy.float32)
    with pytest.raises(TypeError, match='does not match'):
        x.grad = numpy.zeros(2, numpy.float64)
    x.grad = numpy.ones(2, numpy.float32)
    assert isinstance(x.grad_var, Variable)
    x.cleargrad()
    assert x.grad is None


def test_comparisons_and_truth_are_not_supported_as_in_chainer():
    x = Variable(f32(1.0))
    for op in (lambda: x == x, lambda: x != x, lambda: x < x, lambda: x <= x, lambda: x > x,
               lambda: x >= x, lambda: bool(x)):
        with pytest.raises(TypeError, match='Variables'):
            op()
    with pytest.raises(TypeError, match='unhashable type'):
        hash(x)


def test_arithmetic_operators_with_scalars_arrays_and_reflection():
    a = numpy.array([[1.0, 2.0], [3.0, 4.0]], numpy.float32)
    b = numpy.array([0.5, 2.0], numpy.float32)
    x = Variable(a)
    cases = [
        (x + b, a + b), (b + x, b + a), (x - b, a - b), (b - x, b - a), (x * b, a * b),
        (b * x, b * a), (x / b, a / b), (b / x, b / a), (x ** 2, a ** 2), (2 ** x, 2 ** a),
        (x ** Variable(b), a ** b), (-x, -a), (abs(-x), a), (x + 1, a + 1), (1 - x, 1 - a),
        (3 * x, 3 * a), (x / 2, a / 2), (2 / x, 2 / a), (x // 2, a // 2), (x @ a, a @ a),
        (a @ x, a @ a), (+x, a),
    ]
    for y, expected in cases:
        assert isinstance(y, Variable)
        assert y.dtype == numpy.float32
        numpy.testing.assert_allclose(y.array, expected, rtol=1e-6)


def test_numpy_scalar_operand_keeps_dtype():
    x = Variable(f32(1.0, 2.0))
    assert (x * numpy.float64(2.0)).dtype == numpy.float32
    assert (x + numpy.array(1.0)).dtype == numpy.float32


def test_binary_op_dtype_mismatch_names_the_op():
    x = Variable(f32(1.0))
    with pytest.raises(kusari.utils.type_check.InvalidType, match='add.*float32 and float64'):
        x + Variable(numpy.array([1.0]))
    assert (x + numpy.array([1.0])).dtype == numpy.float32  # plain arrays are cast, as in Chainer
    with pytest.raises(kusari.utils.type_check.InvalidType, match='mul.*broadcastable'):
        Variable(numpy.ones((2, 3), numpy.float32)) * numpy.ones((4,), numpy.float32)


def test_broadcasting_gradients_are_summed_back():
    x = Variable(numpy.ones((2, 3), numpy.float32))
    b = Variable(f32(1.0, 2.0, 3.0))
    y = F.sum(x * b + b)
    y.backward()
    numpy.testing.assert_allclose(b.grad, [4.0, 4.0, 4.0])  # two rows of x, plus two of b
    numpy.testing.assert_allclose(x.grad, numpy.tile(f32(1, 2, 3), (2, 1)))


# -- backprop -------------------------------------------------------------------------------

def test_variable_used_twice_accumulates_gradient():
    x = Variable(numpy.array(3.0, numpy.float32))
    y = x * x + x
    y.backward()
    assert x.grad == 7.0
    y = x * 2.0
    y.backward()
    assert x.grad == 9.0  # leaf gradients accumulate across backward calls


def test_diamond_dag_visits_each_node_once_after_all_consumers():
    x = Variable(numpy.array(2.0, numpy.float64))
    a = x * 3.0
    b = F.exp(a) + a          # a used twice
    c = a * b                 # a used a third time, on a shorter path
    c.backward(retain_grad=True)
    av = 6.0
    expected_da = (numpy.exp(av) + av) + av * (numpy.exp(av) + 1)
    assert a.grad == pytest.approx(expected_da)
    assert x.grad == pytest.approx(3 * expected_da)


def test_intermediate_grads_are_freed_unless_retained():
    x = Variable(f32(1.0, 2.0))
    h = x * 2.0
    y = F.sum(h)
    y.backward()
    assert h.grad is None and y.grad is None
    x.cleargrad()
    y = F.sum(x * 2.0)
    h = y.creator.inputs[0].get_variable_or_none()
    y.backward(retain_grad=True)
    assert y.grad == 1.0


def test_backward_on_non_scalar_without_grad_is_an_error():
    y = Variable(f32(1.0, 2.0)) * 2.0
    with pytest.raises(ValueError, match='needs its grad set'):
        y.backward()
    y.grad = f32(1.0, 1.0)
    y.backward()


def test_backward_with_given_output_grad_and_loss_scale():
    x = Variable(f32(1.0, 2.0))
    y = x * 3.0
    y.grad = f32(1.0, 10.0)
    y.backward()
    numpy.testing.assert_allclose(x.grad, [3.0, 30.0])
    x2 = kusari.Parameter(numpy.array(2.0, numpy.float32))
    loss = x2 * x2
    loss.backward(loss_scale=8.0)
    assert x2.grad == 32.0 and x2._loss_scale == 8.0


def test_multi_output_backward_function():
    x = Variable(f32(1.0, 2.0))
    y1, y2 = x * 2.0, x * 3.0
    kusari.backward([y1, y2], [f32(1.0, 1.0), f32(1.0, 0.0)])
    numpy.testing.assert_allclose(x.grad, [5.0, 2.0])


def test_retain_grad_keeps_the_output_gradient_variable_given():
    # as Chainer's tests check, by identity; intermediates get gradient Variables too
    x = Variable(numpy.array([0.5, -1.0], numpy.float32))
    h = F.tanh(x)
    y = F.tanh(h)
    gy = Variable(numpy.array([1.0, 2.0], numpy.float32))
    y.grad_var = gy
    y.backward(retain_grad=True)
    assert y.grad_var is gy
    expected_gh = gy.array * (1 - y.array ** 2)
    numpy.testing.assert_allclose(h.grad, expected_gh, rtol=1e-6)
    numpy.testing.assert_allclose(x.grad, expected_gh * (1 - h.array ** 2), rtol=1e-6)
    # without retain_grad, the output's gradient is used up and intermediates untouched
    x2 = Variable(x.array.copy())
    h2 = F.tanh(x2)
    y2 = F.tanh(h2)
    y2.grad = gy.array
    y2.backward()
    assert y2.grad_var is None and h2.grad_var is None
    numpy.testing.assert_array_equal(x2.grad, x.grad)


def test_grad_does_not_touch_grad_attributes():
    x = Variable(numpy.array(2.0))
    y = x ** 3
    gx, = kusari.grad([y], [x])
    assert gx.array == 12.0 and x.grad is None
    gx, = kusari.grad([y], [x], set_grad=True)
    assert x.grad == 12.0


def test_grad_fills_missing_output_gradients_with_ones():
    # as Chainer's grad does for outputs of any shape (backward() wants a scalar)
    x = Variable(f32(1.0, 2.0))
    gx, = kusari.grad([x * x], [x])
    numpy.testing.assert_array_equal(gx.array, [2.0, 4.0])


def test_grad_with_respect_to_intermediate_and_leaf():
    x = Variable(numpy.array(2.0))
    h = x * 3.0
    y = h * h
    gh, gx = kusari.grad([y], [h, x])
    assert gh.array == 12.0 and gx.array == 36.0


def test_double_backprop_through_backward_and_grad():
    x = Variable(numpy.array(0.7))
    y = F.tanh(x) * x ** 3
    gx, = kusari.grad([y], [x], enable_double_backprop=True)
    assert gx.creator is not None
    ggx, = kusari.grad([gx], [x])
    t = numpy.tanh(0.7)
    d1 = (1 - t * t)
    d2 = -2 * t * d1
    expected = d2 * 0.7 ** 3 + 2 * d1 * 3 * 0.7 ** 2 + t * 6 * 0.7
    assert ggx.array == pytest.approx(expected)

    x.cleargrad()
    z = F.sum(F.sigmoid(x) * x)
    z.backward(enable_double_backprop=True)
    gx = x.grad_var
    x.cleargrad()
    gx.backward()
    s = 1 / (1 + numpy.exp(-0.7))
    assert x.grad == pytest.approx(s * (1 - s) * (1 - 2 * s) * 0.7 + 2 * s * (1 - s))


def test_gradients_of_0d_variables_stay_arrays_when_accumulated():
    # NumPy adds two 0-d arrays into a scalar; a gradient must still be an array
    x = Variable(numpy.asarray(0.3, numpy.float32))
    (x * x + x).backward()
    assert type(x.grad) is numpy.ndarray and x.grad.shape == ()
    assert x.grad == pytest.approx(1.6)
    (x * 2.0).backward()  # accumulates into the existing gradient
    assert type(x.grad) is numpy.ndarray and x.grad == pytest.approx(3.6)


def test_gradient_of_unused_input_is_none():
    x, w = Variable(f32(1.0)), Variable(f32(2.0))
    y = F.sum(x * 2.0)
    y.backward()
    assert w.grad is None


def test_unchain_backward_frees_the_graph():
    x = Variable(f32(1.0))
    h = x * 2.0
    y = h * 3.0
    y.unchain_backward()
    assert y.creator is None and h.creator is None
    h2 = x * 2.0
    y2 = h2 * 3.0
    h2.unchain()
    F.sum(y2).backward()
    assert x.grad is None and h2.grad == 3.0  # h2 became a leaf


def test_deep_graph_backprop_without_recursion_error():
    x = Variable(numpy.array(1.0))
    h = x
    for _ in range(20000):
        h = h + 1e-4
    h.backward()
    assert x.grad == 1.0


def test_graph_is_freed_after_backward_and_variable_deletion():
    class Marker(kusari.FunctionNode):
        def forward(self, inputs):
            self.retain_inputs((0,))
            return inputs[0] * 2,

        def backward(self, indexes, gys):
            return gys[0] * 2,

    x = Variable(numpy.ones(3))
    y = Marker().apply((x,))[0]
    node_ref = weakref.ref(y.creator)
    F.sum(y).backward()
    del y
    gc.collect()
    assert node_ref() is None  # no cycle keeps the function alive
    assert x._node.data is None or isinstance(x._node.data, numpy.ndarray)


def test_retained_input_survives_deletion_of_the_user_variable():
    x = Variable(numpy.array([1.0, 2.0]))
    h = x * 1.0
    y = F.sum(h * h)  # Mul retains h
    h_ref = weakref.ref(h)
    del h
    gc.collect()
    assert h_ref() is None
    y.backward()
    numpy.testing.assert_allclose(x.grad, [2.0, 4.0])


# -- FunctionNode and Function -----------------------------------------------------------

class Square(kusari.FunctionNode):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 2,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2.0 * x * grad_outputs[0],


def test_user_function_node_and_check_backward():
    x = numpy.random.randn(3, 4)
    kusari.gradient_check.check_backward(lambda x: Square().apply((x,))[0], x,
                                         numpy.random.randn(3, 4))
    kusari.gradient_check.check_double_backward(
        lambda x: Square().apply((x,))[0], x, numpy.random.randn(3, 4),
        numpy.random.randn(3, 4))


def test_backward_computes_only_requested_inputs():
    seen = []

    class Spy(kusari.FunctionNode):
        def forward(self, inputs):
            return inputs[0] + inputs[1],

        def backward(self, indexes, grad_outputs):
            seen.append(indexes)
            return tuple(grad_outputs[0] for _ in indexes)

    a = Variable(f32(1.0))
    b = Variable(f32(2.0), requires_grad=False)
    F.sum(Spy().apply((a, b))[0]).backward()
    assert seen == [(0,)]


def test_rank_is_assigned_from_inputs():
    x = Variable(f32(1.0))
    y = x * 2.0
    z = y * 2.0
    assert (x.rank, y.rank, z.rank) == (0, 1, 2)
    assert z.creator.rank == 1


def test_get_retained_outputs_after_output_variable_is_gone():
    x = Variable(numpy.array([0.5, -0.3]))
    y = F.sum(F.tanh(x))  # tanh retains its output, which the user never holds
    gc.collect()
    y.backward()
    numpy.testing.assert_allclose(x.grad, 1 - numpy.tanh(x.array) ** 2)


def test_forward_must_return_tuple():
    class Bad(kusari.FunctionNode):
        def forward(self, inputs):
            return inputs[0]

    with pytest.raises(TypeError, match='Bad: forward output must be a tuple of ndarrays'):
        Bad().apply((numpy.ones(2),))


def test_check_type_forward_is_used_and_named():
    from kusari.utils import type_check

    class NeedsMatrix(kusari.FunctionNode):
        def check_type_forward(self, in_types):
            type_check.expect(in_types[0].ndim == 2)

        def forward(self, inputs):
            return inputs[0],

    with pytest.raises(type_check.InvalidType, match='NeedsMatrix'):
        NeedsMatrix().apply((numpy.ones(3),))
    with kusari.using_config('type_check', False):
        NeedsMatrix().apply((numpy.ones(3),))


class OldSquare(kusari.Function):
    def forward(self, inputs):
        return inputs[0] ** 2,

    def backward(self, inputs, grad_outputs):
        return 2 * inputs[0] * grad_outputs[0],


def test_old_style_function_adapter():
    x = Variable(f32(1.0, 3.0))
    f = OldSquare()
    y = f(x)
    assert y.creator is f and f.rank == 0 and f.node.inputs[0] is x.node
    F.sum(y).backward()
    numpy.testing.assert_allclose(x.grad, [2.0, 6.0])


def test_old_style_function_refuses_double_backprop():
    x = Variable(f32(1.0, 3.0))
    y = F.sum(OldSquare()(x))
    y.backward(enable_double_backprop=True)  # the first derivative works, as in Chainer
    numpy.testing.assert_allclose(x.grad, [2.0, 6.0])
    with pytest.raises(RuntimeError, match='cannot twice-differentiate an old style Function'):
        F.sum(x.grad_var).backward()


def test_function_hooks_are_called():
    calls = []

    class Recorder(kusari.FunctionHook):
        name = 'recorder'

        def forward_postprocess(self, function, in_data):
            calls.append(('f', function.label))

        def backward_postprocess(self, function, in_data, out_grad):
            calls.append(('b', function.label))

    x = Variable(f32(1.0))
    with Recorder():
        y = F.sum(F.exp(x))
        y.backward()
    assert ('f', 'exp') in calls and ('b', 'exp') in calls  # Chainer's label
    n = len(calls)
    F.exp(x)
    assert len(calls) == n


def test_global_hooks_see_the_functions_backward_calls():
    forwards = []

    class Recorder(kusari.FunctionHook):
        def forward_postprocess(self, function, in_data):
            forwards.append(function._impl_name)

    w = Variable(f32(1.0, 2.0))
    x = Variable(f32(3.0, 4.0))
    y = w * x
    y.grad = f32(1.0, 1.0)
    with Recorder():
        y.backward()
    assert forwards == ['Mul', 'Mul']  # gy * x and gy * w, as in Chainer
    numpy.testing.assert_array_equal(w.grad, [3.0, 4.0])


def test_backward_hooks_receive_arrays():
    seen = []

    class Recorder(kusari.FunctionHook):
        def backward_preprocess(self, function, in_data, out_grad):
            seen.append((function._impl_name, in_data, out_grad))

    x = Variable(f32(1.0, 2.0))
    y = F.exp(x)
    y.grad = f32(3.0, 4.0)
    with Recorder():
        y.backward()
    (name, in_data, out_grad), = seen
    assert name == 'Exp'
    assert in_data == (None,)  # exp keeps its output, not its input, for backward
    assert type(out_grad[0]) is numpy.ndarray
    numpy.testing.assert_array_equal(out_grad[0], [3.0, 4.0])


def test_debug_print_layout():
    x = Variable(f32(1.0, 3.0))
    text = x.debug_print()
    assert '- device: CPU\n' in text and '- grad: None' in text
    x.grad = f32(0.0, 0.0)
    assert x.debug_print().endswith('- grad: 0')
    assert Variable().debug_print().splitlines()[1:] == [
        '- device: None', '- backend: None', '- shape: None', '- dtype: None',
        '- statistics: None', '- grad: None']


def test_backward_arrays_serves_unrecorded_backward_only():
    used = []

    class Cube(kusari.FunctionNode):
        def forward(self, inputs):
            self.retain_inputs((0,))
            return inputs[0] ** 3,

        def backward(self, indexes, grad_outputs):
            used.append('backward')
            x, = self.get_retained_inputs()
            return 3 * x * x * grad_outputs[0],

        def backward_arrays(self, indexes, grad_outputs):
            used.append('arrays')
            x = self.inputs[0].data
            return 3 * x * x * grad_outputs[0],

    class Recorder(kusari.FunctionHook):
        def backward_postprocess(self, function, in_data, out_grad):
            used.append('hook')

    x = Variable(numpy.array([0.5, -2.0]))
    y = F.sum(Cube().apply((x,))[0])
    y.backward()
    assert used == ['arrays']
    numpy.testing.assert_allclose(x.grad, 3 * x.array ** 2)

    # Under a global function hook backward runs as written, so that the hook sees the
    # functions it calls (as in Chainer).
    used.clear()
    x.cleargrad()
    y = F.sum(Cube().apply((x,))[0])
    with Recorder():
        y.backward()
    assert used == ['hook', 'backward', 'hook']  # Sum, then Cube
    numpy.testing.assert_allclose(x.grad, 3 * x.array ** 2)

    used.clear()
    x.cleargrad()
    y = F.sum(Cube().apply((x,))[0])
    y.backward(enable_double_backprop=True)
    assert used == ['backward']
    gx = x.grad_var
    x.cleargrad()
    F.sum(gx).backward()  # second order through the recorded backward: 6 x
    numpy.testing.assert_allclose(x.grad, 6 * x.array)


def test_a_subclass_that_overrides_backward_is_differentiated_by_it():
    from kusari.functions.activation.tanh import Tanh

    class ZeroGradTanh(Tanh):
        def backward(self, indexes, grad_outputs):
            return grad_outputs[0] * 0.0,

    x = Variable(f32(0.5, -1.0))
    F.sum(ZeroGradTanh().apply((x,))[0]).backward()
    numpy.testing.assert_array_equal(x.grad, [0.0, 0.0])
    assert Tanh.backward_arrays is not None and ZeroGradTanh.backward_arrays is None


def test_debug_mode_names_the_function_that_made_nan():
    x = Variable(f32(-1.0))
    with kusari.using_config('debug', True):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation of log'):
            with numpy.errstate(invalid='ignore'):
                F.log(x)


def test_debug_mode_switched_on_in_one_thread_acts_there_only():
    # apply reads config.debug only once debug was ever switched on; a thread-local
    # switch must count as well as a global one.
    errors = []

    def worker():
        with kusari.using_config('debug', True), numpy.errstate(invalid='ignore'):
            try:
                F.log(Variable(f32(-1.0)))
            except RuntimeError as e:
                errors.append(str(e))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert len(errors) == 1 and 'forward computation of log' in errors[0]
    with numpy.errstate(invalid='ignore'):
        assert numpy.isnan(F.log(Variable(f32(-1.0))).array).all()  # off in this thread


def test_leaf_gradients_are_owned_writable_arrays():
    a = Variable(f32(1.0, 2.0))
    b = Variable(f32(3.0, 4.0))
    F.sum(a + b).backward()  # Add hands the same gradient to both inputs
    assert a.grad is not b.grad
    a.grad += 1  # in place, as optimizers and hooks do
    numpy.testing.assert_array_equal(b.grad, [1.0, 1.0])
    w = Variable(numpy.ones((2, 3), numpy.float32))
    F.sum(w).backward()  # the gradient is a broadcast (read-only) view before ownership
    w.grad *= 2
    numpy.testing.assert_array_equal(w.grad, numpy.full((2, 3), 2.0))


def test_uninitialized_parameter_remembers_its_device():
    p = kusari.Parameter(kusari.initializers.Constant(1.0))
    p.to_device('@numpy')
    p.initialize((2,))
    assert isinstance(p.array, numpy.ndarray)
    assert kusari.get_device('-1') == kusari.backend.CpuDevice()


def test_chainer_public_members_of_variable_and_function_node():
    x = Variable(f32(1.0, 3.0), name='x')
    assert x.raw_array is x.array
    assert 'mean=2.00000000' in x.debug_print() and 'grad: None' in x.debug_print()
    p = kusari.Parameter(kusari.initializers.Zero())
    assert not p.is_initialized
    p.initialize((2,))
    assert p.is_initialized
    node = Square()
    node.apply((x,))
    gx, = node.backward_accumulate((0,), (Variable(f32(1.0, 1.0)),), (Variable(f32(10.0, 10.0)),))
    numpy.testing.assert_allclose(gx.array, [12.0, 16.0])


# -- backward_accumulate, Chainer's names reached from outside -------------------------

class MulAddFused(kusari.FunctionNode):
    """y = a * b + c, whose backward_accumulate adds the gradients gathered so far."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b, c = inputs
        return a * b + c,

    def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
        self.given = grad_inputs
        a, b = self.get_retained_inputs()
        gy, = grad_outputs
        local = {0: gy * b, 1: gy * a, 2: gy}
        return tuple(local[i] if g is None else local[i] + g
                     for i, g in zip(target_input_indexes, grad_inputs))


def test_overridden_backward_accumulate_is_used_by_backprop():
    a = Variable(f32(1.0, 2.0))
    b = Variable(f32(3.0, 5.0))
    node = MulAddFused()
    y, = node.apply((a, b, a))  # a both as factor and as addend
    ten = F.identity(F.identity(Variable(f32(10.0, 10.0))))
    loss = F.sum(y) + F.sum(a * ten)  # a second use, of higher rank: its gradient comes first
    loss.backward()
    numpy.testing.assert_allclose(a.grad, [3.0 + 1.0 + 10.0, 5.0 + 1.0 + 10.0])
    numpy.testing.assert_allclose(b.grad, [1.0, 2.0])
    # the gradient of a from the other use arrives at a's first position only
    numpy.testing.assert_allclose(node.given[0].array, [10.0, 10.0])
    assert node.given[1] is None and node.given[2] is None


def test_overridden_backward_accumulate_is_used_by_grad_and_double_backprop():
    a = Variable(f32(2.0))
    b = Variable(f32(3.0))
    y, = MulAddFused().apply((a, b, b))
    ga, gb = kusari.grad([y], [a, b], enable_double_backprop=True)
    numpy.testing.assert_allclose(ga.array, [3.0])
    numpy.testing.assert_allclose(gb.array, [3.0])  # a + 1
    ggb, = kusari.grad([gb], [a])
    numpy.testing.assert_allclose(ggb.array, [1.0])


def test_rank_and_type_check_set_on_instances_are_honoured():
    calls = []
    node = kusari.FunctionNode()
    node.check_type_forward = calls.append  # as a mock would be set
    node.forward_cpu = lambda inputs: (inputs[0] * 2,)
    x = Variable(f32(1.0))
    x._node._rank = 3  # Chainer's attribute name
    y, = node.apply((x,))
    assert len(calls) == 1 and calls[0][0].shape == (1,)
    assert y.rank == 4 and x.node.rank == 3


def test_variable_node_refuses_a_gradient():
    with pytest.raises(ValueError, match='grad'):
        kusari.VariableNode(Variable(), '', grad=None)


def test_gradients_of_the_wrong_shape_dtype_or_type_are_reported():
    class Returns(kusari.FunctionNode):
        def __init__(self, grads):
            self.grads = grads

        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, indexes, grad_outputs):
            return self.grads

    def run(grads, debug=False):
        y, = Returns(grads).apply((Variable(numpy.array(1.0, numpy.float32)),))
        with kusari.using_config('debug', debug):
            y.backward()

    def scalar(value, dtype=numpy.float32):
        return numpy.array(value, dtype)

    with pytest.raises(ValueError, match='shape of gradients returned from backward'):
        run((Variable(f32(1.0, 2.0)),))
    with pytest.raises(TypeError, match='dtype of gradients returned from backward'):
        run((Variable(scalar(1, numpy.int64)),))
    with pytest.raises(ValueError, match='number of gradients returned from backward'):
        run((Variable(scalar(1.0)), Variable(scalar(1.0))))
    with pytest.raises(ValueError, match='type of gradients returned from backward'):
        run((scalar(1.0),), debug=True)
    with pytest.raises(RuntimeError, match='NaN is detected on backward computation of Returns'):
        run((Variable(scalar(numpy.nan)),), debug=True)


def test_an_unchained_output_passes_no_gradient_back():
    x = Variable(numpy.arange(4, dtype=numpy.float32).reshape(2, 2))
    h0, h1 = F.split_axis(x, [1], axis=0)
    w = F.sum(h0) + F.sum(h1)
    h0.unchain()
    gx, = kusari.grad([w], [x])
    numpy.testing.assert_array_equal(gx.array, [[0, 0], [1, 1]])


def test_debug_mode_errors_in_backward_tell_where_the_function_was_made():
    class Broken(kusari.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, indexes, grad_outputs):
            raise ValueError('broken backward')

    with kusari.using_config('debug', True):
        y, = Broken().apply((Variable(numpy.array(1.0, numpy.float32)),))  # this line
    with pytest.raises(ValueError, match='(?s)broken backward.*Stacktrace.*test_core.py'):
        y.backward()


def test_variable_node_exposes_chainer_private_names():
    x = Variable(f32(1.0))
    x.node._requires_grad = False
    assert x.node.requires_grad is False and x.node._requires_grad is False


def test_a_none_input_is_retained_as_none():
    class Scale(kusari.FunctionNode):
        def forward(self, inputs):
            self.retain_inputs((1, 2))
            return inputs[1] * 3,

        def backward(self, indexes, grad_outputs):
            x, missing = self.get_retained_inputs()
            assert missing is None and x is not None
            return None, grad_outputs[0] * 3, None

    x = Variable(f32(1.0, 2.0))
    y, = Scale().apply((None, x, None))
    y.grad = f32(1.0, 1.0)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [3.0, 3.0])


def test_parameter_gradient_array_is_reachable_as_chainer_private_grad():
    p = kusari.Parameter(shape=(2, 3))
    assert p._grad is p.grad and numpy.isnan(p._grad).all()
    lazy = kusari.Parameter()
    assert lazy._grad is None  # unchecked: no error before initialization


class _TaggedCpuDevice(kusari.backend.Device):
    """A custom device holding NumPy arrays, which no array names as its device."""

    xp = numpy
    supported_array_types = (numpy.ndarray,)

    def __init__(self, tag):
        self.tag = tag

    def __eq__(self, other):
        return isinstance(other, _TaggedCpuDevice) and other.tag == self.tag

    def send_array(self, array):
        return array.copy()


@pytest.mark.parametrize('make', [
    lambda: kusari.Parameter(), lambda: kusari.Parameter(numpy.ones(2, numpy.float32)),
    lambda: Variable(numpy.ones(2, numpy.float32))])
def test_device_is_the_device_to_device_sent_it_to(make):
    var = make()
    assert var.device == kusari.backend.CpuDevice()
    var.to_device(_TaggedCpuDevice(3))
    assert var.device == _TaggedCpuDevice(3)
    if isinstance(var, kusari.Parameter) and var.array is None:
        var.initialize((2,))  # allocated on that device: it stays the parameter's
        assert var.device == _TaggedCpuDevice(3)
    var.to_device('@numpy')
    assert var.device == kusari.backend.CpuDevice()


def test_device_is_the_array_s_once_the_array_is_not_one_of_the_sent_to_device():
    class HoldsNoNumPyArray(_TaggedCpuDevice):
        supported_array_types = ()

    var = Variable(numpy.ones(2))
    var.to_device(HoldsNoNumPyArray(1))  # send_array gives a NumPy array nonetheless
    assert var.device == kusari.backend.CpuDevice()


def test_parameter_copies_share_the_array_slot_until_one_moves_to_another_device():
    original = kusari.Parameter(numpy.zeros(2, numpy.float32))
    first, second = copy.copy(original), copy.copy(original)
    ones = numpy.ones(2, numpy.float32)
    second.array = ones
    assert original.array is ones and first.array is ones
    first.to_device(_TaggedCpuDevice(1))  # a copy of the array of its own, there
    assert first.array is not ones and first.device == _TaggedCpuDevice(1)
    assert original.array is ones and second.array is ones
    twos = numpy.full(2, 2, numpy.float32)
    original.array = twos
    assert second.array is twos and first.array is not twos
    first.array = ones
    assert original.array is twos
    second.to_device('@numpy')  # already there: still shared
    second.array = ones
    assert original.array is ones


def test_uninitialized_parameter_copies_are_initialized_together():
    original = kusari.Parameter(kusari.initializers.Constant(3.0))
    shared, moved = copy.copy(original), copy.copy(original)
    moved.to_device(_TaggedCpuDevice(1))
    shared.initialize((2,))
    assert original.array is shared.array and moved.array is None
    numpy.testing.assert_array_equal(original.array, [3.0, 3.0])
    moved.initialize((3,))
    assert original.shape == (2,)


def test_dead_parameter_copies_are_forgotten():
    original = kusari.Parameter(numpy.zeros(2, numpy.float32))
    for _ in range(5):
        copy.copy(original)
    gc.collect()
    kept = copy.copy(original)
    assert len(original._shared_copies) == 2  # the original and the copy still alive
    original.array = numpy.ones(2, numpy.float32)
    assert kept.array is original.array


def test_variables_and_parameters_are_in_the_standard_memory_layout():
    assert Variable(numpy.ones(2)).layout is None
    link = kusari.links.BatchNormalization(3)
    link.to_device('@numpy')
    assert link.gamma.layout is None and kusari.Parameter().layout is None


def test_gradient_terms_of_equal_rank_are_summed_in_the_order_reached():
    # W gets three terms from functions of rank 0: (c*W + a*W) ... reached from the
    # loss as c, a, b. In float32 (1e8 - 1e8) + 1 == 1, while other orders give 0, so
    # an order that followed memory addresses would show here (as Chainer, run order
    # is rank, then first reached).
    coefficients = {'a': -1e8, 'b': 1.0, 'c': 1e8}
    for _ in range(20):
        garbage = [numpy.empty(n) for n in range(1, 30)]  # other addresses each time
        W = kusari.Parameter(numpy.array(1.0, dtype=numpy.float32))
        a, b, c = [W * numpy.float32(coefficients[k]) for k in 'abc']
        ((a + b) + c).backward()
        assert W.grad == numpy.float32(1.0)
        del garbage


@pytest.mark.parametrize('double, with_hook', [(False, False), (True, False), (False, True)])
def test_backprop_order_states_the_order_backprop_runs_functions_in(double, with_hook):
    # equal ranks reached in several orders, a function of two outputs' branches
    x = Variable(f32(0.5, 1.5))
    a, b = F.exp(x), F.sin(x)
    c, d = a * b, F.tanh(a)
    loss = F.sum(c + d) + F.sum(F.cos(b)) + F.sum(d)
    order = []

    class Spy(kusari.FunctionHook):
        name = 'spy'

        def backward_preprocess(self, function, in_data, out_grad):
            order.append(function)

    # backprop_order runs backprop on stand-ins that the hooks do not see, in either mode
    with kusari.using_config('enable_backprop', double), (
            Spy() if with_hook else contextlib.nullcontext()):
        expected = kusari.core.backprop_order(
            [loss.creator_node], lambda function: function.rank,
            lambda function: [x.creator_node for x in function.inputs
                              if x.requires_grad and x.creator_node is not None])
    assert order == []
    with Spy():
        loss.backward()
    assert len(order) == 11
    assert order == expected


@pytest.mark.parametrize('swap', [False, True])
def test_functions_of_equal_rank_run_in_the_order_reached(swap):
    # the add reaches exp and sin (equal ranks) in its inputs' order; the first reached
    # waits out of the heap until the second is, then both go in with their order
    x = Variable(f32(0.5, 1.5))
    a, b = F.exp(x), F.sin(x)
    y = F.sum(b + a if swap else a + b)
    order = []

    class Spy(kusari.FunctionHook):
        name = 'spy'

        def backward_preprocess(self, function, in_data, out_grad):
            order.append(function.label)

    with Spy():
        y.backward()
    assert order[2:] == (['sin', 'exp'] if swap else ['exp', 'sin'])
    assert len(order) == 4


class _Product(kusari.FunctionNode):
    """The product of any number of inputs, keeping them all (ALL_INPUTS)."""
    _input_indexes_to_retain = kusari.core.ALL_INPUTS

    def forward(self, inputs):
        return numpy.prod(numpy.stack(inputs), axis=0),

    def backward(self, indexes, grad_outputs):
        xs = self.get_retained_inputs()
        return tuple([grad_outputs[0] * functools.reduce(
            operator.mul, [x for j, x in enumerate(xs) if j != i]) for i in indexes])


@pytest.mark.parametrize('n', [2, 3, 5])
def test_all_inputs_retains_every_input_however_many(n):
    xs = [Variable(f32(i + 1.0, i + 2.0)) for i in range(n)]
    node = _Product()
    y, = node.apply(xs)
    assert [x.data is v.array for x, v in zip(node.inputs, xs)] == [True] * n
    assert len(node.get_retained_inputs()) == n
    F.sum(y).backward()
    others = [numpy.prod([v.array for v in xs if v is not x], axis=0) for x in xs]
    for x, expected in zip(xs, others):
        numpy.testing.assert_allclose(x.grad, expected)


def test_retain_inputs_in_forward_overrides_all_inputs():
    class FirstOnly(_Product):
        def forward(self, inputs):
            self.retain_inputs((0,))
            return super().forward(inputs)

    node = FirstOnly()
    node.apply([Variable(f32(1.0)), Variable(f32(2.0)), Variable(f32(3.0))])
    assert [x.data is not None for x in node.inputs] == [True, False, False]
    assert _Product._input_indexes_to_retain is kusari.core.ALL_INPUTS


def test_parameter_pickles_made_when_it_lived_in_the_core_load():
    import pickle
    param = kusari.Parameter(f32(1.0, 2.0), name='w')
    param.grad = f32(3.0, 4.0)
    data = pickle.dumps(param, protocol=0)
    assert b'kusari.variable\n_rebuild_parameter' in data
    old = data.replace(b'kusari.variable\n_rebuild_parameter', b'kusari.core\n_rebuild_parameter')
    loaded = pickle.loads(old)
    assert type(loaded) is kusari.Parameter and loaded.name == 'w'
    numpy.testing.assert_array_equal(loaded.array, f32(1.0, 2.0))
    numpy.testing.assert_array_equal(loaded.grad, f32(3.0, 4.0))


def test_parameter_cleargrad_clears_the_gradient_and_the_pending_gradient():
    p = kusari.Parameter(numpy.ones(2, numpy.float32))
    p.grad = numpy.full(2, 3, numpy.float32)
    p.cleargrad()
    assert p.grad is None and p.grad_var is None
    lazy = kusari.Parameter()  # uninitialized: a NaN gradient waits for its shape
    lazy.cleargrad()
    lazy.initialize((2,))
    assert lazy.grad is None
    pending = kusari.Parameter()
    pending.initialize((2,))
    assert numpy.isnan(pending.grad).all()
