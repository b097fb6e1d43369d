"""Every case written for PyTorch (the CPU build, or CUDA in the GPU section)."""

import itertools

import numpy
import torch
from torch import nn
from torch.nn import functional

from benchmarks import measure


class TorchApi:
    """Device placement for PyTorch: ``None`` for the CPU, ``'gpu'`` for CUDA device 0."""

    def __init__(self, device=None):
        self.device = torch.device('cuda:0' if device == 'gpu' else 'cpu')

    def tensor(self, host_array, **kwargs):
        return torch.as_tensor(host_array, device=self.device, **kwargs)

    def sync(self):
        if self.device.type == 'cuda':
            torch.cuda.synchronize(self.device)


def _rng():
    return numpy.random.default_rng(0)


def _images_and_labels(api, batch, shape, n_classes=10):
    rng = _rng()
    x = rng.standard_normal((batch, *shape)).astype(numpy.float32)
    labels = rng.integers(0, n_classes, batch).astype(numpy.int64)
    return api.tensor(x), api.tensor(labels)


def make_mlp(sizes):
    layers = []
    for n_in, n_out in itertools.pairwise(sizes):
        layers += [nn.Linear(n_in, n_out), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


def make_lenet():
    return nn.Sequential(
        nn.Conv2d(1, 20, 5), nn.MaxPool2d(2),
        nn.Conv2d(20, 50, 5), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(800, 500), nn.ReLU(), nn.Linear(500, 10))


def _sgd_step(api, model, x, labels, lr, optimizer_name='sgd'):
    model = model.to(api.device)
    if optimizer_name == 'adam':
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    else:
        optimizer = torch.optim.SGD(model.parameters(), lr=lr)

    def step():
        optimizer.zero_grad()
        loss = functional.cross_entropy(model(x), labels)
        loss.backward()
        optimizer.step()

    return step


def chain_fwd_bwd(api, params):
    a = api.tensor(_rng().standard_normal(params['shape']).astype(numpy.float32))
    seed_grad = torch.ones_like(a)
    n_ops = params['n_ops']

    def step():
        h = x = a.detach().requires_grad_()
        for _ in range(n_ops):
            h = torch.tanh(h)
        h.backward(seed_grad)
        return x.grad

    return step


def chain_inference(api, params):
    a = api.tensor(_rng().standard_normal(params['shape']).astype(numpy.float32))
    n_ops = params['n_ops']

    def step():
        with torch.no_grad():
            h = a
            for _ in range(n_ops):
                h = torch.tanh(h)

    return step


def mlp_step(api, params):
    sizes = params['sizes']
    x, labels = _images_and_labels(api, params['batch'], sizes[:1])
    return _sgd_step(api, make_mlp(sizes), x, labels, params['lr'],
                     params.get('optimizer', 'sgd'))


def lenet_step(api, params):
    x, labels = _images_and_labels(api, params['batch'], (1, 28, 28))
    return _sgd_step(api, make_lenet(), x, labels, params['lr'])


def conv_pool(api, params):
    rng = _rng()
    channels, size, ksize = params['in_channels'], params['size'], params['ksize']
    x = api.tensor(
        rng.standard_normal((params['batch'], channels, size, size)).astype(numpy.float32))
    weight_shape = (params['out_channels'], channels, ksize, ksize)
    weight = api.tensor((rng.standard_normal(weight_shape) / numpy.sqrt(channels * ksize * ksize))
                        .astype(numpy.float32)).requires_grad_()
    bias = torch.zeros(params['out_channels'], device=api.device, requires_grad=True)
    pad = params['pad']

    def step():
        weight.grad = bias.grad = None
        x_leaf = x.detach().requires_grad_()
        y = functional.max_pool2d(functional.conv2d(x_leaf, weight, bias, padding=pad), 2)
        y.backward(torch.ones_like(y))

    return step


def rss_mlp(api, params):
    step = mlp_step(api, params)
    for _ in range(params['steps']):
        step()
    return measure.peak_rss_mb()


def deep_mlp_memory(api, params):
    depth, width, batch = params['depth'], params['width'], params['batch']
    model = make_mlp((width,) * (depth + 1)).to(api.device)
    x = api.tensor(_rng().standard_normal((batch, width)).astype(numpy.float32))
    seed_grad = torch.ones(batch, width, device=api.device)

    def forward_backward(inputs, seed):
        model(inputs).backward(seed)

    forward_backward(x[:2], seed_grad[:2])  # warm-up on a tiny batch: lazy set-up, not data
    model.zero_grad(set_to_none=True)
    return measure.peak_growth_mb(lambda: forward_backward(x, seed_grad))


TIME_CASES = {
    'chain_fwd_bwd': chain_fwd_bwd,
    'chain_inference': chain_inference,
    'mlp_large': mlp_step,
    'mlp_small': mlp_step,
    'mlp_small_static': mlp_step,  # no static graph: the same computation
    'mlp_small_captured': mlp_step,
    'mlp_small_captured_adam': mlp_step,
    'chain_fwd_bwd_static': chain_fwd_bwd,
    'chain_inference_static': chain_inference,
    'cnn_lenet': lenet_step,
    'conv_pool': conv_pool,
    'gpu_mlp_large': mlp_step,
    'gpu_cnn_lenet': lenet_step,
}
MEMORY_CASES = {'rss_mlp': rss_mlp, 'deep_mlp_memory': deep_mlp_memory}
