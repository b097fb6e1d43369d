"""get_device: the device a test process runs on."""

from kusari import backend


def get_device(device_id=None, use_chainerx=False):
    """The device for GPU ``device_id`` (typically ``comm.intra_rank``), or the CPU.

    ``@cupy:<id>`` or ``@numpy``; with ``use_chainerx``, ChainerX's ``cuda:<id>`` or
    ``native:0`` (which kusari refuses with an error: it has no ChainerX backend).
    """
    if device_id is None:
        name = 'native:0' if use_chainerx else '@numpy'
    else:
        name = ('cuda:{}' if use_chainerx else '@cupy:{}').format(device_id)
    return backend.get_device(name)
