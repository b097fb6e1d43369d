"""DeviceResident (kusari/device_resident.py): final to_device, deprecated overrides."""

import pytest

import kusari
from kusari import backend


def test_to_device_cannot_be_overridden():
    with pytest.raises(TypeError, match='final'):
        class Moves(kusari.Link):
            def to_device(self, device):
                pass


def test_an_overridden_to_cpu_warns_and_runs_when_a_parent_moves():
    with pytest.warns(DeprecationWarning, match='to_cpu'):
        class Child(kusari.Link):
            calls = 0

            def to_cpu(self):
                Child.calls += 1
                return super().to_cpu()

    parent = kusari.Chain()
    with parent.init_scope():
        parent.child = Child()
    with pytest.warns(DeprecationWarning, match='to_cpu is deprecated'):
        parent.to_device('@numpy')
    assert Child.calls == 1 and parent.child.device == backend.CpuDevice()


def test_chainerx_moves():
    link = kusari.Link()
    assert link.from_chx() is link
    with pytest.raises(RuntimeError, match='ChainerX'):
        link.to_chx()
