"""Instructions per op of the F.tanh chain, counted by Valgrind: a reading that other
processes on the machine cannot disturb, for A/B comparisons of core changes.

    python benchmarks/instructions.py [--kusari-path DIR] [--ops 1000] [--repeat 20]
        [--torch] [--static]

Each case runs twice under ``valgrind --tool=cachegrind`` (with 0 and with ``--repeat``
timed calls after one warm-up call), so start-up cancels out; hash randomization, address
randomization and BLAS threads are switched off so that a count repeats to the instruction.
``--kusari-path`` measures another checkout (e.g. a ``git worktree`` of the base commit;
by default, the one this script is in, whatever the working directory);
``--torch`` adds PyTorch's ``torch.tanh`` chain (fewer instructions than kusari at about
the same time: instruction counts compare versions of one framework, not frameworks);
``--static`` adds the chain as the forward of a ``@static_graph`` Chain (replayed) and the
bare-NumPy forward + backward (``numpy_floor``) its backward is compared with.
Needs Valgrind (``apt install valgrind``); it is not part of ``python -m benchmarks``.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

CHILD = '''
import sys
import numpy

mode, n_ops, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
a = numpy.random.default_rng(0).standard_normal((4, 4)).astype(numpy.float32)
seed = numpy.ones_like(a)
if mode.startswith('torch'):
    import torch
    torch.set_num_threads(1)
    torch_a, torch_seed = torch.from_numpy(a), torch.from_numpy(seed)
else:
    import kusari
    import kusari.functions as F


def numpy_tanh():
    h = a
    for _ in range(n_ops):
        h = numpy.tanh(h)


def inference():
    with kusari.no_backprop_mode():
        h = a
        for _ in range(n_ops):
            h = F.tanh(h)


def forward_backward():
    h = kusari.Variable(a)
    for _ in range(n_ops):
        h = F.tanh(h)
    h.grad = seed
    h.backward()


def numpy_forward_backward():
    from benchmarks import numpy_floor
    numpy_floor.tanh_chain_forward_backward(numpy, a, n_ops)


if mode.startswith('static'):
    class TanhChain(kusari.Chain):
        @kusari.static_graph
        def forward(self, h):
            for _ in range(n_ops):
                h = F.tanh(h)
            return h

    chain = TanhChain()


def static_inference():
    with kusari.no_backprop_mode():
        chain(a)


def static_forward_backward():
    h = chain(kusari.Variable(a))
    h.grad = seed
    h.backward()


def torch_inference():
    with torch.no_grad():
        h = torch_a
        for _ in range(n_ops):
            h = torch.tanh(h)


def torch_forward_backward():
    h = torch_a.detach().requires_grad_()
    for _ in range(n_ops):
        h = torch.tanh(h)
    h.backward(torch_seed)


step = {'numpy': numpy_tanh, 'inference': inference, 'fwd_bwd': forward_backward,
        'numpy_fwd_bwd': numpy_forward_backward, 'static_inference': static_inference,
        'static_fwd_bwd': static_forward_backward,
        'torch_inference': torch_inference, 'torch_fwd_bwd': torch_forward_backward}[mode]
# one warm-up call, two for a static chain (it traces on the first, generates its
# backward on the second)
for _ in range((2 if mode.startswith('static') else 1) + repeat):
    step()
'''


def count(mode, n_ops, repeat, kusari_path):
    env = dict(os.environ, PYTHONHASHSEED='0', OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1')
    # -P: the working directory not first on sys.path, where a checkout's kusari would
    # shadow the one measured; this checkout after it (benchmarks.numpy_floor)
    this_checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env['PYTHONPATH'] = os.pathsep.join(
        ([os.path.abspath(kusari_path)] if kusari_path else []) + [this_checkout])
    command = ['valgrind', '--tool=cachegrind', '--cache-sim=no',
               '--cachegrind-out-file=/dev/null', sys.executable, '-P', '-c', CHILD,
               mode, str(n_ops), str(repeat)]
    if shutil.which('setarch'):
        command = ['setarch', os.uname().machine, '-R'] + command
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    match = re.search(r'I\s+refs:\s+([\d,]+)', result.stderr)
    return int(match.group(1).replace(',', ''))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--kusari-path', help='directory holding the kusari package to measure')
    parser.add_argument('--ops', type=int, default=1000)
    parser.add_argument('--repeat', type=int, default=20)
    parser.add_argument('--torch', action='store_true',
                        help='also count PyTorch (torch.tanh) the same way')
    parser.add_argument('--static', action='store_true',
                        help='also count the chain as a @static_graph Chain, and the bare '
                             'NumPy forward + backward it is compared with')
    args = parser.parse_args()
    if shutil.which('valgrind') is None:
        sys.exit('valgrind is not installed')
    per_op = {}
    modes = ['numpy', 'inference', 'fwd_bwd'] + (
        ['torch_inference', 'torch_fwd_bwd'] if args.torch else []) + (
        ['numpy_fwd_bwd', 'static_inference', 'static_fwd_bwd'] if args.static else [])
    for mode in modes:
        total = (count(mode, args.ops, args.repeat, args.kusari_path)
                 - count(mode, args.ops, 0, args.kusari_path))
        per_op[mode] = total / (args.ops * args.repeat)
    for mode, value in per_op.items():
        floor = 'numpy_fwd_bwd' if mode.endswith('fwd_bwd') and 'numpy_fwd_bwd' in per_op \
            else 'numpy'
        print('{:16s} {:9.0f} instructions/op  ({:.2f}x {})'.format(
            mode, value, value / per_op[floor], floor))


if __name__ == '__main__':
    main()
