"""Names of kusari's packages whose attributes load on first use, as mypy sees them:
test_lazy_names runs mypy on this file and expects an error on each line marked
``# rejected``, and none elsewhere. Not a test module, nor in CI's mypy run (it fails)."""
# The lines only name attributes:
# ruff: noqa: B018

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import optimizers, testing, utils

kusari.optimizers.SDG(lr=0.1)  # rejected
optimizers.Adamm()  # rejected
kusari.optimizers.SGD(lr=0.1)
optimizers.Eve(alpha=0.01)

L.Lineaar(3, 2)  # rejected
L.connection.Lineaar  # rejected
L.Linear(3, 2)
L.connection.linear.Linear(3, 2)
L.model.Classifier

F.rellu  # rejected
F.math.exponentail  # rejected
F.relu
F.add
F.math.exponential.exp

kusari.Varable  # rejected
kusari.linkz  # rejected
kusari.exporters.caffe  # rejected
kusari.Variable
kusari.links.Linear
kusari.Distribution
kusari.basic_math

utils.type_chek  # rejected
utils.type_check.expect
kusari.backends.cuda.get_array_module
testing.distribution_unitest  # rejected
testing.distribution_unittest
