"""The contract module (lstm_cell_grad._contract): its float64 formulas against PyTorch's
autograd, its term magnitudes, its tolerance as `compare` applies it, and its inputs."""
import ml_dtypes
import numpy as np
import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad._contract import FP32_EPSILON, FP32_EVAL_ULPS, ulp
from tests.oracles import make_inputs, torch_autograd

GRADS = [(True, True), (True, False), (False, True), (False, False)]


@pytest.mark.parametrize("grad_hy,grad_c", GRADS)
@pytest.mark.parametrize("saturated", [False, True])
def test_reference_matches_pytorch_autograd(grad_hy, grad_c, saturated):
    inputs = make_inputs(9, 7, np.float16, seed=60, grad_hy=grad_hy, grad_c=grad_c, saturated=saturated)
    ours = lcg.reference(*inputs)
    assert ours[0].dtype == np.float64
    for mine, theirs in zip(ours, torch_autograd(*inputs)):
        np.testing.assert_allclose(mine, theirs, rtol=1e-9, atol=1e-12)
    assert lcg.reference(*inputs, has_bias=False)[2] is None


def test_reference_of_the_documented_example():
    ones = [np.ones(shape) for shape in [(1, 8)] * 4 + [(1, 32)]]
    gates, grad_cx, grad_bias = lcg.reference(*ones)
    assert not gates.any() and not grad_bias.any()
    assert f"{grad_cx[0, 0]:f}" == "1.419974"


def test_reference_accepts_torch_tensors():
    torch = pytest.importorskip("torch")
    inputs = make_inputs(3, 4, seed=61)
    as_torch = [torch.from_numpy(a).half() for a in inputs]
    ours = lcg.reference(*as_torch)
    expected = lcg.reference(*[a.astype(np.float16) for a in inputs])
    for a, b in zip(ours, expected):
        np.testing.assert_array_equal(a, b)


def test_term_magnitudes_bound_the_results_and_show_cancellation():
    inputs = make_inputs(40, 16, seed=62, scale=100)
    for result, magnitude in zip(lcg.reference(*inputs), lcg.term_magnitudes(*inputs)):
        assert (magnitude >= np.abs(result)).all()
    # gct = dhy*o*(1-t^2) + dc with the two terms equal and opposite: the result is 0, the
    # magnitude is what fp32 rounded on the way.
    one = np.ones((1, 1))
    storage = np.full((1, 4), 0.5)
    gates, grad_cx, _ = lcg.reference(one, -0.5 * (1 - np.tanh(one) ** 2), one, one, storage)
    magnitude_gates, magnitude_cx, _ = lcg.term_magnitudes(one, -0.5 * (1 - np.tanh(one) ** 2), one, one, storage)
    assert abs(grad_cx[0, 0]) < 1e-16 and magnitude_cx[0, 0] > 0.5


def test_ulp_of_each_format():
    assert ulp(1.0, np.float32) == 2.0 ** -23 and ulp(1.5, np.float16) == 2.0 ** -10
    assert ulp(1.0, ml_dtypes.bfloat16) == 2.0 ** -7 and ulp(0.75, ml_dtypes.bfloat16) == 2.0 ** -8
    assert ulp(0.0, np.float16) == 2.0 ** -24                    # subnormal spacing at the bottom
    assert ulp(0.0, ml_dtypes.bfloat16) == 2.0 ** -133


def test_float32_tolerance_is_ulps_of_the_terms():
    expected = np.array([1.0, 1e-3, -2.0])
    bound = FP32_EVAL_ULPS * FP32_EPSILON
    inside = (expected * (1 + 0.9 * bound)).astype(np.float32)
    assert lcg.compare("x", inside, expected).ok
    outside = (expected * (1 + 3 * bound)).astype(np.float32)
    assert lcg.compare("x", outside, expected).failures == 3
    # Where terms cancelled, the same error is within the terms' magnitude.
    comparison = lcg.compare("x", outside, expected, magnitude=4 * np.abs(expected))
    assert comparison.ok and "fp32 ulps" in comparison.tolerance


