"""Atomic writes of the files extensions produce (logs, plots, graphs)."""

import os
import re
import secrets
import shutil
import string


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


def filename_pattern(template):
    """A regex matching the names ``template`` formats to (each field: one or more chars)."""
    parts = []
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append('(.+)')
    return re.compile(''.join(parts) + r'\Z')


# The hidden temporaries of a write: atomic_write's files and the snapshot writers'
# directories (tempfile.mkdtemp's 8 random characters).
_TEMPORARIES = (re.compile(r'\.(.+)\.[0-9a-f]{8}\.tmp\Z'),
                re.compile(r'\.tmp_(.+)\.[a-z0-9_]{8}\Z'))


def remove_interrupted_writes(outdir, template):
    """Remove the temporaries that writes of the files ``template`` names (in ``outdir``)
    left behind when their process was killed midway; called before training starts, when
    no write of this run is in flight. Completed files are never touched."""
    subdir, name = os.path.split(template)
    directory = os.path.join(outdir, subdir)
    if '{' in subdir or not os.path.isdir(directory):
        return
    pattern = filename_pattern(name)
    for entry in os.listdir(directory):
        matches = (temporary.match(entry) for temporary in _TEMPORARIES)
        if not any(match and pattern.match(match.group(1)) for match in matches):
            continue
        path = os.path.join(directory, entry)
        if os.path.isdir(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            try:
                os.remove(path)
            except OSError:
                pass


def write_text(path, text):
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write(path, lambda f: f.write(text.encode('utf-8')))


def output_path(trainer, filename):
    """``trainer.out/filename``, creating the directories if needed."""
    path = os.path.join(trainer.out, filename)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    return path
