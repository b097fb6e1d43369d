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


# Chainer's modules of the math family, each with its public functions and node classes.
CHAINER_MODULES = {
    'arctanh': ['Arctanh', 'arctanh'],
    'average': ['average'],
    'basic_math': ['Neg', 'Absolute', 'Add', 'AddConstant', 'MultiAdd', 'Sub', 'SubFromConstant',
                   'Mul', 'MulConstant', 'Div', 'DivFromConstant', 'PowVarVar', 'PowVarConst',
                   'PowConstVar', 'absolute'],
    'batch_l2_norm_squared': ['BatchL2NormSquared', 'batch_l2_norm_squared'],
    'bias': ['bias'],
    'ceil': ['ceil'],
    'cholesky': ['Cholesky', 'cholesky'],
    'clip': ['Clip', 'clip'],
    'cumprod': ['Cumprod', 'cumprod'],
    'cumsum': ['Cumsum', 'cumsum'],
    'det': ['BatchDet', 'batch_det', 'det'],
    'digamma': ['DiGamma', 'digamma'],
    'einsum': ['EinSum', 'DiagEinSum', 'einsum'],
    'erf': ['Erf', 'erf'],
    'erfc': ['Erfc', 'erfc'],
    'erfcinv': ['ErfcInv', 'erfcinv'],
    'erfcx': ['Erfcx', 'erfcx'],
    'erfinv': ['ErfInv', 'erfinv'],
    'exponential': ['Exp', 'exp', 'Log', 'log', 'Log2', 'log2', 'Log10', 'log10'],
    'exponential_m1': ['Expm1', 'expm1'],
    'fft': ['fft', 'ifft'],
    'fix': ['fix'],
    'floor': ['floor'],
    'fmod': ['Fmod', 'fmod'],
    'hyperbolic': ['Cosh', 'cosh', 'Sinh', 'sinh'],
    'identity': ['Identity', 'identity'],
    'inv': ['Inv', 'BatchInv', 'inv', 'batch_inv'],
    'lgamma': ['LGamma', 'lgamma'],
    'linear_interpolate': ['LinearInterpolate', 'linear_interpolate'],
    'log_ndtr': ['LogNdtr', 'log_ndtr'],
    'logarithm_1p': ['Log1p', 'log1p'],
    'logsumexp': ['LogSumExp', 'logsumexp'],
    'matmul': ['MatMul', 'matmul', 'batch_matmul'],
    'maximum': ['Maximum', 'maximum'],
    'minimum': ['Minimum', 'minimum'],
    'minmax': ['Max', 'Min', 'max', 'min', 'argmax', 'argmin'],
    'ndtr': ['Ndtr', 'ndtr'],
    'ndtri': ['Ndtri', 'ndtri'],
    'polygamma': ['PolyGamma', 'polygamma'],
    'prod': ['Prod', 'prod'],
    'scale': ['scale'],
    'sign': ['sign'],
    'sparse_matmul': ['CooMatMul', 'CooMatMulGradSP', 'sparse_matmul'],
    'sqrt': ['Sqrt', 'sqrt', 'rsqrt'],
    'square': ['Square', 'square'],
    'sum': ['Sum', 'sum', 'sum_to'],
    'tensordot': ['TensorDot', 'tensordot'],
    'trigonometric': ['Sin', 'sin', 'Cos', 'cos', 'Tan', 'tan', 'Arcsin', 'arcsin', 'Arccos',
                      'arccos', 'Arctan', 'arctan', 'Arctan2', 'arctan2'],
    'zeta': ['Zeta', 'zeta'],
}


def test_chainer_module_layout():
    import importlib
    missing = ['{}.{}'.format(module, name) for module, names in CHAINER_MODULES.items()
               for name in names if not hasattr(
                   importlib.import_module('kusari.functions.math.' + module), name)]
    assert not missing, 'missing: {}'.format(missing)


# Node labels Chainer gives (the function's name for elementwise and linear-algebra nodes).
LABELS = {
    'arctanh': 'Arctanh', 'cholesky': 'Cholesky', 'det': 'BatchDet', 'digamma': 'DiGamma',
    'erf': 'Erf', 'erfc': 'Erfc', 'erfcinv': 'ErfcInv', 'erfcx': 'Erfcx', 'erfinv': 'ErfInv',
    'exp': 'Exp', 'log': 'Log', 'log2': 'Log2', 'log10': 'Log10', 'expm1': 'Expm1',
    'fmod': 'Fmod', 'cosh': 'Cosh', 'sinh': 'Sinh', 'lgamma': 'LGamma', 'log_ndtr': 'LogNdtr',
    'log1p': 'Log1p', 'ndtr': 'Ndtr', 'ndtri': 'Ndtri', 'polygamma': 'PolyGamma',
    'sqrt': 'Sqrt', 'rsqrt': 'RsqrtGPU', 'square': 'Square', 'sin': 'Sin', 'cos': 'Cos',
    'tan': 'Tan', 'arcsin': 'Arcsin', 'arccos': 'Arccos', 'arctan': 'Arctan',
    'arctan2': 'Arctan2', 'zeta': 'Zeta',
}


def test_node_labels():
    import importlib
    wrong = {}
    for label, class_name in LABELS.items():
        node_class = getattr(importlib.import_module(getattr(F, label).__module__), class_name)
        if node_class.label != label:
            wrong[class_name] = node_class.label
    assert not wrong, wrong
