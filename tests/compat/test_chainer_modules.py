"""Every module of Chainer 7.8.1's distribution (``chainer``, ``chainermn``,
``onnx_chainer``) imports under kusari.compat, except the five left out on purpose (Caffe's
generated protobuf code and exporter, onnx_chainer's MXNet checker and example scripts),
which raise ChainerModuleNotAvailable saying why.

The lists are Chainer v7.8.1's (its ``.py`` files: ``git ls-tree -r --name-only v7.8.1 --
chainer chainermn onnx_chainer``), written here so that the test needs no Chainer.
"""

import importlib
import json
import sys

import pytest

from kusari import compat
from kusari.compat import _finder
from tests.compat._subprocess import run_python

CHAINER_MODULES = """
    chainer chainer._backend chainer._backprop chainer._backprop_utils chainer._environment_check
    chainer._runtime_info chainer._version chainer.backend chainer.backends
    chainer.backends._chainerx chainer.backends._cpu chainer.backends.cuda chainer.backends.intel64
    chainer.computational_graph chainer.configuration chainer.cuda chainer.dataset
    chainer.dataset.convert chainer.dataset.dataset_mixin chainer.dataset.download
    chainer.dataset.iterator chainer.dataset.tabular chainer.dataset.tabular._asmode
    chainer.dataset.tabular._concat chainer.dataset.tabular._join chainer.dataset.tabular._slice
    chainer.dataset.tabular._transform chainer.dataset.tabular._with_converter
    chainer.dataset.tabular.delegate_dataset chainer.dataset.tabular.from_data
    chainer.dataset.tabular.tabular_dataset chainer.datasets chainer.datasets._mnist_helper
    chainer.datasets.cifar chainer.datasets.concatenated_dataset chainer.datasets.dict_dataset
    chainer.datasets.fashion_mnist chainer.datasets.image_dataset chainer.datasets.kuzushiji_mnist
    chainer.datasets.mnist chainer.datasets.pickle_dataset chainer.datasets.ptb
    chainer.datasets.sub_dataset chainer.datasets.svhn chainer.datasets.text_dataset
    chainer.datasets.transform_dataset chainer.datasets.tuple_dataset chainer.device_resident
    chainer.distribution chainer.distributions chainer.distributions.bernoulli
    chainer.distributions.beta chainer.distributions.categorical chainer.distributions.cauchy
    chainer.distributions.chisquare chainer.distributions.dirichlet
    chainer.distributions.exponential chainer.distributions.gamma chainer.distributions.geometric
    chainer.distributions.gumbel chainer.distributions.independent chainer.distributions.laplace
    chainer.distributions.log_normal chainer.distributions.multivariate_normal
    chainer.distributions.normal chainer.distributions.one_hot_categorical
    chainer.distributions.pareto chainer.distributions.poisson chainer.distributions.uniform
    chainer.distributions.utils chainer.exporters chainer.exporters.caffe chainer.function
    chainer.function_hook chainer.function_hooks chainer.function_hooks.cuda_profile
    chainer.function_hooks.cupy_memory_profile chainer.function_hooks.debug_print
    chainer.function_hooks.timer chainer.function_node chainer.functions
    chainer.functions.activation chainer.functions.activation.clipped_relu
    chainer.functions.activation.crelu chainer.functions.activation.elu
    chainer.functions.activation.hard_sigmoid chainer.functions.activation.leaky_relu
    chainer.functions.activation.log_softmax chainer.functions.activation.maxout
    chainer.functions.activation.prelu chainer.functions.activation.relu
    chainer.functions.activation.rrelu chainer.functions.activation.selu
    chainer.functions.activation.sigmoid chainer.functions.activation.softmax
    chainer.functions.activation.softplus chainer.functions.activation.swish
    chainer.functions.activation.tanh chainer.functions.array chainer.functions.array.as_strided
    chainer.functions.array.broadcast chainer.functions.array.cast chainer.functions.array.concat
    chainer.functions.array.copy chainer.functions.array.depth2space
    chainer.functions.array.diagonal chainer.functions.array.dstack
    chainer.functions.array.expand_dims chainer.functions.array.flatten
    chainer.functions.array.flip chainer.functions.array.fliplr chainer.functions.array.flipud
    chainer.functions.array.get_item chainer.functions.array.hstack chainer.functions.array.im2col
    chainer.functions.array.moveaxis chainer.functions.array.pad
    chainer.functions.array.pad_sequence chainer.functions.array.permutate
    chainer.functions.array.repeat chainer.functions.array.reshape
    chainer.functions.array.resize_images chainer.functions.array.rollaxis
    chainer.functions.array.scatter_add chainer.functions.array.select_item
    chainer.functions.array.separate chainer.functions.array.space2depth
    chainer.functions.array.spatial_transformer_grid
    chainer.functions.array.spatial_transformer_sampler chainer.functions.array.split_axis
    chainer.functions.array.squeeze chainer.functions.array.stack chainer.functions.array.swapaxes
    chainer.functions.array.tile chainer.functions.array.transpose
    chainer.functions.array.transpose_sequence chainer.functions.array.vstack
    chainer.functions.array.where chainer.functions.connection
    chainer.functions.connection.bilinear chainer.functions.connection.convolution_2d
    chainer.functions.connection.convolution_nd chainer.functions.connection.deconvolution_2d
    chainer.functions.connection.deconvolution_nd
    chainer.functions.connection.deformable_convolution_2d_sampler
    chainer.functions.connection.depthwise_convolution_2d
    chainer.functions.connection.dilated_convolution_2d chainer.functions.connection.embed_id
    chainer.functions.connection.linear chainer.functions.connection.local_convolution_2d
    chainer.functions.connection.shift chainer.functions.evaluation
    chainer.functions.evaluation.accuracy chainer.functions.evaluation.binary_accuracy
    chainer.functions.evaluation.classification_summary chainer.functions.evaluation.r2_score
    chainer.functions.loss chainer.functions.loss.absolute_error chainer.functions.loss.black_out
    chainer.functions.loss.contrastive chainer.functions.loss.crf1d
    chainer.functions.loss.cross_covariance chainer.functions.loss.ctc chainer.functions.loss.decov
    chainer.functions.loss.discriminative_loss chainer.functions.loss.hinge
    chainer.functions.loss.huber_loss chainer.functions.loss.mean_absolute_error
    chainer.functions.loss.mean_squared_error chainer.functions.loss.negative_sampling
    chainer.functions.loss.sigmoid_cross_entropy chainer.functions.loss.softmax_cross_entropy
    chainer.functions.loss.squared_error chainer.functions.loss.triplet chainer.functions.loss.vae
    chainer.functions.math chainer.functions.math.arctanh chainer.functions.math.average
    chainer.functions.math.basic_math chainer.functions.math.batch_l2_norm_squared
    chainer.functions.math.bias chainer.functions.math.ceil chainer.functions.math.cholesky
    chainer.functions.math.clip chainer.functions.math.cumprod chainer.functions.math.cumsum
    chainer.functions.math.det chainer.functions.math.digamma chainer.functions.math.einsum
    chainer.functions.math.erf chainer.functions.math.erfc chainer.functions.math.erfcinv
    chainer.functions.math.erfcx chainer.functions.math.erfinv chainer.functions.math.exponential
    chainer.functions.math.exponential_m1 chainer.functions.math.fft chainer.functions.math.fix
    chainer.functions.math.floor chainer.functions.math.fmod chainer.functions.math.hyperbolic
    chainer.functions.math.identity chainer.functions.math.inv chainer.functions.math.lgamma
    chainer.functions.math.linear_interpolate chainer.functions.math.log_ndtr
    chainer.functions.math.logarithm_1p chainer.functions.math.logsumexp
    chainer.functions.math.matmul chainer.functions.math.maximum chainer.functions.math.minimum
    chainer.functions.math.minmax chainer.functions.math.ndtr chainer.functions.math.ndtri
    chainer.functions.math.polygamma chainer.functions.math.prod chainer.functions.math.scale
    chainer.functions.math.sign chainer.functions.math.sparse_matmul chainer.functions.math.sqrt
    chainer.functions.math.square chainer.functions.math.sum chainer.functions.math.tensordot
    chainer.functions.math.trigonometric chainer.functions.math.zeta chainer.functions.noise
    chainer.functions.noise.dropout chainer.functions.noise.gaussian
    chainer.functions.noise.gumbel_softmax chainer.functions.noise.simplified_dropconnect
    chainer.functions.noise.zoneout chainer.functions.normalization
    chainer.functions.normalization.batch_normalization
    chainer.functions.normalization.batch_renormalization
    chainer.functions.normalization.decorrelated_batch_normalization
    chainer.functions.normalization.group_normalization
    chainer.functions.normalization.l2_normalization
    chainer.functions.normalization.layer_normalization
    chainer.functions.normalization.local_response_normalization chainer.functions.pooling
    chainer.functions.pooling.average_pooling_2d chainer.functions.pooling.average_pooling_nd
    chainer.functions.pooling.average_pooling_nd_kernel chainer.functions.pooling.max_pooling_nd
    chainer.functions.pooling.max_pooling_nd_kernel chainer.functions.pooling.pooling_2d
    chainer.functions.pooling.pooling_nd chainer.functions.pooling.pooling_nd_kernel
    chainer.functions.pooling.roi_average_align_2d chainer.functions.pooling.roi_average_pooling_2d
    chainer.functions.pooling.roi_max_align_2d chainer.functions.pooling.roi_max_pooling_2d
    chainer.functions.pooling.roi_pooling_2d chainer.functions.pooling.spatial_pyramid_pooling_2d
    chainer.functions.pooling.unpooling_2d chainer.functions.pooling.unpooling_nd
    chainer.functions.pooling.upsampling_2d chainer.functions.rnn chainer.functions.rnn.lstm
    chainer.functions.rnn.n_step_gru chainer.functions.rnn.n_step_lstm
    chainer.functions.rnn.n_step_rnn chainer.functions.rnn.slstm chainer.functions.rnn.tree_lstm
    chainer.functions.theano chainer.functions.theano.theano_function chainer.functions.util
    chainer.functions.util.forget chainer.gradient_check chainer.graph_optimizations
    chainer.graph_optimizations.static_graph chainer.graph_optimizations.static_graph_utilities
    chainer.initializer chainer.initializers chainer.initializers.constant
    chainer.initializers.normal chainer.initializers.orthogonal chainer.initializers.sampling
    chainer.initializers.uniform chainer.iterators chainer.iterators._statemachine
    chainer.iterators.dali_iterator chainer.iterators.multiprocess_iterator
    chainer.iterators.multithread_iterator chainer.iterators.order_samplers
    chainer.iterators.serial_iterator chainer.link chainer.link_hook chainer.link_hooks
    chainer.link_hooks.spectral_normalization chainer.link_hooks.timer
    chainer.link_hooks.weight_standardization chainer.links chainer.links.activation
    chainer.links.activation.maxout chainer.links.activation.prelu
    chainer.links.activation.simplified_dropconnect chainer.links.activation.swish
    chainer.links.caffe chainer.links.caffe.caffe_function chainer.links.caffe.protobuf3
    chainer.links.caffe.protobuf3.caffe_pb2 chainer.links.connection chainer.links.connection.bias
    chainer.links.connection.bilinear chainer.links.connection.convolution_2d
    chainer.links.connection.convolution_nd chainer.links.connection.deconvolution_2d
    chainer.links.connection.deconvolution_nd chainer.links.connection.deformable_convolution_2d
    chainer.links.connection.depthwise_convolution_2d
    chainer.links.connection.dilated_convolution_2d chainer.links.connection.embed_id
    chainer.links.connection.highway chainer.links.connection.inception
    chainer.links.connection.inceptionbn chainer.links.connection.linear
    chainer.links.connection.local_convolution_2d chainer.links.connection.mlp_convolution_2d
    chainer.links.connection.parameter chainer.links.connection.scale chainer.links.loss
    chainer.links.loss.black_out chainer.links.loss.crf1d chainer.links.loss.hierarchical_softmax
    chainer.links.loss.negative_sampling chainer.links.model chainer.links.model.classifier
    chainer.links.model.vision chainer.links.model.vision.googlenet
    chainer.links.model.vision.resnet chainer.links.model.vision.vgg chainer.links.normalization
    chainer.links.normalization.batch_normalization
    chainer.links.normalization.batch_renormalization
    chainer.links.normalization.decorrelated_batch_normalization
    chainer.links.normalization.group_normalization chainer.links.normalization.layer_normalization
    chainer.links.rnn chainer.links.rnn.gru chainer.links.rnn.lstm chainer.links.rnn.mgu
    chainer.links.rnn.n_step_gru chainer.links.rnn.n_step_lstm chainer.links.rnn.n_step_rnn
    chainer.links.rnn.peephole chainer.links.rnn.tree_lstm chainer.links.rnn.zoneoutlstm
    chainer.links.theano chainer.links.theano.theano_function chainer.memory_layouts
    chainer.optimizer chainer.optimizer_hooks chainer.optimizer_hooks.gradient_clipping
    chainer.optimizer_hooks.gradient_hard_clipping chainer.optimizer_hooks.gradient_lars
    chainer.optimizer_hooks.gradient_noise chainer.optimizer_hooks.lasso
    chainer.optimizer_hooks.weight_decay chainer.optimizers chainer.optimizers.ada_delta
    chainer.optimizers.ada_grad chainer.optimizers.adam chainer.optimizers.corrected_momentum_sgd
    chainer.optimizers.momentum_sgd chainer.optimizers.msvag chainer.optimizers.nesterov_ag
    chainer.optimizers.rmsprop chainer.optimizers.rmsprop_graves chainer.optimizers.sgd
    chainer.optimizers.smorms3 chainer.reporter chainer.sequential chainer.serializer
    chainer.serializers chainer.serializers.hdf5 chainer.serializers.npz chainer.testing
    chainer.testing._bundle chainer.testing._distribution_test chainer.testing.array
    chainer.testing.attr chainer.testing.backend chainer.testing.condition
    chainer.testing.distribution_test chainer.testing.doctest_helper chainer.testing.function_link
    chainer.testing.helper chainer.testing.matrix chainer.testing.parameterized
    chainer.testing.random chainer.testing.serializer chainer.testing.training
    chainer.testing.unary_math_function_test chainer.training chainer.training._updater
    chainer.training.extension chainer.training.extensions chainer.training.extensions._snapshot
    chainer.training.extensions.computational_graph chainer.training.extensions.evaluator
    chainer.training.extensions.exponential_shift chainer.training.extensions.fail_on_nonnumber
    chainer.training.extensions.inverse_shift chainer.training.extensions.linear_shift
    chainer.training.extensions.log_report chainer.training.extensions.micro_average
    chainer.training.extensions.multistep_shift chainer.training.extensions.parameter_statistics
    chainer.training.extensions.plot_report chainer.training.extensions.polynomial_shift
    chainer.training.extensions.print_report chainer.training.extensions.progress_bar
    chainer.training.extensions.snapshot_writers chainer.training.extensions.step_shift
    chainer.training.extensions.util chainer.training.extensions.value_observation
    chainer.training.extensions.variable_statistics_plot
    chainer.training.extensions.variable_unchain chainer.training.extensions.warmup_shift
    chainer.training.trainer chainer.training.trigger chainer.training.triggers
    chainer.training.triggers.early_stopping_trigger chainer.training.triggers.interval_trigger
    chainer.training.triggers.manual_schedule_trigger
    chainer.training.triggers.minmax_value_trigger chainer.training.triggers.once_trigger
    chainer.training.triggers.time_trigger chainer.training.updater chainer.training.updaters
    chainer.training.updaters.multiprocess_parallel_updater
    chainer.training.updaters.parallel_updater chainer.training.updaters.standard_updater
    chainer.training.util chainer.types chainer.utils chainer.utils._collections
    chainer.utils.argument chainer.utils.array chainer.utils.cache chainer.utils.conv
    chainer.utils.conv_nd chainer.utils.conv_nd_kernel chainer.utils.error
    chainer.utils.experimental chainer.utils.imgproc chainer.utils.meta
    chainer.utils.nondeterministic chainer.utils.precision chainer.utils.sparse
    chainer.utils.type_check chainer.utils.walker_alias chainer.variable chainer.warnings
""".split()

