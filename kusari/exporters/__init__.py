"""Chainer's ``chainer.exporters``, without its one exporter: Caffe's (``chainer.exporters.caffe``)
writes models through Caffe's protobuf schema, which kusari does not ship. Importing it raises
:class:`kusari.compat.ChainerModuleNotAvailable`; save models with ``serializers.save_npz``."""

import typing

if not typing.TYPE_CHECKING:  # type checkers see no ``caffe``: it does not exist
    def __getattr__(name):
        if name == 'caffe':
            # The error ``import chainer.exporters.caffe`` raises, however it is spelt.
            from kusari.compat import _finder
            raise _finder.not_available('chainer.exporters.caffe')
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
