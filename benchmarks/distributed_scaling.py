#!/usr/bin/env python
"""Data-parallel scaling of kusari.distributed on this machine (issue 10).

Trains the MNIST MLP (784-1000-1000-10, synthetic MNIST-shaped batches) with 1 and
2 processes and reports samples/s and where each step's time goes (forward and
backward, gradient all-reduce, update), then times the all-reduce alone for growing
sizes, to show from which size communication dominates.

    python benchmarks/distributed_scaling.py                  # 1 and 2 ranks, flat
    python benchmarks/distributed_scaling.py --ranks 1 2 4 --communicators flat naive
    python benchmarks/distributed_scaling.py --json /tmp/scaling.json

It starts itself under ``mpiexec`` for each process count (the launcher beside this
Python first, as the mpich wheel installs it). Needs ``pip install 'kusari[mpi]'``.
Every process runs with one BLAS thread, so N processes use N cores; on a machine
with fewer free cores than processes the numbers measure the contention instead.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

import numpy

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THREAD_VARIABLES = ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS')


# -- worker (one MPI process) ----------------------------------------------------------

def _mlp(unit):
    import kusari
    import kusari.functions as F
    import kusari.links as L

    class MLP(kusari.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.l1 = L.Linear(784, unit)
                self.l2 = L.Linear(unit, unit)
                self.l3 = L.Linear(unit, 10)

        def forward(self, x):
            return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))

    return L.Classifier(MLP())


def _training(comm, communicator, batchsize, unit, steps, warmup):
    """Per-rank seconds of each phase over ``steps`` steps, and the gradient bytes."""
    from kusari import distributed, optimizers
    numpy.random.seed(comm.rank)
    model = _mlp(unit)
    optimizer = distributed.create_multi_node_optimizer(optimizers.Adam(), comm)
    optimizer.setup(model)
    rng = numpy.random.RandomState(comm.rank)
    x = rng.rand(batchsize, 784).astype(numpy.float32)
    t = rng.randint(0, 10, batchsize).astype(numpy.int32)
    phases = {'compute': 0.0, 'allreduce': 0.0, 'update': 0.0}
    for step in range(warmup + steps):
        if step == warmup:
            comm.allreduce_obj(0)  # start together
            phases = dict.fromkeys(phases, 0.0)
            start = time.perf_counter()
        t0 = time.perf_counter()
        loss = model(x, t)
        model.cleargrads()
        loss.backward()
        t1 = time.perf_counter()
        comm.multi_node_mean_grad(model, True)
        t2 = time.perf_counter()
        optimizer.actual_optimizer.update()
        t3 = time.perf_counter()
        phases['compute'] += t1 - t0
        phases['allreduce'] += t2 - t1
        phases['update'] += t3 - t2
    total = time.perf_counter() - start
    grad_bytes = sum(p.grad.nbytes for p in model.params())
    return {'total': total, 'grad_bytes': grad_bytes, **phases}


def _allreduce_sweep(comm, sizes, min_time):
    """Seconds per all-reduce (mean, as in the gradient exchange) for each size."""
    results = []
    for n_bytes in sizes:
        buffer = numpy.ones(n_bytes // 4, numpy.float32)
        repeats = 0
        comm.allreduce_obj(0)
        start = time.perf_counter()
        while True:
            comm._mean_in_place(buffer)
            repeats += 1
            # every rank must agree on when to stop
            done = time.perf_counter() - start >= min_time and repeats >= 3
            if comm.allreduce_obj(int(done)) == comm.size:
                break
        elapsed = time.perf_counter() - start
        results.append({'bytes': n_bytes, 'seconds': elapsed / repeats, 'repeats': repeats})
    return results


def worker(args):
    from kusari import distributed
    comm = distributed.create_communicator(args.communicator)
    training = _training(comm, args.communicator, args.batchsize, args.unit, args.steps,
                         args.warmup)
    everyone = comm.gather_obj(training)
    sweep = _allreduce_sweep(comm, args.sizes, args.min_time) if args.sizes else []
    if comm.rank == 0:
        print(json.dumps({'ranks': comm.size, 'communicator': args.communicator,
                          'batchsize': args.batchsize, 'steps': args.steps,
                          'per_rank': everyone, 'sweep': sweep}))


# -- driver ---------------------------------------------------------------------------

def _launcher():
    beside = os.path.join(os.path.dirname(sys.executable), 'mpiexec')
    if os.access(beside, os.X_OK):
        return beside
    found = shutil.which('mpiexec')
    if found is None:
        sys.exit("no mpiexec found: pip install 'kusari[mpi]'")
    return found


def _run(ranks, communicator, args, sizes):
    env = dict(os.environ)
    env.update(dict.fromkeys(THREAD_VARIABLES, '1'))
    env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPOSITORY, env.get('PYTHONPATH')]))
    command = [_launcher(), '-n', str(ranks), sys.executable, os.path.abspath(__file__),
               '--worker', '--communicator', communicator, '--batchsize',
               str(args.batchsize), '--unit', str(args.unit), '--steps', str(args.steps),
               '--warmup', str(args.warmup), '--min-time', str(args.min_time),
               '--sizes', *map(str, sizes)]
    result = subprocess.run(command, capture_output=True, text=True, env=env,
                            timeout=args.timeout, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        sys.exit('the {}-rank run failed:\n{}'.format(ranks, result.stderr[-4000:]))
    return json.loads(result.stdout.strip().splitlines()[-1])


def _format_bytes(n):
    for unit in ('B', 'KiB', 'MiB', 'GiB'):
        if n < 1024 or unit == 'GiB':
            return '{:g} {}'.format(round(n, 1), unit)
        n /= 1024


def report(runs):
    lines = ['| ranks | communicator | samples/s | speed-up | step ms | compute ms | '
             'all-reduce ms | update ms | gradients |',
             '|---|---|---|---|---|---|---|---|---|']
    base = {}
    for run in runs:
        ranks = run['ranks']
        total = max(r['total'] for r in run['per_rank'])  # the slowest rank sets the pace
        steps = run['steps']
        samples = ranks * run['batchsize'] * steps / total
        base.setdefault(run['communicator'], samples if ranks == 1 else None)
        first = base[run['communicator']]
        mean = {k: numpy.mean([r[k] for r in run['per_rank']]) / steps * 1e3
                for k in ('compute', 'allreduce', 'update')}
        lines.append('| {} | {} | {:.0f} | {} | {:.1f} | {:.1f} | {:.1f} | {:.1f} | {} |'.format(
            ranks, run['communicator'], samples,
            '{:.2f}x'.format(samples / first) if first else '-', total / steps * 1e3,
            mean['compute'], mean['allreduce'], mean['update'],
            _format_bytes(run['per_rank'][0]['grad_bytes'])))
    sweeps = [run for run in runs if run['sweep'] and run['ranks'] > 1]
    if sweeps:
        lines += ['', '| ranks | communicator | all-reduce size | ms | GB/s (size / time) |',
                  '|---|---|---|---|---|']
        for run in sweeps:
            for entry in run['sweep']:
                lines.append('| {} | {} | {} | {:.3f} | {:.2f} |'.format(
                    run['ranks'], run['communicator'], _format_bytes(entry['bytes']),
                    entry['seconds'] * 1e3, entry['bytes'] / entry['seconds'] / 1e9))
    return '\n'.join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--ranks', type=int, nargs='+', default=[1, 2])
    parser.add_argument('--communicators', nargs='+', default=['flat'])
    parser.add_argument('--communicator', default='flat', help=argparse.SUPPRESS)
    parser.add_argument('--batchsize', type=int, default=100, help='per process')
    parser.add_argument('--unit', type=int, default=1000)
    parser.add_argument('--steps', type=int, default=30)
    parser.add_argument('--warmup', type=int, default=3)
    parser.add_argument('--sizes', type=int, nargs='*',
                        default=[4 << 10, 64 << 10, 1 << 20, 4 << 20, 16 << 20],
                        help='all-reduce sizes in bytes')
    parser.add_argument('--min-time', type=float, default=0.3,
                        help='seconds each all-reduce size is repeated for')
    parser.add_argument('--timeout', type=float, default=900)
    parser.add_argument('--json', help='also write the raw results here')
    parser.add_argument('--worker', action='store_true', help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return
    runs = [_run(ranks, communicator, args, args.sizes if ranks > 1 else [])
            for communicator in args.communicators for ranks in args.ranks]
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(runs, f, indent=1)
    print(report(runs))


if __name__ == '__main__':
    main()
