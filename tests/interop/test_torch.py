"""kusari.interop.torch: PyTorch in kusari graphs and kusari in PyTorch graphs.

Gradients are checked numerically in float64 on both sides (kusari's check_function and
PyTorch's gradcheck/gradgradcheck); sharing is checked through data pointers.
"""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import cuda, gradient_check, optimizers
from kusari.testing import check_function

torch = pytest.importorskip('torch')
bridge = pytest.importorskip('kusari.interop.torch')
call_kusari, call_torch = bridge.call_kusari, bridge.call_torch

rng = numpy.random.default_rng(30)
F64 = (numpy.float64,)


def pointer(array):
    return array.data.ptr if hasattr(array.data, 'ptr') else array.ctypes.data


def uniform(*shape, low=-1.0, high=1.0):
    return rng.uniform(low, high, shape)


# -- PyTorch inside kusari ---------------------------------------------------------------

def test_torch_function_gradients_of_two_orders():
    check_function(lambda x: call_torch(torch.sin, x), uniform(3, 4), numpy.sin, dtypes=F64)


def test_torch_function_passes_kusaris_gradient_checks_in_a_kusari_graph():
    def function(x, w):
        return F.tanh(call_torch(lambda x, w: torch.sinh(x @ w), F.exp(x), w))

    x, w = uniform(2, 3), uniform(3, 4)
    gy, ggx, ggw = uniform(2, 4), uniform(2, 3), uniform(3, 4)
    gradient_check.check_backward(function, (x, w), gy)
    gradient_check.check_double_backward(function, (x, w), gy, (ggx, ggw))


def test_torch_function_of_two_inputs_and_two_outputs():
    def fn(x, w):
        y = x @ w
        return torch.tanh(y), (y * y).sum(dim=1)

    check_function(lambda x, w: call_torch(fn, x, w), (uniform(2, 3), uniform(3, 4)),
                   lambda x, w: (numpy.tanh(x @ w), ((x @ w) ** 2).sum(axis=1)), dtypes=F64)


def test_torch_function_with_an_unused_and_an_integer_input():
    x, unused = kusari.Variable(uniform(5)), kusari.Variable(uniform(2))
    index = numpy.array([4, 0, 4])
    y = call_torch(lambda x, unused, i: x[i] ** 2, x, unused, index)
    gx, gunused = kusari.grad([F.sum(y)], [x, unused])
    numpy.testing.assert_allclose(gx.array, [2 * x.array[0], 0, 0, 0, 4 * x.array[4]])
    numpy.testing.assert_array_equal(gunused.array, numpy.zeros(2))


def test_torch_function_shares_memory_both_ways():
    x = kusari.Variable(uniform(2, 3))
    seen = {}

    def fn(t):
        seen['input'] = t.data_ptr()
        seen['output'] = t * 2
        return seen['output']
    y = call_torch(fn, x)
    assert seen['input'] == pointer(x.array)
    assert pointer(y.array) == seen['output'].data_ptr()


def test_torch_records_a_graph_only_when_kusari_does():
    recorded = []

    def fn(t):
        recorded.append((t * 2).requires_grad)
        return t * 2
    x = kusari.Variable(uniform(3))
    call_torch(fn, x)
    with kusari.no_backprop_mode():
        call_torch(fn, x)
    assert recorded == [True, False]


def test_torch_function_runs_once_so_random_masks_match_their_gradients():
    x = kusari.Variable(numpy.ones(1000))
    y = call_torch(lambda t: torch.nn.functional.dropout(t, 0.5, training=True), x)
    gx, = kusari.grad([F.sum(y)], [x])
    numpy.testing.assert_array_equal(gx.array, y.array)  # 2 where kept, 0 where dropped


def test_double_backprop_through_nested_torch_calls():
    x = kusari.Variable(uniform(4))
    y = call_torch(torch.sin, call_torch(torch.exp, x))
    gx, = kusari.grad([F.sum(y)], [x], enable_double_backprop=True)
    ggx, = kusari.grad([F.sum(gx)], [x])
    e = numpy.exp(x.array)
    numpy.testing.assert_allclose(gx.array, numpy.cos(e) * e)
    numpy.testing.assert_allclose(ggx.array, numpy.cos(e) * e - numpy.sin(e) * e * e)


# -- kusari inside PyTorch ---------------------------------------------------------------

def positive(*shape):
    return uniform(*shape, low=0.5, high=2.0)


