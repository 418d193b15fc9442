"""The sim's count-form vector APIs, Tanh/Sigmoid and reductions against numpy.

Every API runs alone in a one-core launch (``_simtest.run_vector``): inputs are written
straight into UB buffers, the API runs, the buffers are read back. References are numpy
(float32 arithmetic is IEEE, so fp32 results must match bit for bit), numpy float64 for
Exp/Ln (the sim rounds a double-precision result once), and plain Python re-implementations
of the documented Tanh/Sigmoid/reduction orders.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests.vector_harness import (BF16, F16, F32, RNG_SEED, Partly, Poisoned, assert_bits_equal, random_values,
                            run_vector)

FLOAT_TYPES = [F32, F16]
ARITH_TYPES = [F32, F16, np.int32, np.int16]
# Counts that are not multiples of 8/16 and cross repeat boundaries; offsets keep 32-B alignment.
SHAPES = [(1, 0), (13, 16), (200, 48), (1000, 0)]


def numpy_binary(api, a, b):
    dtype = a.dtype
    if np.issubdtype(dtype, np.integer):
        with np.errstate(over="ignore"):
            return {"Add": a + b, "Sub": a - b, "Mul": a * b, "Max": np.maximum(a, b), "Min": np.minimum(a, b)}[api]
    x, y = a.astype(F32), b.astype(F32)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = {"Add": x + y, "Sub": x - y, "Mul": x * y, "Div": x / y,
               "Max": np.maximum(x, y), "Min": np.minimum(x, y)}[api]
    return out.astype(dtype)


BINARY_CASES = [pytest.param(api, dtype, id=f"{api}-{np.dtype(dtype).name}")
                for api in ["Add", "Sub", "Mul", "Div", "Max", "Min"] for dtype in ARITH_TYPES
                if not (api == "Div" and np.issubdtype(dtype, np.integer))]  # Div: half and float only


@pytest.mark.parametrize("api,dtype", BINARY_CASES)
@pytest.mark.parametrize("count,offset", SHAPES)
def test_binary_matches_numpy(simtest, api, dtype, count, offset):
    rng = np.random.default_rng(RNG_SEED + count)
    size = offset + count + 8
    a, b = random_values(rng, dtype, size), random_values(rng, dtype, size)
    if np.issubdtype(dtype, np.floating):
        a[offset] = b[offset]  # ties for Max/Min, exact zero for Sub
    run = run_vector(simtest, api, [np.zeros(size, dtype), a, b],
                     [(0, offset, dtype), (1, offset, dtype), (2, offset, dtype)], count)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert_bits_equal(out[offset:offset + count], numpy_binary(api, a[offset:offset + count], b[offset:offset + count]))
    assert not out[:offset].any() and not out[offset + count:].any(), "wrote outside [offset, offset + count)"
    pipe = run.vector_pipe()
    assert pipe["instructions"] == 1
    assert pipe["repeats"] == math.ceil(count * np.dtype(dtype).itemsize / 256)


def test_half_arithmetic_rounds_once_and_overflows_to_inf(simtest):
    a = np.array([1.0, 2050.0, 65504.0, -65504.0] + [0.0] * 12, F16)
    b = np.array([2.0 ** -11, 1.0, 65504.0, -65504.0] + [0.0] * 12, F16)
    run = run_vector(simtest, "Add", [np.zeros(16, F16), a, b], [(0, 0, F16), (1, 0, F16), (2, 0, F16)], 4)
    # Ties go to even: 1 + 2^-11 -> 1, 2050 + 1 -> 2052; overflow -> +-Inf (IEEE, not saturation).
    assert_bits_equal(run.array(0, F16)[:4], np.array([1.0, 2052.0, np.inf, -np.inf], F16))


def test_max_min_propagate_nan(simtest):
    a = np.array([np.nan, 1.0, -0.0, 5.0, 1, 1, 1, 1], F32)
    b = np.array([1.0, np.nan, 0.0, -5.0, 1, 1, 1, 1], F32)
    for api, expected3 in (("Max", 5.0), ("Min", -5.0)):
        run = run_vector(simtest, api, [np.zeros(8, F32), a, b], [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 4)
        out = run.array(0, F32)
        assert np.isnan(out[0]) and np.isnan(out[1]) and out[3] == expected3


@pytest.mark.parametrize("api", ["Add", "Mul", "Max"])
@pytest.mark.parametrize("dtype", [F32, F16, np.int32], ids=lambda t: np.dtype(t).name)
def test_binary_in_place(simtest, api, dtype):
    rng = np.random.default_rng(1)
    n = 77
    a, b = random_values(rng, dtype, 80, -3, 3), random_values(rng, dtype, 80, -3, 3)
    for operands, expected in (([(0, 0, dtype), (0, 0, dtype), (1, 0, dtype)], numpy_binary(api, a[:n], b[:n])),
                               ([(1, 0, dtype), (0, 0, dtype), (1, 0, dtype)], numpy_binary(api, a[:n], b[:n])),
                               ([(0, 0, dtype), (0, 0, dtype), (0, 0, dtype)], numpy_binary(api, a[:n], a[:n]))):
        run = run_vector(simtest, api, [a, b], operands, n)
        assert run.ok, run.result["error"]
        assert_bits_equal(run.array(operands[0][0], dtype)[:n], expected)


# ---------------------------------------------------------------------------------------
# Scalar forms

@pytest.mark.parametrize("api,op", [("Adds", np.add), ("Muls", np.multiply), ("Maxs", np.maximum), ("Mins", np.minimum)])
@pytest.mark.parametrize("dtype", ARITH_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("scalar_type", ["native", "float", "int"])
def test_scalar_forms(simtest, api, op, dtype, scalar_type):
    rng = np.random.default_rng(7)
    count, offset = 150, 16
    x = random_values(rng, dtype, offset + count)
    scalar = -3.0 if scalar_type == "int" else -2.75
    run = run_vector(simtest, api, [np.zeros(offset + count, dtype), x], [(0, offset, dtype), (1, offset, dtype)], count,
                     scalar=scalar, scalar_type=scalar_type)
    assert run.ok, run.result["error"]
    # The scalar is converted to the element type first (CANN takes it as T).
    if np.issubdtype(dtype, np.integer):
        s = np.array(int(scalar), dtype)
        with np.errstate(over="ignore"):
            expected = op(x[offset:], s).astype(dtype)
    else:
        s = np.array(scalar, dtype).astype(F32)
        expected = op(x[offset:].astype(F32), s).astype(dtype)
    assert_bits_equal(run.array(0, dtype)[offset:], expected)


def test_scalar_may_be_a_wider_type_for_half(simtest):
    x = np.arange(16, dtype=F16)
    run = run_vector(simtest, "Muls", [np.zeros(16, F16), x], [(0, 0, F16), (1, 0, F16)], 16, scalar=0.1,
                     scalar_type="double")
    assert_bits_equal(run.array(0, F16), (x.astype(F32) * F32(F16(0.1))).astype(F16))


# ---------------------------------------------------------------------------------------
# Unary APIs

def unary_reference(api, x):
    dtype = x.dtype
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if api == "Exp":
            return np.exp(x.astype(np.float64)).astype(dtype)
        if api == "Ln":
            return np.log(x.astype(np.float64)).astype(dtype)
        if api == "Sqrt":
            return np.sqrt(x.astype(F32)).astype(dtype)
        if api == "Reciprocal":
            return (F32(1) / x.astype(F32)).astype(dtype)
        if api == "Abs":
            return np.abs(x)
        if api == "Relu":
            return np.where(x < 0, np.zeros_like(x), x)
    raise AssertionError(api)


UNARY_RANGES = {"Exp": (-12, 12), "Ln": (1e-3, 1e4), "Sqrt": (0, 1e4), "Reciprocal": (-100, 100),
                "Abs": (-100, 100), "Relu": (-100, 100)}


@pytest.mark.parametrize("api", list(UNARY_RANGES))
@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count,offset", SHAPES[1:])
def test_unary_matches_numpy(simtest, api, dtype, count, offset):
    rng = np.random.default_rng(RNG_SEED + 3 * count)
    x = random_values(rng, dtype, offset + count, *UNARY_RANGES[api])
    run = run_vector(simtest, api, [np.zeros_like(x), x], [(0, offset, dtype), (1, offset, dtype)], count)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)[offset:]
    assert_bits_equal(out, unary_reference(api, x[offset:]))
    if api in ("Exp", "Ln"):
        # Independent of how the sim evaluates it: within 2 ulp of numpy's own single-precision function.
        with np.errstate(over="ignore"):
            loose = (np.exp if api == "Exp" else np.log)(x[offset:].astype(F32)).astype(dtype)
        finite = np.isfinite(loose)
        ulp = np.spacing(np.abs(loose[finite])).astype(np.float64)
        assert np.all(np.abs(out[finite].astype(np.float64) - loose[finite].astype(np.float64)) <= 2 * ulp)
        np.testing.assert_array_equal(out[~finite], loose[~finite])


def exp_sweep() -> np.ndarray:
    """fp32 inputs where an exp is most easily wrong: a dense sweep of the whole finite range
    (overflow above 88.72, subnormal results below -87.34, 0 below -103.97), every float
    near those edges, tiny and huge magnitudes, and the infinities."""
    rng = np.random.default_rng(RNG_SEED + 17)
    edges = [np.float32(e) for e in (88.72284, -87.33655, -103.27893, -103.97208, 0.0)]
    near = [np.nextafter(e, np.float32(np.inf) if k % 2 else np.float32(-np.inf)) for e in edges for k in range(2)]
    around = np.concatenate([e.view(np.int32) + np.arange(-300, 300, dtype=np.int32) for e in edges]).view(F32)
    return np.concatenate([rng.uniform(-110, 90, 6000).astype(F32), around, np.array(near, F32),
                           np.array([1e-30, -1e-30, 1e30, -1e30, 3.4e38, -3.4e38, np.inf, -np.inf], F32)])


def test_exp_is_the_double_value_rounded_once_over_the_whole_range(simtest):
    # Exp's double-precision evaluation (ExpForNarrow: no libm call, vectorized) against numpy's
    # float64 exp rounded once, bit for bit, including subnormal results, overflow and 0.
    x = exp_sweep()
    run = run_vector(simtest, "Exp", [np.zeros_like(x), x], [(0, 0, F32), (1, 0, F32)], x.size)
    assert run.ok, run.result["error"]
    with np.errstate(over="ignore", under="ignore"):
        assert_bits_equal(run.array(0, F32), np.exp(x.astype(np.float64)).astype(F32))


def test_unary_special_values(simtest):
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -1.0, 1e-45, 100.0], F32)
    tiny = float(x[6])  # the smallest subnormal
    expectations = {
        "Exp": [1.0, 1.0, np.inf, 0.0, np.nan, math.exp(-1), 1.0, np.inf],
        "Ln": [-np.inf, -np.inf, np.inf, np.nan, np.nan, np.nan, math.log(tiny), math.log(100)],
        "Sqrt": [0.0, -0.0, np.inf, np.nan, np.nan, np.nan, math.sqrt(tiny), 10.0],
        "Abs": [0.0, 0.0, np.inf, np.inf, np.nan, 1.0, tiny, 100.0],
        "Relu": [0.0, -0.0, np.inf, 0.0, np.nan, 0.0, 1e-45, 100.0],
    }
    for api, expected in expectations.items():
        run = run_vector(simtest, api, [np.zeros(8, F32), x], [(0, 0, F32), (1, 0, F32)], 8)
        np.testing.assert_array_equal(run.array(0, F32), np.array(expected, F32), err_msg=api)


def test_relu_int32(simtest):
    x = np.array([-5, 0, 7, -2147483648, 2147483647, 3, -1, 1], np.int32)
    run = run_vector(simtest, "Relu", [np.zeros(8, np.int32), x], [(0, 0, np.int32), (1, 0, np.int32)], 8)
    np.testing.assert_array_equal(run.array(0, np.int32), np.maximum(x, 0))


def test_unary_in_place(simtest):
    x = np.linspace(-3, 3, 40).astype(F32)
    run = run_vector(simtest, "Exp", [x], [(0, 0, F32), (0, 0, F32)], 40)
    assert_bits_equal(run.array(0, F32), np.exp(x.astype(np.float64)).astype(F32))


# ---------------------------------------------------------------------------------------
# Duplicate

@pytest.mark.parametrize("dtype,value", [(F32, -1.25), (F16, 3.140625), (BF16, 2.5), (np.int32, -123456),
                                         (np.int16, -300), (np.uint16, 65000), (np.uint32, 4000000000)],
                         ids=lambda v: np.dtype(v).name if isinstance(v, type) else str(v))
def test_duplicate(simtest, dtype, value):
    count, offset = 45, 16
    run = run_vector(simtest, "Duplicate", [np.zeros(offset + count + 16, dtype)], [(0, offset, dtype)], count,
                     scalar=value, scalar_type="native")
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    np.testing.assert_array_equal(out[offset:offset + count], np.full(count, value, dtype))
    assert not out[:offset].any() and not out[offset + count:].any()


# ---------------------------------------------------------------------------------------
# Count 0, definedness, counters

def test_count_zero_is_a_no_op(simtest):
    a = np.arange(8, dtype=F32)
    run = run_vector(simtest, "Add", [np.full(8, 9, F32), a, a], [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 0)
    assert run.ok
    np.testing.assert_array_equal(run.array(0, F32), np.full(8, 9, F32))
    assert run.vector_pipe()["instructions"] == 0


def test_definedness_flows_elementwise(simtest):
    n = 64
    defined = np.ones(n, bool)
    defined[[3, 17, 40]] = False
    other = np.ones(n, bool)
    other[50] = False
    a = Partly(np.arange(n, dtype=F32), defined)
    b = Partly(np.arange(n, dtype=F32), other)
    run = run_vector(simtest, "Mul", [Poisoned(n * 4), a, b], [(0, 0, F32), (1, 0, F32), (2, 0, F32)], n - 8)
    assert run.ok, run.result["error"]
    flags = run.defined_bytes(0).reshape(-1, 4)
    expected = (defined & other)[:n - 8]
    np.testing.assert_array_equal(flags[:n - 8].all(axis=1), expected)
    assert not flags[n - 8:].any(), "elements past count must stay undefined"


def test_undefined_sources_make_a_defined_destination_undefined(simtest):
    # The destination starts known defined (Operand's fast answer), the sources do not: the
    # result must still carry the sources' holes, element by element.
    n = 64
    holes = np.ones(n, bool)
    holes[[0, 9, 33, 63]] = False
    a = Partly(np.arange(n, dtype=F32), holes)
    for layout in ([np.zeros(n, F32), a, np.ones(n, F32)], [np.zeros(n, F32), np.ones(n, F32), a]):
        run = run_vector(simtest, "Add", layout, [(0, 0, F32), (1, 0, F32), (2, 0, F32)], n)
        assert run.ok, run.result["error"]
        np.testing.assert_array_equal(run.defined_bytes(0).reshape(-1, 4).all(axis=1), holes)


def test_defined_sources_define_exactly_the_written_part_of_a_poisoned_destination(simtest):
    # Sources known defined, destination not: the written elements become defined, the rest
    # of the destination stays undefined.
    n = 64
    run = run_vector(simtest, "Sub", [Poisoned(n * 4), np.arange(n, dtype=F32), np.ones(n, F32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, F32)], n - 16)
    assert run.ok, run.result["error"]
    flags = run.defined_bytes(0).reshape(-1, 4)
    assert flags[:n - 16].all() and not flags[n - 16:].any()
    np.testing.assert_array_equal(run.array(0, F32)[:n - 16], np.arange(n - 16, dtype=F32) - 1)


def test_in_place_on_partly_defined_data_keeps_its_holes(simtest):
    n = 64
    holes = np.ones(n, bool)
    holes[[5, 6, 40]] = False
    run = run_vector(simtest, "Mul", [Partly(np.arange(n, dtype=F32), holes), np.full(n, 2, F32)],
                     [(0, 0, F32), (0, 0, F32), (1, 0, F32)], n)
    assert run.ok, run.result["error"]
    np.testing.assert_array_equal(run.defined_bytes(0).reshape(-1, 4).all(axis=1), holes)


def test_cast_counts_repeats_of_the_wider_operand(simtest):
    x = np.ones(300, F16)
    run = run_vector(simtest, "Cast", [np.zeros(300, F32), x], [(0, 0, F32), (1, 0, F16)], 300, round_mode=0)
    pipe = run.vector_pipe()
    assert pipe["instructions"] == 1 and pipe["repeats"] == math.ceil(300 * 4 / 256)
    assert pipe["bytes"] == 300 * 4


# ---------------------------------------------------------------------------------------
# Tanh and Sigmoid, step by step in numpy: re-implementations of asc-devkit's
# impl/adv_api/detail/math/tanh/tanh_common_impl.h and
# impl/adv_api/detail/activation/sigmoid/sigmoid_impl.h

def exp_rounded(x: np.ndarray) -> np.ndarray:
    """The sim's Exp: the double-precision value rounded once to x's type (overflow -> Inf)."""
    with np.errstate(over="ignore"):
        return np.exp(x.astype(np.float64)).astype(x.dtype)


def tanh_reference(x: np.ndarray) -> np.ndarray:
    wide = x.astype(F32)
    clip = np.maximum(np.minimum(wide, F32(8.8)), F32(-8.8))
    e = exp_rounded(clip * F32(2))
    return ((e - F32(1)) / (e + F32(1))).astype(x.dtype)


def sigmoid_reference(x: np.ndarray) -> np.ndarray:
    """Every step rounds to x's own type (half stays half)."""
    minus_x = (x.astype(F32) * F32(-1)).astype(x.dtype)
    denominator = (exp_rounded(minus_x).astype(F32) + F32(1)).astype(x.dtype)
    return (F32(1) / denominator.astype(F32)).astype(x.dtype)


