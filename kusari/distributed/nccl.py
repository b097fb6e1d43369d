"""NCCL through CuPy (``chainermn.nccl``): ``cupy.cuda.nccl``'s names when it is usable.

Importing this module never requires CuPy: ``_available`` tells whether NCCL can be
used, and the names below are only present when it can.
"""

_NAMES = ('get_build_version', 'get_unique_id', 'get_version', 'NCCL_FLOAT',
          'NCCL_FLOAT16', 'NCCL_FLOAT32', 'NCCL_FLOAT64', 'NCCL_SUM', 'NcclCommunicator',
          'NcclError')

try:
    from cupy.cuda import nccl as _nccl
    globals().update({name: getattr(_nccl, name) for name in _NAMES})
    _available = True
except Exception:  # no CuPy, or a CuPy without NCCL (a missing name, a library error)
    _available = False
