"""The persistent pool of core fibers and host threads (sim/src/core/core_pool.cpp): launches reuse
its fibers and workers, SyncAll stays a true barrier across 48 emulated cores on however few host
cores, and a kernel fault on one core leaves the pool ready for the next launch."""
import os

import numpy as np

from sim.tests.test_checks import launch
from sim.tests.test_sample_kernels import reference_sum, run_sum


def sum_48(simtest, seed):
    x = (np.random.default_rng(seed).standard_normal(48 * 21 + 3) * 100).astype(np.float32)
    result, t = run_sum(simtest, x, 48)
    assert result["ok"], result["error"]
    # Every core met the others in SyncAll once; core 0 then read all 48 partial sums.
    assert [sum(e[0] == "SyncAll" for e in log) for log in result["event_log"]] == [1] * 48
    assert np.frombuffer(result["outputs"]["z"], np.float32)[0] == reference_sum(x, 48, t)


def test_sync_all_across_48_cores_on_reused_workers(simtest):
    workers_before = simtest.pooled_core_threads()
    sum_48(simtest, 0)
    workers, fibers = simtest.pooled_core_threads(), simtest.pooled_core_fibers()
    assert fibers >= 48  # one fiber per emulated core
    # The calling thread and at most one worker per other host core (earlier tests that called
    # from many threads at once may have left more workers idle in the pool).
    assert workers - workers_before < os.cpu_count()
    for seed in range(1, 20):
        sum_48(simtest, seed)
    assert (simtest.pooled_core_threads(), simtest.pooled_core_fibers()) == (workers, fibers)  # reused


def test_a_fault_on_one_core_leaves_the_pool_usable(simtest):
    sum_48(simtest, 100)
    workers, fibers = simtest.pooled_core_threads(), simtest.pooled_core_fibers()
    faulted = launch(simtest, "assert_tile_count", 2, x=bytes(32), y=bytes(32))  # core 1 asserts
    assert faulted["error_kind"] == "kernel-assert" and "core 1/2" in faulted["error"]
    sum_48(simtest, 101)
    # 46 cores leave without SyncAll while 2 wait in it: the launch fails and releases the waiters.
    skipped = launch(simtest, "core_skips_sync_all", 48, x=np.zeros(64, np.float32).tobytes(), y=bytes(256))
    assert skipped["error_kind"] == "sync-misuse" and "the same number of times" in skipped["error"]
    sum_48(simtest, 102)
    assert (simtest.pooled_core_threads(), simtest.pooled_core_fibers()) == (workers, fibers)


def test_the_pad_register_is_per_core_across_sync_all(simtest):
    # 48 cores on a few host threads: each core's SetPadValue survives the others running in
    # between (at SyncAll), so every padded row carries its own core's value.
    result = launch(simtest, "pad_value_per_core", 48, x=np.float32([42.0]).tobytes(), y=bytes(48 * 2 * 4))
    assert result["ok"], result["error"]
    rows = np.frombuffer(result["outputs"]["y"], np.float32).reshape(48, 2)
    assert rows[:, 0].tolist() == [42.0] * 48
    assert rows[:, 1].tolist() == [float(core + 1) for core in range(48)]
