import pytest

from kusari import cuda, function_hooks


@pytest.mark.skipif(cuda.available, reason='checks the error without a GPU')
@pytest.mark.parametrize('hook', [function_hooks.CupyMemoryProfileHook,
                                  function_hooks.CUDAProfileHook])
def test_needs_cuda(hook):
    with pytest.raises(RuntimeError, match='CUDA environment is not correctly set up'):
        hook()
