from kusari.training import extensions


def test_observe_value_and_lr(trainer_factory):
    trainer = trainer_factory(stop=(2, 'epoch'))
    trainer.extend(extensions.observe_lr())
    trainer.extend(extensions.observe_value('it', lambda t: t.updater.iteration * 10))
    trainer.extend(extensions.ExponentialShift('lr', 0.5), trigger=(1, 'epoch'))
    seen = []
    trainer.extend(lambda t: seen.append((t.observation['lr'], t.observation['it'])),
                   name='spy', trigger=(1, 'epoch'))
    trainer.run()
    # The observers (writers) run before the shift (a reader) changes lr at the epoch end.
    assert seen == [(0.1, 30), (0.05, 60)]
    assert 'observe_value' in trainer._extensions and 'observe_value_1' in trainer._extensions
