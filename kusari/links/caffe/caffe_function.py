"""Run Caffe models: the layers of a ``.caffemodel`` as a kusari Chain."""

from __future__ import annotations

import typing
import warnings

import numpy

from kusari import configuration
from kusari import functions as F
from kusari.link import Chain
from kusari.links.caffe import _caffe_schema as schema
from kusari.links.caffe._protobuf import decode
from kusari.links.connection.convolution_2d import Convolution2D
from kusari.links.connection.deconvolution_2d import Deconvolution2D
from kusari.links.connection.linear import Linear
from kusari.links.connection.scale import Scale
from kusari.links.normalization.batch_normalization import BatchNormalization
from kusari.utils import argument

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


def _blob_array(blob):
    """The data of a BlobProto as a float32 array of its shape."""
    data = blob.data if len(blob.data) else blob.double_data
    if blob.shape.dim:
        shape = tuple(blob.shape.dim)
    else:
        shape = tuple(d for d in (blob.num, blob.channels, blob.height, blob.width))
    return numpy.asarray(data, dtype=numpy.float32).reshape(shape)


def _matrix(blob):
    """A 2-d view of an InnerProduct weight blob ((out, in), or (1, 1, out, in) in the
    old format)."""
    array = _blob_array(blob)
    return array.reshape(array.shape[-2:])


def _pair(values, h, w, default):
    """A Caffe size given as h/w fields, a repeated field, or nothing."""
    if h or w:
        return h, w
    values = list(values)
    if not values:
        return default
    return values[0] if len(values) == 1 else tuple(values)


def _pooling_pair(single, h, w):
    return (h, w) if (h or w) else single


class _CallChild:
    """The forward of a layer that is a child link (looked up at call time, so that
    copies and device moves of the Chain are followed)."""

    def __init__(self, caffe_func, name, test_mode=False):
        self.caffe_func = caffe_func
        self.name = name
        self.test_mode = test_mode

    def __call__(self, *xs):
        link = getattr(self.caffe_func, self.name)
        if self.test_mode:
            with configuration.using_config('train', False):
                return link(*xs)
        return link(*xs)


