"""Neural-network connections."""

from kusari.functions.connection.linear import linear  # NOQA