def test_float16_rounding_half_an_ulp_and_no_more():
    """Half an ulp of float16 plus the fp32 evaluation's few ulps: a result correctly rounded
    passes, one truncated toward zero fails where the dropped part exceeded half an ulp."""
    expected = np.array([1.0 + 0.75 * 2 ** -10, 0.3, -5.0])  # the first lies 3/4 of an ulp above 1
    rounded = expected.astype(np.float16)
    assert lcg.compare("h", rounded, expected).ok
    truncated = np.array([1.0, 0.3, -5.0], np.float16)
    comparison = lcg.compare("h", truncated, expected)
    assert comparison.failures == 1 and comparison.max_ulps == 1
    past = np.nextafter(rounded, np.float16(np.inf))
    assert lcg.compare("h", past, expected).failures == 3
    # Past the largest float16, the correctly rounded value is Inf: accepted.
    assert lcg.compare("h", np.array([np.inf], np.float16), np.array([70000.0])).ok


def test_bfloat16_rounding():
    expected = np.array([1.0 + 0.75 * 2 ** -7])
    assert lcg.compare("b", expected.astype(ml_dtypes.bfloat16), expected).ok
    assert not lcg.compare("b", np.array([1.0], ml_dtypes.bfloat16), expected).ok


def test_compare_nan():
    assert lcg.compare("n", np.array([np.nan], np.float32), np.array([np.nan])).ok
    assert not lcg.compare("n", np.array([np.nan], np.float32), np.array([1.0])).ok
    assert not lcg.compare("n", np.array([1.0], np.float32), np.array([np.nan])).ok


def test_compare_outputs_names_each_output():
    inputs = make_inputs(5, 3, seed=63)
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, True)
    comparisons = lcg.compare_outputs(results, inputs)
    assert [c.name for c in comparisons] == ["gradGates", "gradCx", "gradBias"] and all(c.ok for c in comparisons)
    assert [c.name for c in lcg.compare_outputs(results, inputs, has_bias=False)] == ["gradGates", "gradCx"]
    broken = (results[0], results[1] * np.float32(1 + 1e-5), results[2])
    assert [c.ok for c in lcg.compare_outputs(broken, inputs)] == [True, False, True]


def test_random_inputs_ranges():
    inputs = lcg.random_inputs(50, 10, "float16", grad_c=False, seed=3)
    assert inputs["grad_c"] is None and inputs["cx"].dtype == np.float16
    storage = inputs["storage"].astype(np.float64)
    sigmoid = np.hstack([storage[:, :20], storage[:, 30:]])
    assert (sigmoid > 0).all() and (sigmoid < 1).all() and (np.abs(storage[:, 20:30]) < 1).all()


def test_random_inputs_saturated_and_scaled():
    inputs = lcg.random_inputs(50, 10, "float64", saturated=True, scale=100, seed=4)
    storage = inputs["storage"]
    distance = np.minimum(np.abs(storage - 1), np.abs(storage - np.where(np.arange(40) // 10 == 2, -1, 0)))
    assert (distance > 0).all() and (distance <= 1e-3).all()
    assert np.abs(inputs["grad_hy"]).max() > 50 and np.abs(inputs["grad_hy"]).max() <= 100


def test_subnormal_results_equal_to_numpy_float32_are_accepted():
    """Gradients of ~1e-38 put the results in fp32's subnormal range, whose spacing (2^-149)
    is absolute: numpy's own float32 evaluation of the formulas is off by more than 8 ulps of
    the terms' magnitude there. The tolerance's floor (fp32's smallest normal) accepts it, and
    an error of a smallest normal or more still fails."""
    from lstm_cell_grad._contract import cell_gradients
    inputs = make_inputs(16, 8, np.float32, 4)
    inputs[0] = (inputs[0] * np.float32(1e-38)).astype(np.float32)
    inputs[1] = (inputs[1] * np.float32(1e-38)).astype(np.float32)
    dhy, dc, cx, cy, storage = inputs
    with np.errstate(under="ignore"):
        gates, grad_cx = cell_gradients(dhy, dc, cx, np.tanh(cy), *np.split(storage, 4, axis=1))
        numpy_float32 = [np.concatenate(gates, axis=1), grad_cx, np.concatenate(gates, axis=1).sum(axis=0)]
    assert all(r.dtype == np.float32 for r in numpy_float32)
    assert (np.abs(numpy_float32[0]) < np.finfo(np.float32).tiny).any()   # the case: subnormal results
    for comparison in lcg.compare_outputs(numpy_float32, inputs, True):
        assert comparison.ok, str(comparison)
    off = numpy_float32[1] + np.float32(2 * np.finfo(np.float32).tiny)
    assert not lcg.compare("gradCx", off, lcg.reference(*inputs)[1], lcg.term_magnitudes(*inputs)[1]).ok
