"""The name map from a PyTorch ``state_dict`` to the equivalent kusari links, used by
``load_safetensors(file, link, layout='torch')``.

A link at ``a/b`` in kusari takes the tensors of the module at ``a.b`` in PyTorch (a
``torch.nn.Sequential``'s children are ``0``, ``1``, ...; name the links the same way,
e.g. with a ``kusari.ChainList`` or attributes ``setattr(chain, '0', link)``). Per link:

=========================================  ================================================
kusari link                                PyTorch module's tensors
=========================================  ================================================
``Linear``, ``Convolution2D``,             ``W`` <- ``weight``, ``b`` <- ``bias`` (the
``Deconvolution2D``, ``EmbedID``           same layouts)
``BatchNormalization``                     ``gamma`` <- ``weight``, ``beta`` <- ``bias``,
                                           ``avg_mean`` <- ``running_mean``, ``avg_var`` <-
                                           ``running_var``, ``N`` <- ``num_batches_tracked``
``LSTM``, ``StatelessLSTM``                ``torch.nn.LSTMCell`` (or a one-layer
                                           ``torch.nn.LSTM``, names ending ``_l0``):
                                           ``upward/W`` <- ``weight_ih``, ``lateral/W`` <-
                                           ``weight_hh``, ``upward/b`` <- ``bias_ih +
                                           bias_hh``, the gates reordered from PyTorch's
                                           blocks (i, f, g, o) to kusari's interleaved
                                           (a, i, f, o)
any other link                             each parameter and persistent value by its own
                                           name
=========================================  ================================================

What the layouts do not carry is the links' configuration: PyTorch's BatchNorm uses
``eps=1e-5`` (kusari's default is 2e-5) and ``momentum=0.1`` (kusari's ``decay=0.9``).
"""

import numpy

from kusari import links as L
from kusari.serializers.npz import Entries

_SAME_LAYOUT = {'W': 'weight', 'b': 'bias'}
_RENAMES = [
    ((L.Linear, L.Convolution2D, L.Deconvolution2D, L.EmbedID), _SAME_LAYOUT),
    ((L.BatchNormalization,), {'gamma': 'weight', 'beta': 'bias', 'avg_mean': 'running_mean',
                               'avg_var': 'running_var', 'N': 'num_batches_tracked'}),
]
_TORCH_GATE_OF_KUSARI_GATE = [2, 0, 1, 3]  # kusari's a, i, f, o in PyTorch's i, f, g, o


def _interleave_gates(array):
    """PyTorch's (4 * units, ...) gate blocks as kusari's interleaved gates."""
    blocks = array.reshape((4, array.shape[0] // 4) + array.shape[1:])
    return numpy.swapaxes(blocks[_TORCH_GATE_OF_KUSARI_GATE], 0, 1).reshape(array.shape)


class TorchNamedEntries(Entries):
    """The entries of a PyTorch file under the kusari names of ``link``'s values (the
    interface NpzDeserializer reads)."""

    def __init__(self, entries, link):
        self.entries = entries
        self.name = entries.name
        self.sources = {}  # kusari key -> (PyTorch keys, conversion of their arrays)
        for path, sub in link.namedlinks():
            self._map(path.strip('/'), sub)

    def _map(self, path, link):
        kusari_prefix = path + '/' if path else ''
        torch_prefix = path.replace('/', '.') + '.' if path else ''

        def add(kusari_name, torch_names, convert=lambda array: array):
            torch_keys = [torch_prefix + name for name in torch_names]
            if all(key in self.entries for key in torch_keys):
                self.sources.setdefault(kusari_prefix + kusari_name, (torch_keys, convert))

        if isinstance(link, (L.LSTM, L.StatelessLSTM)):
            for suffix in ('', '_l0'):
                add('upward/W', ['weight_ih' + suffix], _interleave_gates)
                add('lateral/W', ['weight_hh' + suffix], _interleave_gates)
                add('upward/b', ['bias_ih' + suffix, 'bias_hh' + suffix],
                    lambda b_ih, b_hh: _interleave_gates(b_ih + b_hh))
        renames = next((names for types, names in _RENAMES if isinstance(link, types)), {})
        for name in sorted(link._params) + sorted(link._persistent):
            add(name, [renames.get(name, name)])

    def __contains__(self, key):
        return key in self.sources

    def keys(self):
        return list(self.sources)

    def is_none(self, key):
        return False

    def header(self, key):
        torch_keys, _ = self.sources[key]
        return self.entries.header(torch_keys[0])  # conversions keep shape and dtype

    def read(self, key):
        torch_keys, convert = self.sources[key]
        return numpy.asarray(convert(*(self.entries.read(k) for k in torch_keys)))

    def close(self):
        self.entries.close()
