"""Every function ``kusari.functions`` exports is fuzzed by a property test, or listed
here with the reason it is not (a new function fails this test until it is one or
the other)."""

import pathlib
import re
import types

import kusari.functions as F

# name: why random inputs cannot say much, and where the function is tested instead.
NOT_FUZZED = {
    'argmax_crf1d': 'sequences of per-step score arrays with a transition matrix; '
                    'tests/functions/loss/test_crf1d.py checks it by enumerating paths',
    'crf1d': 'as argmax_crf1d: brute-force partition functions in test_crf1d.py',
    'connectionist_temporal_classification': 'label sequences with blanks and lengths; '
                                             'tests/functions/loss/test_ctc.py',
    'black_out': 'needs a sampler of negative classes; tests/functions/loss/test_black_out.py',
    'negative_sampling': 'needs a sampler of negative classes; '
                         'tests/functions/loss/test_negative_sampling.py',
    'discriminative_margin_based_clustering_loss': 'instance-segmentation embeddings with '
                                                   'labels; test_discriminative_loss.py',
    'n_step_lstm': 'lists of per-layer weight lists and sequences; tests/functions/rnn',
    'n_step_bilstm': 'as n_step_lstm',
    'n_step_gru': 'as n_step_lstm',
    'n_step_bigru': 'as n_step_lstm',
    'n_step_rnn': 'as n_step_lstm',
    'n_step_birnn': 'as n_step_lstm',
    'roi_pooling_2d': 'region boxes in image coordinates; tests/functions/pooling/test_roi_*',
    'roi_average_pooling_2d': 'as roi_pooling_2d',
    'roi_max_pooling_2d': 'as roi_pooling_2d',
    'roi_average_align_2d': 'as roi_pooling_2d (bilinear sampling points)',
    'roi_max_align_2d': 'as roi_average_align_2d',
    'spatial_transformer_grid': 'affine sampling grids; '
                                'tests/functions/array/test_spatial_transformer_grid.py',
    'spatial_transformer_sampler': 'bilinear sampling at grid points; '
                                   'test_spatial_transformer_sampler.py',
    'deformable_convolution_2d_sampler': 'bilinear sampling at learned offsets; '
                                         'test_deformable_convolution_2d_sampler.py',
    'decorrelated_batch_normalization': 'ZCA whitening of groups: eigen-decompositions of '
                                        'random covariances; its own tests',
    'fixed_decorrelated_batch_normalization': 'as decorrelated_batch_normalization',
    'fixed_batch_renormalization': 'fixed_batch_normalization with renormalization terms; '
                                   'test_batch_renormalization.py',
    'as_strided': 'raw strides over the array memory: any result is "right"; '
                  'tests/functions/array/test_as_strided.py',
    'shift': 'fixed per-channel-group shifts (Wu et al.); '
             'tests/functions/connection/test_shift.py',
}

PROPERTY_TESTS = pathlib.Path(__file__).parent.glob('test_properties_*.py')


def exported_functions():
    return {name for name in dir(F) if not name.startswith('_')
            and not isinstance(getattr(F, name), types.ModuleType)}


def test_every_function_is_fuzzed_or_listed_with_a_reason():
    source = ''.join(path.read_text() for path in PROPERTY_TESTS
                     if path.name != 'test_properties_coverage.py')
    fuzzed = {name for name in exported_functions()
              if re.search(r"\bF\.{0}\b|['\"]{0}['\"]".format(name), source)}
    missing = exported_functions() - fuzzed - set(NOT_FUZZED)
    assert not missing, 'neither fuzzed nor listed in NOT_FUZZED: {}'.format(sorted(missing))
    assert not set(NOT_FUZZED) - exported_functions(), 'listed but not exported'
    assert not set(NOT_FUZZED) & fuzzed, 'fuzzed after all: drop from NOT_FUZZED: {}'.format(
        sorted(set(NOT_FUZZED) & fuzzed))
    assert len(fuzzed) >= 180