def tanh_chunk(dtype, temp_bytes):
    return temp_bytes // 4 // (2 if np.dtype(dtype).itemsize == 2 else 1) // 32 * 32


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count,temp_bytes", [(1, 256), (100, 256), (1000, 1024), (3000, 8192)])
def test_tanh_follows_the_documented_algorithm(simtest, dtype, count, temp_bytes):
    rng = np.random.default_rng(count)
    x = rng.uniform(-12, 12, count).astype(dtype)
    x[: min(count, 4)] = np.array([0.0, -0.0, 8.8, -20.0], dtype)[: min(count, 4)]
    run = run_vector(simtest, "Tanh", [np.zeros(count, dtype), x, Poisoned(temp_bytes)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8)], count)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert_bits_equal(out, tanh_reference(x))
    tolerance = 2e-6 if dtype == F32 else 1e-3  # against the true tanh; the clip costs < 1e-7
    np.testing.assert_allclose(out.astype(np.float64), np.tanh(x.astype(np.float64)), rtol=tolerance, atol=tolerance)
    chunks = math.ceil(count / tanh_chunk(dtype, temp_bytes))
    assert run.vector_pipe()["instructions"] == chunks * (7 if dtype == F32 else 9)


def test_tanh_propagates_nan_and_saturates_inf(simtest):
    x = np.array([np.nan, np.inf, -np.inf, 1.0] * 2, F32)
    run = run_vector(simtest, "Tanh", [np.zeros(8, F32), x, Poisoned(256)], [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 8)
    out = run.array(0, F32)
    assert np.isnan(out[0]) and out[1] == 1.0 and out[2] == -1.0


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count,temp_bytes", [(7, 64), (500, 512), (2000, 2048)])
def test_sigmoid_follows_the_documented_algorithm(simtest, dtype, count, temp_bytes):
    rng = np.random.default_rng(count + 5)
    x = rng.uniform(-15, 15, count).astype(dtype)
    run = run_vector(simtest, "Sigmoid", [np.zeros(count, dtype), x, Poisoned(temp_bytes)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8)], count)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert_bits_equal(out, sigmoid_reference(x))
    true = 1.0 / (1.0 + np.exp(-x.astype(np.float64)))
    tolerance = 1e-6 if dtype == F32 else 2e-3
    np.testing.assert_allclose(out.astype(np.float64), true, rtol=tolerance, atol=tolerance)
    chunk = temp_bytes // np.dtype(dtype).itemsize
    assert run.vector_pipe()["instructions"] == math.ceil(count / chunk) * 5


