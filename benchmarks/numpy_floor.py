"""Bare-array floor of every case: hand-written forward, backward and SGD.

This is the least work a framework could do for the same math (float32, the same
layer sizes, the loss value computed, every gradient a framework would compute).
Written against an array module ``xp`` so the GPU section can run it on CuPy.
Convolutions are im2col + one GEMM per layer in a channel-major ``(C, N, H, W)``
layout, which keeps the GEMM outputs in place without transposes between layers.
"""

import itertools
import math


def _lecun_normal(xp, rng, shape, fan_in):
    weights = rng.standard_normal(shape).astype('float32') * math.sqrt(1.0 / fan_in)
    return xp.asarray(weights)


def softmax_cross_entropy(xp, logits, labels):
    """Mean softmax cross entropy and its gradient with respect to ``logits``."""
    n = logits.shape[0]
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = xp.exp(shifted)
    total = exp.sum(axis=1, keepdims=True)
    rows = xp.arange(n)
    loss = (xp.log(total[:, 0]) - shifted[rows, labels]).mean()
    grad = exp / total
    grad[rows, labels] -= 1
    grad *= 1.0 / n
    return loss, grad


class Linears:
    """Stack of fully connected layers (weights ``(out, in)`` as in Chainer) with ReLU
    between them, trained by plain SGD (or Adam, ``optimizer='adam'``, ``lr`` as alpha)."""

    def __init__(self, xp, rng, sizes, lr, optimizer='sgd'):
        self.xp = xp
        self.lr = lr
        self.weights = [_lecun_normal(xp, rng, (n_out, n_in), n_in)
                        for n_in, n_out in itertools.pairwise(sizes)]
        self.biases = [xp.zeros(n_out, dtype='float32') for n_out in sizes[1:]]
        self.adam = None
        if optimizer == 'adam':
            self.adam = Adam(xp, lr)

    def _update(self, param, grad):
        if self.adam is not None:
            self.adam.update(param, grad)
        else:
            grad *= self.lr
            param -= grad

    def forward(self, x):
        """Returns the list of layer inputs followed by the output logits."""
        activations = [x]
        last = len(self.weights) - 1
        for index, (weight, bias) in enumerate(zip(self.weights, self.biases)):
            z = activations[-1] @ weight.T
            z += bias
            if index < last:
                self.xp.maximum(z, 0, out=z)
            activations.append(z)
        return activations

    def backward_and_update(self, activations, grad, need_input_grad=False):
        """Backpropagates ``grad`` (gradient of the logits), applies SGD in place, and
        returns the gradient of the stack's input when asked."""
        for index in range(len(self.weights) - 1, -1, -1):
            weight, bias, layer_input = self.weights[index], self.biases[index], activations[index]
            grad_w = grad.T @ layer_input
            grad_b = grad.sum(axis=0)
            if index > 0 or need_input_grad:
                grad = grad @ weight
                if index > 0:
                    grad *= layer_input > 0
            self._update(weight, grad_w)
            self._update(bias, grad_b)
        if self.adam is not None:
            self.adam.t += 1
        return grad if need_input_grad else None


class Adam:
    """Adam's update in place: the moments ``m``, ``v`` of each parameter (by id)."""

    def __init__(self, xp, alpha, beta1=0.9, beta2=0.999, eps=1e-8):
        self.xp = xp
        self.alpha, self.beta1, self.beta2, self.eps = alpha, beta1, beta2, eps
        self.moments = {}
        self.t = 1

    def update(self, param, grad):
        m, v = self.moments.setdefault(id(param), (self.xp.zeros_like(param),
                                                   self.xp.zeros_like(param)))
        m *= self.beta1
        m += (1 - self.beta1) * grad
        v *= self.beta2
        grad *= grad
        grad *= 1 - self.beta2
        v += grad
        alpha_t = self.alpha * math.sqrt(1 - self.beta2 ** self.t) / (1 - self.beta1 ** self.t)
        step = self.xp.sqrt(v)
        step += self.eps
        self.xp.divide(alpha_t, step, out=step)
        step *= m
        param -= step


class MlpFloor:
    """MLP classifier step: forward, softmax cross entropy, backward, SGD."""

    def __init__(self, xp, rng, sizes, lr, optimizer='sgd'):
        self.xp = xp
        self.linears = Linears(xp, rng, sizes, lr, optimizer)

    def step(self, x, labels):
        activations = self.linears.forward(x)
        loss, grad = softmax_cross_entropy(self.xp, activations[-1], labels)
        self.linears.backward_and_update(activations, grad)
        return loss


