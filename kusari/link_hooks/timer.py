"""Time spent in each link's forward (Chainer's ``chainer.link_hooks.TimerHook``)."""

from kusari import link_hook
from kusari.function_hooks._profile import TimerReport


class TimerHook(TimerReport, link_hook.LinkHook):
    """Measures the time of each link's forward.

    ``with TimerHook() as hook: ...`` then ``hook.print_report()`` prints, per link
    class, the total time and the number of calls. Links run inside other links, so the
    times of parents include those of their children.

    Attributes:
        call_history: ``(link class name, seconds)`` per call.
    """

    _name_column = 'LinkName'

    def forward_preprocess(self, args):
        self._start(args.link.xp)

    def forward_postprocess(self, args):
        self._stop(type(args.link).__name__)
