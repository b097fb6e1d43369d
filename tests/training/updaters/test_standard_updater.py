import numpy

import kusari
import kusari.links as L
from kusari import backend, iterators, optimizers
from kusari.training import updaters


class RecordingDevice(backend.CpuDevice):
    """A CPU device that records the arrays sent to it."""

    def __init__(self):
        super().__init__()
        self.sent = 0

    def send_array(self, array):
        self.sent += 1
        return array.copy()


def make(**kwargs):
    model = L.Classifier(L.Linear(2, 2))
    optimizer = optimizers.SGD().setup(model)
    data = [(numpy.ones(2, numpy.float32), numpy.int32(i % 2)) for i in range(4)]
    iterator = iterators.SerialIterator(data, 2, shuffle=False)
    return model, updaters.StandardUpdater(iterator, optimizer, **kwargs)


def test_device_and_input_device():
    model_device, input_device = RecordingDevice(), RecordingDevice()
    model, updater = make(device=model_device, input_device=input_device)
    assert updater.device is model_device and updater.input_device is input_device
    assert model.device is model_device and model_device.sent > 0
    updater.update()
    assert input_device.sent == 2  # x and t of the batch


def test_input_device_falls_back_to_device_and_model_stays_without_device():
    device = RecordingDevice()
    _, updater = make(device=device)
    assert updater.input_device is device
    model, updater = make(input_device='@numpy')
    assert updater.device is None and updater.input_device == kusari.get_device('@numpy')
    updater.update()
