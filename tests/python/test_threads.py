"""Calls from 8 threads at once, each with its own shape, dtype, SoC and core cap: every
result correct, every thread's launch on its own SoC (SocScope is per thread)."""
import os
import sys
import threading

import numpy as np

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

SOCS = [soc.name for soc in lcg.socs()]


def test_eight_threads_at_once():
    cases = [dict(batch=20 + 37 * k, hidden=8 + 13 * k, dtype=np.float16 if k % 2 else np.float32,
                  soc=SOCS[k % len(SOCS)], num_cores=[None, 1, 7, 48][k % 4], has_bias=k != 5, seed=100 + k)
             for k in range(8)]
    barrier = threading.Barrier(len(cases))
    failures = {}

    def work(k, case):
        try:
            inputs = make_inputs(case["batch"], case["hidden"], case["dtype"], seed=case["seed"],
                                 grad_hy=k != 3, grad_c=k != 6)
            barrier.wait()
            for _ in range(3):
                results = lcg.thnn_fused_lstm_cell_backward(*inputs, case["has_bias"], soc=case["soc"],
                                                            num_cores=case["num_cores"])
                launch = lcg.last_launch()
                assert launch["ok"] and launch["soc"] == case["soc"], launch
                if case["num_cores"]:
                    assert launch["block_dim"] <= case["num_cores"]
                assert_meets_contract(results, inputs, case["has_bias"], name=f"thread {k}: ")
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            failures[k] = repr(error)

    threads = [threading.Thread(target=work, args=(k, case)) for k, case in enumerate(cases)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert not failures, failures


def test_the_gil_is_released_while_the_op_runs():
    """A second Python thread runs while the op runs. With the interpreter's switch interval
    made huge, the main thread gives up the GIL only where C code releases it: a counter that
    the other thread advances moves across the op's call, and does not across a pure-Python
    stretch (the control that shows the check can fail). Counts, not clocks."""
    from lstm_cell_grad import _C
    from lstm_cell_grad._arrays import to_numpy
    args = [to_numpy(str(k), a) for k, a in enumerate(make_inputs(4000, 256, seed=8))]
    out = [to_numpy(str(k), np.empty(shape, np.float32)) for k, shape in
           enumerate([(4000, 1024), (4000, 256), (1024,)])]
    counter, started, stop = [0], threading.Event(), threading.Event()

    def count():
        started.set()
        while not stop.is_set():
            counter[0] += 1
            os.sched_yield()  # lets the GIL go, so the main thread can take it back

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    counter_thread = threading.Thread(target=count)
    try:
        counter_thread.start()
        started.wait()
        before = counter[0]
        for _ in range(200_000):  # Python bytecode: holds the GIL throughout
            pass
        held = counter[0] - before
        before = counter[0]
        assert _C.run(args, True, out, "Ascend910B1", 0) is None
        released = counter[0] - before
    finally:
        stop.set()
        counter_thread.join()
        sys.setswitchinterval(interval)
    assert held == 0, f"the counter moved {held} times while the main thread ran Python"
    assert released > 0, "the other thread never ran during the op's call"
