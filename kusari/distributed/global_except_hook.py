"""Abort the whole MPI job when one process dies of an uncaught exception.

When one rank raises, the others keep waiting in their next collective operation,
and the job hangs until someone kills it. The hook prints the traceback, names the
rank, and calls ``MPI_Abort``, which makes the launcher stop every process.

kusari installs it when a communicator of more than one process is created
(``KUSARI_MPI_ABORT_ON_EXCEPTION=0`` turns that off); as in Chainer, setting
``CHAINERMN_FORCE_ABORT_ON_EXCEPTION`` to a non-empty value installs it on import of
``kusari.distributed``, and :func:`add_hook` installs it by hand.
"""

import os
import sys
import warnings

_original_hook = None


def _abort_job(exc_type, value, traceback):
    """sys.excepthook: report the exception, then abort every process of the job."""
    try:
        (_original_hook or sys.__excepthook__)(exc_type, value, traceback)
    finally:
        from kusari.distributed import _mpi
        mpi = _mpi.import_mpi()
        rank = mpi.COMM_WORLD.Get_rank()
        sys.stderr.write(
            '\nkusari.distributed: uncaught {} on rank {} of {}; calling MPI_Abort to stop '
            'all processes of the job.\n'.format(exc_type.__name__, rank,
                                                 mpi.COMM_WORLD.Get_size()))
        sys.stderr.flush()
        mpi.COMM_WORLD.Abort(1)


def add_hook():
    """Install the hook as ``sys.excepthook`` (once; the previous hook still prints)."""
    global _original_hook
    if sys.excepthook is _abort_job:
        warnings.warn('kusari.distributed.global_except_hook.add_hook() was already '
                      'called; ignoring', stacklevel=2)
        return
    _original_hook = sys.excepthook
    sys.excepthook = _abort_job


def _add_hook_if_enabled():
    """Chainer's opt-in: CHAINERMN_FORCE_ABORT_ON_EXCEPTION set and not empty."""
    if os.environ.get('CHAINERMN_FORCE_ABORT_ON_EXCEPTION') and sys.excepthook is not (
            _abort_job):
        add_hook()


def _add_hook_for_job():
    """Install the hook for a job of several processes unless turned off."""
    if os.environ.get('KUSARI_MPI_ABORT_ON_EXCEPTION', '1') != '0' and (
            sys.excepthook is not _abort_job):
        add_hook()
