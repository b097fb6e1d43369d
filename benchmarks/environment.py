"""What the numbers depend on: machine, library versions, BLAS and thread settings.

Read without threadpoolctl: thread settings come from the environment variables,
the BLAS from ``numpy.show_config`` and, for OpenBLAS, from the library itself
through ctypes (the kernel it picked at run time, which OPENBLAS_CORETYPE changes).
"""

import ctypes
import glob
import importlib
import os
import platform
import sys

THREAD_VARIABLES = ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS',
                    'OPENBLAS_CORETYPE', 'OPENBLAS_L2_SIZE', 'MALLOC_MMAP_THRESHOLD_')


def machine():
    """CPU model, core counts, memory and OS of this machine."""
    model = platform.processor() or 'unknown'
    cpu_fields = {}
    try:
        with open('/proc/cpuinfo') as cpuinfo:
            for line in cpuinfo:
                if not line.strip():
                    break  # the first processor tells enough
                key, _, value = line.partition(':')
                cpu_fields[key.strip()] = value.strip()
    except OSError:
        pass
    model = cpu_fields.get('model name', model)
    family = '/'.join(cpu_fields.get(key, '?') for key in ('cpu family', 'model', 'stepping'))
    flags = set(cpu_fields.get('flags', '').split())
    vector = ', '.join(flag for flag in ('avx2', 'fma', 'avx512f', 'avx512_bf16') if flag in flags)
    memory = 'unknown'
    try:
        with open('/proc/meminfo') as meminfo:
            kib = int(meminfo.readline().split()[1])
        memory = f'{kib / 2**20:.1f} GiB'
    except (OSError, ValueError, IndexError):
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count()
    return {
        'cpu': f'{model} (family/model/stepping {family}; {vector or "no AVX2"}; '
               f'L2 {cpu_fields.get("cache size", "?")} per core as /proc/cpuinfo says)',
        'logical cores': os.cpu_count(),
        'cores usable by this process': usable,
        'memory': memory,
        'os': platform.platform(),
    }


def thread_variables(environ=None):
    environ = os.environ if environ is None else environ
    return {name: environ.get(name, '(unset)') for name in THREAD_VARIABLES}


def _openblas_runtime(numpy_module):
    """Kernel, thread count and configuration reported by NumPy's bundled OpenBLAS."""
    package_dir = os.path.dirname(os.path.dirname(numpy_module.__file__))
    for path in glob.glob(os.path.join(package_dir, 'numpy.libs', '*openblas*')):
        library = ctypes.CDLL(path)
        found = {}
        for key, names, restype in (
                ('kernel', ('scipy_openblas_get_corename64_', 'openblas_get_corename64_',
                            'openblas_get_corename'), ctypes.c_char_p),
                ('threads', ('scipy_openblas_get_num_threads64_', 'openblas_get_num_threads64_',
                             'openblas_get_num_threads'), ctypes.c_int)):
            for name in names:
                function = getattr(library, name, None)
                if function is not None:
                    function.restype = restype
                    value = function()
                    found[key] = value.decode() if isinstance(value, bytes) else value
                    break
        if found:
            return found
    return {}


def numpy_blas(numpy_module):
    """Name, version and build configuration of NumPy's BLAS, plus its run-time kernel."""
    info = {}
    try:
        config = numpy_module.show_config(mode='dicts')
        blas = config.get('Build Dependencies', {}).get('blas', {})
        info = {'name': blas.get('name'), 'version': blas.get('version'),
                'build configuration': blas.get('openblas configuration')}
    except (TypeError, AttributeError) as error:  # NumPy < 1.25: no mode='dicts'
        info = {'error': f'{type(error).__name__}: {error}'}
    try:
        info.update(_openblas_runtime(numpy_module))
    except OSError as error:
        info['runtime'] = f'not readable: {error}'
    return info


def worker(framework):
    """Versions, BLAS and threads as seen by a worker process of ``framework``."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # numpy.show_config may warn about optional yaml
        import numpy
        info = {
            'python': sys.version.split()[0],
            'executable': sys.executable,
            'numpy': numpy.__version__,
            'numpy BLAS': numpy_blas(numpy),
            'thread variables': thread_variables(),
        }
        if framework in ('kusari', 'chainer'):
            module = importlib.import_module(framework)
            info[framework] = getattr(module, '__version__', 'unknown')
        if framework == 'torch':
            import torch
            info['torch'] = torch.__version__
            info['torch threads'] = torch.get_num_threads()
            info['torch interop threads'] = torch.get_num_interop_threads()
            build = torch.__config__.show()
            info['torch BLAS'] = next((part.split('=', 1)[1] for line in build.splitlines()
                                       for part in line.replace(',', ' ').split()
                                       if part.startswith('BLAS_INFO=')), 'unknown')
            info['torch CPU capability'] = torch.backends.cpu.get_cpu_capability()
    return info
