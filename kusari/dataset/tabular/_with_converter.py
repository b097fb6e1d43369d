"""A view of a tabular dataset with a converter of its own."""

from kusari.dataset.tabular import _view


class _WithConverter(_view._View):

    def __init__(self, dataset, converter):
        if not callable(converter):
            raise TypeError('TabularDataset.with_converter: converter must be callable, '
                            'got {}'.format(type(converter).__name__))
        super().__init__(dataset)
        self._converter = converter

    def convert(self, data):
        if isinstance(data, tuple):
            return self._converter(*data)
        if isinstance(data, dict):
            return self._converter(**data)
        return self._converter(data)
