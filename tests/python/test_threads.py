"""Calls from 8 threads at once, each with its own shape, dtype, SoC and core cap: every
result correct, every thread's launch on its own SoC (SocScope is per thread)."""
import threading
import time

import numpy as np

import lstm_cell_grad as lcg
from lcg_testing import assert_matches, formulas, make_inputs

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
            expected = formulas(*inputs)
            barrier.wait()
            for _ in range(3):
                results = lcg.thnn_fused_lstm_cell_backward(*inputs, case["has_bias"], soc=case["soc"],
                                                            num_cores=case["num_cores"])
                launch = lcg.last_launch()
                assert launch["ok"] and launch["soc"] == case["soc"], launch
                if case["num_cores"]:
                    assert launch["block_dim"] <= case["num_cores"]
                assert_matches(results, expected, case["has_bias"], name=f"thread {k}: ")
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
    # A Python thread keeps running while the op runs: it records the time of each of its
    # iterations, and some must fall in the middle half of an op call. With the GIL held
    # through the call, none could: the spinner would only run before the call enters C++
    # or after it returns. Not a timing assertion: the call is repeated (a bounded number
    # of times) until a tick lands inside one, however fast or loaded the machine is.
    from lstm_cell_grad import _C
    from lstm_cell_grad._arrays import to_numpy
    args = [to_numpy(str(k), a) for k, a in enumerate(make_inputs(4000, 256, seed=8))]
    out = [to_numpy(str(k), np.empty(shape, np.float32)) for k, shape in
           enumerate([(4000, 1024), (4000, 256), (1024,)])]
    ticks, stop = [], threading.Event()

    def spin():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0)

    spinner = threading.Thread(target=spin)
    spinner.start()
    calls, ticked_inside = 0, False
    try:
        time.sleep(0.02)
        while calls < 50 and not ticked_inside:
            first_tick = len(ticks)
            start = time.perf_counter()
            assert _C.run(args, True, out, "Ascend910B1", 0) is None
            end = time.perf_counter()
            calls += 1
            quarter = (end - start) / 4
            ticked_inside = any(start + quarter < tick < end - quarter for tick in ticks[first_tick:])
    finally:
        stop.set()
        spinner.join()
    assert ticked_inside, f"no tick of the spinning thread inside any of {calls} op calls"