# The two other packages of Chainer 7.8.1's distribution (``-- chainermn onnx_chainer``).
CHAINERMN_MODULES = """
    chainermn chainermn.communicators chainermn.communicators._communication_utility
    chainermn.communicators._memory_utility chainermn.communicators.communicator_base
    chainermn.communicators.dummy_communicator chainermn.communicators.flat_communicator
    chainermn.communicators.mpi_communicator_base chainermn.communicators.naive_communicator
    chainermn.communicators.non_cuda_aware_communicator
    chainermn.communicators.pure_nccl_communicator chainermn.datasets
    chainermn.datasets.empty_dataset chainermn.datasets.scatter chainermn.extensions
    chainermn.extensions._multi_node_snapshot chainermn.extensions.allreduce_persistent
    chainermn.extensions.checkpoint chainermn.extensions.multi_node_early_stopping_trigger
    chainermn.extensions.multi_node_evaluator chainermn.extensions.observation_aggregator
    chainermn.functions chainermn.functions.batch_normalization
    chainermn.functions.collective_communication
    chainermn.functions.point_to_point_communication chainermn.functions.pseudo_connect
    chainermn.global_except_hook chainermn.iterators chainermn.iterators.multi_node_iterator
    chainermn.iterators.synchronized_iterator chainermn.links
    chainermn.links.batch_normalization chainermn.links.create_mnbn_model
    chainermn.links.multi_node_chain_list chainermn.links.n_step_rnn chainermn.nccl
    chainermn.optimizers chainermn.testing chainermn.testing.device
""".split()
ONNX_CHAINER_MODULES = """
    onnx_chainer onnx_chainer.context onnx_chainer.examples.resnet50.export
    onnx_chainer.examples.yolov2tiny.export onnx_chainer.export onnx_chainer.export_testcase
    onnx_chainer.functions onnx_chainer.functions.activation onnx_chainer.functions.array
    onnx_chainer.functions.connection onnx_chainer.functions.converter
    onnx_chainer.functions.loss onnx_chainer.functions.math onnx_chainer.functions.noise
    onnx_chainer.functions.normalization onnx_chainer.functions.opset_version
    onnx_chainer.functions.pooling onnx_chainer.functions.rnn onnx_chainer.graph
    onnx_chainer.mapping onnx_chainer.onnx_helper onnx_chainer.replace_func
    onnx_chainer.testing onnx_chainer.testing.get_test_data_set
    onnx_chainer.testing.input_generator onnx_chainer.testing.test_mxnet
    onnx_chainer.testing.test_onnxruntime
""".split()
ALL_MODULES = CHAINER_MODULES + CHAINERMN_MODULES + ONNX_CHAINER_MODULES

