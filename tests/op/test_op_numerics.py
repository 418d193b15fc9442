"""The operator against the float64 formulas and PyTorch's autograd, on the shapes,
dtypes, options, views, SoCs and core counts of the contract (DESIGN.md sections 4, 8)."""
import ml_dtypes
import numpy as np
import pytest

from reference import assert_close, formulas, random_inputs, term_magnitudes, torch_autograd
from lstm_cell_grad._profile import tiling_overrides

lcg = pytest.importorskip("lstm_cell_grad")

SHAPES = [(1, 1), (1, 8), (2, 15), (7, 16), (48, 100), (333, 15), (129, 33), (333, 1023), (4096, 8), (2, 40000),
          (48, 4096), (4096, 1023), (8300, 8)]  # 8300 rows: 65 bias chunks, more than one final-pass load
GRADS = [(True, True), (True, False), (False, True), (False, False)]
# bfloat16 is an extension beyond the API document (float32, float16): same fp32 math as float16.
DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16]


def run_and_check(batch, hidden, dtype, has_bias, grad_hy=True, grad_c=True, seed=0, **kwargs):
    rng = np.random.default_rng(seed)
    dhy, dc, cx, cy, storage = random_inputs(batch, hidden, dtype, rng, grad_hy, grad_c)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, has_bias, **kwargs)
    ref_gates, ref_cx, ref_bias, bias_abs = formulas(dhy, dc, cx, cy, storage, has_bias)
    assert gates.dtype == dtype and gates.shape == (batch, 4 * hidden)
    assert_close(gates, ref_gates, dtype, "gradGates")
    assert_close(grad_cx, ref_cx, dtype, "gradCx")
    if has_bias:
        assert_close(grad_bias, ref_bias, dtype, "gradBias", bias_abs)
    else:
        assert grad_bias is None
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"], launch
    return gates, grad_cx, grad_bias


