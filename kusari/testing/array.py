"""Array assertions that accept NumPy and CuPy arrays alike."""

import sys

import numpy


def _to_numpy(x):
    cupy = sys.modules.get('cupy')
    if cupy is not None and isinstance(x, cupy.ndarray):
        return x.get()
    return numpy.asarray(x)


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that ``|x - y| <= atol + rtol * |y|`` elementwise.

    Like :func:`numpy.testing.assert_allclose`, but takes CuPy arrays too and
    reports where the largest error is.

    Args:
        x: the actual array (or scalar).
        y: the expected array (or scalar).
        atol (float): absolute tolerance.
        rtol (float): relative tolerance.
        verbose (bool): include the arrays in the failure message.

    Raises:
        AssertionError: the arrays differ beyond the tolerance.
    """
    x = _to_numpy(x)
    y = _to_numpy(y)
    try:
        numpy.testing.assert_allclose(x, y, atol=atol, rtol=rtol, verbose=verbose)
    except AssertionError as error:
        raise AssertionError(_describe(error, x, y, atol, rtol, verbose)) from None


def _describe(error, x, y, atol, rtol, verbose):
    lines = [str(error).strip(), '', 'assert_allclose failed:',
             '  shape: {} {}'.format(x.shape, y.shape),
             '  dtype: {} {}'.format(x.dtype, y.dtype)]
    if x.shape == y.shape and x.size > 0 and x.dtype.kind in 'biufc' and y.dtype.kind in 'biufc':
        with numpy.errstate(all='ignore'):
            excess = numpy.abs(x.astype(numpy.float64) - y) - (atol + rtol * numpy.abs(y))
        excess = numpy.where(numpy.isnan(excess), numpy.inf, excess)
        index = tuple(int(i) for i in numpy.unravel_index(int(numpy.argmax(excess)), x.shape))
        lines.append('  i: {}'.format(index))
        lines.append('  x[i]: {}'.format(x[index]))
        lines.append('  y[i]: {}'.format(y[index]))
        lines.append('  err[i]: {}'.format(abs(x[index] - y[index])))
    if verbose:
        with numpy.printoptions(threshold=10000):
            lines.append('x: ' + str(x))
            lines.append('y: ' + str(y))
    return '\n'.join(lines)


def _as_noncontiguous_array(arrays):
    """Copies of arrays that are not contiguous in memory (None passes through).

    Takes one array or a tuple/list of them. Arrays with fewer than two
    elements cannot be non-contiguous and are copied as they are.
    """
    if isinstance(arrays, (tuple, list)):
        return type(arrays)(_as_noncontiguous_array(a) for a in arrays)
    if arrays is None:
        return None
    array = arrays
    if array.size <= 1:
        return array.copy()
    # Every other element of a buffer twice as long: strided in the last axis.
    xp = sys.modules['cupy'] if not isinstance(array, numpy.ndarray) else numpy
    buffer = xp.empty(array.shape + (2,), dtype=array.dtype)
    view = buffer[..., 0]
    view[...] = array
    return view
