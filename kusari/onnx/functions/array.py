"""Functions that move, select, join and split array elements."""

import warnings

import numpy

from kusari.onnx.functions.converter import Builder, converts, one_op


converts('Copy')(one_op('Identity'))
converts('Shape')(one_op('Shape'))


@converts('Cast')
def convert_Cast(params):
    from onnx import helper

    b = Builder(params)
    b.output('Cast', b.inputs, to=helper.np_dtype_to_tensor_dtype(b.out_dtype()))
    return b.nodes()


@converts('Reshape')
def convert_Reshape(params):
    b = Builder(params)
    if len(b.inputs) == 2:  # a shape computed in the graph (as_funcnode('Reshape'))
        b.output('Reshape', b.inputs)
    else:
        b.output('Reshape', [b.inputs[0], b.ints(params.func.shape)])
    return b.nodes()


def _transpose_to(perm):
    def convert(params):
        b = Builder(params)
        b.output('Transpose', b.inputs, perm=list(perm(params.func, len(b.in_shape()))))
        return b.nodes()
    return convert


def _transpose_perm(func, ndim):
    return func.axes if func.axes is not None else range(ndim)[::-1]


converts('Transpose')(_transpose_to(_transpose_perm))


@converts('Concat')
def convert_Concat(params):
    b = Builder(params)
    b.output('Concat', b.inputs, axis=params.func.axis % len(b.in_shape()))
    return b.nodes()


@converts('Stack')
def convert_Stack(params):
    b = Builder(params)
    axis = params.func.axis % (len(b.in_shape()) + 1)
    b.output('Concat', [b.unsqueeze(x, [axis]) for x in b.inputs], axis=axis)
    return b.nodes()