KUSARI_FUNCTIONS = {
    'tanh': (F.tanh, [(3, 4)]),
    'sigmoid': (F.sigmoid, [(3, 4)]),
    'exp': (F.exp, [(3, 4)]),
    'log': (F.log, [positive(3, 4)]),
    'sin': (F.sin, [(3, 4)]),
    'softplus': (F.softplus, [(3, 4)]),
    'softmax': (lambda x: F.softmax(x, axis=1), [(3, 4)]),
    'log_softmax': (F.log_softmax, [(3, 4)]),
    'logsumexp': (lambda x: F.logsumexp(x, axis=1), [(3, 4)]),
    'sum_of_squares': (lambda x: F.sum(x * x, axis=0), [(3, 4)]),
    'matmul': (F.matmul, [(2, 3), (3, 4)]),
    'linear': (F.linear, [(2, 3), (4, 3), (4,)]),
    'mean_squared_error': (F.mean_squared_error, [(3, 4), (3, 4)]),
    'convolution_2d': (lambda x, w, b: F.convolution_2d(x, w, b, pad=1),
                       [(1, 2, 4, 4), (3, 2, 3, 3), (3,)]),
    'batch_normalization': (F.batch_normalization, [(5, 3), (3,), (3,)]),
    'broadcast_and_transpose': (lambda x: F.transpose(F.broadcast_to(x, (2, 3, 4))),
                                [(3, 4)]),
}


def tensors_for(shapes):
    return tuple(torch.tensor(s if isinstance(s, numpy.ndarray) else uniform(*s),
                              dtype=torch.float64, requires_grad=True) for s in shapes)


@pytest.mark.parametrize('name', sorted(KUSARI_FUNCTIONS))
def test_kusari_function_in_torch_passes_gradcheck_and_gradgradcheck(name):
    function, shapes = KUSARI_FUNCTIONS[name]
    inputs = tensors_for(shapes)
    assert torch.autograd.gradcheck(lambda *t: call_kusari(function, *t), inputs)
    assert torch.autograd.gradgradcheck(lambda *t: call_kusari(function, *t), inputs)


def test_torch_in_kusari_in_torch_passes_gradcheck_and_gradgradcheck():
    def kusari_part(x, w):
        return F.tanh(call_torch(torch.matmul, x, w)) * F.exp(call_torch(torch.sin, x))[:, :1]

    inputs = tensors_for([(2, 3), (3, 4)])
    assert torch.autograd.gradcheck(lambda *t: call_kusari(kusari_part, *t), inputs)
    assert torch.autograd.gradgradcheck(lambda *t: call_kusari(kusari_part, *t), inputs)


def test_kusari_function_shares_memory_both_ways():
    t = torch.rand(2, 3, dtype=torch.float64)
    seen = {}

    def fn(x):
        seen['input'] = pointer(x.array)
        seen['output'] = x * 2
        return seen['output']
    y = call_kusari(fn, t)
    assert seen['input'] == t.data_ptr()
    assert y.data_ptr() == pointer(seen['output'].array)


def test_kusari_function_of_two_outputs_and_an_integer_input():
    x = torch.rand(4, dtype=torch.float64, requires_grad=True)
    y, z = call_kusari(lambda x, i: (x[i], F.sum(x)), x, torch.tensor([1, 1, 3]))
    (y.sum() + 2 * z).backward()
    numpy.testing.assert_allclose(x.grad.numpy(), [2, 4, 2, 3])


# -- parameters shared between a Chain and a Module ------------------------------------------

def kusari_mlp(seed):
    numpy.random.seed(seed)
    return kusari.Sequential(L.Linear(4, 8), F.tanh, L.Linear(8, 3))


def data():
    return uniform(10, 4).astype(numpy.float32), rng.integers(0, 3, 10).astype(numpy.int32)


def test_a_torch_optimizer_trains_a_kusari_model_as_a_kusari_optimizer_does():
    x, t = data()
    by_kusari, by_torch = L.Classifier(kusari_mlp(0)), L.Classifier(kusari_mlp(0))
    optimizer = optimizers.SGD(lr=0.1).setup(by_kusari)
    module = bridge.KusariModule(by_torch)
    assert sorted(name for name, _ in module.named_parameters()) == [
        'predictor.0.W', 'predictor.0.b', 'predictor.1.W', 'predictor.1.b']
    torch_optimizer = torch.optim.SGD(module.parameters(), lr=0.1)
    for _ in range(5):
        optimizer.update(by_kusari, x, t)
        torch_optimizer.zero_grad()
        module(torch.from_numpy(x), torch.from_numpy(t)).backward()
        torch_optimizer.step()
    for (name, a), (_, b) in zip(sorted(by_kusari.namedparams()),
                                 sorted(by_torch.namedparams())):
        numpy.testing.assert_allclose(b.array, a.array, atol=1e-6, err_msg=name)
    assert not numpy.allclose(by_torch.predictor[0].W.array, kusari_mlp(0)[0].W.array)
    for param, shared in zip(by_torch.params(), module.parameters()):
        assert pointer(param.array) == shared.data_ptr()


