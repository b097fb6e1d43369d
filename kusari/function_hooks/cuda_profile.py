"""NVTX ranges around each function (Chainer's ``CUDAProfileHook``)."""

from kusari import cuda, function_hook


class CUDAProfileHook(function_hook.FunctionHook):
    """Marks each function's forward and backward as an NVTX range (``<label>.forward``,
    ``<label>.backward``) for the CUDA profilers. Needs CuPy, a GPU and NVTX."""

    name = 'CUDAProfileHook'

    def __init__(self):
        cuda.check_cuda_available()
        if not cuda.cupy.cuda.nvtx_enabled:
            raise RuntimeError('CUDAProfileHook needs NVTX, which this CuPy lacks')
        self._nvtx = cuda.cupy.cuda.nvtx

    def forward_preprocess(self, function, in_data):
        self._nvtx.RangePush(function.label + '.forward')

    def forward_postprocess(self, function, in_data):
        self._nvtx.RangePop()

    def backward_preprocess(self, function, in_data, out_grad):
        self._nvtx.RangePush(function.label + '.backward')

    def backward_postprocess(self, function, in_data, out_grad):
        self._nvtx.RangePop()