def _split_sizes(func, size):
    """Sizes of the parts SplitAxis makes of an axis of ``size`` elements."""
    indices = getattr(func, 'indices', None)
    sections = getattr(func, 'sections', None)
    if indices is None and sections is None:
        given = func.indices_or_sections
        if numpy.isscalar(given):
            sections = given
        else:
            indices = given
    if indices is None:
        return [size // int(sections)] * int(sections)
    bounds = [0] + [min(max(int(i) if i >= 0 else int(i) + size, 0), size)
                    for i in indices] + [size]
    return [max(stop - start, 0) for start, stop in zip(bounds, bounds[1:])]


@converts('SplitAxis')
def convert_SplitAxis(params):
    b = Builder(params)
    shape = b.in_shape()
    axis = params.func.axis % len(shape)
    sizes = _split_sizes(params.func, shape[axis])
    b.split(b.inputs[0], sizes, axis, out=params.output_names)
    return b.nodes()


@converts('Separate')
def convert_Separate(params):
    b = Builder(params)
    shape = b.in_shape()
    axis = params.func.axis % len(shape)
    if shape[axis] == 1:
        b.squeeze(b.inputs[0], [axis], out=params.output_names)
        return b.nodes()
    parts = b.split(b.inputs[0], [1] * shape[axis], axis)
    for part, name in zip(parts, params.output_names):
        b.squeeze(part, [axis], out=name)
    return b.nodes()


@converts('Tile')
def convert_Tile(params):
    b = Builder(params)
    shape = b.in_shape()
    reps = tuple(numpy.atleast_1d(params.func.reps).tolist())
    x = b.inputs[0]
    if len(reps) > len(shape):
        x = b.reshape(x, (1,) * (len(reps) - len(shape)) + tuple(shape))
    reps = (1,) * (len(shape) - len(reps)) + reps
    b.output('Tile', [x, b.ints(reps)])
    return b.nodes()


@converts('Repeat')
def convert_Repeat(params):
    """A Gather with the index of each element repeated."""
    b = Builder(params)
    x = b.inputs[0]
    shape = b.in_shape()
    axis = params.func.axis
    if axis is None:
        x, axis, n = b.reshape(x, [-1]), 0, int(numpy.prod(shape))
    else:
        axis %= len(shape)
        n = shape[axis]
    repeats = numpy.broadcast_to(numpy.asarray(params.func.repeats), (n,))
    b.output('Gather', [x, b.ints(numpy.repeat(numpy.arange(n), repeats))], axis=axis)
    return b.nodes()


@converts('Pad')
def convert_Pad(params):
    func = params.func
    b = Builder(params)
    ndim = len(b.in_shape())
    width = numpy.broadcast_to(numpy.asarray(func.pad_width, dtype=numpy.int64), (ndim, 2))
    mode = func.mode
    onnx_mode = {'constant': 'constant', 'reflect': 'reflect', 'edge': 'edge'}.get(mode)
    if onnx_mode is None:
        raise ValueError('kusari cannot export pad with mode {!r}'.format(mode))
    value = 0.
    if mode == 'constant':
        value = numpy.asarray(getattr(func, 'keywords', {}).get('constant_values', 0))
        if value.size != 1:
            raise ValueError('kusari exports constant padding with one value only')
        value = float(value.ravel()[0])
    pads = list(width[:, 0]) + list(width[:, 1])
    b.pad(b.inputs[0], pads, onnx_mode, value, out=params.output_names)
    return b.nodes()


@converts('Where', since=9)
def convert_Where(params):
    b = Builder(params)
    condition = params.func.condition
    name = params.context.find_name(condition)
    if name is None:
        name = b.const(numpy.asarray(condition), bool)
    inputs = b.inputs if len(b.inputs) == 3 else [name] + b.inputs
    b.output('Where', inputs)
    return b.nodes()


@converts('PadSequence')
def convert_PadSequence(params):
    """Each sequence padded to the length along its first axis, then stacked."""
    func = params.func
    b = Builder(params)
    length = b.out_shape()[1]
    fill = numpy.asarray(func.padding).astype(func.inputs[0].dtype).item()
    padded = []
    for i, x in enumerate(b.inputs):
        ndim = len(b.in_shape(i))
        if b.in_shape(i)[0] < length:
            x = b.pad(x, [0] * ndim + [length - b.in_shape(i)[0]] + [0] * (ndim - 1),
                      value=fill)
        padded.append(b.unsqueeze(x, [0]))
    b.output('Concat', padded, axis=0)
    return b.nodes()


@converts('Permutate')
def convert_Permutate(params):
    func = params.func
    b = Builder(params)
    indices = numpy.asarray(func.indices)
    name = params.context.find_name(func.indices)
    if name is None:  # constant indices: invert them here
        if func.inv:
            indices = numpy.argsort(indices)
        name = b.ints(indices)
    elif func.inv:
        if b.opset < 9:
            raise RuntimeError('kusari cannot invert a permutation given as an input before '
                               'opset 9')
        positions = b.ints(numpy.arange(len(indices)))
        zeros = b.ints(numpy.zeros(len(indices)))
        name = b.op('ScatterElements' if b.opset >= 11 else 'Scatter',
                    [zeros, b.op('Cast', [name], to=7), positions])
    b.output('Gather', [b.inputs[0], name], axis=func.axis % len(b.in_shape()))
    return b.nodes()


@converts('SelectItem', since=9)
def convert_SelectItem(params):
    b = Builder(params)
    x, t = b.inputs
    if b.opset >= 11:
        picked = b.op('GatherElements', [x, b.unsqueeze(t, [1])], axis=1)
        b.squeeze(picked, [1], out=params.output_names)
    else:  # sum of x times one-hot(t)
        n_class = b.in_shape(0)[1]
        dtype = params.func.inputs[0].dtype
        t = b.op('Cast', [t], to=7)  # onnxruntime's OneHot wants int64 indices
        one_hot = b.op('OneHot', [t, b.ints([n_class]), b.const([0, 1], dtype)], axis=-1)
        b.reduce('ReduceSum', b.op('Mul', [x, one_hot]), [1], out=params.output_names)
    return b.nodes()


@converts('TransposeSequence')
def convert_TransposeSequence(params):
    b = Builder(params)
    lengths = [b.in_shape(i)[0] for i in range(len(b.inputs))]
    for t, name in enumerate(params.output_names):
        rows = [b.slice(x, [t], [t + 1], [0]) for x, n in zip(b.inputs, lengths) if n > t]
        if len(rows) > 1:
            b.op('Concat', rows, out=name, axis=0)
        else:
            b.op('Identity', rows, out=name)
    return b.nodes()


@converts('ResizeImages')
def convert_ResizeImages(params):
    """Bilinear resize with aligned corners, as Chainer's; before opset 11 ONNX
    cannot align corners and the values differ."""
    b = Builder(params)
    if b.opset < 11:
        warnings.warn('ResizeImages is exported with ONNX opset {}, whose resize cannot align '
                      'corners: values differ from kusari\'s'.format(b.opset), UserWarning,
                      stacklevel=2)
    b.resize(b.inputs[0], 'linear', out=params.output_names,
             coordinate_transformation_mode='align_corners')
    return b.nodes()


def _normalized_slices(slices, ndim):
    """GetItem's key as a list of entries: slice, int, None or int64 array."""
    if isinstance(slices, list):  # Chainer's rule: a list of ints is one index
        slices = (slices,) if all(isinstance(s, int) for s in slices) else tuple(slices)
    elif not isinstance(slices, tuple):
        slices = slices,
    entries = []
    for s in slices:
        if isinstance(s, (list, numpy.ndarray)):
            s = numpy.asarray(s)
            s = int(s) if s.ndim == 0 else s.astype(numpy.int64)
        elif isinstance(s, (numpy.integer, int)):
            s = int(s)
        entries.append(s)
    ellipsis = [i for i, e in enumerate(entries) if e is Ellipsis]
    if ellipsis:
        i = ellipsis[0]
        entries[i:i + 1] = [slice(None)] * (ndim - _consumed(entries) + 1)
    return entries + [slice(None)] * (ndim - _consumed(entries))


def _consumed(entries):
    """The number of input axes the entries index (None indexes none)."""
    return sum(1 for e in entries if e is not None)


@converts('GetItem')
def convert_GetItem(params):
    b = Builder(params)
    shape = b.in_shape()
    entries = _normalized_slices(params.func.slices, len(shape))
    is_array = [isinstance(e, numpy.ndarray) for e in entries]
    indexing = [i for i, e in enumerate(entries) if is_array[i] or isinstance(e, int)]
    arrays = [i for i, a in enumerate(is_array) if a]
    if arrays:
        if indexing != list(range(indexing[0], indexing[-1] + 1)):
            raise ValueError('kusari cannot export get_item whose integer and array indices '
                             'are not next to each other')
        if len(arrays) > 1:
            if b.opset < 11:
                raise ValueError('get_item with several array indices needs GatherND '
                                 '(opset 11 or later)')
            if arrays != list(range(arrays[0], arrays[-1] + 1)) or any(
                    not isinstance(e, int) for e in entries[:arrays[0]]):
                raise ValueError('kusari exports several array indices of get_item only on '
                                 'the leading axes')

    x = b.inputs[0]
    slices = []  # (axis, start, stop, step) of the input
    squeezed, unsqueezed, gathers = [], [], []
    in_axis = out_axis = 0
    for entry in entries:
        if entry is None:
            unsqueezed.append(out_axis)
            out_axis += 1
            continue
        dim = shape[in_axis]
        if isinstance(entry, int):
            index = entry % dim
            slices.append((in_axis, index, index + 1, 1))
            squeezed.append(in_axis)
        elif isinstance(entry, slice):
            start, stop, step = entry.indices(dim)
            if (start, stop, step) != (0, dim, 1):
                if step != 1 and b.opset < 10:
                    raise ValueError('get_item with a step needs opset 10 or later')
                if step < 0 and stop < 0:
                    stop = -2 ** 63  # to the first element
                slices.append((in_axis, start, stop, step))
            out_axis += 1
        else:
            gathers.append((in_axis - len(squeezed), entry % dim))
            if len(gathers) == 1:
                out_axis += len(numpy.broadcast_shapes(*[entries[i].shape for i in arrays]))
        in_axis += 1
    if slices:
        axes, starts, ends, steps = zip(*slices)
        x = b.slice(x, starts, ends, axes, steps if any(s != 1 for s in steps) else None)
    if squeezed:
        x = b.squeeze(x, squeezed)
    if len(gathers) == 1:
        axis, index = gathers[0]
        x = b.op('Gather', [x, b.const(index, numpy.int64)], axis=axis)
    elif gathers:
        index = numpy.stack(numpy.broadcast_arrays(*[g[1] for g in gathers]), axis=-1)
        x = b.op('GatherND', [x, b.const(index, numpy.int64)])
    if unsqueezed:
        x = b.unsqueeze(x, unsqueezed)
    return b.nodes_ending_with(x)


@converts('Flip', since=10)
def convert_Flip(params):
    b = Builder(params)
    axis = params.func.axis % len(b.in_shape())
    b.slice(b.inputs[0], [-1], [-2 ** 63], [axis], [-1], out=params.output_names)
    return b.nodes()


@converts('Diagonal')
def convert_Diagonal(params):
    """The two axes moved last and flattened into one, from which Gather picks the
    diagonal's elements."""
    func = params.func
    b = Builder(params)
    shape = b.in_shape()
    rest = [a for a in range(len(shape)) if a not in (func.axis1, func.axis2)]
    rows, cols = shape[func.axis1], shape[func.axis2]
    moved = b.op('Transpose', b.inputs, perm=rest + [func.axis1, func.axis2])
    flat = b.op('Reshape', [moved, b.ints([shape[a] for a in rest] + [rows * cols])])
    length = b.out_shape()[-1]
    first_row, first_col = max(-func.offset, 0), max(func.offset, 0)
    positions = (numpy.arange(length) + first_row) * cols + numpy.arange(length) + first_col
    b.output('Gather', [flat, b.const(positions, numpy.int64)], axis=len(rest))
    return b.nodes()


def _gather_flat(b, x, indices, zero_first=False):
    """The elements of ``x`` (flattened) at the constant ``indices``, an array of the
    output's shape; with ``zero_first`` a 0 leads the flattened ``x``, so index 0 reads 0
    and index k + 1 reads element k."""
    flat = b.reshape(x, [-1])
    if zero_first:
        flat = b.op('Concat', [b.const([0], b.params.func.inputs[0].dtype), flat], axis=0)
    return b.op('Gather', [flat, b.const(indices, numpy.int64)], out=b.params.output_names,
                axis=0)


@converts('Im2Col')
def convert_Im2Col(params):
    """A Gather of constant indices: im2col, computed at export time, of the positions
    (from 1; the padding reads 0)."""
    from kusari.utils import _conv_geometry

    b = Builder(params)
    shape = b.in_shape()
    positions = numpy.arange(1, numpy.prod(shape) + 1, dtype=numpy.int64).reshape(shape)
    (kh, kw), stride, pad, cover_all, dilate = params.func.params
    cols = _conv_geometry.im2col(positions, (kh, kw), stride, pad, dilate=dilate,
                                 cover_all=cover_all)
    _gather_flat(b, b.inputs[0], cols.reshape(b.out_shape()), zero_first=True)
    return b.nodes()


@converts('AsStrided')
def convert_AsStrided(params):
    """A Gather of constant indices: for each output element, a position of ``x`` that
    shows the buffer element it reads (the view reads the buffer under ``x``)."""
    from kusari.functions.array.as_strided import _memory_indices

    func = params.func
    b = Builder(params)
    x_shape, (x_offset, x_strides) = func._input_layout
    shown = _memory_indices(x_shape, x_strides, x_offset).ravel()
    read = _memory_indices(func.shape, func.strides, func.storage_offset)
    position = {element: i for i, element in enumerate(shown)}
    if not all(element in position for element in read.ravel()):
        raise RuntimeError('kusari cannot export as_strided reading buffer elements its '
                           'input does not show')
    _gather_flat(b, b.inputs[0], numpy.vectorize(position.get, otypes=[numpy.int64])(read))
    return b.nodes()


@converts('ScatterAdd')
def convert_ScatterAdd(params):
    """``a`` plus ``b`` added at constant flat positions (repeated ones accumulate): ONNX
    ScatterElements with reduction 'add' from opset 16, a one-hot MatMul before."""
    from kusari.functions.array.get_item import device_slices

    func = params.func
    b = Builder(params)
    a, update = b.inputs
    a_shape = b.in_shape(0)
    size = int(numpy.prod(a_shape))
    targets = numpy.arange(size, dtype=numpy.int64).reshape(a_shape)[
        device_slices(func.slices, numpy)]
    dtype = func.inputs[0].dtype
    # b broadcast to the indexed shape, flattened
    update = b.reshape(b.op('Add', [update, b.const(numpy.zeros(targets.shape), dtype)]), [-1])
    targets = targets.ravel()
    flat_a = b.reshape(a, [-1])
    if b.opset >= 16:
        total = b.op('ScatterElements', [flat_a, b.const(targets, numpy.int64), update],
                     axis=0, reduction='add')
    else:
        one_hot = numpy.zeros((targets.size, size), dtype)
        one_hot[numpy.arange(targets.size), targets] = 1
        spread = b.op('MatMul', [b.unsqueeze(update, [0]), b.const(one_hot, dtype)])
        total = b.op('Add', [flat_a, b.squeeze(spread, [0])])
    b.reshape(total, list(a_shape), out=params.output_names)
    return b.nodes()
