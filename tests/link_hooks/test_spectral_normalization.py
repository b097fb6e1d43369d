import copy

import numpy
import pytest

import kusari
import kusari.links as L
from kusari import serializers, testing
from kusari.link_hooks import SpectralNormalization
from kusari.link_hooks import spectral_normalization as sn
from kusari.testing import check_function


def _x(*shape):
    return numpy.random.normal(size=shape).astype(numpy.float32)


def _largest_singular_value(matrix):
    return numpy.linalg.svd(matrix, compute_uv=False)[0]


def test_normalized_weight_has_unit_spectral_norm_after_power_iteration():
    # Well separated singular values: power iteration converges fast.
    W = testing.generate_matrix((4, 6), numpy.float32, singular_values=[2.0, 1.0, 0.5, 0.25])
    layer = L.Linear(6, 4, initialW=W)
    hook = SpectralNormalization(n_power_iteration=20)
    layer.add_hook(hook)
    with kusari.using_config('train', False):
        normalized = hook.normalize_weight(layer)
    numpy.testing.assert_allclose(_largest_singular_value(normalized.array), 1.0, rtol=1e-4)
    # forward uses the normalized weight; W is the Parameter again afterwards
    W = layer.W
    assert _largest_singular_value(W.array) == pytest.approx(2.0, rel=1e-5)
    x = _x(3, 6)
    y = layer(x)
    assert layer.W is W and isinstance(layer.W, kusari.Parameter)
    numpy.testing.assert_allclose(
        y.array, x @ (W.array / _largest_singular_value(W.array)).T + layer.b.array,
        rtol=1e-3, atol=1e-4)


def test_u_is_a_persistent_updated_only_in_training():
    layer = L.Linear(5, 3)
    hook = SpectralNormalization()
    layer.add_hook(hook)
    assert hook.vector_name == 'W_u' and 'W_u' in layer._persistent
    u0 = layer.W_u.copy()
    with kusari.using_config('train', False):
        layer(_x(2, 5))
    numpy.testing.assert_array_equal(layer.W_u, u0)
    layer(_x(2, 5))
    assert not numpy.array_equal(layer.W_u, u0)


def test_in_recomputing_reuses_the_vectors():
    layer = L.Linear(5, 3).add_hook(SpectralNormalization())
    hook = layer.local_link_hooks['SpectralNormalization']
    x = _x(2, 5)
    y1 = layer(x).array
    u1, v1 = layer.W_u.copy(), hook.v.copy()
    with kusari.using_config('in_recomputing', True):
        y2 = layer(x).array
    numpy.testing.assert_array_equal(layer.W_u, u1)
    numpy.testing.assert_array_equal(hook.v, v1)
    numpy.testing.assert_allclose(y1, y2)


@pytest.mark.parametrize('use_gamma', [False, True])
def test_lazy_initialization_and_gamma(use_gamma):
    layer = L.Convolution2D(None, 4, 3)
    hook = SpectralNormalization(use_gamma=use_gamma)
    layer.add_hook(hook)
    assert not hasattr(layer, 'W_u')
    layer(_x(2, 3, 5, 5))
    assert layer.W_u.shape == (4,)
    if use_gamma:
        assert layer.gamma.shape == () and 'gamma' in layer._params
        numpy.testing.assert_allclose(
            layer.gamma.array, _largest_singular_value(layer.W.array.reshape(4, -1)),
            rtol=1e-5)
    layer.delete_hook(hook.name)
    assert not hasattr(layer, 'W_u') and not hasattr(layer, 'gamma')


def test_deconvolution_normalizes_over_output_channels():
    layer = L.Deconvolution2D(3, 5, 2)  # W: (in, out, kh, kw)
    hook = SpectralNormalization()
    layer.add_hook(hook)
    assert hook.axis == 1 and layer.W_u.shape == (5,)
    assert hook.reshape_W(layer.W.array).shape == (5, 12)


def test_errors():
    with pytest.raises(ValueError, match="no weight 'w'"):
        L.Linear(5, 2).add_hook(SpectralNormalization(weight_name='w'))
    with pytest.raises(ValueError, match='must be positive'):
        L.Linear(5, 0).add_hook(SpectralNormalization())
    with pytest.raises(NotImplementedError, match='add_hook'):
        with SpectralNormalization():
            pass
    with pytest.raises(AssertionError, match='n_power_iteration'):
        SpectralNormalization(n_power_iteration=0)


def test_serialization_round_trip(tmp_path):
    source = L.Linear(4, 3)
    source.add_hook(SpectralNormalization(use_gamma=True))
    source(_x(2, 4))
    path = str(tmp_path / 'sn.npz')
    serializers.save_npz(path, source)
    target = L.Linear(4, 3)
    target.add_hook(copy.deepcopy(SpectralNormalization(use_gamma=True)))
    serializers.load_npz(path, target)
    numpy.testing.assert_array_equal(target.W_u, source.W_u)
    numpy.testing.assert_array_equal(target.gamma.array, source.gamma.array)


def test_gradient_of_the_largest_singular_value():
    u = numpy.random.normal(size=3)
    v = numpy.random.normal(size=4)
    check_function(lambda w: sn.calculate_max_singular_value(w, u, v),
                   [numpy.random.normal(size=(3, 4))])
