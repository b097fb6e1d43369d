"""Square root and reciprocal square root."""

from kusari.functions.math._elementwise import unary


def _rsqrt(xp, x):
    y = xp.sqrt(x)
    return xp.reciprocal(y, out=y) if y.ndim else 1 / y


Sqrt, sqrt = unary('sqrt', lambda xp, x: xp.sqrt(x), lambda x, y, gy: gy * 0.5 / y, uses='y',
                   doc='Elementwise square root.')
# Chainer names its fused node RsqrtGPU (on the CPU it records 1 / sqrt(x))
RsqrtGPU, rsqrt = unary('rsqrt', _rsqrt, lambda x, y, gy: gy * -0.5 * y * y * y, uses='y',
                        node_name='RsqrtGPU',
                        doc='Elementwise reciprocal square root ``1 / sqrt(x)``.')
