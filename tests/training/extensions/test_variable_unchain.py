from kusari import core
from kusari.training import extensions


def test_unchains_reported_variables_after_the_readers(trainer_factory):
    trainer = trainer_factory(stop=(1, 'iteration'))
    core.config.keep_graph_on_report = True
    try:
        seen = []
        trainer.extend(extensions.unchain_variables())
        trainer.extend(lambda t: seen.append(t.observation['main/loss'].creator is not None),
                       name='reader')
        trainer.run()
        assert seen == [True]  # the reader still saw the graph
        assert trainer.observation['main/loss'].creator is None
    finally:
        core.config.keep_graph_on_report = False
