"""The operator against its contract (lstm_cell_grad._contract: the float64 formulas and the
tolerance) and against PyTorch's autograd, on the shapes, dtypes, options, views, SoCs and core
counts of docs/operator_contract.md. The extension is required: without it these fail."""
import ml_dtypes
import numpy as np
import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad._profile import run_with_tiling
from tests.oracles import assert_matches_autograd, assert_meets_contract, make_inputs

SHAPES = [(1, 1), (1, 8), (2, 15), (7, 16), (48, 100), (333, 15), (129, 33), (333, 1023), (4096, 8), (2, 40000),
          (48, 4096), (4096, 1023), (8300, 8)]
GRADS = [(True, True), (True, False), (False, True), (False, False)]
# bfloat16 is an extension beyond the op's aclnn API page (float32, float16): same fp32 math as
# float16.
DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16]
# Shapes whose plans (lcg.plan, default SoC) take more than 64 bias chunks, the most one load
# of the final pass sums: the chunk partials arrive in several loads.
MANY_BIAS_CHUNKS = [(8300, 8, np.float32), (32768, 16, np.float32), (24000, 40, ml_dtypes.bfloat16),
                    (30000, 3, np.float16)]


def run_and_check(batch, hidden, dtype, has_bias, grad_hy=True, grad_c=True, seed=0, **kwargs):
    """One call against both references; the sim's launch must be clean."""
    inputs = make_inputs(batch, hidden, dtype, seed, grad_hy=grad_hy, grad_c=grad_c)
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, has_bias, **kwargs)
    assert all(r is None or r.dtype == dtype for r in results)
    assert_meets_contract(results, inputs, has_bias)
    assert_matches_autograd(results, inputs, has_bias)
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"], launch
    return results


