import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L

RNG = numpy.random.RandomState(50)


def test_loss_accuracy_and_report():
    model = L.Classifier(L.Linear(3, 4))
    x = RNG.randn(6, 3).astype('f')
    t = RNG.randint(0, 4, 6).astype(numpy.int32)
    reporter = kusari.Reporter()
    reporter.add_observer('main', model)
    observation = {}
    with reporter.scope(observation):
        loss = model(x, t)
    y = model.predictor(x)
    numpy.testing.assert_allclose(loss.array, F.softmax_cross_entropy(y, t).array, rtol=1e-6)
    accuracy = (y.array.argmax(1) == t).mean()
    assert float(observation['main/accuracy'].array) == pytest.approx(accuracy)
    assert float(observation['main/loss'].array) == pytest.approx(float(loss.array))
    assert model.y is not None and model.accuracy is not None


def test_label_key_and_custom_functions():
    model = L.Classifier(lambda a, b: a + b, lossfun=F.mean_squared_error,
                         label_key='target')
    model.compute_accuracy = False
    a, b = RNG.randn(2, 3).astype('f'), RNG.randn(2, 3).astype('f')
    target = RNG.randn(2, 3).astype('f')
    loss = model(a, b=b, target=target)
    numpy.testing.assert_allclose(loss.array, numpy.mean((a + b - target) ** 2), rtol=1e-6)
    assert model.accuracy is None
    with pytest.raises(TypeError, match='label_key'):
        L.Classifier(L.Linear(2, 2), label_key=1.5)
    # Chainer's messages, which programs match
    with pytest.raises(ValueError, match='Label key 3 is out of bounds'):
        L.Classifier(L.Linear(2, 2), label_key=3)(a, target)
    with pytest.raises(ValueError, match="Label key 't' is not found"):
        L.Classifier(L.Linear(2, 2), label_key='t')(a, target)


def test_called_without_labels_says_how_to_call_it():
    model = L.Classifier(L.Linear(4, 3))
    x = numpy.zeros((2, 4), numpy.float32)
    with pytest.raises(TypeError, match=r'Classifier: .*model\(x, t\).*model\.predictor\(x\)'):
        model(x)
    with pytest.raises(TypeError, match=r"label_key='t'"):
        L.Classifier(L.Linear(4, 3), label_key='t')(t=numpy.zeros(2, numpy.int32))


def test_predictor_that_takes_no_inputs_is_called_with_none():
    class Constant(kusari.Chain):
        def forward(self):
            return kusari.Variable(numpy.eye(2, dtype=numpy.float32))

    loss = L.Classifier(Constant())(numpy.arange(2, dtype=numpy.int32))
    assert loss.shape == ()
