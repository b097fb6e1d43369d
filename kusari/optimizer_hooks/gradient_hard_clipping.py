"""Element-wise clipping of gradients."""


class GradientHardClipping:
    """Clips every gradient element into ``[lower_bound, upper_bound]``.

    Args:
        lower_bound (float): the smallest allowed gradient value.
        upper_bound (float): the largest allowed gradient value.
    """

    name = 'GradientHardClipping'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, lower_bound, upper_bound):
        if lower_bound > upper_bound:
            raise ValueError('GradientHardClipping: lower_bound {} exceeds upper_bound {}'
                             .format(lower_bound, upper_bound))
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, rule, param):
        g = param.grad
        if g is None:
            return
        param.xp.clip(g, self.lower_bound, self.upper_bound, out=g)
