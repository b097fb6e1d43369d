"""Whether an output stream is an interactive terminal (for cursor-control output)."""


def is_terminal(out):
    isatty = getattr(out, 'isatty', None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed or detached stream
        return False


def flush(out):
    if hasattr(out, 'flush'):
        out.flush()
