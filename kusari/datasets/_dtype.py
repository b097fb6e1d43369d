"""The default floating-point dtype of loaded data: kusari's ``config.dtype``."""


def get_dtype(dtype=None):
    """``dtype`` as a numpy dtype, or ``kusari.config.dtype`` (float32 by default) if None."""
    from kusari import core  # imported late: kusari.core imports the whole graph machinery
    return core.get_dtype(dtype)
