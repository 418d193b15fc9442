"""Resources under load: 10,000 calls keep the resident set flat (no leak per call), and 16
threads x 100 mixed calls (shapes, dtypes, views, options, SoCs, errors) are all correct."""
import os
import subprocess
import sys
import threading

import numpy as np

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

LEAK_SCRIPT = """
import numpy as np
import lstm_cell_grad as lcg

def rss():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096

def one(k):
    b, h = 3 + k % 5, 8 + k % 3
    rng = np.random.default_rng(k % 7)
    a = [rng.uniform(-1, 1, (b, h)).astype(np.float32) for _ in range(4)]
    storage = rng.uniform(0.1, 0.9, (b, 4 * h)).astype(np.float32)
    if k % 4 == 3:
        a[2] = np.asfortranarray(a[2])           # a view through a staged copy
    if k % 9 == 8:
        try:
            lcg.thnn_fused_lstm_cell_backward(a[0], a[1], a[2], a[3], storage[:, :-1])  # refused
        except lcg.AclnnError:
            pass
        return
    lcg.thnn_fused_lstm_cell_backward(a[0], None if k % 5 == 0 else a[1], a[2], a[3], storage, k % 2 == 0)

for k in range(1000):
    one(k)
marks = []
for k in range(CALLS):
    if k % (CALLS // 4) == 0:
        marks.append(rss())
    one(k)
marks.append(rss())
print(*marks)
"""


def test_ten_thousand_calls_keep_rss_flat():
    package_dir = os.path.dirname(os.path.dirname(lcg.__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package_dir, os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run([sys.executable, "-c", LEAK_SCRIPT.replace("CALLS", "10000")], env=env,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    marks = list(map(int, result.stdout.split()))  # RSS every 2,500 calls
    # malloc's per-thread arenas settle within a few MiB; a leak grows with every call: 200
    # bytes per call would add 1 MiB per quarter, every quarter.
    steps = [b - a for a, b in zip(marks, marks[1:])]
    assert marks[-1] - marks[0] < 16 << 20 and min(steps) < 1 << 20, f"RSS every 2,500 calls: {marks}"


def test_sixteen_threads_of_mixed_calls():
    socs = [soc.name for soc in lcg.socs()]
    failures = {}
    barrier = threading.Barrier(16)

    def work(thread):
        try:
            barrier.wait()
            for k in range(100):
                case = thread * 100 + k
                batch, hidden = 1 + case % 37, 1 + (case * 7) % 41
                dtype = np.float16 if case % 3 == 0 else np.float32
                inputs = list(make_inputs(batch, hidden, dtype, seed=case, grad_hy=case % 4 != 1,
                                          grad_c=case % 4 != 2))
                if case % 5 == 0:
                    inputs[2] = np.asfortranarray(inputs[2])
                if case % 11 == 0:  # a refused call in the mix: nothing written, the thread goes on
                    out = (np.full((batch, 4 * hidden), 7, dtype), np.full((batch, hidden), 7, dtype), None)
                    try:
                        lcg.thnn_fused_lstm_cell_backward(*inputs[:4], inputs[4][:, 1:], False, out=out)
                        raise AssertionError("a bad storage shape was accepted")
                    except lcg.AclnnError:
                        assert (out[0] == 7).all() and (out[1] == 7).all()
                    continue
                has_bias = case % 2 == 0
                results = lcg.thnn_fused_lstm_cell_backward(*inputs, has_bias, soc=socs[case % len(socs)],
                                                            num_cores=[None, 1, 5][case % 3])
                assert_meets_contract(results, inputs, has_bias=has_bias, name=f"case {case}: ")
        except Exception as error:  # reported below with the thread
            failures[thread] = repr(error)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    assert not failures, failures
