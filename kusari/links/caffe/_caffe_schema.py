"""The parts of Caffe's caffe.proto (field numbers, defaults) that CaffeFunction reads."""

from kusari.links.caffe._protobuf import Field

BLOB_SHAPE = {1: Field('dim', 'int', repeated=True)}

BLOB = {
    7: Field('shape', BLOB_SHAPE),
    5: Field('data', 'float', repeated=True),
    8: Field('double_data', 'double', repeated=True),
    1: Field('num', 'int', 0),
    2: Field('channels', 'int', 0),
    3: Field('height', 'int', 0),
    4: Field('width', 'int', 0),
}

CONVOLUTION = {
    1: Field('num_output', 'int', 0),
    2: Field('bias_term', 'bool', True),
    3: Field('pad', 'int', repeated=True),
    4: Field('kernel_size', 'int', repeated=True),
    6: Field('stride', 'int', repeated=True),
    18: Field('dilation', 'int', repeated=True),
    9: Field('pad_h', 'int', 0),
    10: Field('pad_w', 'int', 0),
    11: Field('kernel_h', 'int', 0),
    12: Field('kernel_w', 'int', 0),
    13: Field('stride_h', 'int', 0),
    14: Field('stride_w', 'int', 0),
    5: Field('group', 'int', 1),
    16: Field('axis', 'int', 1),
}

POOLING = {
    1: Field('pool', 'int', 0),        # MAX = 0, AVE = 1, STOCHASTIC = 2
    4: Field('pad', 'int', 0),
    9: Field('pad_h', 'int', 0),
    10: Field('pad_w', 'int', 0),
    2: Field('kernel_size', 'int', 0),
    5: Field('kernel_h', 'int', 0),
    6: Field('kernel_w', 'int', 0),
    3: Field('stride', 'int', 1),
    7: Field('stride_h', 'int', 0),
    8: Field('stride_w', 'int', 0),
    12: Field('global_pooling', 'bool', False),
}

INNER_PRODUCT = {
    1: Field('num_output', 'int', 0),
    2: Field('bias_term', 'bool', True),
    5: Field('axis', 'int', 1),
    6: Field('transpose', 'bool', False),
}

LRN = {
    1: Field('local_size', 'int', 5),
    2: Field('alpha', 'float', 1.0),
    3: Field('beta', 'float', 0.75),
    4: Field('norm_region', 'int', 0),  # ACROSS_CHANNELS = 0
    5: Field('k', 'float', 1.0),
}

DROPOUT = {1: Field('dropout_ratio', 'float', 0.5)}
RELU = {1: Field('negative_slope', 'float', 0.0)}
SOFTMAX = {2: Field('axis', 'int', 1)}
CONCAT = {2: Field('axis', 'int', 1), 1: Field('concat_dim', 'int', 1)}
ELTWISE = {1: Field('operation', 'int', 1),  # PROD = 0, SUM = 1, MAX = 2
           2: Field('coeff', 'float', repeated=True)}
BATCH_NORM = {1: Field('use_global_stats', 'bool', None),
              2: Field('moving_average_fraction', 'float', 0.999),
              3: Field('eps', 'float', 1e-5)}
SCALE = {1: Field('axis', 'int', 1), 2: Field('num_axes', 'int', 1),
         4: Field('bias_term', 'bool', False)}
SLICE = {3: Field('axis', 'int', 1), 2: Field('slice_point', 'int', repeated=True),
         1: Field('slice_dim', 'int', 1)}

LAYER = {
    1: Field('name', 'string', ''),
    2: Field('type', 'string', ''),
    3: Field('bottom', 'string', repeated=True),
    4: Field('top', 'string', repeated=True),
    7: Field('blobs', BLOB, repeated=True),
    106: Field('convolution_param', CONVOLUTION),
    121: Field('pooling_param', POOLING),
    117: Field('inner_product_param', INNER_PRODUCT),
    118: Field('lrn_param', LRN),
    108: Field('dropout_param', DROPOUT),
    123: Field('relu_param', RELU),
    125: Field('softmax_param', SOFTMAX),
    104: Field('concat_param', CONCAT),
    110: Field('eltwise_param', ELTWISE),
    139: Field('batch_norm_param', BATCH_NORM),
    142: Field('scale_param', SCALE),
    126: Field('slice_param', SLICE),
}

# The V1 (pre-2015) layer format, with an enum for the type.
V1_TYPES = {3: 'Concat', 4: 'Convolution', 5: 'Data', 6: 'Dropout', 14: 'InnerProduct',
            15: 'LRN', 17: 'Pooling', 18: 'ReLU', 19: 'Sigmoid', 20: 'Softmax',
            21: 'SoftmaxWithLoss', 22: 'Split', 23: 'TanH', 25: 'Eltwise', 33: 'Slice',
            39: 'Deconvolution'}

V1_LAYER = {
    2: Field('bottom', 'string', repeated=True),
    3: Field('top', 'string', repeated=True),
    4: Field('name', 'string', ''),
    5: Field('type', 'int', 0),
    6: Field('blobs', BLOB, repeated=True),
    9: Field('concat_param', CONCAT),
    10: Field('convolution_param', CONVOLUTION),
    12: Field('dropout_param', DROPOUT),
    17: Field('inner_product_param', INNER_PRODUCT),
    18: Field('lrn_param', LRN),
    19: Field('pooling_param', POOLING),
    24: Field('eltwise_param', ELTWISE),
    30: Field('relu_param', RELU),
    31: Field('slice_param', SLICE),
    39: Field('softmax_param', SOFTMAX),
}

NET = {
    1: Field('name', 'string', ''),
    100: Field('layer', LAYER, repeated=True),
    2: Field('layers', V1_LAYER, repeated=True),
}