@pytest.mark.parametrize("api,reference", [("Tanh", tanh_reference), ("Sigmoid", sigmoid_reference)])
@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
def test_activation_without_temp_uses_the_rest_of_ub(simtest, api, reference, dtype):
    count = 5000
    x = np.linspace(-6, 6, count).astype(dtype)
    run = run_vector(simtest, api, [np.zeros(count, dtype), x], [(0, 0, dtype), (1, 0, dtype)], count, no_temp=True)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, dtype), reference(x))


# ---------------------------------------------------------------------------------------
# Reductions: bit-exact against a Python re-implementation of the documented order

def reduce_add(a, b, dtype):
    """One addition of the reduction unit: rounded to dtype; finite half overflow saturates."""
    total = (np.asarray(a, dtype).astype(F32) + np.asarray(b, dtype).astype(F32)).astype(dtype)
    if dtype == F16 and np.isinf(total) and np.isfinite(a) and np.isfinite(b):
        return np.copysign(F16(65504), total).astype(F16)
    return total


def tree_sum(values, present, dtype):
    values, present = list(values), list(present)
    while len(values) > 1:
        pairs = range(0, len(values), 2)
        values, present = ([reduce_add(values[i], values[i + 1], dtype) if present[i] and present[i + 1]
                            else (values[i] if present[i] else values[i + 1]) for i in pairs],
                           [present[i] or present[i + 1] for i in pairs])
    return values[0], present[0]


