"""Fixtures shared by the link tests: a float64 gradient check over a link's inputs and
parameters, a direct N-d convolution reference, parameter-shape listings, and a writer
of Caffe's binary model format."""

import itertools

import numpy
import pytest

from kusari import gradient_check


def _conv_nd(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
    """Cross-correlation by direct summation over kernel offsets (float64)."""
    nd = x.ndim - 2
    stride, pad, dilate = ((v,) * nd if numpy.isscalar(v) else tuple(v)
                           for v in (stride, pad, dilate))
    x = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    n, c_in = x.shape[:2]
    c_out, c_per_group = W.shape[:2]
    ksize = W.shape[2:]
    out = [(s - (k - 1) * d - 1) // st + 1
           for s, k, d, st in zip(x.shape[2:], ksize, dilate, stride)]
    y = numpy.zeros((n, c_out) + tuple(out))
    out_per_group = c_out // groups
    for g in range(groups):
        xs = x[:, g * c_per_group:(g + 1) * c_per_group]
        Ws = W[g * out_per_group:(g + 1) * out_per_group].astype(numpy.float64)
        for offset in itertools.product(*[range(k) for k in ksize]):
            window = tuple(slice(o * d, o * d + (size - 1) * st + 1, st)
                           for o, d, size, st in zip(offset, dilate, out, stride))
            patch = xs[(slice(None), slice(None)) + window]
            y[:, g * out_per_group:(g + 1) * out_per_group] += numpy.einsum(
                'nc...,oc->no...', patch, Ws[(slice(None), slice(None)) + offset])
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


@pytest.fixture
def conv_ref():
    return _conv_nd


@pytest.fixture
def check_link_backward():
    """``check(link, *inputs)``: compare the link's gradients (inputs and parameters)
    with numerical differentiation in float64."""
    def check(link, *inputs, atol=1e-5, rtol=1e-4, no_grads=None):
        y = link(*inputs)
        rng = numpy.random.RandomState(0)
        y_grad = rng.normal(size=y.shape).astype(y.dtype)
        gradient_check.check_backward(link, inputs, y_grad, params=tuple(link.params()),
                                      atol=atol, rtol=rtol, dtype=numpy.float64,
                                      no_grads=no_grads)
    return check


@pytest.fixture
def param_shapes():
    def shapes(link):
        return {name: p.shape for name, p in link.namedparams()}
    return shapes

def _varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _key(number, wire):
    return _varint(number << 3 | wire)


class CaffeWriter:
    """Builds NetParameter bytes: ``layer(...)`` gives one layer's bytes, ``net(...)``
    the whole file. ``params`` maps a layer's *_param field number to a dict of
    field number -> value (int, float, bool or list of ints)."""

    def varint(self, number, value):
        return _key(number, 0) + _varint(int(value))

    def length(self, number, data):
        return _key(number, 2) + _varint(len(data)) + data

    def string(self, number, text):
        return self.length(number, text.encode('utf-8'))

    def message(self, fields):
        out = b''
        for number, value in fields.items():
            if isinstance(value, bool) or isinstance(value, int):
                out += self.varint(number, value)
            elif isinstance(value, float):
                out += _key(number, 5) + numpy.float32(value).tobytes()
            elif isinstance(value, list) and value and isinstance(value[0], float):
                out += b''.join(_key(number, 5) + numpy.float32(v).tobytes() for v in value)
            elif isinstance(value, list):   # repeated ints, not packed (proto2 default)
                out += b''.join(self.varint(number, v) for v in value)
            else:
                raise TypeError(value)
        return out

    def blob(self, array, old_format=False):
        array = numpy.asarray(array, numpy.float32)
        data = self.length(5, array.tobytes())
        if old_format:
            dims = (1,) * (4 - array.ndim) + array.shape
            return b''.join(self.varint(n, d) for n, d in zip((1, 2, 3, 4), dims)) + data
        packed_dims = b''.join(_varint(d) for d in array.shape)
        return self.length(7, self.length(1, packed_dims)) + data

    def layer(self, name, type_, bottom=(), top=(), blobs=(), params=None, v1=False):
        if v1:
            fields = {'name': 4, 'bottom': 2, 'top': 3, 'blobs': 6}
            out = self.string(4, name) + self.varint(5, type_)
        else:
            fields = {'name': 1, 'bottom': 3, 'top': 4, 'blobs': 7}
            out = self.string(1, name) + self.string(2, type_)
        out += b''.join(self.string(fields['bottom'], b) for b in bottom)
        out += b''.join(self.string(fields['top'], t) for t in top)
        out += b''.join(self.length(fields['blobs'], self.blob(b, v1)) for b in blobs)
        for number, values in (params or {}).items():
            out += self.length(number, self.message(values))
        return out

    def net(self, layers, v1=False):
        return b''.join(self.length(2 if v1 else 100, layer) for layer in layers)


@pytest.fixture
def caffe_writer():
    return CaffeWriter()
