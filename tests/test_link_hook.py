import numpy

import kusari
import kusari.links as L
from kusari import link_hook


class Recorder(kusari.LinkHook):
    name = 'recorder'

    def __init__(self):
        self.calls = []

    def added(self, link):
        self.calls.append(('added', link))

    def deleted(self, link):
        self.calls.append(('deleted', link))

    def forward_preprocess(self, args):
        self.calls.append(('pre', args))

    def forward_postprocess(self, args):
        self.calls.append(('post', args))


def test_callback_arguments():
    hook = Recorder()
    layer = L.Linear(2, 3)
    x = numpy.ones((1, 2), numpy.float32)
    with hook:
        y = layer(x)
    kinds = [kind for kind, _ in hook.calls]
    assert kinds == ['added', 'pre', 'post', 'deleted']
    pre, post = hook.calls[1][1], hook.calls[2][1]
    assert isinstance(pre, link_hook._ForwardPreprocessCallbackArgs)
    assert isinstance(post, link_hook._ForwardPostprocessCallbackArgs)
    assert (pre.link, pre.forward_name, pre.args, pre.kwargs) == (layer, 'forward', (x,), {})
    assert post.out is y
    assert repr(post).startswith('<kusari.link_hook._ForwardPostprocessCallbackArgs link=')
    assert 'forward_name=forward' in repr(pre) and 'out=' not in repr(pre)
