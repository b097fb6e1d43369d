import numpy
import pytest

import kusari.functions as F
import kusari.links as L


def test_inception_paths_and_concatenation(param_shapes):
    link = L.Inception(3, 2, 2, 4, 1, 3, 2)
    shapes = param_shapes(link)
    assert shapes['/conv1/W'] == (2, 3, 1, 1)
    assert shapes['/conv3/W'] == (4, 2, 3, 3) and shapes['/conv5/W'] == (3, 1, 5, 5)
    assert shapes['/projp/W'] == (2, 3, 1, 1) and len(shapes) == 12
    x = numpy.random.RandomState(5).randn(2, 3, 6, 6).astype('f')
    y = link(x).array
    assert y.shape == (2, 2 + 4 + 3 + 2, 6, 6)
    out3 = link.conv3(F.relu(link.proj3(x))).array
    numpy.testing.assert_allclose(y[:, 2:6], numpy.maximum(out3, 0), rtol=1e-5, atol=1e-6)
    pooled = F.max_pooling_2d(x, 3, stride=1, pad=1)
    numpy.testing.assert_allclose(y[:, 9:], numpy.maximum(link.projp(pooled).array, 0),
                                  rtol=1e-5, atol=1e-6)


def test_inception_bn_structure(param_shapes):
    link = L.InceptionBN(4, 2, 3, 5, 2, 3, 'avg', proj_pool=2)
    shapes = param_shapes(link)
    assert shapes['/conv33b/W'] == (3, 3, 3, 3) and '/conv33b/b' not in shapes
    assert shapes['/conv1n/gamma'] == (2,) and shapes['/poolpn/beta'] == (2,)
    no_1x1 = L.InceptionBN(4, 0, 3, 5, 2, 3, 'max', stride=2)
    assert not hasattr(no_1x1, 'conv1') and not hasattr(no_1x1, 'poolp')


def test_inception_bn_1x1_path_needs_stride_1_and_a_pool_projection():
    with pytest.raises(AssertionError, match='needs stride 1 and proj_pool'):  # as Chainer
        L.InceptionBN(4, 2, 3, 5, 2, 3, 'max', proj_pool=None)
    with pytest.raises(AssertionError, match='needs stride 1 and proj_pool'):
        L.InceptionBN(4, 2, 3, 5, 2, 3, 'max', proj_pool=2, stride=2)


def test_inception_bn_forward():
    link = L.InceptionBN(4, 2, 3, 5, 2, 3, 'max', proj_pool=2)
    x = numpy.random.RandomState(6).randn(3, 4, 5, 5).astype('f')
    y = link(x)
    assert y.shape == (3, 2 + 5 + 3 + 2, 5, 5)
    assert (y.array >= 0).all()
