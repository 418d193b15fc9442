"""Hostile callers through Python: overlap on the caller's views before any
staging (reversed views, byte strides), read-only outputs named as out[i], sizes that
overflow, and a malformed environment. Every refusal leaves every argument untouched.
The same through torch tensors: tests/torch/test_torch_out.py."""
import os
import subprocess
import sys

import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

B, H = 6, 8


def fresh_outputs(fill=7.0):
    return [np.full((B, 4 * H), fill, np.float32), np.full((B, H), fill, np.float32), np.full(4 * H, fill, np.float32)]


def expect_refused(inputs, out, *words):
    """AclnnError 161002 naming `words`; no input or output byte changed."""
    before = [None if a is None else np.array(a, copy=True) for a in (*inputs, *out)]
    with pytest.raises(lcg.AclnnError) as info:
        lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=out)
    assert info.value.status == 161002, str(info.value)
    for word in words:
        assert word in str(info.value), str(info.value)
    for array, copy in zip((*inputs, *out), before):
        if array is not None:
            np.testing.assert_array_equal(array, copy)


def test_reversed_outputs_overlapping_each_other_are_refused():
    inputs = make_inputs(B, H, seed=1)
    shared = np.full((B, 4 * H), 7.0, np.float32)
    outs = fresh_outputs()
    # gradCx as the reversed first columns of gradGates' buffer: staged before, now checked first.
    expect_refused(inputs, [shared[::-1], shared[::-1, :H], outs[2]], "out[0]", "out[1]", "overlap")


def test_reversed_output_overlapping_an_input_is_refused():
    grad_hy, grad_c, cx, cy, storage = make_inputs(B, H, seed=2)
    outs = fresh_outputs()
    # gradGates reversed over half of storage's columns: once staged, then written over the input.
    buffer = np.concatenate([storage, storage], axis=1)
    expect_refused([grad_hy, grad_c, cx, cy, buffer[:, :4 * H]], [buffer[::-1, 2 * H:6 * H], outs[1], outs[2]],
                   "out[0]", "partially overlaps input storage")


@pytest.mark.parametrize("strides", [(4, 4), (0, 4), (4, 0), (16, 2)])
def test_output_whose_elements_share_bytes_is_refused(strides):
    inputs = make_inputs(B, H, seed=3)
    base = np.full(4096, 7.0, np.float32)
    grad_cx = np.lib.stride_tricks.as_strided(base, shape=(B, H), strides=strides)
    outs = fresh_outputs()
    expect_refused(inputs, [outs[0], grad_cx, outs[2]], "out[1] (grad_cx) has elements sharing memory")


def test_read_only_output_is_named_as_out_index():
    inputs = make_inputs(B, H, seed=4)
    outs = fresh_outputs()
    outs[1].flags.writeable = False
    with pytest.raises(ValueError, match=r"out\[1\] \(grad_cx\): the array is read-only"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=outs)
    assert (outs[0] == 7).all() and (outs[2] == 7).all()


def test_identical_reversed_view_in_place_is_still_allowed():
    grad_hy, grad_c, cx, cy, storage = make_inputs(B, H, seed=5)
    buffer = grad_c[::-1].copy()[::-1]  # grad_c's values through a reversed view
    outs = fresh_outputs()
    lcg.thnn_fused_lstm_cell_backward(grad_hy, buffer, cx, cy, storage, True, out=[outs[0], buffer, outs[2]])
    assert_meets_contract((outs[0], buffer, outs[2]), (grad_hy, grad_c, cx, cy, storage))


def test_huge_plan_is_a_clear_error_not_a_crash():
    # Once SIGFPE: a 32-bit narrowing turned the row unit into 0.
    with pytest.raises(ValueError, match="gradBias chunks"):
        lcg.plan(2 ** 39, 8)
    with pytest.raises(ValueError, match="2\\^63 bytes"):
        lcg.plan(1, 2 ** 62 + 1)
    assert lcg.plan(2 ** 39, 8, has_bias=False).block_dim == 48  # no bias chunks: tiled


@pytest.mark.parametrize("value", ["abc", "-5", "3.5"])
def test_malformed_core_cap_is_a_clear_error(value):
    package_dir = os.path.dirname(os.path.dirname(lcg.__file__))
    env = dict(os.environ, ASCEND_SIM_MAX_CORES=value,
               PYTHONPATH=os.pathsep.join([package_dir, os.environ.get("PYTHONPATH", "")]))
    code = "import lstm_cell_grad as l; l.plan(4, 4)"
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert f"ValueError: bad environment: ASCEND_SIM_MAX_CORES='{value}' is not a core count" in result.stderr


PEAK_RSS_SCRIPT = """
import resource, sys
import numpy as np
import lstm_cell_grad as lcg
B, H = 768, 768
rng = np.random.default_rng(0)
arrays = [np.asfortranarray(rng.uniform(-1, 1, s).astype(np.float32)) for s in [(B, H)] * 4 + [(B, 4 * H)]]
lcg.plan(8, 8)  # the library loaded before the baseline
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
outs = lcg.thnn_fused_lstm_cell_backward(*arrays, True)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
views = sum(a.nbytes for a in arrays) + sum(o.nbytes for o in outs)
print(after - before, views)
"""


def test_column_major_views_cost_a_small_multiple_of_their_size():
    # Once gathered byte by byte with a logged scalar access each: 1.16 GiB peak for 512 x 512.
    package_dir = os.path.dirname(os.path.dirname(lcg.__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package_dir, os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run([sys.executable, "-c", PEAK_RSS_SCRIPT], env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    growth, views = map(int, result.stdout.split())
    assert growth < 5 * views, f"peak RSS grew by {growth} bytes for {views} bytes of views"
