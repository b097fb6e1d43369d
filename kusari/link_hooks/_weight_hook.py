"""The base of link hooks that reparameterize a link's weight during forward."""

from kusari import link_hook


class WeightHook(link_hook.LinkHook):
    """Replaces a link's weight, for the duration of each forward, with a Variable
    computed from it; outside forward the attribute is the link's Parameter again, so
    optimizers and serializers see the unnormalized weight.

    Subclasses define ``reparameterize(link, weight) -> Variable``. A lazily
    initialized weight is initialized from the first input's ``shape[1]``.
    """

    def __init__(self, weight_name, name):
        self.weight_name = weight_name
        if name is not None:
            self.name = name

    def __enter__(self):
        raise NotImplementedError('{} is added to a link (link.add_hook(hook)); it is not '
                                  'a context manager'.format(type(self).__name__))

    def __exit__(self, *args):
        raise NotImplementedError

    def added(self, link):
        if not hasattr(link, self.weight_name):
            raise ValueError('{}: the link {} has no weight {!r}'.format(
                type(self).__name__, type(link).__name__, self.weight_name))

    def _initialize_weight(self, link, args):
        if getattr(link, self.weight_name).array is None:
            if not args or args[0] is None:
                raise ValueError('{}: the weight {!r} is not initialized and there is no '
                                 'input to infer its shape from'.format(
                                     type(self).__name__, self.weight_name))
            link._initialize_params(args[0].shape[1])

    def forward_preprocess(self, cb_args):
        link = cb_args.link
        self._initialize_weight(link, cb_args.args)
        self.original_weight = getattr(link, self.weight_name)
        setattr(link, self.weight_name, self.reparameterize(link, self.original_weight))

    def forward_postprocess(self, cb_args):
        setattr(cb_args.link, self.weight_name, self.original_weight)

    def reparameterize(self, link, weight):
        raise NotImplementedError
