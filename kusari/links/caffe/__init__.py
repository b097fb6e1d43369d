"""Compatibility with Caffe models (``kusari.links.caffe.CaffeFunction``)."""

from kusari.links.caffe.caffe_function import CaffeFunction  # NOQA
