"""Hierarchical softmax over a binary tree (Morin & Bengio, 2005)."""

from __future__ import annotations

import typing
import heapq

import numpy

from kusari import backend, core
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable

_LEAF = -1


class TreeParser:
    """Numbers the internal nodes of a tree of 2-tuples in preorder and records, for
    each leaf (word), the nodes on its path and the direction taken at each (+1 left,
    -1 right)."""

    paths: dict[typing.Any, numpy.ndarray]  # word -> int32 internal nodes, root first
    codes: dict[typing.Any, numpy.ndarray]  # word -> float32 directions (+1, -1)
    parent2child: dict[int, tuple[int, int]]  # node -> children (-1: a leaf)
    node2word: dict[int, tuple[typing.Any, typing.Any]]  # node -> children's words (-1: none)

    def parse(self, tree: typing.Any) -> typing.Self:
        """Number the nodes of ``tree`` and record the path of each word.

        Args:
            tree: a word (a leaf), or a 2-tuple of subtrees, e.g. ``((0, 1), 2)``.

        Returns:
            TreeParser: this parser, with ``paths``, ``codes``, ``parent2child`` and
            ``node2word`` filled in.
        """
        self.paths, self.codes = {}, {}
        self.parent2child, self.node2word = {}, {}
        self._size = 0
        self._walk(tree, [], [])
        return self

    def size(self) -> int:
        """The number of internal nodes."""
        return self._size

    def _walk(self, node, path, code):
        if not isinstance(node, tuple):
            self.paths[node] = numpy.array(path, dtype=numpy.int32)
            self.codes[node] = numpy.array(code, dtype=numpy.float32)
            return _LEAF, node
        if len(node) != 2:
            raise ValueError('BinaryHierarchicalSoftmax: every internal node needs two '
                             'children, got {!r}'.format(node))
        node_id = self._size
        self._size += 1
        left_id, left_word = self._walk(node[0], path + [node_id], code + [1.0])
        right_id, right_word = self._walk(node[1], path + [node_id], code + [-1.0])
        self.parent2child[node_id] = (left_id, right_id)
        self.node2word[node_id] = (left_word, right_word)
        return node_id, _LEAF


class _HierarchicalSoftmaxLoss(core.FunctionNode):
    """``sum_b sum_(node, code) in path(t_b) log(1 + exp(-code * W[node] . x_b))``.

    Inputs (x, t, W); the padded ``paths``/``codes`` tables give each word's path
    (padding has code 0 and is masked out).
    """

    _input_indexes_to_retain = (0, 1, 2)

    def __init__(self, paths, codes):
        self.paths = paths
        self.codes = codes

    def forward(self, inputs):
        x, t, W = inputs
        xp = backend.get_array_module(x)
        if x.ndim != 2 or t.ndim != 1 or len(x) != len(t) or W.shape[1] != x.shape[1]:
            raise ValueError('BinaryHierarchicalSoftmax: expected x (N, D), t (N,) and W '
                             '(nodes, D), got {}, {} and {}'.format(x.shape, t.shape, W.shape))
        path, code = self.paths[t], self.codes[t]
        self._score = xp.einsum('bld,bd->bl', W[path], x) * code
        loss = xp.logaddexp(0.0, -self._score)
        loss *= code != 0
        return xp.asarray(loss.sum(), dtype=x.dtype),

    def backward(self, indexes, grad_outputs):
        x, t, W = self.get_retained_inputs()
        x, t, W = x.array, t.array, W.array
        xp = backend.get_array_module(x)
        gloss = grad_outputs[0].array
        path, code = self.paths[t], self.codes[t]
        g = (-gloss * code / (1.0 + xp.exp(self._score))).astype(x.dtype)
        result = []
        for i in indexes:
            if i == 0:
                result.append(xp.einsum('bl,bld->bd', g, W[path]))
            elif i == 2:
                gW = xp.zeros_like(W)
                xp.add.at(gW, path, g[:, :, None] * x[:, None, :])
                result.append(gW)
            else:
                result.append(None)
        return tuple(result)