def reduce_sum_reference(x, dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    total = None
    for first in range(0, len(x), lanes):
        chunk = list(x[first:first + lanes])
        present = [True] * len(chunk) + [False] * (lanes - len(chunk))
        repeat_sum, _ = tree_sum(chunk + [dtype(0)] * (lanes - len(chunk)), present, dtype)
        total = repeat_sum if total is None else reduce_add(total, repeat_sum, dtype)
    return total


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count", [1, 63, 64, 65, 300, 4000])
def test_reduce_sum(simtest, dtype, count):
    rng = np.random.default_rng(count)
    x = rng.uniform(-1, 1, count).astype(dtype)
    lanes = 256 // np.dtype(dtype).itemsize
    per_block = 32 // np.dtype(dtype).itemsize
    work = math.ceil(max(1, math.ceil(count / lanes)) / per_block) * per_block
    run = run_vector(simtest, "ReduceSum", [np.zeros(16, dtype), x, Poisoned(work * np.dtype(dtype).itemsize)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], count)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert_bits_equal(out[:1], [reduce_sum_reference(x, dtype)])
    assert not out[1:].any(), "only dst[0] is written"
    exact = x.astype(np.float64).sum()
    bound = (8e-7 if dtype == F32 else 1e-3) * (math.log2(lanes) + count / lanes) * np.abs(x).astype(np.float64).sum()
    assert abs(float(out[0]) - exact) <= bound + 1e-3 * (dtype == F16)


def test_reduce_sum_work_may_alias_dst(simtest):
    x = np.arange(100, dtype=F32)
    run = run_vector(simtest, "ReduceSum", [np.zeros(16, F32), x], [(0, 0, F32), (1, 0, F32), (0, 0, F32)], 100)
    assert run.ok and run.array(0, F32)[0] == 4950.0


def test_half_reduction_saturates_as_documented(simtest):
    # The WholeReduceSum page: 60000 + 60000 -> 65504, then 65504 + (-30000 + 100).
    x = np.zeros(128, F16)
    x[:4] = [60000, 60000, -30000, 100]
    run = run_vector(simtest, "WholeReduceSum", [np.zeros(16, F16), x], [(0, 0, F16), (1, 0, F16)], 0,
                     mask=4, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    out = run.array(0, F16)[0]
    assert np.isfinite(out), "60000 + 60000 must saturate at 65504, not overflow to Inf"
    right = (F32(-30000) + F32(100)).astype(F16)
    assert out == (F32(65504) + right.astype(F32)).astype(F16)


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("mask,repeats,dst_rep,src_blk,src_rep", [
    ("full", 4, 1, 1, 8),   # contiguous rows of one repeat each
    (37, 3, 2, 1, 8),       # partial mask, results every other element
    ("full", 2, 1, 2, 16),  # blocks two apart inside a repeat
    (5, 5, 1, 1, 0),        # srcRepStride 0 re-reads the same repeat
])
def test_whole_reduce_sum(simtest, dtype, mask, repeats, dst_rep, src_blk, src_rep):
    s = np.dtype(dtype).itemsize
    lanes, per_block = 256 // s, 32 // s
    mask = lanes if mask == "full" else mask
    src_elems = ((repeats - 1) * src_rep * 32 + 7 * src_blk * 32 + 32) // s
    rng = np.random.default_rng(mask * 100 + repeats)
    x = rng.uniform(-2, 2, src_elems).astype(dtype)
    dst = np.full((repeats - 1) * dst_rep + 16, 7, dtype)
    run = run_vector(simtest, "WholeReduceSum", [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, mask=mask,
                     repeat_time=repeats, dst_rep_stride=dst_rep, src_blk_stride=src_blk, src_rep_stride=src_rep)
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        lanes_values = [x[(r * src_rep * 32 + (lane // per_block) * src_blk * 32) // s + lane % per_block]
                        for lane in range(lanes)]
        total, _ = tree_sum(lanes_values, [lane < mask for lane in range(lanes)], dtype)
        expected[r * dst_rep] = total
    assert_bits_equal(run.array(0, dtype), expected)
    assert run.vector_pipe()["repeats"] == repeats


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("use_bits", [False, True])
def test_block_reduce_sum(simtest, dtype, use_bits):
    s = np.dtype(dtype).itemsize
    lanes, per_block = 256 // s, 32 // s
    repeats, dst_rep = 3, 2
    x = np.random.default_rng(3).uniform(-4, 4, repeats * lanes).astype(dtype)
    if use_bits:
        present = np.zeros(lanes, bool)
        present[[0, 3, per_block + 1, 5 * per_block + per_block - 1]] = True  # blocks 2,3,4,6,7 fully masked
        words = [int(sum(1 << i for i in range(64) if present[w * 64 + i])) for w in range(lanes // 64)]
        options = dict(bit_mask=words + [0] * (2 - len(words)))
    else:
        present = np.arange(lanes) < 3 * per_block + 2  # blocks 0-2 full, block 3 partly, 4-7 off
        options = dict(mask=int(present.sum()))
    dst = np.full(repeats * dst_rep * 8 + 8, 9, dtype)
    run = run_vector(simtest, "BlockReduceSum", [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, repeat_time=repeats,
                     dst_rep_stride=dst_rep, src_blk_stride=1, src_rep_stride=8, **options)
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        for b in range(8):
            sel = slice(b * per_block, (b + 1) * per_block)
            total, any_lane = tree_sum(list(x[r * lanes:(r + 1) * lanes][sel]), list(present[sel]), dtype)
            if any_lane:  # a fully masked block leaves its dst element unchanged
                expected[r * dst_rep * 8 + b] = total
    assert_bits_equal(run.array(0, dtype), expected)


def test_reductions_ignore_masked_out_undefined_lanes(simtest):
    x = np.ones(64, F32)
    defined = np.arange(64) < 10
    run = run_vector(simtest, "WholeReduceSum", [np.zeros(8, F32), Partly(x, defined)], [(0, 0, F32), (1, 0, F32)], 0,
                     mask=10, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert run.ok, run.result["error"]
    assert run.array(0, F32)[0] == 10.0