@pytest.mark.parametrize("batch,hidden", SHAPES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_shapes_with_bias(batch, hidden, dtype):
    run_and_check(batch, hidden, dtype, True)


@pytest.mark.parametrize("grad_hy,grad_c", GRADS)
@pytest.mark.parametrize("has_bias", [True, False])
@pytest.mark.parametrize("dtype", DTYPES)
def test_null_gradients_and_bias(grad_hy, grad_c, has_bias, dtype):
    run_and_check(300, 40, dtype, has_bias, grad_hy, grad_c)


@pytest.mark.parametrize("soc", ["Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910_93"])
def test_every_soc(soc):
    run_and_check(200, 72, np.float32, True, soc=soc)


@pytest.mark.parametrize("dtype", DTYPES)
def test_rows_wider_than_ub_with_bias_chunks(dtype):
    """2 cores for 257 x 12000: each core's 6000 columns take several column tiles, within
    each of several bias chunks, and the final pass sums the chunks."""
    plan = lcg.plan(257, 12000, np.dtype(dtype).name, num_cores=2)
    assert plan.bias_chunks >= 3 and plan.tile_cols < 6000, plan
    run_and_check(257, 12000, dtype, True, num_cores=2)


@pytest.mark.parametrize("cores", [1, 2, 3, 7, 16, 47, 48])
def test_core_counts(cores):
    run_and_check(257, 130, np.float16, True, num_cores=cores)


@pytest.mark.parametrize("batch,hidden", [(333, 40), (300, 1023)])  # one bias chunk; three
def test_bfloat16_is_the_float32_kernel_rounded_once(batch, hidden):
    """bfloat16 inputs are widened exactly and the math is the float32 kernel's, so every result
    is bitwise the float32 run on the widened inputs, rounded to nearest even once (a
    truncating or double-rounding narrow would differ in about half the elements)."""
    rng = np.random.default_rng(11)
    inputs = random_inputs(batch, hidden, ml_dtypes.bfloat16, rng)
    bf16 = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    # gradBias sums rows in an order set by the plan's bias chunks and core grid, which the tiling
    # chooses per dtype (a bfloat16 tile fits more rows): the float32 run sums in the same order.
    chosen = lcg.plan(batch, hidden, "bfloat16")
    same_plan = lcg.TilingOverrides(**{f: getattr(chosen, f) for f in (
        "grid_rows", "grid_cols", "bias_chunk_rows")})
    with tiling_overrides(same_plan):
        fp32 = lcg.thnn_fused_lstm_cell_backward(*(a.astype(np.float32) for a in inputs), True)
    for name, got, wide in zip(("gradGates", "gradCx", "gradBias"), bf16, fp32):
        assert got.dtype == ml_dtypes.bfloat16
        np.testing.assert_array_equal(got.view(np.uint16), wide.astype(ml_dtypes.bfloat16).view(np.uint16),
                                      err_msg=name)


def test_against_pytorch_autograd():
    rng = np.random.default_rng(7)
    for grad_hy, grad_c in GRADS[:3]:
        dhy, dc, cx, cy, storage = random_inputs(33, 24, np.float32, rng, grad_hy, grad_c)
        gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True)
        t_gates, t_cx, t_bias = torch_autograd(dhy, dc, cx, cy, storage, True)
        np.testing.assert_allclose(gates, t_gates, rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(grad_cx, t_cx, rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(grad_bias, t_bias, rtol=1e-4, atol=1e-5)


def test_views_inputs_and_outputs():
    rng = np.random.default_rng(3)
    batch, hidden = 37, 20
    dhy, dc, cx, cy, storage = random_inputs(batch, hidden, np.float32, rng)
    # Row-strided slice with a storage offset, and a transposed view.
    wide = np.zeros((batch, hidden + 9), np.float32)
    wide[:, 5:5 + hidden] = dhy
    dhy_view = wide[:, 5:5 + hidden]
    cx_t = np.ascontiguousarray(cx.T).T
    out_gates = np.full((batch + 2, 4 * hidden + 3), 7.0, np.float32)
    gates_view = out_gates[1:1 + batch, 2:2 + 4 * hidden]
    out_cx = np.full((hidden, batch), 7.0, np.float32).T
    out_bias = np.full(8 * hidden, 7.0, np.float32)[::2]
    lcg.thnn_fused_lstm_cell_backward(dhy_view, dc, cx_t, cy, storage, True, out=(gates_view, out_cx, out_bias))
    ref_gates, ref_cx, ref_bias, bias_abs = formulas(dhy, dc, cx, cy, storage, True)
    assert_close(gates_view, ref_gates, np.float32, "gradGates view")
    assert_close(out_cx, ref_cx, np.float32, "gradCx view")
    assert_close(out_bias, ref_bias, np.float32, "gradBias view", bias_abs)
    # Nothing outside the views was written.
    assert (out_gates[0] == 7).all() and (out_gates[:, :2] == 7).all() and (out_gates[:, 2 + 4 * hidden:] == 7).all()


def test_deterministic_across_runs_cores_and_socs():
    rng = np.random.default_rng(11)
    dhy, dc, cx, cy, storage = random_inputs(600, 48, np.float32, rng)
    first = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True)
    again = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True)
    for a, b in zip(first, again):
        assert a.tobytes() == b.tobytes()
    for soc, cores in [("Ascend910B3", None), ("Ascend910B1", 5), ("Ascend910_93", 1), ("Ascend910B4", 33)]:
        other = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True, soc=soc, num_cores=cores)
        assert other[2].tobytes() == first[2].tobytes(), (soc, cores)
        assert other[0].tobytes() == first[0].tobytes()


def test_bias_identical_across_cores_with_many_chunks():
    """65 chunk partials, summed by the final pass in two loads: still one fixed order."""
    rng = np.random.default_rng(13)
    dhy, dc, cx, cy, storage = random_inputs(8300, 8, np.float32, rng)
    first = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True)[2]
    for cores, soc in [(1, "Ascend910B1"), (5, "Ascend910B3"), (48, "Ascend910_93")]:
        other = lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True, soc=soc, num_cores=cores)[2]
        assert other.tobytes() == first.tobytes(), (cores, soc)


