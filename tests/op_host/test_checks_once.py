"""Each of the op's checks runs once per call: lstm_cell_grad::CheckArguments (nulls, dtypes,
formats, shapes) and lstm_cell_grad::CheckSizeLimits (sizes the tiling can take), in the
TilingFunc, its result handed on to ComputeTiling (CheckedTilingInput). Counted by
tests/op_host/check_counts/check_counter.cpp preloaded into a fresh Python process that runs the
op through its aclnn API (the numpy call) and its tiling (plan())."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from tests.build_support import build_path
from tests.conftest import PACKAGE_DIR

# Run in the child: each step prints [what, argument checks, size checks] as one JSON line.
CHILD = textwrap.dedent("""
    import ctypes, json, sys
    import numpy as np
    import lstm_cell_grad as lcg
    counter = ctypes.CDLL(sys.argv[1])

    def report(what, step):
        counter.check_counter_arguments(), counter.check_counter_sizes()  # what came before
        error = None
        try:
            step()
        except lcg.AclnnError as e:
            error = [e.status, e.message]
        print(json.dumps([what, counter.check_counter_arguments(), counter.check_counter_sizes(), error]))

    def call(batch, hidden, **kwargs):
        inputs = lcg.random_inputs(batch, hidden, np.dtype(np.float32), seed=1)
        return lambda: lcg.thnn_fused_lstm_cell_backward(*inputs.values(), **kwargs)

    def bad_grad_cx_shape():
        inputs = lcg.random_inputs(5, 24, np.dtype(np.float32), seed=1)
        out = [np.empty((5, 96), np.float32), np.empty((5, 23), np.float32), np.empty(96, np.float32)]
        lcg.thnn_fused_lstm_cell_backward(*inputs.values(), out=out)

    report("first aclnn call", call(3, 8))
    report("same shape again", call(3, 8))
    report("aclnn call without bias", call(7, 40, has_bias=False))
    report("plan", lambda: lcg.plan(11, 72))
    report("same plan again", lambda: lcg.plan(11, 72))
    report("refused aclnn call", bad_grad_cx_shape)
""")


@pytest.fixture(scope="module")
def counts():
    """{step: (argument checks, size checks, (status, message) or None)} from the child."""
    counter = build_path("tests", "op_host", "check_counts", "libcheck_counter.so")
    # After any preload already there (a sanitizer runtime must stay first).
    preload = " ".join(filter(None, [os.environ.get("LD_PRELOAD"), str(counter)]))
    env = {**os.environ, "LD_PRELOAD": preload,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(PACKAGE_DIR), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([sys.executable, "-c", CHILD, str(counter)], capture_output=True, text=True,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("[")]
    return {what: (arguments, sizes, error) for what, arguments, sizes, error in rows}


@pytest.mark.parametrize("step", ["first aclnn call", "same shape again", "aclnn call without bias"])
def test_an_aclnn_call_checks_its_arguments_and_sizes_once(counts, step):
    arguments, sizes, error = counts[step]
    assert error is None
    assert (arguments, sizes) == (1, 1), f"{step}: CheckArguments ran {arguments}x, CheckSizeLimits {sizes}x"


@pytest.mark.parametrize("step", ["plan", "same plan again"])
def test_plan_checks_its_arguments_and_sizes_once(counts, step):
    arguments, sizes, _ = counts[step]
    assert (arguments, sizes) == (1, 1), f"{step}: CheckArguments ran {arguments}x, CheckSizeLimits {sizes}x"


def test_a_refused_call_keeps_its_status_and_message(counts):
    """The tiling's check refuses the call; the aclnn layer runs the check once more, only on
    this path, for the status (161001 / 161002) and the message, which a TilingFunc can only
    report as a failed ge::graphStatus (sim::aclnn::Call::TileThenPrepare)."""
    arguments, sizes, error = counts["refused aclnn call"]
    assert error is not None and error[0] == 161002 and "gradCxOut has shape [5, 23]" in error[1], error
    assert (arguments, sizes) == (2, 2), f"CheckArguments ran {arguments}x, CheckSizeLimits {sizes}x"
