"""Differentiable communication between processes."""

from kusari.distributed.functions.collective_communication import allgather  # NOQA
from kusari.distributed.functions.collective_communication import alltoall  # NOQA
from kusari.distributed.functions.collective_communication import bcast  # NOQA
from kusari.distributed.functions.collective_communication import gather  # NOQA
from kusari.distributed.functions.collective_communication import scatter  # NOQA
from kusari.distributed.functions.point_to_point_communication import recv  # NOQA
from kusari.distributed.functions.point_to_point_communication import send  # NOQA
from kusari.distributed.functions.pseudo_connect import pseudo_connect  # NOQA
