"""export / export_testcase: inputs, outputs and their names, parameters, shapes,
external converters, replace_func, and the errors and warnings Chainer's exporter gives."""

import io
import os

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
import kusari.onnx
from kusari.onnx import onnx_helper
from kusari.onnx.export import RetainInputHook
from kusari.onnx.replace_func import as_funcnode, fake_as_funcnode
from kusari.onnx.testing.input_generator import increasing
from tests.onnx.conftest import check_export, onnx, run_onnx


class MLP(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(3, 4)
            self.l2 = L.Linear(4, 2)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


class ThreeInputs(kusari.Chain):
    def forward(self, x, y, z):
        return F.relu(x) + y * z


def _graph_inputs(model):
    initializers = {t.name for t in model.graph.initializer}
    return [i.name for i in model.graph.input if i.name not in initializers]


def test_names_of_inputs_outputs_nodes_and_parameters():
    model = kusari.onnx.export(MLP(), increasing(2, 3))
    assert _graph_inputs(model) == ['Input_0']
    assert [o.name for o in model.graph.output] == ['LinearFunction_1']
    assert [n.name for n in model.graph.node] == ['LinearFunction_0', 'ReLU_0',
                                                  'LinearFunction_1']
    assert {t.name for t in model.graph.initializer} == {
        'param_l1_W', 'param_l1_b', 'param_l2_W', 'param_l2_b'}
    assert model.producer_name == 'kusari'
    assert model.opset_import[0].version == kusari.onnx.MAXIMUM_OPSET_VERSION


@pytest.mark.parametrize('args, names, expected', [
    ((increasing(1, 3),) * 3, None, ['Input_0', 'Input_1', 'Input_2']),
    ([increasing(1, 3)] * 3, ['a', 'b', 'c'], ['a', 'b', 'c']),
    ({'z': increasing(1, 3), 'x': increasing(1, 3), 'y': increasing(1, 3)},
     {'x': 'in_x', 'y': 'in_y', 'z': 'in_z'}, ['in_z', 'in_x', 'in_y']),
    ({'x': increasing(1, 3), 'y': increasing(1, 3), 'z': increasing(1, 3)},
     ['p', 'q', 'r'], ['p', 'q', 'r']),
])
def test_inputs_as_tuple_list_or_dict(args, names, expected):
    if isinstance(args, dict):  # distinct arrays, so that mixing them up shows
        args = {k: v * (i + 1) for i, (k, v) in enumerate(args.items())}
    model = kusari.onnx.export(ThreeInputs(), args, input_names=names)
    assert _graph_inputs(model) == expected
    check_export(ThreeInputs(), args, input_names=names)


def test_outputs_as_dict_with_names():
    model = kusari.Sequential(lambda x: {'tanh': F.tanh(x), 'sigmoid': F.sigmoid(x)})
    onnx_model = kusari.onnx.export(model, increasing(2, 3),
                                    output_names={'sigmoid': 's', 'tanh': 't'})
    assert [o.name for o in onnx_model.graph.output] == ['t', 's']
    check_export(model, increasing(2, 3), output_names=['t', 's'])


def test_intermediate_value_as_output():
    model = kusari.Sequential(lambda x: (F.relu(x), F.exp(F.relu(x))))
    check_export(model, increasing(2, 3), output_names=['y', 'z'])


@pytest.mark.parametrize('names', [['a', 'b'], 'a b'.split()[:1] * 3])
def test_wrong_number_of_names_raises(names):
    with pytest.raises(ValueError):
        kusari.onnx.export(kusari.Sequential(F.relu), [increasing(2, 3)], input_names=names)


def test_output_that_is_not_a_variable_raises():
    with pytest.raises(RuntimeError, match='Unexpected output type'):
        kusari.onnx.export(kusari.Sequential(lambda x: x.array), increasing(2, 3))
    with pytest.raises(ValueError, match='must be Chainer Variable'):
        kusari.onnx.export(kusari.Sequential(lambda x: (x, x.array)), increasing(2, 3))


def test_constants_and_unregistered_parameters_become_initializers():
    class Model(kusari.Chain):
        def __init__(self):
            super().__init__()
            self.scale = kusari.Parameter(numpy.array(2, numpy.float32))  # not registered

        def forward(self, x):
            return x / self.scale + numpy.array(3, numpy.float32) + kusari.Variable(
                numpy.full((1, 3), 0.5, numpy.float32))

    onnx_model = kusari.onnx.export(Model(), increasing(2, 3))
    # scale and the Variable; the 0-d array is a scalar constant (AddConstant)
    assert len(onnx_model.graph.initializer) == 2
    assert _graph_inputs(onnx_model) == ['Input_0']
    check_export(Model(), increasing(2, 3))


def test_export_params_false_makes_parameters_inputs():
    onnx_model = kusari.onnx.export(MLP(), increasing(2, 3), export_params=False)
    assert not onnx_model.graph.initializer
    assert set(_graph_inputs(onnx_model)) == {
        'Input_0', 'param_l1_W', 'param_l1_b', 'param_l2_W', 'param_l2_b'}


def test_uninitialized_parameters_are_skipped_with_a_warning():
    class Model(MLP):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.unused = L.Linear(None, 3)

    with pytest.warns(UserWarning, match='unused/W'):
        onnx_model = kusari.onnx.export(Model(), increasing(2, 3))
    assert 'param_unused_W' not in {t.name for t in onnx_model.graph.initializer}


def test_dynamic_batch_axis():
    model = MLP()
    onnx_model = kusari.onnx.export(model, increasing(2, 3), input_shapes=('batch', 3))
    dims = onnx_model.graph.input[0].type.tensor_type.shape.dim
    assert dims[0].dim_param == 'batch' and dims[1].dim_value == 3
    x = increasing(5, 3)
    got = run_onnx(onnx_model, {'Input_0': x})['LinearFunction_1']
    numpy.testing.assert_allclose(got, model(x).array, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize('shapes', ['?', ('?', 3, 3), [('?', 3), ('?', 3)]])
def test_wrong_input_shapes_raise(shapes):
    with pytest.raises(ValueError):
        kusari.onnx.export(MLP(), increasing(2, 3), input_shapes=shapes)


def test_unsupported_function_raises():
    class Unknown(kusari.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

    with pytest.raises(ValueError, match='Unknown is not supported'):
        kusari.onnx.export(kusari.Sequential(lambda x: Unknown().apply((x,))[0]),
                           increasing(2, 3))


def test_too_low_opset_raises():
    with pytest.raises(RuntimeError, match='opset_version 8'):
        kusari.onnx.export(kusari.Sequential(F.sinh), increasing(2, 3), opset_version=8)


def test_opset_out_of_the_tested_range_warns():
    newer = kusari.onnx.MAXIMUM_OPSET_VERSION + 1
    with pytest.warns(UserWarning, match='tested with opset_version'):
        onnx_model = kusari.onnx.export(kusari.Sequential(F.relu), increasing(2, 3),
                                        opset_version=newer)
    assert onnx_model.opset_import[0].version == newer


def test_writes_file_text_and_file_objects(tmp_path):
    path = str(tmp_path / 'model.onnx')
    with pytest.warns(DeprecationWarning, match='export_testcase'):
        kusari.onnx.export(MLP(), increasing(2, 3), filename=path, save_text=True)
    assert onnx.load(path).graph.node[0].op_type == 'Gemm'
    with open(path + '.txt') as f:
        assert 'Gemm' in f.read()
    buffer = io.BytesIO()
    kusari.onnx.export(MLP(), increasing(2, 3), filename=buffer, no_testcase=True)
    assert onnx.load_model_from_string(buffer.getvalue()).graph.node


def test_export_testcase_writes_model_data_and_gradients(tmp_path):
    model = MLP()
    x = increasing(2, 3)
    kusari.onnx.export_testcase(model, x, str(tmp_path), output_grad=True,
                                input_names=['x'], output_names=['y'])
    data = tmp_path / 'test_data_set_0'
    x_pb, y_pb = onnx.load_tensor(str(data / 'input_0.pb')), onnx.load_tensor(
        str(data / 'output_0.pb'))
    assert (x_pb.name, y_pb.name) == ('x', 'y')
    numpy.testing.assert_array_equal(onnx.numpy_helper.to_array(x_pb), x)
    numpy.testing.assert_allclose(onnx.numpy_helper.to_array(y_pb), model(x).array, rtol=1e-6)
    model.cleargrads()
    F.sum(model(x)).backward()
    for i, (path, param) in enumerate(model.namedparams()):
        grad = onnx.load_tensor(str(data / 'gradient_{}.pb'.format(i)))
        assert grad.name == onnx_helper.cleanse_param_name(path)
        numpy.testing.assert_allclose(onnx.numpy_helper.to_array(grad), param.grad, rtol=1e-6)
    assert os.path.isfile(str(tmp_path / 'model.onnx'))


def test_external_converter_replaces_kusaris():
    def sigmoid_as_tanh(params):
        return onnx_helper.make_node('Tanh', params.input_names, params.output_names),

    onnx_model = kusari.onnx.export(kusari.Sequential(F.sigmoid), increasing(2, 3),
                                    external_converters={'Sigmoid': sigmoid_as_tanh})
    assert [n.op_type for n in onnx_model.graph.node] == ['Tanh']


def test_external_op_without_a_domain_warns_that_it_is_not_checked():
    def custom(params):
        return onnx_helper.make_node('MyOp', params.input_names, params.output_names),

    with pytest.warns(UserWarning, match='ValidationError'):
        kusari.onnx.export(kusari.Sequential(F.relu), increasing(2, 3),
                           external_converters={'ReLU': custom})
    onnx_model = kusari.onnx.export(
        kusari.Sequential(F.relu), increasing(2, 3), external_opset_imports={'my': 1},
        external_converters={'ReLU': lambda p: (onnx_helper.make_node(
            'MyOp', p.input_names, p.output_names, domain='my'),)})
    assert [(o.domain, o.version) for o in onnx_model.opset_import][1] == ('my', 1)


def test_as_funcnode_records_one_node_with_attributes():
    kusari.disable_experimental_feature_warning = False
    with pytest.warns(FutureWarning, match='as_funcnode'):  # experimental, as in Chainer
        class Model(kusari.Chain):
            @as_funcnode('NumpyFull', rename_attributes=[('value', 'fill')])
            def full(self, x, value=0.):
                return numpy.full(x.shape, value, numpy.float32)

            def forward(self, x):
                return F.sigmoid(self.full(x, value=2.))
    kusari.disable_experimental_feature_warning = True

    def convert_full(params):
        gb = onnx_helper.GraphBuilder()
        shape = gb.op('Shape', params.input_names)
        gb.op_output_named('ConstantOfShape', [shape], params.output_names,
                           value=onnx.helper.make_tensor('v', onnx.TensorProto.FLOAT, [1],
                                                         [params.func.fill]))
        return gb.nodes()

    check_export(Model(), increasing(2, 3), opsets=[9, kusari.onnx.MAXIMUM_OPSET_VERSION],
                 external_converters={'NumpyFull': convert_full})


def test_fake_as_funcnode_keeps_the_structure_and_the_gradient():
    def f(a, b, scale=2.):
        return {'sum': a + b, 'pair': [a * scale, b * scale]}

    wrapped = fake_as_funcnode(f, 'F', experimental_warning=False)
    a, b = kusari.Variable(increasing(2, 3)), kusari.Variable(increasing(2, 3) + 1)
    result = wrapped(a, b)
    assert set(result) == {'sum', 'pair'} and len(result['pair']) == 2
    node = result['sum'].creator_node
    assert node.custom_function_node_name == 'F' and node.scale == 2.
    assert result['pair'][1].creator_node is node
    ga, gb = kusari.grad([result['pair'][0], result['sum']], [a, b])
    numpy.testing.assert_allclose(ga.array, numpy.full((2, 3), 3.))
    numpy.testing.assert_allclose(gb.array, numpy.ones((2, 3)))


def test_fake_as_funcnode_needs_a_variable():
    wrapped = fake_as_funcnode(lambda a: a * 2, 'F', experimental_warning=False)
    with pytest.raises(ValueError, match='at least one'):
        wrapped(increasing(2, 3))


def test_retain_input_hook_keeps_inputs_the_forward_made():
    class Model(kusari.Chain):
        def forward(self, x):
            return F.stack([x, kusari.Variable(numpy.array(7, numpy.float32))])

    x = kusari.Variable(numpy.array(3, numpy.float32))
    with RetainInputHook() as hook:
        Model()(x)
    assert len(hook.retain_inputs) == 1  # the constant 7, not the argument x
    assert hook.retain_inputs[0] == 7


def test_import_onnx_chainer_gives_kusari_onnx():
    import subprocess
    import sys
    code = ('import kusari.compat; kusari.compat.install()\n'
            'import onnx_chainer, kusari.onnx\n'
            'from onnx_chainer.export import RetainInputHook\n'
            'from onnx_chainer import export, export_testcase\n'
            'assert onnx_chainer is kusari.onnx and callable(export)\n'
            'import onnx_chainer.export\n'
            'assert onnx_chainer.export is kusari.onnx.export\n')
    subprocess.run([sys.executable, '-c', code], check=True)


def test_output_made_outside_the_graph_is_a_constant():
    model = kusari.Sequential(lambda x: kusari.Variable(x.array + 1))  # no graph to x
    onnx_model = kusari.onnx.export(model, increasing(2, 3))
    assert [n.op_type for n in onnx_model.graph.node] == ['Constant']
    check_export(model, increasing(2, 3))


def test_chainer_style_converter_with_support_decorator():
    from kusari.onnx.functions.converter import FunctionConverter
    from kusari.onnx.functions.opset_version import support

    seen = []

    @support((7, 9))
    def convert_relu(func, opset_version, input_names, output_names, context):
        seen.append(opset_version)
        return onnx_helper.make_node('Relu', input_names, output_names),

    converter = FunctionConverter(convert_relu)
    for opset in (8, 11):
        kusari.onnx.export(kusari.Sequential(F.relu), increasing(2, 3), opset_version=opset,
                           external_converters={'ReLU': converter})
    assert seen == [7, 9]
    with pytest.raises(RuntimeError, match='opset_version 6'):
        convert_relu(None, 6, [], [], None)


def test_without_onnx_import_works_and_export_says_what_to_install():
    import subprocess
    import sys
    code = ('import sys; sys.modules["onnx"] = None  # as if not installed\n'
            'import numpy, kusari, kusari.onnx, kusari.onnx.onnx_helper, kusari.onnx.mapping\n'
            'try:\n'
            '    kusari.onnx.export(kusari.Sequential(kusari.functions.relu), numpy.ones(2))\n'
            'except ImportError as e:\n'
            '    assert "pip install \'kusari[onnx]\'" in str(e), e\n'
            'else:\n'
            '    raise AssertionError("no ImportError")\n')
    subprocess.run([sys.executable, '-c', code], check=True)
