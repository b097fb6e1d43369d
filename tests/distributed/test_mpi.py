"""Real MPI jobs (``mpiexec -n 2`` and ``-n 3`` on this machine) started from pytest.

The jobs themselves are in ``_mpi_jobs.py``; each test runs one job and checks that
it ended well and printed its ``ok`` lines. They are skipped, with the reason, when
mpi4py or an MPI launcher is missing (``pip install 'kusari[mpi]'`` brings both).
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.mpi

JOBS_SCRIPT = os.path.join(os.path.dirname(__file__), '_mpi_jobs.py')
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMEOUT = 90


def _launcher():
    """The mpiexec beside this Python (the mpich wheel's), else the one on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), 'mpiexec')
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which('mpiexec') or shutil.which('mpirun')


def _skip_reason():
    if importlib.util.find_spec('mpi4py') is None:
        return "mpi4py is not installed (pip install 'kusari[mpi]')"
    if _launcher() is None:
        return "no MPI launcher (mpiexec) found (pip install 'kusari[mpi]' brings one)"
    return None


requires_mpi = pytest.mark.skipif(_skip_reason() is not None, reason=str(_skip_reason()))


def run_job(n, *jobs, timeout=TIMEOUT):
    """Run ``jobs`` in one MPI job of ``n`` processes; the CompletedProcess."""
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPOSITORY, env.get('PYTHONPATH')]))
    env.pop('KUSARI_MPI_ABORT_ON_EXCEPTION', None)
    command = [_launcher(), '-n', str(n), sys.executable, JOBS_SCRIPT, str(n)]
    return subprocess.run(command + list(jobs), capture_output=True, text=True, env=env,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def check_ok(result, *names):
    message = 'stdout:\n{}\nstderr:\n{}'.format(result.stdout, result.stderr[-6000:])
    assert result.returncode == 0, message
    for name in names:
        assert '{} ok'.format(name) in result.stdout.splitlines(), message


@requires_mpi
@pytest.mark.parametrize('n, communicator', [(2, 'naive'), (3, 'flat')])
def test_communicator_api_and_mean_of_gradients(n, communicator):
    # arrays and objects through every collective and point-to-point call, split,
    # bcast_data; multi_node_mean_grad (and allreduce_grad, zero_fill) give the mean
    check_ok(run_job(n, 'comm_api,' + communicator, 'mean_grad,' + communicator),
             'comm_api', 'mean_grad')


@requires_mpi
@pytest.mark.parametrize('n, communicator, steps', [(2, 'flat', 4), (3, 'naive', 3)])
def test_n_processes_match_one_process_with_the_whole_batch(n, communicator, steps):
    # (after the first update, which broadcasts rank 0's parameters as in ChainerMN)
    jobs = ['equivalence,{},{}'.format(communicator, steps)]
    if n == 2:
        jobs.append('lazy_init')  # lazily initialized links broadcast at first
    check_ok(run_job(n, *jobs), 'equivalence', *(['lazy_init'] if n == 2 else []))


@requires_mpi
def test_first_update_and_one_after_a_new_link_broadcast_as_in_chainermn():
    check_ok(run_job(3, 'chainer_timing'), 'chainer_timing')


@requires_mpi
def test_scatter_dataset_and_iterators():
    # exactly once without force_equal_length, equal lengths with it; multi-node and
    # synchronized iterators give every process the same batches
    check_ok(run_job(3, 'scatter', 'iterators'), 'scatter', 'iterators')


@requires_mpi
def test_multi_node_iterator_state_and_chainermn_helpers():
    # every process saves the master iterator's state in the keys of Chainer's
    # iterators; chunked_bcast_obj; debug mode stops a diverged gradient mean
    check_ok(run_job(2, 'multi_node_iterator_state', 'communication_utility'),
             'multi_node_iterator_state', 'communication_utility')


@requires_mpi
def test_multi_node_evaluator_equals_single_process_evaluation():
    # (and ObservationAggregator's mean over the processes)
    check_ok(run_job(2, 'evaluator', 'observation'), 'evaluator', 'observation')


@requires_mpi
def test_a_failing_rank_ends_the_whole_job_quickly():
    start = time.time()
    result = run_job(2, 'abort', timeout=60)
    elapsed = time.time() - start
    assert result.returncode != 0
    assert 'deliberate failure on rank 1' in result.stderr
    assert 'uncaught RuntimeError on rank 1 of 2' in result.stderr
    assert 'was not stopped' not in result.stdout
    assert elapsed < 30, 'the job took {:.1f} s to end'.format(elapsed)


@requires_mpi
def test_multi_node_snapshot_resumes_and_checkpointer_loads(tmp_path):
    # a run interrupted at iteration 6 and resumed to 9 ends with the parameters of an
    # uninterrupted run; the checkpointer resumes from the latest common iteration
    check_ok(run_job(2, 'snapshot,{}'.format(tmp_path / 'snapshot'),
                     'checkpointer,{}'.format(tmp_path / 'checkpoints')),
             'snapshot', 'checkpointer')


@requires_mpi
def test_model_parallel_chain_list_and_batch_normalization():
    # gradients of a model split over two processes equal those of the whole model;
    # multi-node batch normalization equals batch normalization of the whole batch
    check_ok(run_job(2, 'chain_list', 'batch_normalization', 'n_step_rnn'), 'chain_list',
             'batch_normalization', 'n_step_rnn')


@requires_mpi
def test_differentiable_communication_functions():
    check_ok(run_job(3, 'functions'), 'functions')


@requires_mpi
def test_example_trains_data_parallel(tmp_path):
    env = dict(os.environ, PYTHONPATH=REPOSITORY, KUSARI_DATASET_ROOT=str(tmp_path))
    command = [_launcher(), '-n', '2', sys.executable,
               os.path.join(REPOSITORY, 'examples', 'distributed', 'train_mnist.py'),
               '--epoch', '5', '--unit', '100', '--batchsize', '50', '--out',
               str(tmp_path / 'result')]
    result = subprocess.run(command, capture_output=True, text=True, env=env,
                            timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr[-6000:]
    assert '2 processes, communicator naive, 100 examples per step' in result.stdout
    last = result.stdout.strip().splitlines()[-1].split()
    assert last[0] == '5', result.stdout
    assert float(last[4]) > 0.8, result.stdout  # validation accuracy on the digits
