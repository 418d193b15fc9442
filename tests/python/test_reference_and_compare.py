"""The package's float64 reference and its tolerance comparison, against independent ones."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from lcg_testing import formulas, make_inputs, torch_autograd


@pytest.mark.parametrize("grad_hy,grad_c", [(True, True), (True, False), (False, True), (False, False)])
def test_reference_matches_the_formulas_and_pytorch(grad_hy, grad_c):
    inputs = make_inputs(9, 7, np.float16, seed=60, grad_hy=grad_hy, grad_c=grad_c)
    gates, grad_cx, grad_bias = lcg.reference(*inputs)
    assert gates.dtype == np.float64
    expected = formulas(*inputs)
    np.testing.assert_allclose(gates, expected[0], rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(grad_cx, expected[1], rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(grad_bias, expected[2], rtol=1e-12, atol=1e-13)
    pytest.importorskip("torch")
    for ours, theirs in zip((gates, grad_cx, grad_bias), torch_autograd(*inputs)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12)
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


def test_compare_float32_tolerance():
    expected = np.array([1.0, 1e-3, 0.0, -2.0])
    close = (expected * (1 + 0.9e-5)).astype(np.float32)
    assert lcg.compare("x", close, expected).ok
    off = close.copy()
    off[3] = -2.0 * (1 + 2e-5)
    comparison = lcg.compare("x", off, expected)
    assert not comparison.ok and comparison.failures == 1 and "FAIL (1 of 4 elements)" in str(comparison)
    floor = np.array([0.9e-6, 1e-3, 0, -2], np.float32)
    assert lcg.compare("x", floor, expected * [0, 1, 1, 1]).ok  # within the 1e-6 absolute floor


def test_compare_float16_one_ulp():
    expected = np.array([1.0 + 2 ** -12, 0.3, -5.0])   # the first lies between two float16 values
    rounded = expected.astype(np.float16)
    one_ulp = np.nextafter(rounded, np.float16(np.inf))
    comparison = lcg.compare("h", one_ulp, expected)
    assert comparison.ok and comparison.max_ulps == 1
    two_ulps = np.nextafter(one_ulp, np.float16(np.inf))
    assert lcg.compare("h", two_ulps, expected).failures == 3


def test_compare_bias_cancellation_allowance():
    expected = np.array([1e-3])
    got = np.array([1e-3 + 5e-6], np.float32)     # 5e-3 relative: far past 1e-5
    assert not lcg.compare("b", got, expected).ok
    assert lcg.compare("b", got, expected, abs_sum=np.array([1.0])).ok   # within 1e-5 x sum |terms|


def test_compare_nan():
    assert lcg.compare("n", np.array([np.nan], np.float32), np.array([np.nan])).ok
    assert not lcg.compare("n", np.array([np.nan], np.float32), np.array([1.0])).ok
    assert not lcg.compare("n", np.array([1.0], np.float32), np.array([np.nan])).ok


def test_random_inputs_ranges():
    inputs = lcg.random_inputs(50, 10, "float16", grad_c=False, seed=3)
    assert inputs["grad_c"] is None and inputs["cx"].dtype == np.float16
    storage = inputs["storage"].astype(np.float64)
    sigmoid = np.hstack([storage[:, :20], storage[:, 30:]])
    assert (sigmoid > 0).all() and (sigmoid < 1).all() and (np.abs(storage[:, 20:30]) < 1).all()
