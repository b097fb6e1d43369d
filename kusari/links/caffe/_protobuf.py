"""A reader of the protocol buffers wire format, for the few Caffe messages that
CaffeFunction needs (so that the protobuf package is not required).

A schema maps field numbers to ``Field`` descriptions; ``decode`` turns bytes into a
``Message`` whose unset fields read as their defaults.
"""

import struct

import numpy

_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5
_PACKED_DTYPES = {'float': '<f4', 'double': '<f8'}


class Field:
    """One field: its name, scalar kind ('int', 'bool', 'float', 'double', 'string',
    'bytes') or sub-message schema, default, and whether it repeats."""

    def __init__(self, name, kind, default=None, repeated=False):
        self.name = name
        self.kind = kind
        self.default = default
        self.repeated = repeated


class Message:
    """A decoded message: attribute access to its fields."""

    def __init__(self, schema):
        self._schema = schema
        for field in schema.values():
            if field.repeated:
                setattr(self, field.name, [])
            elif isinstance(field.kind, dict):
                setattr(self, field.name, Message(field.kind))
            else:
                setattr(self, field.name, field.default)

    def __repr__(self):
        fields = ', '.join('{}={!r}'.format(f.name, getattr(self, f.name))
                           for f in self._schema.values())
        return 'Message({})'.format(fields)


def _varint(buf, pos):
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def _signed(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def _scalar(kind, value):
    if kind == 'bool':
        return bool(value)
    if kind == 'int':
        return _signed(value)
    return value


def _read_packed(kind, data):
    if kind in _PACKED_DTYPES:
        return numpy.frombuffer(data, dtype=_PACKED_DTYPES[kind])
    values, pos = [], 0
    while pos < len(data):
        value, pos = _varint(data, pos)
        values.append(_scalar(kind, value))
    return values


def decode(data, schema):
    """Decode the bytes ``data`` as a message of ``schema``; unknown fields are
    skipped."""
    buf = memoryview(data)
    message = Message(schema)
    packed = {}
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == _VARINT:
            value, pos = _varint(buf, pos)
        elif wire == _FIXED64:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == _FIXED32:
            value, pos = buf[pos:pos + 4], pos + 4
        elif wire == _LENGTH:
            length, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + length], pos + length
        else:
            raise ValueError('protobuf: unsupported wire type {} (field {})'.format(
                wire, number))
        field = schema.get(number)
        if field is None:
            continue
        kind = field.kind
        if isinstance(kind, dict):
            value = decode(value, kind)
        elif wire == _LENGTH and kind in ('string', 'bytes'):
            value = bytes(value).decode('utf-8') if kind == 'string' else bytes(value)
        elif wire == _LENGTH:
            # A packed repeated scalar (floats become one array).
            packed.setdefault(field.name, []).append(bytes(value))
            continue
        elif wire == _FIXED32:
            value = struct.unpack('<f', value)[0]
        elif wire == _FIXED64:
            value = struct.unpack('<d', value)[0]
        else:
            value = _scalar(kind, value)
        if field.repeated:
            getattr(message, field.name).append(value)
        else:
            setattr(message, field.name, value)
    for field in schema.values():
        if field.name not in packed:
            continue
        chunks = [_read_packed(field.kind, chunk) for chunk in packed[field.name]]
        values = getattr(message, field.name)
        if field.kind in _PACKED_DTYPES:
            # Weights stay one array instead of millions of Python floats.
            chunks.insert(0, numpy.asarray(values, dtype=_PACKED_DTYPES[field.kind]))
            setattr(message, field.name, numpy.concatenate(chunks))
        else:
            for chunk in chunks:
                values.extend(chunk)
    return message