def im2col(xp, x_cnhw, ksize, pad):
    """Unfolds ``(C, N, H, W)`` into columns ``(C, k, k, N, out_h, out_w)`` (stride 1)."""
    if pad:
        x_cnhw = xp.pad(x_cnhw, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    channels, n, height, width = x_cnhw.shape
    out_h, out_w = height - ksize + 1, width - ksize + 1
    col = xp.empty((channels, ksize, ksize, n, out_h, out_w), dtype=x_cnhw.dtype)
    for i in range(ksize):
        for j in range(ksize):
            col[:, i, j] = x_cnhw[:, :, i:i + out_h, j:j + out_w]
    return col


def col2im(xp, col, height, width, pad):
    """Folds column gradients ``(C, k, k, N, out_h, out_w)`` back to ``(C, N, H, W)``."""
    channels, ksize, _, n, out_h, out_w = col.shape
    padded = xp.zeros((channels, n, height + 2 * pad, width + 2 * pad), dtype=col.dtype)
    for i in range(ksize):
        for j in range(ksize):
            padded[:, :, i:i + out_h, j:j + out_w] += col[:, i, j]
    return padded[:, :, pad:pad + height, pad:pad + width]


class ConvFloor:
    """Stride-1 square convolution in ``(C, N, H, W)`` layout, im2col + one GEMM."""

    def __init__(self, xp, rng, in_channels, out_channels, ksize, pad=0):
        self.xp = xp
        self.ksize, self.pad = ksize, pad
        fan_in = in_channels * ksize * ksize
        self.weight = _lecun_normal(xp, rng, (out_channels, in_channels, ksize, ksize), fan_in)
        self.bias = xp.zeros(out_channels, dtype='float32')

    def forward(self, x_cnhw):
        """Returns the output ``(O, N, out_h, out_w)`` and the columns backward needs."""
        col = im2col(self.xp, x_cnhw, self.ksize, self.pad)
        out_channels = self.weight.shape[0]
        n, out_h, out_w = col.shape[3:]
        y = self.weight.reshape(out_channels, -1) @ col.reshape(-1, n * out_h * out_w)
        y += self.bias[:, None]
        return y.reshape(out_channels, n, out_h, out_w), col

    def backward(self, grad_y, col, input_hw=None):
        """Returns ``(grad_weight, grad_bias, grad_input or None)``; ``input_hw`` asks for
        the input gradient (its spatial size)."""
        out_channels = self.weight.shape[0]
        grad_2d = grad_y.reshape(out_channels, -1)
        col_2d = col.reshape(-1, grad_2d.shape[1])
        grad_w = (grad_2d @ col_2d.T).reshape(self.weight.shape)
        grad_b = grad_2d.sum(axis=1)
        grad_x = None
        if input_hw is not None:
            grad_col = (self.weight.reshape(out_channels, -1).T @ grad_2d).reshape(col.shape)
            grad_x = col2im(self.xp, grad_col, input_hw[0], input_hw[1], self.pad)
        return grad_w, grad_b, grad_x

    def sgd(self, grad_w, grad_b, lr):
        grad_w *= lr
        self.weight -= grad_w
        grad_b *= lr
        self.bias -= grad_b


def max_pool_2x2_forward(xp, x):
    """2x2 stride-2 max pooling over the last two axes.

    Works on the four strided corner views of the windows. Returns the output and
    the choices backward needs to route the gradient to each window's first maximum
    (row-major): whether the top row wins, and whether the right element wins in the
    top and in the bottom row.
    """
    top_left, top_right = x[..., 0::2, 0::2], x[..., 0::2, 1::2]
    bottom_left, bottom_right = x[..., 1::2, 0::2], x[..., 1::2, 1::2]
    top, bottom = xp.maximum(top_left, top_right), xp.maximum(bottom_left, bottom_right)
    choices = (top >= bottom, top_left < top_right, bottom_left < bottom_right)
    return xp.maximum(top, bottom), choices


def max_pool_2x2_backward(xp, grad_y, choices):
    """Routes ``grad_y`` to the maximum of each 2x2 window chosen in the forward pass."""
    top_wins, top_right_wins, bottom_right_wins = choices
    out_h, out_w = grad_y.shape[-2:]
    grad_x = xp.empty((*grad_y.shape[:-2], out_h * 2, out_w * 2), dtype=grad_y.dtype)
    grad_top = grad_y * top_wins
    grad_bottom = grad_y - grad_top  # exact: each window's gradient goes to one row
    for row, grad_row, right_wins in ((0, grad_top, top_right_wins),
                                      (1, grad_bottom, bottom_right_wins)):
        grad_right = grad_x[..., row::2, 1::2]
        xp.multiply(grad_row, right_wins, out=grad_right)
        xp.subtract(grad_row, grad_right, out=grad_x[..., row::2, 0::2])
    return grad_x


class LeNetFloor:
    """conv 5x5 20 -> pool 2 -> conv 5x5 50 -> pool 2 -> fc 500 -> ReLU -> fc 10."""

    def __init__(self, xp, rng, lr):
        self.xp = xp
        self.lr = lr
        self.conv1 = ConvFloor(xp, rng, 1, 20, 5)
        self.conv2 = ConvFloor(xp, rng, 20, 50, 5)
        self.fc = Linears(xp, rng, (800, 500, 10), lr)

    def step(self, x_nchw, labels):
        xp = self.xp
        n = x_nchw.shape[0]
        h1, col1 = self.conv1.forward(x_nchw.transpose(1, 0, 2, 3))
        p1, choices1 = max_pool_2x2_forward(xp, h1)
        h2, col2 = self.conv2.forward(p1)
        p2, choices2 = max_pool_2x2_forward(xp, h2)
        flat = p2.transpose(1, 0, 2, 3).reshape(n, -1)
        activations = self.fc.forward(flat)
        loss, grad = softmax_cross_entropy(xp, activations[-1], labels)

        grad_flat = self.fc.backward_and_update(activations, grad, need_input_grad=True)
        grad_p2 = grad_flat.reshape(n, *p2.shape[:1], *p2.shape[2:]).transpose(1, 0, 2, 3)
        grad_h2 = max_pool_2x2_backward(xp, grad_p2, choices2)
        grad_w2, grad_b2, grad_p1 = self.conv2.backward(grad_h2, col2, p1.shape[2:])
        grad_h1 = max_pool_2x2_backward(xp, grad_p1, choices1)
        grad_w1, grad_b1, _ = self.conv1.backward(grad_h1, col1)
        self.conv2.sgd(grad_w2, grad_b2, self.lr)
        self.conv1.sgd(grad_w1, grad_b1, self.lr)
        return loss


class ConvPoolFloor:
    """convolution + 2x2 max pooling, forward and backward (gradients of x, W, b)."""

    def __init__(self, xp, rng, in_channels, out_channels, ksize, pad):
        self.xp = xp
        self.conv = ConvFloor(xp, rng, in_channels, out_channels, ksize, pad)

    def forward_backward(self, x_nchw):
        h, col = self.conv.forward(x_nchw.transpose(1, 0, 2, 3))
        y, choices = max_pool_2x2_forward(self.xp, h)
        grad_h = max_pool_2x2_backward(self.xp, self.xp.ones_like(y), choices)
        grad_w, grad_b, grad_x = self.conv.backward(grad_h, col, x_nchw.shape[2:])
        return grad_x.transpose(1, 0, 2, 3), grad_w, grad_b


def tanh_chain_forward_backward(xp, a, n_ops):
    """``n_ops`` tanh applications, then the gradient back to ``a`` (seed: ones)."""
    outputs = []
    h = a
    for _ in range(n_ops):
        h = xp.tanh(h)
        outputs.append(h)
    grad = xp.ones_like(h)
    for y in reversed(outputs):
        grad = grad * (1 - y * y)
    return grad


def tanh_chain_forward(xp, a, n_ops):
    h = a
    for _ in range(n_ops):
        h = xp.tanh(h)
    return h


class DeepLinearsFloor:
    """Deep MLP forward + backward (no update) for the peak-memory case."""

    def __init__(self, xp, rng, depth, width):
        self.xp = xp
        self.linears = Linears(xp, rng, (width,) * (depth + 1), lr=0.0)

    def forward_backward(self, x):
        activations = self.linears.forward(x)
        grad = self.xp.ones_like(activations[-1])
        del activations[-1]
        weight_grads = []
        for index in range(len(self.linears.weights) - 1, -1, -1):
            layer_input = activations.pop()
            weight_grads.append((grad.T @ layer_input, grad.sum(axis=0)))
            if index > 0:  # the data needs no gradient
                grad = grad @ self.linears.weights[index]
                grad *= layer_input > 0
        return weight_grads
