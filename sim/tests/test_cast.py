"""Cast with every RoundMode against exact rational arithmetic (fractions.Fraction), numpy
float16 and ml_dtypes bfloat16: ties, overflow, NaN, Inf, subnormals.

Overflow follows IEEE rounding directions (see sim/include/ascendc_sim/numeric/round.h):
RINT/ROUND -> Inf, TRUNC/ODD -> max finite, FLOOR/CEIL -> max finite toward zero's side.
Integer targets saturate; NaN -> 0.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from sim.tests.vector_harness import BF16, F16, F32, Partly, assert_bits_equal, bits, run_vector

MODES = {"NONE": 0, "RINT": 1, "FLOOR": 2, "CEIL": 3, "ROUND": 4, "TRUNC": 5, "ODD": 6}
DIRECTED = ["RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"]
FORMATS = {np.dtype(F16): (11, -14, 15), np.dtype(BF16): (8, -126, 127), np.dtype(F32): (24, -126, 127)}


# ---------------------------------------------------------------------------------------
# Exact reference

def round_integer(y: Fraction, mode: str) -> int:
    below = math.floor(y)
    if y == below:
        return below
    fraction = y - below
    if mode in ("RINT", "NONE"):
        if fraction != Fraction(1, 2):
            return below + (1 if fraction > Fraction(1, 2) else 0)
        return below if below % 2 == 0 else below + 1
    if mode == "FLOOR":
        return below
    if mode == "CEIL":
        return below + 1
    if mode == "TRUNC":
        return below if y > 0 else below + 1
    if mode == "ROUND":  # ties away from zero
        if y > 0:
            return below + (1 if fraction >= Fraction(1, 2) else 0)
        return below + (1 if fraction > Fraction(1, 2) else 0)
    if mode == "ODD":
        return below if below % 2 else below + 1
    raise AssertionError(mode)


def exact_round(value: float, dtype, mode: str) -> float:
    """`value` rounded into `dtype` by `mode`, as a Python float (exact), with IEEE overflow."""
    if math.isnan(value) or math.isinf(value) or value == 0:
        return value
    precision, min_exp, max_exp = FORMATS[np.dtype(dtype)]
    x = Fraction(value)
    a = abs(x)
    exponent = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** exponent > a:
        exponent -= 1
    quantum = Fraction(2) ** (max(exponent, min_exp) - (precision - 1))
    result = round_integer(x / quantum, mode) * quantum
    max_finite = (2 - Fraction(2) ** (1 - precision)) * Fraction(2) ** max_exp
    if abs(result) > max_finite:
        toward_zero = mode in ("TRUNC", "ODD") or (mode == "FLOOR" and x > 0) or (mode == "CEIL" and x < 0)
        magnitude = float(max_finite) if toward_zero else math.inf
        return math.copysign(magnitude, value)
    return math.copysign(float(result), value) if result == 0 else float(result)


def exact_int32(value: float, mode: str) -> int:
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return 2**31 - 1 if value > 0 else -2**31
    return max(-2**31, min(2**31 - 1, round_integer(Fraction(value), mode)))


def cast(simtest, src: np.ndarray, dst_dtype, mode: str, **kw):
    n = src.size
    run = run_vector(simtest, "Cast", [np.zeros(n, dst_dtype), src], [(0, 0, dst_dtype), (1, 0, src.dtype)], n,
                     round_mode=MODES[mode], **kw)
    return run


# ---------------------------------------------------------------------------------------
# Inputs

def float_cases_for(dtype) -> np.ndarray:
    precision, min_exp, max_exp = FORMATS[np.dtype(dtype)]
    ulp1 = 2.0 ** (1 - precision)             # spacing just above 1
    tiny = 2.0 ** (min_exp - precision + 1)   # smallest subnormal of the target
    max_finite = (2 - ulp1) * 2.0 ** max_exp
    values = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0,
              1 + ulp1 / 2, 1 + 3 * ulp1 / 2, 1 + ulp1 / 4, 1 + 3 * ulp1 / 4,          # ties (even/odd) and quarters
              1 + ulp1 / 2 + 2.0 ** -23, 1 + ulp1 / 2 - 2.0 ** -24,                    # just off a tie
              tiny, tiny / 2, 3 * tiny / 2, tiny / 4, 3 * tiny / 4, 5 * tiny / 2,      # subnormal ties and below
              2.0 ** min_exp * (1 - ulp1 / 2), 1e-45,                                  # subnormal/normal border
              max_finite, max_finite * (1 + ulp1 / 4), max_finite * (1 + ulp1 / 2),    # overflow border (tie -> Inf)
              2.0 ** (max_exp + 1), 3.0e38, 3.4028234663852886e38]
    values += [-v for v in values if not math.isnan(v) and v != 0]
    out = np.array(values, dtype=np.float64)
    with np.errstate(over="ignore"):
        return out.astype(F32)


def random_floats(seed: int, n: int = 300) -> np.ndarray:
    rng = np.random.default_rng(seed)
    magnitude = 2.0 ** rng.uniform(-30, 20, n)
    return (magnitude * rng.choice([-1, 1], n)).astype(F32)


# ---------------------------------------------------------------------------------------
# float -> half / bfloat16_t

@pytest.mark.parametrize("mode", ["NONE", "RINT", "FLOOR", "CEIL", "ROUND", "TRUNC", "ODD"])
def test_float_to_half_every_mode(simtest, mode):
    src = np.concatenate([float_cases_for(F16), random_floats(1)])
    run = cast(simtest, src, F16, mode)
    assert run.ok, run.result["error"]
    out = run.array(0, F16)
    with np.errstate(over="ignore"):
        expected = np.array([exact_round(float(v), F16, mode) for v in src], dtype=np.float64).astype(F16)
    assert_bits_equal(out[~np.isnan(src)], expected[~np.isnan(src)])
    assert np.isnan(out[np.isnan(src)]).all()
    if mode in ("NONE", "RINT"):
        with np.errstate(over="ignore"):
            assert_bits_equal(out[~np.isnan(src)], src[~np.isnan(src)].astype(F16))


@pytest.mark.parametrize("mode", DIRECTED)
def test_float_to_bf16_every_mode(simtest, mode):
    src = np.concatenate([float_cases_for(BF16), random_floats(2)])
    run = cast(simtest, src, BF16, mode)
    assert run.ok, run.result["error"]
    out = run.array(0, BF16)
    finite = ~np.isnan(src)
    expected = np.array([exact_round(float(v), BF16, mode) for v in src], dtype=np.float64)
    np.testing.assert_array_equal(bits(out[finite]), bits(expected[finite].astype(F32).astype(BF16)))
    assert np.isnan(out[~finite].astype(F32)).all()
    if mode == "RINT":
        np.testing.assert_array_equal(bits(out[finite]), bits(src[finite].astype(BF16)))


def test_float_to_half_overflow_directions(simtest):
    src = np.array([1e6, -1e6, 65520.0, -65520.0, 65519.0, np.inf, -np.inf, 0.0], F32)
    expected = {
        "RINT": [np.inf, -np.inf, np.inf, -np.inf, 65504, np.inf, -np.inf, 0],
        "ROUND": [np.inf, -np.inf, np.inf, -np.inf, 65504, np.inf, -np.inf, 0],
        "FLOOR": [65504, -np.inf, 65504, -np.inf, 65504, np.inf, -np.inf, 0],
        "CEIL": [np.inf, -65504, np.inf, -65504, np.inf, np.inf, -np.inf, 0],
        "TRUNC": [65504, -65504, 65504, -65504, 65504, np.inf, -np.inf, 0],
        "ODD": [65504, -65504, 65504, -65504, 65504, np.inf, -np.inf, 0],
    }
    for mode, values in expected.items():
        run = cast(simtest, src, F16, mode)
        np.testing.assert_array_equal(run.array(0, F16), np.array(values, F16), err_msg=mode)


# ---------------------------------------------------------------------------------------
# Widening: exact over every bit pattern

@pytest.mark.parametrize("src_dtype", [F16, BF16], ids=["half", "bfloat16"])
def test_widening_to_float_is_exact_for_every_bit_pattern(simtest, src_dtype):
    patterns = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(src_dtype)
    for part in np.split(patterns, 4):
        run = cast(simtest, part, F32, "NONE")
        assert run.ok, run.result["error"]
        out = run.array(0, F32)
        expected = part.astype(F32)
        nan = np.isnan(expected)
        assert_bits_equal(out[~nan], expected[~nan])
        assert np.isnan(out[nan]).all()


# ---------------------------------------------------------------------------------------
# To and from int32

INT_CASES = np.array([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 2.0**22 + 0.5, -(2.0**22 + 0.5),
                      2147483520.0, -2147483648.0, 2147483648.0, 3e9, -3e9, 1e30, np.inf, -np.inf, np.nan, -0.0,
                      7.0, -7.75, 1e-40, 100.25], F32)


@pytest.mark.parametrize("mode", DIRECTED)
@pytest.mark.parametrize("src_dtype", [F32, F16, BF16], ids=["float", "half", "bfloat16"])
def test_to_int32_saturates(simtest, mode, src_dtype):
    with np.errstate(over="ignore", invalid="ignore"):
        src = np.concatenate([INT_CASES, random_floats(3, 100) / 64]).astype(src_dtype)
    run = cast(simtest, src, np.int32, mode)
    assert run.ok, run.result["error"]
    expected = [exact_int32(float(v), mode) for v in src]
    np.testing.assert_array_equal(run.array(0, np.int32), np.array(expected, np.int64))


@pytest.mark.parametrize("mode", ["NONE"] + DIRECTED)
def test_int32_to_float(simtest, mode):
    rng = np.random.default_rng(4)
    src = np.concatenate([np.array([0, 1, -1, 2**24 + 1, 2**24 + 3, -(2**24 + 1), 2**31 - 1, -2**31, 2**30 + 65,
                                    123456789, -987654321], np.int64),
                          rng.integers(-2**31, 2**31, 200)]).astype(np.int32)
    run = cast(simtest, src, F32, mode)
    assert run.ok, run.result["error"]
    expected = np.array([exact_round(float(int(v)), F32, mode) for v in src], np.float64).astype(F32)
    assert_bits_equal(run.array(0, F32), expected)
    if mode in ("NONE", "RINT"):
        assert_bits_equal(run.array(0, F32), src.astype(F32))


@pytest.mark.parametrize("mode", DIRECTED)
def test_float_to_float_rounds_to_integral(simtest, mode):
    src = np.array([0.5, -0.5, 1.5, 2.5, -2.5, -0.3, 0.3, 1e30, -1e30, np.inf, np.nan, 8388607.5, -8388608.5, 3.75,
                    -3.75, 0.0], F32)
    run = cast(simtest, src, F32, mode)
    assert run.ok, run.result["error"]
    out = run.array(0, F32)
    finite = np.isfinite(src)
    expected = np.array([math.copysign(float(round_integer(Fraction(float(v)), mode)), float(v)) if v == v and
                         abs(v) != np.inf else float(v) for v in src], np.float64).astype(F32)
    assert_bits_equal(out[finite], expected[finite])
    assert np.isnan(out[np.isnan(src)]).all() and out[src == np.inf][0] == np.inf


# ---------------------------------------------------------------------------------------
# Unsupported modes, overlap rules

@pytest.mark.parametrize("src_dtype,dst_dtype,mode", [
    (F32, BF16, "NONE"), (F32, BF16, "ODD"), (F16, F32, "RINT"), (F32, np.int32, "NONE"), (F32, np.int32, "ODD"),
    (BF16, F32, "FLOOR"), (F32, F16, 7)])
def test_unsupported_mode_is_api_misuse_naming_the_pair(simtest, src_dtype, dst_dtype, mode):
    src = np.ones(16, src_dtype)
    run = run_vector(simtest, "Cast", [np.zeros(16, dst_dtype), src], [(0, 0, dst_dtype), (1, 0, src_dtype)], 16,
                     round_mode=MODES.get(mode, mode))
    assert not run.ok and run.result["error_kind"] == "api-misuse"
    names = {np.dtype(F32): "float", np.dtype(F16): "half", np.dtype(BF16): "bfloat16_t", np.dtype(np.int32): "int32_t"}
    assert f"Cast: {names[np.dtype(src_dtype)]} -> {names[np.dtype(dst_dtype)]}" in run.result["error"]
    assert "CAST_" in run.result["error"]
    ok = run_vector(simtest, "Cast", [np.zeros(16, F32), np.ones(16, F16)], [(0, 0, F32), (1, 0, F16)], 16,
                    round_mode=0)
    assert ok.ok, "the next launch must work"


@pytest.mark.parametrize("n", [1008, 64, 16])
def test_in_place_widening_trick(simtest, n):
    """ops-nn kernels load half data into the upper half of a float buffer and cast in place
    (pooling/max_pool3d_grad_with_argmax/op_kernel/max_pool3d_grad_with_argmax_cutk_base.h)."""
    values = np.random.default_rng(n).uniform(-100, 100, n).astype(F16)
    storage = np.concatenate([np.zeros(n, F16), values])  # 4n bytes: half data at byte offset 2n
    run = run_vector(simtest, "Cast", [storage], [(0, 0, F32), (0, n, F16)], n, round_mode=0)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, F32), values.astype(F32))


def test_in_place_narrowing_at_the_same_start(simtest):
    values = np.random.default_rng(9).uniform(-100, 100, 500).astype(F32)
    run = run_vector(simtest, "Cast", [values], [(0, 0, F16), (0, 0, F32)], 500, round_mode=1)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, F16)[:500], values.astype(F16))


def test_widening_at_the_same_start_is_rejected(simtest):
    storage = np.ones(256, F32)
    run = run_vector(simtest, "Cast", [storage], [(0, 0, F32), (0, 0, F16)], 200, round_mode=0)
    assert not run.ok and run.result["error_kind"] == "api-misuse"
    assert "Cast" in run.result["error"] and "dst" in run.result["error"] and "src" in run.result["error"]


def test_widening_trick_defines_the_whole_buffer(simtest):
    n = 64
    values = np.arange(n, dtype=F16)
    storage = Partly(np.concatenate([np.zeros(n, F16), values]), np.arange(2 * n) >= n)  # lower half never written
    run = run_vector(simtest, "Cast", [storage], [(0, 0, F32), (0, n, F16)], n, round_mode=0)
    assert run.ok, run.result["error"]
    assert run.defined_bytes(0).all()
    assert_bits_equal(run.array(0, F32), values.astype(F32))