def test_empty_batch():
    cx = np.zeros((0, 8), np.float32)
    storage = np.zeros((0, 32), np.float32)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(cx, cx, cx, cx, storage, True)
    assert gates.shape == (0, 32) and grad_cx.shape == (0, 8)
    assert (grad_bias == 0).all() and grad_bias.shape == (32,)


def test_inf_and_nan_give_nan_without_error():
    """The API document's rule, "When the input is Inf, the output is NAN" (and NaN gives
    NaN): every output of an element with an Inf or NaN input is NaN, and so is gradBias in
    its columns; every other element as usual. No error is raised."""
    rng = np.random.default_rng(5)
    batch, hidden = 4, 16
    dhy, dc, cx, cy, storage = random_inputs(batch, hidden, np.float32, rng)
    clean = formulas(dhy, dc, cx, cy, storage, True)
    poisoned = [(dhy, 0, 0, np.inf), (cx, 1, 2, np.nan), (storage, 2, 3, np.inf),            # i = Inf
                (storage, 3, 2 * hidden + 5, -np.inf), (dc, 0, 9, -np.inf), (cy, 2, 11, np.inf)]  # g, dc, cy
    for array, row, col, value in poisoned:
        array[row, col] = value
    gates, grad_cx, grad_bias = (np.asarray(a, np.float64)
                                 for a in lcg.thnn_fused_lstm_cell_backward(dhy, dc, cx, cy, storage, True))
    bad = np.zeros((batch, hidden), bool)
    for array, row, col, _ in poisoned:
        bad[row, col % hidden] = True
    assert np.isnan(grad_cx[bad]).all() and np.isfinite(grad_cx[~bad]).all()
    bad_gates = np.tile(bad, 4)
    assert np.isnan(gates[bad_gates]).all() and np.isfinite(gates[~bad_gates]).all()
    bad_columns = np.tile(bad.any(axis=0), 4)
    assert np.isnan(grad_bias[bad_columns]).all() and np.isfinite(grad_bias[~bad_columns]).all()
    np.testing.assert_allclose(grad_cx[~bad], clean[1][~bad], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gates[~bad_gates], clean[0][~bad_gates], rtol=1e-5, atol=1e-6)
    assert lcg.last_launch()["ok"]


def saturated_inputs(batch, hidden, scale, rng):
    """Gates within 1e-3 of 0 or 1 (g of -1 or 1), as a saturated LSTM leaves them, and the
    incoming gradients scaled by `scale`: x - x*x loses the small 1-x there, 1-x first does not."""
    def near_edges(low, high):
        edge = rng.choice([low, high], size=(batch, hidden))
        return (edge - np.sign(edge - (low + high) / 2) * rng.uniform(1e-7, 1e-3, (batch, hidden))).astype(np.float32)
    storage = np.concatenate([near_edges(0, 1), near_edges(0, 1), near_edges(-1, 1), near_edges(0, 1)], axis=1)
    storage[0, 0] = np.float32(0.999705)  # the example gate
    cx = rng.uniform(-2, 2, (batch, hidden)).astype(np.float32)
    cy = rng.uniform(-2, 2, (batch, hidden)).astype(np.float32)
    dhy = (scale * rng.uniform(-1, 1, (batch, hidden))).astype(np.float32)
    dc = (scale * rng.uniform(-1, 1, (batch, hidden))).astype(np.float32)
    return dhy, dc, cx, cy, storage


@pytest.mark.parametrize("scale", [1, 10, 100])
def test_fp32_tolerance_holds_on_saturated_gates(scale):
    inputs = saturated_inputs(64, 96, scale, np.random.default_rng(scale))
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    ref_gates, ref_cx, ref_bias, bias_abs = formulas(*inputs, True)
    # Relative to what fp32 rounds: the terms of gct, which cancel for some elements.
    gates_abs, cx_abs = term_magnitudes(*inputs)
    assert_close(gates, ref_gates, np.float32, "gradGates", gates_abs)
    assert_close(grad_cx, ref_cx, np.float32, "gradCx", cx_abs)
    assert_close(grad_bias, ref_bias, np.float32, "gradBias", bias_abs)
