"""Type checking of function inputs (Chainer's ``chainer.utils.type_check``)."""


class InvalidType(TypeError, ValueError):
    """Raised when a function's inputs have the wrong shape, dtype or number.

    It is both a ``TypeError`` and a ``ValueError`` so callers may catch it by
    the built-in category that fits their case.
    """

    def __init__(self, expect, actual, msg=None):
        if msg is None:
            msg = 'Expect: {0}\nActual: {1}'.format(expect, actual)
        super().__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self):
        return type(self), (self.expect, self.actual, self.args[0])
