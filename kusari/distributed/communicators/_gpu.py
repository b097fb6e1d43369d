"""Checks for the GPU-only communicators."""

from kusari import backend


def require_cupy(name):
    """The cupy module; a RuntimeError naming the CPU alternatives if it is missing
    or no GPU is visible."""
    cupy = backend._cupy()
    hint = ("the {!r} communicator trains on GPUs (on CPUs use create_communicator("
            "'naive') or create_communicator('flat'))").format(name)
    if cupy is None:
        raise RuntimeError("{}, but CuPy is not installed: pip install 'kusari[cuda]'".format(
            hint))
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # no driver
        raise RuntimeError('{}, but CUDA is not available: {}'.format(hint, e)) from e
    if count == 0:
        raise RuntimeError('{}, but no GPU is visible'.format(hint))
    return cupy


def require_nccl(name):
    """``cupy.cuda.nccl``; a RuntimeError if CuPy was built without NCCL."""
    cupy = require_cupy(name)
    try:
        from cupy.cuda import nccl
    except ImportError as e:
        raise RuntimeError(
            "the {!r} communicator needs NCCL, which this CuPy cannot use ({}); install "
            "NCCL for CuPy, or use 'non_cuda_aware' (MPI through host memory)"
            .format(name, e)) from e
    if not getattr(nccl, 'available', True):
        raise RuntimeError("the {!r} communicator needs NCCL, which this CuPy was built "
                           "without; use 'non_cuda_aware' instead".format(name))
    return cupy, nccl
