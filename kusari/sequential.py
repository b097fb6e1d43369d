"""Sequential: a model that applies its layers one after another."""

import copy as copy_module
import inspect

from kusari.link import ChainList, Link


class Sequential(ChainList):
    """Applies links and plain callables in order.

    A layer's tuple output is passed to the next layer as positional arguments.
    Supports list-like editing (append, insert, pop, slicing, ...); links among the
    layers are registered as children, so their parameters are the model's.
    """

    def __init__(self, *layers):
        super().__init__()
        self._layers = []
        for layer in layers:
            self.append(layer)

    def _sync(self):
        self._children = [layer for layer in self._layers if isinstance(layer, Link)]
        self._rename()

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Sequential(*self._layers[i])
        return self._layers[i]

    def __setitem__(self, i, layer):
        self._check_layer(layer)
        self._layers[i] = layer
        self._sync()

    def __delitem__(self, i):
        del self._layers[i]
        self._sync()

    def __iter__(self):
        return iter(self._layers)

    def __add__(self, other):
        return Sequential(*(self._layers + _layers_of(other)))

    def __iadd__(self, other):
        self.extend(_layers_of(other))
        return self

    def __reduce__(self):
        if any(getattr(layer, '__name__', None) == '<lambda>' for layer in self._layers):
            raise ValueError('This Sequential has a lambda function among its layers, which '
                             'pickle cannot save; use functools.partial instead')
        return super().__reduce__()

    @staticmethod
    def _check_layer(layer):
        if not callable(layer):
            raise ValueError('Sequential layers must be callable, got {}'.format(
                type(layer).__name__))

    def forward(self, *x):
        if not self._layers:
            raise RuntimeError('Sequential has no layers')
        for layer in self._layers:
            x = layer(*x) if isinstance(x, tuple) else layer(x)
        return x

    def append(self, layer):
        self._check_layer(layer)
        self._layers.append(layer)
        self._sync()

    add_link = append

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)

    def insert(self, i, layer):
        n = len(self._layers)
        if not -n <= i <= n:
            raise IndexError('Sequential.insert: index {} is out of range for {} layers'
                             .format(i, n))
        self._check_layer(layer)
        self._layers.insert(i, layer)
        self._sync()

    def remove(self, layer):
        self._layers.remove(layer)
        self._sync()

    def remove_by_layer_type(self, type_name):
        self._layers = [layer for layer in self._layers if _type_name(layer) != type_name]
        self._sync()

    def pop(self, i=-1):
        layer = self._layers.pop(i)
        self._sync()
        return layer

    def clear(self):
        self._layers = []
        self._sync()

    def index(self, layer, start=None, end=None):
        return self._layers[start:end].index(layer) + (start or 0)

    def count(self, layer):
        return self._layers.count(layer)

    def count_by_layer_type(self, type_name):
        return sum(1 for layer in self._layers if _type_name(layer) == type_name)

    def copy(self, mode='share'):
        """A Sequential of the links' copies (``Link.copy(mode)``) and the other layers."""
        return Sequential(*[layer.copy(mode) if isinstance(layer, Link)
                            else copy_module.copy(layer) for layer in self._layers])

    def flatten(self):
        """A Sequential with the layers of nested Sequentials spliced in."""
        layers = []
        for layer in self._layers:
            layers.extend(layer.flatten()._layers if isinstance(layer, Sequential) else [layer])
        return Sequential(*layers)

    def __repr__(self):
        lines = ['{}('.format(type(self).__name__)]
        for i, layer in enumerate(self._layers):
            text = repr(layer) if isinstance(layer, Link) else _describe_function(layer)
            lines.append('  ({}): {},'.format(i, text.replace('\n', '\n  ')))
        return '\n'.join(lines) + '\n)' if len(lines) > 1 else lines[0] + ')'


def _layers_of(other):
    if not isinstance(other, Sequential):
        raise ValueError('add (+) operator supports only objects of Sequential class, but {} '
                         'is given.'.format(type(other)))
    return list(other._layers)


def _describe_function(layer):
    """A lambda's source (as Chainer prints it), a function's name, else str()."""
    name = getattr(layer, '__name__', None)
    if name == '<lambda>':
        try:
            return inspect.getsource(layer).strip().rstrip(',')
        except (OSError, TypeError):  # no source file (e.g. typed in an interpreter)
            return name
    return str(layer) if name is None else name


def _type_name(layer):
    return layer.__name__ if hasattr(layer, '__name__') and not isinstance(layer, Link) \
        else type(layer).__name__
