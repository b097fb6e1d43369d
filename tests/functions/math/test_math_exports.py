"""Every Chainer v7 name of the math (and arithmetic) family is exported by kusari.functions."""

import kusari.functions as F
import kusari.functions.math as math_family

# chainer_api.md, "Arithmetic functions" and "Mathematical functions" (tanh is exported by
# the activation family).
REFERENCE = [
    'add', 'absolute', 'arccos', 'arcsin', 'arctan', 'arctan2', 'arctanh', 'argmax', 'argmin',
    'average', 'batch_inv', 'batch_l2_norm_squared', 'batch_matmul', 'bias', 'ceil', 'cholesky',
    'clip', 'cos', 'cosh', 'cumprod', 'cumsum', 'det', 'batch_det', 'digamma', 'einsum', 'erf',
    'erfc', 'erfcinv', 'erfcx', 'erfinv', 'exp', 'expm1', 'fft', 'fix', 'fmod', 'floor',
    'identity', 'ifft', 'inv', 'lgamma', 'linear_interpolate', 'log', 'log10', 'log1p', 'log2',
    'log_ndtr', 'logsumexp', 'matmul', 'max', 'maximum', 'mean', 'min', 'minimum', 'ndtr',
    'ndtri', 'prod', 'polygamma', 'rsqrt', 'scale', 'sin', 'sinh', 'sign', 'sparse_matmul',
    'sqrt', 'square', 'squared_difference', 'sum', 'sum_to', 'tanh', 'tan', 'tensordot', 'zeta',
]


def test_every_reference_name_is_exported():
    missing = [name for name in REFERENCE if not callable(getattr(F, name, None))]
    assert not missing, 'missing from kusari.functions: {}'.format(missing)


def test_function_modules_have_chainer_paths():
    import kusari.functions.math.basic_math as basic_math
    assert F.add is basic_math.add_n
    assert not hasattr(math_family, 'add')


def test_top_level_module_aliases_as_chainer():
    # chainer/__init__.py exports chainer.functions.math.basic_math and chainer.functions.array
    import kusari
    from kusari import array, basic_math
    import kusari.functions.array
    import kusari.functions.math.basic_math
    assert basic_math is kusari.functions.math.basic_math
    assert array is kusari.functions.array
    assert {'array', 'basic_math'} <= set(dir(kusari))
