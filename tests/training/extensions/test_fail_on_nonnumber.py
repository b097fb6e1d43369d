import numpy
import pytest

from kusari.training import extensions


def test_passes_while_finite_and_names_the_diverged_parameter(trainer_factory):
    trainer = trainer_factory(stop=(1, 'epoch'))
    trainer.extend(extensions.FailOnNonNumber())
    trainer.run()  # nothing diverges

    trainer = trainer_factory(stop=(1, 'epoch'))
    model = trainer.updater.get_optimizer('main').target

    def poison(trainer):
        if trainer.updater.iteration == 2:
            model.predictor.b.array[1] = numpy.nan

    trainer.extend(poison, name='poison', priority=300)
    trainer.extend(extensions.FailOnNonNumber())
    with pytest.raises(RuntimeError, match=r"parameter /predictor/b of the optimizer 'main' has "
                                           r"NaN or infinite values at iteration 2"):
        trainer.run(show_loop_exception_msg=False)


def test_checks_gradients_unless_told_not_to(trainer_factory):
    for check_grad, raises in ((True, True), (False, False)):
        trainer = trainer_factory(stop=(1, 'iteration'))
        model = trainer.updater.get_optimizer('main').target
        trainer.extend(lambda t, model=model: model.predictor.W.grad.fill(numpy.inf), name='inf',
                       priority=300)
        trainer.extend(extensions.FailOnNonNumber(check_grad=check_grad))
        if raises:
            with pytest.raises(RuntimeError, match='gradient /predictor/W'):
                trainer.run(show_loop_exception_msg=False)
        else:
            trainer.run()
