"""Array manipulations."""

from kusari.functions.array.broadcast import broadcast, broadcast_to, sum_to  # NOQA
from kusari.functions.array.identity import identity  # NOQA
from kusari.functions.array.reshape import reshape  # NOQA
from kusari.functions.array.transpose import transpose  # NOQA
