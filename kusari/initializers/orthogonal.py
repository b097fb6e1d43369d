"""Orthogonal initialization (Saxe et al., 2014)."""

import numpy

from kusari import backend
from kusari.initializers._random import parse_rng
from kusari.initializers.base import Initializer

_MODES = ('auto', 'projection', 'embedding', 'basis')


class Orthogonal(Initializer):
    """Fills with ``scale`` times a random (semi-)orthogonal matrix.

    The array is seen as a matrix of ``shape[0]`` rows and all other axes flattened
    into columns. A Gaussian matrix is QR-decomposed, with the signs fixed so that R
    has a non-negative diagonal (which makes Q uniformly distributed).

    Args:
        scale (float): the multiplier.
        dtype: the dtype of the arrays to fill.
        mode (str): what the matrix must be: 'projection' (orthonormal rows, rows <=
            columns), 'embedding' (orthonormal columns, rows >= columns), 'basis'
            (square, both), or 'auto' (whichever the shape allows).
        rng: a ``RandomState``/``Generator`` to draw from (keyword only).
    """

    def __init__(self, scale=1.1, dtype=None, mode='auto', **kwargs):
        if mode not in _MODES:
            raise ValueError('Orthogonal: mode must be one of {}, not {!r}'.format(
                _MODES, mode))
        self.scale = scale
        self.mode = mode
        self.rng = parse_rng('Orthogonal', kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        rng = numpy.random if self.rng is None else self.rng
        if array.ndim == 0:
            backend.copyto(array, numpy.asarray(self.scale * rng.choice([-1.0, 1.0])))
            return
        if array.size == 0:
            raise ValueError('Orthogonal: the array to fill must be non-empty')
        rows, cols = array.shape[0], array.size // array.shape[0]
        mode = self.mode
        if mode == 'auto':
            mode = 'projection' if rows <= cols else 'embedding'
        ok = {'projection': rows <= cols, 'embedding': rows >= cols,
              'basis': rows == cols}[mode]
        if not ok:
            raise ValueError('Orthogonal: mode {!r} cannot make an orthogonal system of '
                             'shape ({}, {})'.format(mode, rows, cols))
        tall = mode == 'embedding'
        a = numpy.asarray(rng.normal(size=(rows, cols) if tall else (cols, rows)))
        q, r = numpy.linalg.qr(a)
        q *= numpy.copysign(self.scale, numpy.diag(r))
        matrix = q if tall else q.T
        backend.copyto(array, matrix.reshape(array.shape))
