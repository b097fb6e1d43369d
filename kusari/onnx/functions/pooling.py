"""Max, average and ROI pooling, and unpooling."""

import warnings

import numpy

from kusari.onnx.functions.converter import Builder, converts


def _window(func, ndim):
    """(ksize, stride, pad) per spatial axis, from Chainer's 2-d or n-d attributes."""
    def per_axis(nd_name, names_2d):
        value = getattr(func, nd_name, None)
        if value is None:
            value = tuple(getattr(func, n) for n in names_2d)
        return [int(v) for v in numpy.broadcast_to(numpy.asarray(value), (ndim,))]
    return (per_axis('ksize', ('kh', 'kw')), per_axis('stride', ('sy', 'sx')),
            per_axis('pad', ('ph', 'pw')))


def _pool(op_type):
    def convert(params):
        func = params.func
        b = Builder(params)
        ndim = len(b.in_shape()) - 2
        ksize, stride, pad = _window(func, ndim)
        begin, end = list(pad), list(pad)
        attrs = {}
        if getattr(func, 'cover_all', False):
            # windows also cover the last elements: ceil instead of floor
            if b.opset >= 10:
                attrs['ceil_mode'] = 1
            else:
                end = [p + s - 1 for p, s in zip(pad, stride)]
        if op_type == 'AveragePool':
            # kusari (as Chainer) divides by the window size, padding included, unless
            # pad_value is None
            attrs['count_include_pad'] = int(getattr(func, 'pad_value', 0) is not None)
        b.output(op_type, b.inputs, kernel_shape=ksize, strides=stride, pads=begin + end,
                 **attrs)
        return b.nodes()
    return convert


converts('MaxPoolingND')(_pool('MaxPool'))
converts('AveragePooling2D', 'AveragePoolingND')(_pool('AveragePool'))


@converts('Unpooling2D', 'UnpoolingND')
def convert_Unpooling(params):
    """Nearest-neighbour upsampling: each element repeated over its window."""
    b = Builder(params)
    ndim = len(b.in_shape()) - 2
    ksize, stride, pad = _window(params.func, ndim)
    if ksize != stride or any(pad):
        raise RuntimeError('kusari exports unpooling only with stride equal to ksize and no '
                           'padding')
    b.resize(b.inputs[0], 'nearest', out=params.output_names,
             coordinate_transformation_mode='asymmetric', nearest_mode='floor')
    return b.nodes()


@converts('ROIPooling2D')
def convert_ROIPooling2D(params):
    """MaxRoiPool; its rounding of region bounds may differ from kusari's."""
    func = params.func
    warnings.warn('ROIPooling2D is exported as ONNX MaxRoiPool, whose rounding of region '
                  'bounds may make values differ', UserWarning, stacklevel=2)
    b = Builder(params)
    inputs = b.inputs if len(b.inputs) == 2 else b.inputs + [b.const(func.rois)]
    b.output('MaxRoiPool', inputs, pooled_shape=[int(func.outh), int(func.outw)],
             spatial_scale=float(func.spatial_scale))
    return b.nodes()


@converts('Upsampling2D', since=9)
def convert_Upsampling2D(params):
    """MaxUnpool, with the flat output positions the node's fixed ``indexes`` give."""
    func = params.func
    b = Builder(params)
    n, c, h, w = b.in_shape()
    outh, outw = b.out_shape()[2:]
    offsets = numpy.asarray(func.indexes)
    rows = numpy.arange(h)[:, None] * func.sy - func.ph + offsets // func.kw
    cols = numpy.arange(w)[None, :] * func.sx - func.pw + offsets % func.kw
    planes = numpy.arange(n * c).reshape(n, c, 1, 1)
    positions = (planes * outh + rows) * outw + cols
    # kusari sums overlapping windows and drops what falls in the padding; MaxUnpool does
    # neither
    if (rows.min() < 0 or rows.max() >= outh or cols.min() < 0 or cols.max() >= outw
            or numpy.unique(positions).size != positions.size):
        raise RuntimeError('kusari exports upsampling_2d only when each element lands on its '
                           'own place inside the output')
    b.output('MaxUnpool', [b.inputs[0], b.const(positions, numpy.int64),
                           b.ints(b.out_shape())],
             kernel_shape=[func.kh, func.kw], strides=[func.sy, func.sx])
    return b.nodes()


@converts('ROIAverageAlign2D', since=10)
def convert_ROIAverageAlign2D(params):
    """RoiAlign without the half-pixel shift, as kusari (as Chainer) samples. Not for
    roi_max_align_2d: onnxruntime's max mode takes the largest of each sample's weighted
    corners, not of the samples."""
    func = params.func
    sampling_ratio = set(func.sampling_ratio)
    if len(sampling_ratio) > 1:
        raise RuntimeError('ONNX RoiAlign takes one sampling_ratio for both axes, not {}'
                           .format(func.sampling_ratio))
    b = Builder(params)
    x, rois, roi_indices = b.inputs
    # kusari's RoIs are (y_min, x_min, y_max, x_max), ONNX's (x1, y1, x2, y2)
    rois = b.op('Gather', [rois, b.ints([1, 0, 3, 2])], axis=1)
    roi_indices = b.op('Cast', [roi_indices], to=7)  # int64
    attrs = {}
    if b.opset >= 16:
        attrs['coordinate_transformation_mode'] = 'output_half_pixel'
    b.output('RoiAlign', [x, rois, roi_indices], mode='avg', output_height=int(func.outh),
             output_width=int(func.outw),
             sampling_ratio=sampling_ratio.pop() or 0, spatial_scale=float(func.spatial_scale),
             **attrs)
    return b.nodes()