# Left out on purpose: module -> the reason its error gives.
LEFT_OUT = {
    'chainer.exporters.caffe': "does not ship Caffe's protobuf schema",
    'chainer.links.caffe.protobuf3.caffe_pb2': 'CaffeFunction reads .caffemodel files without it',
    'onnx_chainer.testing.test_mxnet': 'checks exported models in onnxruntime',
    'onnx_chainer.examples.resnet50.export': 'example scripts',
    'onnx_chainer.examples.yolov2tiny.export': 'example scripts',
}


@pytest.fixture(scope='module', autouse=True)
def installed():
    compat.install()
    yield
    compat.uninstall()
    assert not any(_finder.is_chainer_name(name) for name in sys.modules)


def test_the_lists_are_chainers():
    assert len(CHAINER_MODULES) == len(set(CHAINER_MODULES)) == 455
    assert len(CHAINERMN_MODULES) == 39 and len(ONNX_CHAINER_MODULES) == 27
    for top, names in (('chainer', CHAINER_MODULES), ('chainermn', CHAINERMN_MODULES),
                       ('onnx_chainer', ONNX_CHAINER_MODULES)):
        assert all(name == top or name.startswith(top + '.') for name in names)
    assert set(LEFT_OUT) <= set(ALL_MODULES)


# Modules that import an optional package at import time, as Chainer's do.
NEEDS = {'chainermn.communicators._communication_utility': 'mpi4py'}


