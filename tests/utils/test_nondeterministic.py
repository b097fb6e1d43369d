import warnings

import pytest

import kusari
from kusari import utils


def test_warns_only_when_asked():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        utils.nondeterministic('atomicAdd')
    with kusari.using_config('warn_nondeterministic', True):
        with pytest.warns(UserWarning, match='Source: atomicAdd'):
            utils.nondeterministic('atomicAdd')
