"""Chainer's ``chainer.links.caffe.protobuf3`` package, without the code protoc generated
from Caffe's schema (``caffe_pb2``): kusari's CaffeFunction reads ``.caffemodel`` files with
its own decoder (``kusari.links.caffe._protobuf``), so importing ``caffe_pb2`` raises
:class:`kusari.compat.ChainerModuleNotAvailable`."""
