"""The (1, 8) call from plain numpy arrays takes the binding's shortest path (no staging, new
outputs, one core): every check of the sim still runs on it. Broken variants of the real
kernel (variants.py) are caught there exactly as on larger calls."""
import numpy as np
import pytest

lcg = pytest.importorskip("lstm_cell_grad")
try:
    import _broken_kernels as broken
except ImportError as error:  # a target of its own, built when tests/op_kernel/debug is collected
    pytest.fail(f"_broken_kernels is not built ({error}): run `python3 build.py test tests/op_kernel/debug`", pytrace=False)

# The variant and the check that must stop it on a one-row, one-core launch. (load_rows_length
# breaks the per-gate load, which a tile of fewer rows than gates never takes.)
CAUGHT = [
    ("read_past_tile", "uninitialized-read"),        # UB bytes no instruction wrote
    ("missing_sync", "pipe-hazard"),                 # MTE3 reads what V writes, unsynchronised
    ("gate_pass_missing_sync", "pipe-hazard"),       # V reads what MTE2 loads, unsynchronised
    ("skip_row", "unwritten-output"),                # no core writes the required gradGates at all
]


def small_inputs():
    # Plain C-contiguous float32 arrays: exactly what the short path accepts.
    inputs = lcg.random_inputs(1, 8, "float32", seed=3)
    assert all(type(v) is np.ndarray and v.flags.c_contiguous for v in inputs.values())
    return inputs


@pytest.mark.parametrize("variant,kind", CAUGHT)
def test_a_broken_kernel_is_caught_on_the_small_call(variant, kind):
    inputs = small_inputs()
    broken.use(variant)
    try:
        with pytest.raises(lcg.AclnnError) as caught:
            lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True)
    finally:
        broken.restore()
    assert caught.value.status == 507035
    assert f"error [{kind}]" in str(caught.value), str(caught.value)
    assert not lcg.last_launch()["ok"]


def test_the_small_call_after_a_broken_one_is_clean_and_counted():
    inputs = small_inputs()
    broken.use("missing_sync")
    try:
        with pytest.raises(lcg.AclnnError):
            lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True)
    finally:
        broken.restore()
    lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True)
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"] and launch["block_dim"] == 1
    core = launch["cores"][0]
    # The counters are still kept on the short path: 4 * 8 gate gradients of 4 bytes stored.
    assert core["V_instructions"] > 0 and core["MTE2_instructions"] > 0
    assert core["gm_bytes_written"] >= 4 * (32 + 8 + 32)
