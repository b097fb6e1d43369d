"""Atomic writes of the files extensions produce (logs, plots, graphs)."""

import os
import secrets


def atomic_write(path, write):
    """Call ``write(f)`` on a hidden temporary file beside ``path``, then rename it there.

    A crash (or an exception in ``write``) leaves any previous file at ``path`` whole.
    The file gets the usual permissions (0666 less the umask).
    """
    path = os.fspath(path)
    directory, name = os.path.split(os.path.abspath(path))
    while True:
        tmp = os.path.join(directory, '.{}.{}.tmp'.format(name, secrets.token_hex(4)))
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, 'wb') as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def write_text(path, text):
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write(path, lambda f: f.write(text.encode('utf-8')))


def output_path(trainer, filename):
    """``trainer.out/filename``, creating the directories if needed."""
    path = os.path.join(trainer.out, filename)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    return path
