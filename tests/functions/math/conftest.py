import pytest

import kusari.functions as F


@pytest.fixture
def on_0d():
    """``on_0d(f, ref)``: ``f`` and ``ref`` taking and giving (1,) arrays, run on 0-d ones.

    kusari.gradient_check cannot perturb 0-d arrays yet (its perturbed copy becomes a
    NumPy scalar), so 0-d cases reshape a (1,) input to () inside, and the 0-d output back.
    """
    def wrap(function, reference):
        def wrapped(x, *rest):
            return F.reshape(function(F.reshape(x, ()), *rest), (1,))

        def wrapped_reference(x, *rest):
            return reference(x.reshape(()), *rest).reshape(1)
        return wrapped, wrapped_reference
    return wrap
