"""Chainer 7's old module paths of the training helpers: training.trigger and
training._updater."""

from kusari import training
from kusari.training import _updater, trigger, triggers, updater, util


def test_trigger_module_has_chainer_7s_names():
    assert trigger.IntervalTrigger is triggers.IntervalTrigger
    assert trigger.get_trigger is util.get_trigger
    assert training.trigger is trigger
    never = trigger.get_trigger(None)
    assert never is trigger._never_fire_trigger
    assert never(object()) is False
    every_2 = trigger.get_trigger((2, 'iteration'))
    assert isinstance(every_2, trigger.IntervalTrigger) and every_2.period == 2


def test_updater_base_class():
    assert _updater.Updater is updater.Updater is training.Updater
    assert issubclass(training.StandardUpdater, _updater.Updater)