class CaffeFunction(Chain):
    """The network of a Caffe ``.caffemodel`` file as a Chain.

    Each layer with parameters becomes a child link named after the Caffe layer
    (Convolution -> Convolution2D, Deconvolution -> Deconvolution2D, InnerProduct ->
    Linear, BatchNorm -> BatchNormalization, Scale -> Scale); parameter-free layers
    (Pooling, LRN, ReLU, Sigmoid, TanH, Softmax, SoftmaxWithLoss, Dropout, Concat,
    Eltwise, Slice, Split) become functions. Data layers and unsupported layers are
    skipped with a warning. Both the current and the old (V1) layer formats are read;
    the protobuf package is not needed.

    Args:
        model_path (str): path of the binary ``.caffemodel``.

    Attributes:
        forwards (dict): layer name -> callable.
        layers (list): ``(layer name, bottom blob names, top blob names)`` in order.
    """

    def __init__(self, model_path: str) -> None:
        super().__init__()
        with open(model_path, 'rb') as f:
            net = decode(f.read(), schema.NET)
        self.forwards: dict[str, typing.Callable[..., typing.Any]] = {}
        self.split_map: dict[str, str] = {}
        self.layers: list[tuple[str, list[str], list[str]]] = []
        if net.layer:
            for layer in net.layer:
                self._add(layer, layer.type)
        else:
            for layer in net.layers:
                self._add(layer, schema.V1_TYPES.get(layer.type, 'V1:{}'.format(layer.type)))

    def _add(self, layer, layer_type):
        setup = _SETUPS.get(layer_type)
        if setup is None:
            warnings.warn('CaffeFunction: skipping the layer {!r} of the unsupported type {}'
                          .format(layer.name, layer_type), stacklevel=3)
            return
        setup(self, layer)

    def forward(self, inputs: typing.Mapping[str, types.VariableOrArray],
                outputs: typing.Iterable[str], disable: typing.Iterable[str] = (),
                **kwargs: typing.Any) -> tuple[Variable, ...]:
        """forward(self, inputs, outputs, disable=())

        Run the part of the network that the given blobs reach.

        Args:
            inputs (dict): blob name -> input Variable or array, e.g. ``'data'`` ->
                images of shape ``(N, 3, H, W)``.
            outputs (iterable of str): the blobs to return.
            disable (iterable of str): layers to skip (default none).
            kwargs: nothing is accepted (Chainer v1's ``train`` is refused).

        Returns:
            tuple: the Variables of the ``outputs`` blobs, each ``(N, ...)``.
        """
        argument.parse_kwargs_of(
            'CaffeFunction.forward', kwargs,
            train="CaffeFunction.forward: the train argument is not supported anymore; use "
                  "kusari.using_config('train', ...)")
        variables = dict(inputs)
        disable = set(disable)
        for name, bottom, top in self.layers:
            if (name in disable or name not in self.forwards
                    or any(blob not in variables for blob in bottom)):
                continue
            out = self.forwards[name](*[variables[blob] for blob in bottom])
            if not isinstance(out, (tuple, list)):
                out = (out,)
            variables.update(zip(top, out))
        self.variables = variables
        missing = [blob for blob in outputs if blob not in variables]
        if missing:
            raise KeyError('CaffeFunction: the blobs {} were not computed from the inputs {}'
                           .format(missing, sorted(inputs)))
        return tuple(variables[blob] for blob in outputs)

    # -- registration ------------------------------------------------------------
    def _add_layer(self, layer):
        bottom = [self.split_map.get(blob, blob) for blob in layer.bottom]
        self.layers.append((layer.name, bottom, list(layer.top)))

    def _add_function(self, layer, func):
        self.forwards[layer.name] = func
        self._add_layer(layer)

    def _add_link(self, layer, link, test_mode=False):
        self.add_link(layer.name, link)
        self.forwards[layer.name] = _CallChild(self, layer.name, test_mode)
        self._add_layer(layer)

    # -- layers ---------------------------------------------------------------------
    def _setup_convolution(self, layer, transposed=False):
        param = layer.convolution_param
        blobs = layer.blobs
        weight = _blob_array(blobs[0])
        ksize = _pair(param.kernel_size, param.kernel_h, param.kernel_w, None)
        stride = _pair(param.stride, param.stride_h, param.stride_w, 1)
        pad = _pair(param.pad, param.pad_h, param.pad_w, 0)
        dilate = _pair(param.dilation, 0, 0, 1)
        groups = param.group
        bias = _blob_array(blobs[1]).ravel() if param.bias_term else None
        if transposed:
            link = Deconvolution2D(weight.shape[0], weight.shape[1] * groups, ksize, stride,
                                   pad, nobias=bias is None, initialW=weight,
                                   initial_bias=bias, dilate=dilate, groups=groups)
        else:
            link = Convolution2D(weight.shape[1] * groups, weight.shape[0], ksize, stride, pad,
                                 nobias=bias is None, initialW=weight, initial_bias=bias,
                                 dilate=dilate, groups=groups)
        self._add_link(layer, link)

    def _setup_deconvolution(self, layer):
        self._setup_convolution(layer, transposed=True)

    def _setup_inner_product(self, layer):
        param = layer.inner_product_param
        if param.axis != 1:
            raise RuntimeError('CaffeFunction: InnerProduct over axis {} is not supported '
                               '(layer {!r})'.format(param.axis, layer.name))
        weight = _matrix(layer.blobs[0])
        if param.transpose:
            weight = weight.T
        bias = _blob_array(layer.blobs[1]).ravel() if param.bias_term else None
        link = Linear(weight.shape[1], weight.shape[0], nobias=bias is None,
                      initialW=numpy.ascontiguousarray(weight), initial_bias=bias)
        self._add_link(layer, link)

    def _setup_batchnorm(self, layer):
        param = layer.batch_norm_param
        mean, var, factor = (_blob_array(b) for b in layer.blobs[:3])
        scale = 0.0 if factor.ravel()[0] == 0 else 1.0 / factor.ravel()[0]
        link = BatchNormalization(mean.size, decay=param.moving_average_fraction,
                                  eps=param.eps, use_gamma=False, use_beta=False)
        link.avg_mean[...] = mean.ravel() * scale
        link.avg_var[...] = var.ravel() * scale
        # Caffe normalizes by the stored statistics unless told otherwise at test time.
        use_global = param.use_global_stats
        self._add_link(layer, link, test_mode=bool(use_global))

    def _setup_scale(self, layer):
        param = layer.scale_param
        blobs = layer.blobs
        if len(layer.bottom) == 1:
            weight = _blob_array(blobs[0])
            link = Scale(param.axis, weight.shape, param.bias_term)
            link.W.array[...] = weight
            if param.bias_term:
                link.bias.b.array[...] = _blob_array(blobs[1]).reshape(weight.shape)
        else:
            bias = _blob_array(blobs[0]) if param.bias_term else None
            link = Scale(param.axis, bias_term=param.bias_term,
                         bias_shape=None if bias is None else bias.shape)
            if bias is not None:
                link.bias.b.array[...] = bias
        self._add_link(layer, link)

    def _setup_pooling(self, layer):
        param = layer.pooling_param
        ksize = _pooling_pair(param.kernel_size, param.kernel_h, param.kernel_w)
        stride = _pooling_pair(param.stride, param.stride_h, param.stride_w)
        pad = _pooling_pair(param.pad, param.pad_h, param.pad_w)
        if param.pool == 0:
            pool = F.max_pooling_2d
        elif param.pool == 1:
            pool = F.average_pooling_2d
        else:
            raise RuntimeError('CaffeFunction: stochastic pooling is not supported (layer '
                               '{!r})'.format(layer.name))
        if param.global_pooling:
            def func(x):
                return pool(x, x.shape[2:], stride=1)
        else:
            def func(x):
                return pool(x, ksize, stride=stride, pad=pad)
        self._add_function(layer, func)

    def _setup_lrn(self, layer):
        param = layer.lrn_param
        if param.norm_region != 0:
            raise RuntimeError('CaffeFunction: within-channel LRN is not supported (layer '
                               '{!r})'.format(layer.name))
        n, k, alpha, beta = param.local_size, param.k, param.alpha, param.beta
        self._add_function(layer, lambda x: F.local_response_normalization(
            x, n=n, k=k, alpha=alpha / n, beta=beta))

    def _setup_relu(self, layer):
        slope = layer.relu_param.negative_slope
        if slope != 0:
            self._add_function(layer, lambda x: F.leaky_relu(x, slope=slope))
        else:
            self._add_function(layer, F.relu)

    def _setup_sigmoid(self, layer):
        self._add_function(layer, F.sigmoid)

    def _setup_tanh(self, layer):
        self._add_function(layer, F.tanh)

    def _setup_softmax(self, layer):
        axis = layer.softmax_param.axis
        self._add_function(layer, lambda x: F.softmax(x, axis=axis))

    def _setup_softmax_with_loss(self, layer):
        axis = layer.softmax_param.axis
        if axis != 1:
            raise RuntimeError('CaffeFunction: SoftmaxWithLoss over axis {} is not supported '
                               '(layer {!r})'.format(axis, layer.name))
        self._add_function(layer, F.softmax_cross_entropy)

    def _setup_dropout(self, layer):
        ratio = layer.dropout_param.dropout_ratio
        self._add_function(layer, lambda x: F.dropout(x, ratio=ratio))

    def _setup_concat(self, layer):
        param = layer.concat_param
        axis = param.axis if param.axis != 1 else param.concat_dim
        self._add_function(layer, lambda *xs: F.concat(xs, axis=axis))

    def _setup_eltwise(self, layer):
        param = layer.eltwise_param
        coeffs = list(param.coeff)
        if param.operation == 0:
            def func(*xs):
                y = xs[0]
                for x in xs[1:]:
                    y = y * x
                return y
        elif param.operation == 1:
            def func(*xs):
                weights = coeffs or [1.0] * len(xs)
                y = xs[0] * weights[0]
                for w, x in zip(weights[1:], xs[1:]):
                    y = y + x * w
                return y
        else:
            def func(*xs):
                y = xs[0]
                for x in xs[1:]:
                    y = F.maximum(y, x)
                return y
        self._add_function(layer, func)

    def _setup_slice(self, layer):
        param = layer.slice_param
        axis = param.axis if param.axis != 1 else param.slice_dim
        points = list(param.slice_point)
        sections = points if points else len(layer.top)
        self._add_function(layer, lambda x: F.split_axis(x, sections, axis=axis))

    def _setup_split(self, layer):
        for top in layer.top:
            self.split_map[top] = layer.bottom[0]

    def _setup_data(self, layer):
        """Data and Input layers: the inputs come from ``forward``'s ``inputs``."""


_SETUPS = {
    'Convolution': CaffeFunction._setup_convolution,
    'Deconvolution': CaffeFunction._setup_deconvolution,
    'InnerProduct': CaffeFunction._setup_inner_product,
    'BatchNorm': CaffeFunction._setup_batchnorm,
    'Scale': CaffeFunction._setup_scale,
    'Pooling': CaffeFunction._setup_pooling,
    'LRN': CaffeFunction._setup_lrn,
    'ReLU': CaffeFunction._setup_relu,
    'Sigmoid': CaffeFunction._setup_sigmoid,
    'TanH': CaffeFunction._setup_tanh,
    'Softmax': CaffeFunction._setup_softmax,
    'SoftmaxWithLoss': CaffeFunction._setup_softmax_with_loss,
    'Dropout': CaffeFunction._setup_dropout,
    'Concat': CaffeFunction._setup_concat,
    'Eltwise': CaffeFunction._setup_eltwise,
    'Slice': CaffeFunction._setup_slice,
    'Split': CaffeFunction._setup_split,
    'Data': CaffeFunction._setup_data,
    'Input': CaffeFunction._setup_data,
}
