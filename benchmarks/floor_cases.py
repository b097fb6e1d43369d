"""Every case for the bare-array floor (NumPy, or CuPy in the GPU section)."""

import numpy

from benchmarks import measure, numpy_floor


class FloorApi:
    """Array module of the floor: NumPy for ``device=None``, CuPy for ``'gpu'``."""

    def __init__(self, device=None):
        if device == 'gpu':
            import cupy
            self.xp = cupy
        else:
            self.xp = numpy

    def sync(self):
        if self.xp is not numpy:
            self.xp.cuda.Stream.null.synchronize()


def _rng():
    return numpy.random.default_rng(0)


def _images_and_labels(api, batch, shape, n_classes=10):
    rng = _rng()
    x = rng.standard_normal((batch, *shape)).astype(numpy.float32)
    labels = rng.integers(0, n_classes, batch).astype(numpy.int32)
    return api.xp.asarray(x), api.xp.asarray(labels)


def chain_fwd_bwd(api, params):
    a = api.xp.asarray(_rng().standard_normal(params['shape']).astype(numpy.float32))
    return lambda: numpy_floor.tanh_chain_forward_backward(api.xp, a, params['n_ops'])


def chain_inference(api, params):
    a = api.xp.asarray(_rng().standard_normal(params['shape']).astype(numpy.float32))
    return lambda: numpy_floor.tanh_chain_forward(api.xp, a, params['n_ops'])


def mlp_step(api, params):
    sizes = params['sizes']
    x, labels = _images_and_labels(api, params['batch'], sizes[:1])
    model = numpy_floor.MlpFloor(api.xp, _rng(), sizes, params['lr'],
                                 params.get('optimizer', 'sgd'))
    return lambda: model.step(x, labels)


def lenet_step(api, params):
    x, labels = _images_and_labels(api, params['batch'], (1, 28, 28))
    model = numpy_floor.LeNetFloor(api.xp, _rng(), params['lr'])
    return lambda: model.step(x, labels)


def conv_pool(api, params):
    size = params['size']
    x = api.xp.asarray(_rng().standard_normal(
        (params['batch'], params['in_channels'], size, size)).astype(numpy.float32))
    model = numpy_floor.ConvPoolFloor(api.xp, _rng(), params['in_channels'],
                                      params['out_channels'], params['ksize'], params['pad'])
    return lambda: model.forward_backward(x)


def rss_mlp(api, params):
    step = mlp_step(api, params)
    for _ in range(params['steps']):
        step()
    return measure.peak_rss_mb()


def deep_mlp_memory(api, params):
    batch, width = params['batch'], params['width']
    model = numpy_floor.DeepLinearsFloor(api.xp, _rng(), params['depth'], width)
    x = api.xp.asarray(_rng().standard_normal((batch, width)).astype(numpy.float32))
    model.forward_backward(x[:2])
    return measure.peak_growth_mb(lambda: model.forward_backward(x))


TIME_CASES = {
    'chain_fwd_bwd': chain_fwd_bwd,
    'chain_inference': chain_inference,
    'mlp_large': mlp_step,
    'mlp_small': mlp_step,
    'mlp_small_static': mlp_step,
    'mlp_small_captured': mlp_step,
    'mlp_small_captured_adam': mlp_step,  # no static graph: the same computation
    'chain_fwd_bwd_static': chain_fwd_bwd,
    'chain_inference_static': chain_inference,
    'cnn_lenet': lenet_step,
    'conv_pool': conv_pool,
    'gpu_mlp_large': mlp_step,
    'gpu_cnn_lenet': lenet_step,
}
MEMORY_CASES = {'rss_mlp': rss_mlp, 'deep_mlp_memory': deep_mlp_memory}
