"""Theano interoperability (unsupported: Theano is no longer maintained)."""

from kusari.links.theano.theano_function import TheanoFunction  # NOQA
