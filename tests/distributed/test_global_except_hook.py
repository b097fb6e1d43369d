"""The hook that aborts the MPI job on an uncaught exception (installing it; the
abort itself is checked by a real job in test_mpi.py)."""

import sys

import pytest

from kusari.distributed import global_except_hook as hook


@pytest.fixture(autouse=True)
def restore_excepthook(monkeypatch):
    monkeypatch.setattr(sys, 'excepthook', sys.excepthook)
    monkeypatch.setattr(hook, '_original_hook', None)


def test_add_hook_installs_once():
    previous = sys.excepthook
    hook.add_hook()
    assert sys.excepthook is hook._abort_job
    assert hook._original_hook is previous
    with pytest.warns(UserWarning, match='already called'):
        hook.add_hook()


def test_chainer_environment_variable_installs_it(monkeypatch):
    monkeypatch.delenv('CHAINERMN_FORCE_ABORT_ON_EXCEPTION', raising=False)
    hook._add_hook_if_enabled()
    assert sys.excepthook is not hook._abort_job
    monkeypatch.setenv('CHAINERMN_FORCE_ABORT_ON_EXCEPTION', '1')
    hook._add_hook_if_enabled()
    assert sys.excepthook is hook._abort_job


def test_jobs_install_it_unless_turned_off(monkeypatch):
    monkeypatch.setenv('KUSARI_MPI_ABORT_ON_EXCEPTION', '0')
    hook._add_hook_for_job()
    assert sys.excepthook is not hook._abort_job
    monkeypatch.delenv('KUSARI_MPI_ABORT_ON_EXCEPTION')
    hook._add_hook_for_job()
    assert sys.excepthook is hook._abort_job
