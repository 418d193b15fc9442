"""thnn_fused_lstm_cell_backward on numpy arrays, against the float64 formulas."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad import _C
from tests.oracles import assert_meets_contract, make_inputs

GRADS = [(True, True), (True, False), (False, True), (False, False)]


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("has_bias", [True, False])
@pytest.mark.parametrize("grad_hy,grad_c", GRADS)
def test_gradients_and_bias_options(dtype, has_bias, grad_hy, grad_c):
    inputs = make_inputs(37, 20, dtype, seed=1, grad_hy=grad_hy, grad_c=grad_c)
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, has_bias)
    for result, shape in zip(results, [(37, 80), (37, 20), (80,)]):
        if result is not None:
            assert isinstance(result, np.ndarray) and result.dtype == dtype and result.shape == shape
    assert_meets_contract(results, inputs, has_bias)
    if not grad_hy and not grad_c:
        assert not results[0].any() and not results[1].any()
    assert lcg.last_launch()["ok"]


@pytest.mark.parametrize("batch,hidden", [(1, 1), (1, 8), (3, 15), (130, 17), (5, 300)])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_awkward_shapes(batch, hidden, dtype):
    inputs = make_inputs(batch, hidden, dtype, seed=batch + hidden)
    assert_meets_contract(lcg.thnn_fused_lstm_cell_backward(*inputs), inputs)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_large_new_outputs_are_page_aligned_for_the_cores(dtype):
    # New outputs from 128 KiB on are allocated page aligned, so the binding can map them for
    # the cores (aclrtHostRegister) instead of copying them back; smaller ones are plain arrays.
    page = _C.HOST_REGISTER_ALIGNMENT
    inputs = make_inputs(16, 2048, dtype, seed=4)
    results = lcg.thnn_fused_lstm_cell_backward(*inputs)
    for result in results:
        assert result.flags.c_contiguous and result.flags.writeable and result.dtype == dtype
    gates, grad_cx, grad_bias = results
    assert gates.ctypes.data % page == 0  # 512 KiB (f32) or 256 KiB (f16)
    assert (grad_cx.ctypes.data % page == 0) == (grad_cx.nbytes >= 128 * 1024)
    assert grad_bias.base is None  # 32 KiB: np.empty, copied back
    assert_meets_contract(results, inputs)
    assert lcg.last_launch()["ok"]
    # Written in place or copied, the next call's outputs are new arrays.
    again = lcg.thnn_fused_lstm_cell_backward(*inputs)
    assert all(not np.shares_memory(a, b) for a, b in zip(results, again))
    for a, b in zip(results, again):
        np.testing.assert_array_equal(a, b)


def test_reference_document_example():
    ones = [np.ones(shape, np.float32) for shape in [(1, 8)] * 4 + [(1, 32)]]
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*ones, True)
    assert not gates.any() and not grad_bias.any()
    np.testing.assert_allclose(grad_cx, np.full((1, 8), 1 + (1 - np.tanh(1.0) ** 2)), rtol=1e-6)


def test_out_is_written_in_place_and_returned():
    inputs = make_inputs(9, 12, seed=2)
    out = (np.full((9, 48), np.nan, np.float32), np.full((9, 12), np.nan, np.float32),
           np.full(48, np.nan, np.float32))
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, out=out)
    assert all(r is o for r, o in zip(results, out))
    assert_meets_contract(out, inputs)


def test_out_without_bias_leaves_grad_bias_alone():
    inputs = make_inputs(4, 8, seed=3)
    untouched = np.full(32, 5.0, np.float32)
    out = (np.empty((4, 32), np.float32), np.empty((4, 8), np.float32), untouched)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*inputs, False, out=out)
    assert grad_bias is None and (untouched == 5.0).all()
    assert_meets_contract((gates, grad_cx, None), inputs, has_bias=False)
    # gradBias is an OPTIONAL output: left alone, it is not an unwritten-output report.
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"], launch


def test_empty_batch():
    inputs = make_inputs(0, 6, seed=0)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    assert gates.shape == (0, 24) and grad_cx.shape == (0, 6)
    assert grad_bias.shape == (24,) and not grad_bias.any()  # a sum over no rows


def test_inf_and_nan_give_nan_not_a_crash():
    # The op's aclnn API page (约束说明): an Inf or NaN input gives NaN, in every output of its
    # element.
    grad_hy, grad_c, cx, cy, storage = make_inputs(2, 8, seed=4)
    cx[0, 0] = np.inf
    grad_c[1, 3] = np.nan
    gates, grad_cx, _ = lcg.thnn_fused_lstm_cell_backward(grad_hy, grad_c, cx, cy, storage)
    bad = np.zeros((2, 8), bool)
    bad[0, 0] = bad[1, 3] = True
    assert (np.isnan(grad_cx) == bad).all()
    assert (np.isnan(gates) == np.tile(bad, 4)).all()


def test_deterministic_across_runs_and_core_counts():
    inputs = make_inputs(300, 24, seed=5)
    first = lcg.thnn_fused_lstm_cell_backward(*inputs)
    again = lcg.thnn_fused_lstm_cell_backward(*inputs)
    for a, b in zip(first, again):
        assert a.tobytes() == b.tobytes()
    for cores in (1, 7):
        assert lcg.thnn_fused_lstm_cell_backward(*inputs, num_cores=cores)[2].tobytes() == first[2].tobytes()


def test_integer_dtype_is_rejected_by_the_api_not_converted():
    grad_hy, grad_c, cx, cy, storage = make_inputs(2, 4)
    with pytest.raises(lcg.AclnnError) as error:
        lcg.thnn_fused_lstm_cell_backward(grad_hy, grad_c, cx.astype(np.int32), cy, storage)
    assert error.value.status == 161002 and "cx" in error.value.message


def test_float16_results_are_rounded_fp32_math():
    # Values where float16 rounding matters: results must be the fp32 math rounded once.
    inputs = make_inputs(64, 40, np.float16, seed=6)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*inputs)
    assert_meets_contract((gates, grad_cx, grad_bias), inputs)
    expected = lcg.reference(*inputs)
    exact = (grad_cx.astype(np.float64) == expected[1].astype(np.float16).astype(np.float64)).mean()
    assert exact > 0.9  # most results are the correctly rounded value; the rest 1 ulp away
