import pytest

import kusari.functions as F


def _lift(y):
    return F.reshape(y, (1,)) if y.ndim == 0 else y


@pytest.fixture
def on_0d():
    """``on_0d(f, ref, inputs=True)``: ``f`` and ``ref`` whose 0-d outputs are reshaped to (1,).

    kusari.gradient_check cannot perturb 0-d arrays yet (its perturbed copy becomes a
    NumPy scalar), so 0-d cases take a (1,) input reshaped to () inside (unless ``inputs``
    is False) and give 0-d outputs back as (1,).
    """
    def wrap(function, reference, inputs=True):
        def wrapped(x, *rest):
            y = function(F.reshape(x, ()) if inputs else x, *rest)
            return tuple(map(_lift, y)) if isinstance(y, tuple) else _lift(y)

        def wrapped_reference(x, *rest):
            y = reference(x.reshape(()) if inputs else x, *rest)
            return y.reshape(1) if y.ndim == 0 else y
        return wrapped, wrapped_reference
    return wrap