def torch_mlp(seed):
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))


def test_a_kusari_optimizer_trains_a_torch_module_as_a_torch_optimizer_does():
    x, t = data()
    by_torch, by_kusari = torch_mlp(0), torch_mlp(0)
    torch_optimizer = torch.optim.SGD(by_torch.parameters(), lr=0.1)
    link = bridge.TorchLink(by_kusari)
    assert sorted(name for name, _ in link.namedparams()) == [
        '/0/bias', '/0/weight', '/2/bias', '/2/weight']
    optimizer = optimizers.SGD(lr=0.1).setup(link)
    for _ in range(5):
        torch_optimizer.zero_grad()
        torch.nn.functional.cross_entropy(by_torch(torch.from_numpy(x)),
                                          torch.from_numpy(t).long()).backward()
        torch_optimizer.step()
        optimizer.update(lambda: F.softmax_cross_entropy(link(x), t))
    for (name, a), b in zip(by_torch.named_parameters(), by_kusari.parameters()):
        numpy.testing.assert_allclose(b.detach().numpy(), a.detach().numpy(), atol=1e-6,
                                      err_msg=name)
    params = dict(link.namedparams())
    for name, shared in by_kusari.named_parameters():
        assert pointer(params['/' + name.replace('.', '/')].array) == shared.data_ptr()


def test_a_torch_module_in_a_kusari_graph_passes_the_gradient_checks():
    module = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Softplus()).double()
    link = bridge.TorchLink(module)
    check_function(link, uniform(2, 3), lambda x: module(torch.from_numpy(x)).detach().numpy(),
                   dtypes=F64)


def test_uninitialized_kusari_parameters_are_a_clear_error():
    with pytest.raises(ValueError, match="'W' of Linear is not initialized"):
        bridge.KusariModule(L.Linear(None, 3))


# -- on a GPU (CuPy arrays and CUDA tensors; the CuPy stand-in's are host memory) --------------

def cupy_and_torch_device():
    if not cuda.available:
        pytest.skip('needs CuPy and an NVIDIA GPU')
    cupy = cuda.cupy
    if getattr(cupy, '_kusari_fake', False):
        return cupy, 'cpu'
    if not torch.cuda.is_available():
        pytest.skip('needs a CUDA build of PyTorch')
    return cupy, 'cuda'


@pytest.mark.gpu
def test_torch_function_on_the_gpu():
    cupy, _ = cupy_and_torch_device()
    check_function(lambda x: call_torch(torch.sin, x), uniform(3, 4), numpy.sin, dtypes=F64,
                   device='@cupy:0')
    x = cupy.asarray(uniform(3, 4))
    seen = {}
    y = call_torch(lambda t: seen.setdefault('t', t) * 2, kusari.Variable(x))
    assert seen['t'].data_ptr() == pointer(x) and isinstance(y.array, cupy.ndarray)


@pytest.mark.gpu
def test_kusari_function_on_the_gpu():
    cupy, device = cupy_and_torch_device()
    inputs = tuple(t.to(device).detach().requires_grad_() for t in tensors_for([(2, 3), (3, 4)]))

    def fn(x, w):
        assert isinstance(x.array, cupy.ndarray) or device == 'cpu'
        return F.tanh(F.matmul(x, w))
    assert torch.autograd.gradcheck(lambda *t: call_kusari(fn, *t), inputs)
    assert torch.autograd.gradgradcheck(lambda *t: call_kusari(fn, *t), inputs)


@pytest.mark.gpu
def test_torch_module_trained_by_a_kusari_optimizer_on_the_gpu():
    cupy, device = cupy_and_torch_device()
    module = torch_mlp(0).to(device)
    link = bridge.TorchLink(module)
    if device == 'cpu':  # the stand-in: the link's arrays are host memory
        pytest.skip('PyTorch CPU tensors cannot be CuPy arrays on the stand-in')
    x, t = (cupy.asarray(a) for a in data())
    before = module[0].weight.detach().clone()
    optimizers.SGD(lr=0.1).setup(link).update(lambda: F.softmax_cross_entropy(link(x), t))
    assert not torch.equal(before, module[0].weight)
