"""Concurrency: configuration is per thread, so threads training together don't interfere."""

import threading

import numpy

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import optimizers


def test_two_threads_train_with_different_train_settings():
    results = {}
    barrier = threading.Barrier(2)

    def worker(name, train):
        with kusari.using_config('train', train):
            model = L.Classifier(L.Linear(4, 3))
            opt = optimizers.SGD().setup(model)
            x = numpy.random.rand(8, 4).astype(numpy.float32)
            t = numpy.zeros(8, numpy.int32)
            barrier.wait()
            seen = set()
            for _ in range(200):
                y = F.dropout(x, 0.5)
                seen.add(bool((y.array == 0).any()))
                seen.add(kusari.config.train)
                opt.update(model, x, t)
            results[name] = seen

    threads = [threading.Thread(target=worker, args=('train', True)),
               threading.Thread(target=worker, args=('eval', False))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results['train'] == {True}            # dropout active, train flag on
    assert results['eval'] == {False}            # identity dropout, train flag off
    assert kusari.config.train is True


def test_no_backprop_mode_in_one_thread_does_not_leak_to_another():
    flags = []
    inside = threading.Event()
    done = threading.Event()

    def holder():
        with kusari.no_backprop_mode():
            inside.set()
            done.wait(5)

    thread = threading.Thread(target=holder)
    thread.start()
    inside.wait(5)
    x = kusari.Variable(numpy.ones(2, numpy.float32))
    flags.append((x * 2.0).creator is not None)
    done.set()
    thread.join()
    assert flags == [True]
