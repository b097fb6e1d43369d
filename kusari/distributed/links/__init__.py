"""Links for multi-process models."""

from kusari.distributed.links.batch_normalization import MultiNodeBatchNormalization  # NOQA
from kusari.distributed.links.create_mnbn_model import create_mnbn_model  # NOQA
from kusari.distributed.links.multi_node_chain_list import MultiNodeChainList  # NOQA
from kusari.distributed.links.n_step_rnn import create_multi_node_n_step_rnn  # NOQA