@pytest.mark.parametrize('name', sorted(set(ALL_MODULES) - set(LEFT_OUT)))
def test_chainer_module_imports(name):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    module = importlib.import_module(name)
    assert module.__name__.split('.')[0] == 'kusari'  # kusari's own, under Chainer's name
    assert sys.modules[name] is module


@pytest.mark.parametrize('name', sorted(LEFT_OUT))
def test_left_out_module_says_why(name):
    with pytest.raises(compat.ChainerModuleNotAvailable) as info:
        importlib.import_module(name)
    # The first missing name: the module itself, or a folder of scripts (not a package in
    # Chainer either) that holds it.
    parts = name.split('.')
    missing = next(prefix for prefix in ('.'.join(parts[:i]) for i in range(1, len(parts) + 1))
                   if prefix in LEFT_OUT or prefix not in ALL_MODULES)
    assert info.value.name == missing
    message = str(info.value)
    assert message.startswith(missing + ' is not available in kusari: ')
    assert LEFT_OUT[name] in message
    # The package above imports: only what is listed is left out.
    importlib.import_module(missing.rpartition('.')[0])


# Imports the modules named on the command line (under Chainer's names with the hook
# installed first), then prints, for each, what its package holds under its name: a module
# or another object (e.g. the function ``from_data`` beside the module ``from_data``).
_ATTRIBUTES_AFTER_IMPORT = """
import importlib, json, sys, types
if sys.argv[1] == 'chainer':
    import kusari.compat
    kusari.compat.install()
kinds = {}
for name in sys.argv[2:]:
    importlib.import_module(name)
for name in sys.argv[2:]:
    parent, _, attribute = name.rpartition('.')
    if parent:
        value = getattr(sys.modules[parent], attribute)
        kinds[name.partition('.')[2]] = type(value).__name__
print(json.dumps(kinds))
"""


def test_importing_by_chainers_names_leaves_the_packages_as_kusaris_names_do(tmp_path):
    """Importing ``chainer.P.X`` must not rebind ``P.X`` (a function of the module's name,
    say) to the module, which importing ``kusari.P.X`` does not either."""
    names = sorted(set(CHAINER_MODULES) - set(LEFT_OUT))
    counterparts = {name: importlib.import_module(name).__name__ for name in names}
    kinds = {}
    for spelling, modules in (('chainer', names), ('kusari', sorted(counterparts.values()))):
        result = run_python(['-c', _ATTRIBUTES_AFTER_IMPORT, spelling] + modules, tmp_path)
        assert result.returncode == 0, result.stderr[-3000:]
        kinds[spelling] = json.loads(result.stdout)
    assert kinds['chainer']['dataset.tabular.from_data'] == 'function'
    for name in names[1:]:  # every name but 'chainer' itself
        kusari_name = counterparts[name].partition('.')[2]
        if kusari_name in kinds['kusari']:  # not an alias such as chainer.cuda
            assert kinds['chainer'][name.partition('.')[2]] == kinds['kusari'][kusari_name], name
