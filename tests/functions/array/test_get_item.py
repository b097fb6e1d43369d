import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function


@pytest.mark.parametrize('slices', [
    1,
    -1,
    (slice(None), 2),
    (Ellipsis, 1),
    (None, 1, slice(None, None, -1)),
    (slice(3, 0, -2), Ellipsis, None),
    [0, 2, 2],  # a list of ints is one index array, with a repeat
    (numpy.array([0, 1, 1]), slice(1, 3)),
    (slice(None), numpy.array([[0, 3], [3, 3]])),
    (numpy.array([0, 2]), slice(None), numpy.array([1, 0])),  # separated index arrays
    (numpy.array([True, False, True]),),
    (slice(None), numpy.array([True, True, False, True])),
    (),
])
def test_matches_numpy_indexing(uniform, slices):
    x = uniform(3, 4, 2)
    index = numpy.asarray(slices) if isinstance(slices, list) else slices
    check_function(lambda x: F.get_item(x, slices), x, lambda x: numpy.asarray(x[index]))


def test_scalar_result(uniform):
    # Reshaped to (1,): gradient_check cannot perturb a 0-d output gradient yet.
    check_function(lambda x: F.reshape(F.get_item(x, (0, 1, 1)), (1,)), uniform(3, 4, 2),
                   lambda x: x[0, 1, 1].reshape(1))


def test_repeated_indices_accumulate_gradients():
    x = kusari.Variable(numpy.arange(4.0))
    y = x[[0, 0, 3, 0]]
    y.grad = numpy.array([1.0, 2.0, 3.0, 4.0])
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [7.0, 0.0, 0.0, 3.0])


def test_boolean_mask_of_full_shape(uniform):
    x = uniform(3, 4)
    mask = x > 0
    check_function(lambda x: F.get_item(x, mask), x, lambda x: x[mask])


def test_variable_getitem_and_index_variable(uniform):
    x = kusari.Variable(uniform(5, 2))
    index = kusari.Variable(numpy.array([4, 1]))
    numpy.testing.assert_array_equal(x[index].array, x.array[[4, 1]])
    numpy.testing.assert_array_equal(x[1:4:2, ::-1].array, x.array[1:4:2, ::-1])


def test_list_with_slices_is_a_tuple(uniform):
    x = uniform(3, 4)
    numpy.testing.assert_array_equal(F.get_item(x, [slice(1, 3), 0]).array, x[1:3, 0])


def test_zero_size_selection(uniform):
    x = uniform(3, 4)
    y = F.get_item(kusari.Variable(x), (slice(2, 2),))
    assert y.shape == (0, 4)
    y.grad = numpy.zeros((0, 4))
    y.backward()


def test_integer_input_has_no_gradient():
    y = F.get_item(numpy.arange(6).reshape(2, 3), (1, numpy.array([0, 2])))
    numpy.testing.assert_array_equal(y.array, [3, 5])


def test_out_of_bounds_names_the_function(uniform):
    with pytest.raises(IndexError, match='get_item'):
        F.get_item(uniform(3), 5)


@attr.gpu
@pytest.mark.parametrize('slices', [(numpy.array([0, 2, 0]), slice(None, None, -1)),
                                    (slice(None), numpy.array([True, False, True, True]))])
def test_gpu(uniform, slices):
    check_function(lambda x: F.get_item(x, slices), uniform(3, 4), lambda x: x[slices],
                   device='@cupy:0')


@pytest.mark.parametrize('slices', [([],), ([[]],), []])
def test_empty_lists_index_nothing_as_in_numpy(slices):
    x = numpy.random.uniform(-1, 1, (4, 3, 2))
    expected = x[tuple(numpy.asarray(s, numpy.intp) for s in slices) if slices else
                 numpy.array([], numpy.intp)]
    check_function(lambda x: F.get_item(x, slices), x, lambda x: expected.astype(x.dtype))


def test_multiple_ellipses_are_a_value_error_in_debug_mode():
    x = numpy.zeros((4, 3, 2))
    with kusari.using_config('debug', True):
        with pytest.raises(ValueError, match='get_item: only one Ellipsis'):
            F.get_item(x, (Ellipsis, Ellipsis))
    with pytest.raises(IndexError):
        F.get_item(x, (Ellipsis, Ellipsis))
