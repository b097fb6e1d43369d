"""The Updater interface: one call of ``update()`` is one training iteration."""


class Updater:
    """Base class of updaters."""

    def connect_trainer(self, trainer):
        """Called by the Trainer that uses this updater."""

    def finalize(self):
        """Release resources (e.g. iterator workers)."""

    def get_optimizer(self, name):
        raise NotImplementedError

    def get_all_optimizers(self):
        raise NotImplementedError

    def update(self):
        raise NotImplementedError

    def serialize(self, serializer):
        raise NotImplementedError
