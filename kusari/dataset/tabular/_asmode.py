"""Views that present a tabular dataset's examples as tuples or as dicts."""

from kusari.dataset.tabular import _view


class _Astuple(_view._View):

    @property
    def mode(self):
        return tuple


class _Asdict(_view._View):

    @property
    def mode(self):
        return dict