class _PathTables:
    """The words' paths (node ids) and codes (+1/-1, 0 for padding) as padded tables,
    and the loss over them; the link keeps it as ``_func`` (with ``codes``) like Chainer."""

    def __init__(self, parser):
        n_vocab = max(parser.paths) + 1
        depth = max(len(p) for p in parser.paths.values())
        self.paths = numpy.zeros((n_vocab, depth), dtype=numpy.int32)
        self.codes = numpy.zeros((n_vocab, depth), dtype=numpy.float32)
        for word, path in parser.paths.items():
            self.paths[word, :len(path)] = path
            self.codes[word, :len(path)] = parser.codes[word]

    def __call__(self, x, t, W):
        xp = backend.get_array_module(W.array)
        return _HierarchicalSoftmaxLoss(xp.asarray(self.paths), xp.asarray(self.codes)).apply(
            (x, t, W))[0]


class BinaryHierarchicalSoftmax(Link):
    """The negative log-likelihood of words under a product of binary decisions along
    their paths in a binary tree: ``P(w) = prod sigmoid(code_i * W[node_i] @ x)``.

    Args:
        in_size (int): input size.
        tree: a binary tree of 2-tuples whose leaves are the word ids,
            e.g. ``((0, 1), 2)`` (see ``create_huffman_tree``).
        dtype: dtype of ``W`` (default None: ``config.dtype``).

    Attributes:
        W (Parameter): one row per internal node (n_nodes, in_size), from U(-1, 1).
    """

    def __init__(self, in_size: int, tree: typing.Any, dtype: types.DTypeSpec = None) -> None:
        super().__init__()
        parser = TreeParser().parse(tree)
        self.tree = tree
        self._func = _PathTables(parser)
        n_node = parser.size()
        self._parent2child = numpy.array([parser.parent2child[i] for i in range(n_node)],
                                         dtype=numpy.int32).reshape(n_node, 2)
        self._node2word = numpy.array([parser.node2word[i] for i in range(n_node)],
                                      dtype=numpy.int32).reshape(n_node, 2)
        dtype = core.get_dtype(dtype)
        with self.init_scope():
            self.W = Parameter(initializers.Uniform(1, dtype), (n_node, in_size))

    @staticmethod
    def create_huffman_tree(word_counts: typing.Mapping[typing.Any, float]) -> typing.Any:
        """A Huffman tree of 2-tuples over the keys of ``word_counts`` (word -> count):
        the two least frequent subtrees are merged first."""
        if not word_counts:
            raise ValueError('create_huffman_tree: the vocabulary is empty')
        heap = [(count, uid, word) for uid, (word, count) in enumerate(word_counts.items())]
        heapq.heapify(heap)
        while len(heap) > 1:
            count1, uid1, tree1 = heapq.heappop(heap)
            count2, uid2, tree2 = heapq.heappop(heap)
            heapq.heappush(heap, (count1 + count2, min(uid1, uid2), (tree1, tree2)))
        return heap[0][2]

    def forward(self, x: types.VariableOrArray, t: types.VariableOrArray) -> Variable:
        """The negative log-likelihood of the words ``t`` given the inputs ``x``.

        Args:
            x: inputs of shape ``(N, in_size)``.
            t: int32 word ids of shape ``(N,)``.

        Returns:
            ~kusari.Variable: the loss summed over the batch, of shape ``()``.
        """
        return self._func(x, t, self.W)

    def sample(self, x: types.VariableOrArray) -> types.NdArray:
        """Words drawn from the model's distribution given each row of ``x``.

        Args:
            x: inputs of shape ``(N, in_size)``.

        Returns:
            array: int32 word ids of shape ``(N,)``.
        """
        xp = self.xp
        x = getattr(x, 'array', x)
        W = self.W.array
        parent2child = xp.asarray(self._parent2child)
        node2word = xp.asarray(self._node2word)
        node = xp.zeros(len(x), dtype=numpy.int32)
        words = xp.full(len(x), -1, dtype=numpy.int32)
        active = xp.ones(len(x), dtype=bool)
        while bool(active.any()):
            score = (W[node] * x).sum(axis=1)
            p_left = 1.0 / (1.0 + xp.exp(-score))
            side = (xp.random.uniform(size=len(x)) >= p_left).astype(numpy.int32)
            child = parent2child[node, side]
            reached = active & (child == _LEAF)
            words = xp.where(reached, node2word[node, side], words)
            active &= ~reached
            node = xp.where(active, child, 0)
        return words
