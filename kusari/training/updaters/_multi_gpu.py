"""The data-parallel updaters, which kusari does not implement."""


def _gpu_count():
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount()
    except Exception:  # no CuPy, no driver, no device
        return 0


def not_implemented(name):
    """The error a data-parallel updater raises, saying how many GPUs there are."""
    count = _gpu_count()
    found = 'no GPU was found' if count == 0 else '{} GPU(s) were found'.format(count)
    return NotImplementedError(
        '{}: data-parallel training over several devices is not implemented in kusari '
        '({}). Use training.updaters.StandardUpdater with device=... for one device.'.format(
            name, found))