@pytest.mark.parametrize("batch,hidden", SHAPES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_shapes_with_bias(batch, hidden, dtype):
    run_and_check(batch, hidden, dtype, True)


@pytest.mark.parametrize("grad_hy,grad_c", GRADS)
@pytest.mark.parametrize("has_bias", [True, False])
@pytest.mark.parametrize("dtype", DTYPES)
def test_null_gradients_and_bias(grad_hy, grad_c, has_bias, dtype):
    run_and_check(300, 40, dtype, has_bias, grad_hy, grad_c)


def poison_unread(inputs, grad_hy, grad_c):
    """The inputs with NaN in every one the contract says a null gradient leaves unread: with
    grad_hy None, cy and the o gate; with both None, all of them."""
    poisoned = [None if a is None else a.copy() for a in inputs]
    hidden = inputs[2].shape[1]
    if not grad_hy:
        poisoned[3][...] = np.nan                 # cy
        poisoned[4][:, 3 * hidden:] = np.nan      # o
    if not grad_hy and not grad_c:
        for k in (2, 3, 4):                       # cx, cy, storage
            poisoned[k][...] = np.nan
    return poisoned


@pytest.mark.parametrize("grad_hy,grad_c", [(False, True), (False, False)])
@pytest.mark.parametrize("has_bias", [True, False])
@pytest.mark.parametrize("dtype", DTYPES)
def test_null_gradients_leave_their_inputs_unread(grad_hy, grad_c, has_bias, dtype):
    """NaN in an input the kernel read would reach the outputs (an Inf or NaN input gives NaN):
    finite results that meet the contract prove those inputs were not read."""
    inputs = make_inputs(300, 40, dtype, 21, grad_hy=grad_hy, grad_c=grad_c)
    results = lcg.thnn_fused_lstm_cell_backward(*poison_unread(inputs, grad_hy, grad_c), has_bias)
    for result in results[:3 if has_bias else 2]:
        assert np.isfinite(result.astype(np.float64)).all()
    assert_meets_contract(results, inputs, has_bias)
    assert lcg.last_launch()["ok"]


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


@pytest.mark.parametrize("batch,hidden,dtype", MANY_BIAS_CHUNKS)
def test_more_than_64_bias_chunks(batch, hidden, dtype):
    plan = lcg.plan(batch, hidden, np.dtype(dtype).name)
    assert plan.bias_chunks > 64, plan
    run_and_check(batch, hidden, dtype, True, seed=batch)


@pytest.mark.parametrize("cores", [1, 2, 3, 7, 16, 47, 48])
def test_core_counts(cores):
    run_and_check(257, 130, np.float16, True, num_cores=cores)


@pytest.mark.parametrize("batch,hidden", [(333, 40), (300, 1023), (4096, 8)])  # one bias chunk; three; many
@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
def test_16_bit_results_are_the_float32_kernel_rounded_to_nearest_even(batch, hidden, dtype):
    """16-bit inputs are widened exactly and the math is the float32 kernel's, so every result
    is bitwise the float32 run on the widened inputs, rounded to nearest even once. A truncating
    or double-rounding narrow differs in about half the elements."""
    inputs = make_inputs(batch, hidden, dtype, 11)
    narrow = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    # gradBias sums rows in an order set by the plan's bias chunks and core grid, which the tiling
    # chooses per dtype (a 16-bit tile fits more rows): the float32 run sums in the same order.
    chosen = lcg.plan(batch, hidden, np.dtype(dtype).name)
    same_plan = lcg.TilingOverrides(**{f: getattr(chosen, f) for f in ("grid_rows", "grid_cols", "bias_chunk_rows")})
    wide = run_with_tiling(*(a.astype(np.float32) for a in inputs), True, tiling=same_plan)
    for name, got, fp32 in zip(("gradGates", "gradCx", "gradBias"), narrow, wide):
        assert got.dtype == dtype
        np.testing.assert_array_equal(got.view(np.uint16), fp32.astype(dtype).view(np.uint16), err_msg=name)


def test_views_inputs_and_outputs():
    batch, hidden = 37, 20
    inputs = make_inputs(batch, hidden, np.float32, 3)
    dhy, dc, cx, cy, storage = inputs
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
    assert_meets_contract((gates_view, out_cx, out_bias), inputs)
    # Nothing outside the views was written.
    assert (out_gates[0] == 7).all() and (out_gates[:, :2] == 7).all() and (out_gates[:, 2 + 4 * hidden:] == 7).all()


def test_deterministic_across_runs_cores_and_socs():
    inputs = make_inputs(600, 48, np.float32, 11)
    first = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    again = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    for a, b in zip(first, again):
        assert a.tobytes() == b.tobytes()
    for soc, cores in [("Ascend910B3", None), ("Ascend910B1", 5), ("Ascend910_93", 1), ("Ascend910B4", 33)]:
        other = lcg.thnn_fused_lstm_cell_backward(*inputs, True, soc=soc, num_cores=cores)
        assert other[2].tobytes() == first[2].tobytes(), (soc, cores)
        assert other[0].tobytes() == first[0].tobytes()


def test_bias_identical_across_cores_with_many_chunks():
    """More than 64 chunk partials, summed by the final pass in several loads: still one order."""
    inputs = make_inputs(8300, 8, np.float32, 13)
    assert lcg.plan(8300, 8, "float32").bias_chunks > 64
    first = lcg.thnn_fused_lstm_cell_backward(*inputs, True)[2]
    for cores, soc in [(1, "Ascend910B1"), (5, "Ascend910B3"), (48, "Ascend910_93")]:
        other = lcg.thnn_fused_lstm_cell_backward(*inputs, True, soc=soc, num_cores=cores)[2]
        assert other.tobytes() == first.tobytes(), (cores, soc)


def test_empty_batch():
    cx = np.zeros((0, 8), np.float32)
    storage = np.zeros((0, 32), np.float32)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(cx, cx, cx, cx, storage, True)
    assert gates.shape == (0, 32) and grad_cx.shape == (0, 8)
    assert (grad_bias == 0).all() and grad_bias.shape == (32,)


def test_inf_and_nan_give_nan_without_error():
    """The rule of the op's aclnn API page (ops-nn
    rnn/thnn_fused_lstm_cell_grad/docs/aclnnThnnFusedLstmCellBackward.md, 约束说明), "When
    the input is Inf, the output is NAN" (and NaN gives NaN): every output of an element with
    an Inf or NaN input is NaN, and so is gradBias in its columns; every other element as
    usual. No error is raised."""
    batch, hidden = 4, 16
    clean = make_inputs(batch, hidden, np.float32, 5)
    dhy, dc, cx, cy, storage = inputs = [a.copy() for a in clean]
    poisoned = [(dhy, 0, 0, np.inf), (cx, 1, 2, np.nan), (storage, 2, 3, np.inf),            # i = Inf
                (storage, 3, 2 * hidden + 5, -np.inf), (dc, 0, 9, -np.inf), (cy, 2, 11, np.inf)]  # g, dc, cy
    for array, row, col, value in poisoned:
        array[row, col] = value
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    gates, grad_cx, grad_bias = (np.asarray(a, np.float64) for a in results)
    bad = np.zeros((batch, hidden), bool)
    for array, row, col, _ in poisoned:
        bad[row, col % hidden] = True
    assert np.isnan(grad_cx[bad]).all() and np.isfinite(grad_cx[~bad]).all()
    bad_gates = np.tile(bad, 4)
    assert np.isnan(gates[bad_gates]).all() and np.isfinite(gates[~bad_gates]).all()
    bad_columns = np.tile(bad.any(axis=0), 4)
    assert np.isnan(grad_bias[bad_columns]).all() and np.isfinite(grad_bias[~bad_columns]).all()
    # Every other element as the contract has it for the clean inputs.
    expected_gates, expected_cx, _ = lcg.reference(*clean)
    magnitude_gates, magnitude_cx, _ = lcg.term_magnitudes(*clean)
    for name, got, want, magnitude, mask in (("gradCx", results[1], expected_cx, magnitude_cx, ~bad),
                                             ("gradGates", results[0], expected_gates, magnitude_gates, ~bad_gates)):
        comparison = lcg.compare(name, got[mask], want[mask], magnitude[mask])
        assert comparison.ok, str(comparison)
    assert lcg.last_launch()["ok"]


@pytest.mark.parametrize("scale", [1, 10, 100])
@pytest.mark.parametrize("dtype", DTYPES)
def test_saturated_gates_and_scaled_gradients(scale, dtype):
    """Gates within 1e-3 of the ends of their ranges, as a saturated LSTM leaves them, and the
    incoming gradients scaled: x - x*x loses the small 1-x there, 1-x first does not; gct's
    two terms cancel more often. The contract's tolerance follows the terms' magnitude."""
    inputs = make_inputs(64, 96, dtype, scale, saturated=True, scale=scale)
    inputs[4][0, 0] = 0.999705  # a gate a saturated cell left, from a report of x - x*x's loss
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    assert_meets_contract(results, inputs)
    assert_matches_autograd(results, inputs)


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_large_gradient_times_large_cx_does_not_overflow_where_the_result_fits(dtype):
    """df = gct*cx*f*(1-f) with gct = 1e19, cx = 1e20, f = 0.999: gct*cx (1e39) is past fp32's
    range, the result (~1e36) is not. The small factors go first, so df and its bias sum are
    finite and within the contract."""
    hidden = 8
    inputs = make_inputs(1, hidden, dtype, 3)
    inputs[0][:] = 0                                       # gradHy: gct = gradC
    inputs[1][:] = 1e19                                    # gradC
    inputs[2][:] = 1e20                                    # cx
    inputs[4][:, hidden:2 * hidden] = 0.999                # f
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    df = np.asarray(gates, np.float64)[:, hidden:2 * hidden]
    assert np.isfinite(df).all(), df
    assert np.isfinite(np.asarray(grad_bias, np.float64)).all(), grad_bias
    assert_meets_contract((gates, grad_cx, grad_bias), inputs)


@pytest.mark.parametrize("scale", [1e10, 1e20, 1e30])
@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_extreme_gradients_with_saturated_gates(scale, dtype):
    """Incoming gradients of `scale` and a cx that makes gct*cx ~1e39 (past fp32), with
    saturated gates (every slope below 1e-3): every exact result fits in fp32, so every output
    is finite and meets the contract; PyTorch's float64 autograd agrees."""
    inputs = make_inputs(32, 40, dtype, 11, saturated=True, scale=scale)
    inputs[2] = (inputs[2].astype(np.float64) * (1e39 / 4 / scale)).astype(dtype)   # |cx| up to 5e38/scale
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    for name, result in zip(("gradGates", "gradCx", "gradBias"), results):
        assert np.isfinite(np.asarray(result, np.float64)).all(), name
    assert_meets_contract(results, inputs)
    assert_matches_autograd(results, inputs)
