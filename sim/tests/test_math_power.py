"""The high-level Power (vector_math_power.h): tensor^tensor, tensor^scalar, scalar^tensor.

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/power/power_float_impl.h)
replayed in numpy float32, each step rounded once, the bit masks as boolean arrays; the sim must
agree bit for bit. (2) np.power in float64 with the tolerance the steps give: with r = y ln|x|,
ln and the product carry one float rounding each (|r| 2^-23 together) and exp one more relative
to the result, so |p - x^y| <= |x^y| ((|r| + 1) 2^-23 + 2^-40), plus 2^-11 |x^y| for half (the
final Cast); the special cases (0, +-1, +-inf, NaN, negative bases) must give np.power's value
exactly. A Ln off by 2^-20 relative (a perturbed constant of the replay) fails the tolerance
(test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

N = 1000
TMP = 16384


def replay(x, y, dtype, ln_scale=1.0, threshold=np.float32(1e-8)):
    """The steps on float32 copies of x and y (arrays of the same length)."""
    x, y = np.asarray(x).astype(F32), np.asarray(y).astype(F32)
    with np.errstate(all="ignore"):
        ln = np.log(np.abs(x).astype(np.float64))
        ln = (ln * ln_scale).astype(F32)
        dst = np.exp((y * ln).astype(np.float64)).astype(F32)
        t1 = np.rint(np.abs(y))
        t2 = np.floor(t1 * F32(0.5)) * F32(2)
        t1 = np.rint((t1 - t2) * F32(-2) + F32(1))
        ay = np.abs(y)
        int_y = np.abs(ay - np.rint(ay)) < threshold
        m1 = np.signbit(x) & int_y
        dst = (np.where(m1, t1, F32(1)) * dst).astype(F32)
        one = (ay != 0) & (x != 1) & ((x != -1) | (ay != np.inf))
        dst = np.where(one, dst, F32(1))
        keep = (ay == np.inf) | int_y | (x >= 0) | (x == -np.inf)
        dst = np.where(keep, dst, F32(np.nan)).astype(F32)
    return dst.astype(dtype)


def within_tolerance(got, x, y, dtype):
    x64, y64 = np.asarray(x).astype(F32).astype(np.float64), np.asarray(y).astype(F32).astype(np.float64)
    with np.errstate(all="ignore"):
        exact = np.power(x64, y64)
        r = np.abs(y64 * np.log(np.abs(x64)))
    tol = np.abs(exact) * ((r + 1) * 2.0 ** -23 + 2.0 ** -40)
    if dtype == F16:
        tol = tol + np.abs(exact) * 2.0 ** -11 + 2.0 ** -25
    finite = np.isfinite(exact) & (np.abs(exact) < 1e4 if dtype == F16 else np.abs(exact) < 1e37)
    err = np.abs(np.asarray(got, np.float64) - exact)
    return bool((err[finite] <= tol[finite]).all()), err, tol, finite


def operands(kind, dtype, n, tmp, whole):
    length = n if whole else -1
    ops = [(0, 0, dtype, length), (1, 0, dtype, length)]
    if kind == "TT":
        ops.append((2, 0, dtype, length))
    if tmp:
        ops.append((len(ops), 0, np.uint8))
    return ops


def run_power(simtest, kind, dtype, x, y, tmp=TMP, whole=False):
    """kind TT: x, y tensors; TS: y a scalar; ST: x a scalar."""
    n = (y if kind == "ST" else x).size
    tensors = {"TT": [x, y], "TS": [x], "ST": [y]}[kind]
    buffers = [np.zeros(n, dtype)] + [np.asarray(t, dtype) for t in tensors] + ([np.zeros(tmp, np.uint8)] if tmp else [])
    options = {"no_temp": not tmp}
    if kind != "TT":
        options["scalar"] = float(y if kind == "TS" else x)
    name = "Power" + kind + ("/whole" if whole else "")
    return run_vector(Misc(simtest), name, buffers, operands(kind, dtype, n, tmp, whole), n, **options)


def values(rng, dtype, n):
    x = rng.uniform(-4, 4, n).astype(dtype)
    y = rng.uniform(-6, 6, n).astype(dtype)
    y[::2] = np.rint(y[::2])  # integers: negative bases give real results
    return x, y


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_tensor_tensor(simtest, dtype):
    x, y = values(np.random.default_rng(1), dtype, N)
    r = run_power(simtest, "TT", dtype, x, y)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, y, dtype))
    ok, err, tol, finite = within_tolerance(got, x, y, dtype)
    assert ok, f"max error {np.max(err[finite] - tol[finite])}"
    assert finite.sum() > N // 3  # the negative bases with integer exponents and all positive ones


SPECIAL_X = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.0, -2.0, 0.5, -0.5, 3.0]
SPECIAL_Y = [0.0, -0.0, 1.0, 2.0, 3.0, -1.0, -2.0, np.inf, -np.inf, np.nan, 0.5, -2.5]


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_special_values_as_np_power(simtest, dtype):
    x, y = (np.array(v, dtype) for v in np.meshgrid(SPECIAL_X, SPECIAL_Y))
    x, y = x.ravel(), y.ravel()
    r = run_power(simtest, "TT", dtype, x, y)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, y, dtype))
    with np.errstate(all="ignore"):
        expected = np.power(x.astype(np.float64), y.astype(np.float64)).astype(dtype)
    special = ~np.isfinite(x) | ~np.isfinite(y) | np.isin(x, [0, 1, -1]) | (y == 0)
    same = (got == expected) | (np.isnan(got) & np.isnan(expected)) | ~special  # the rest: the tolerance
    assert within_tolerance(got[~special], x[~special], y[~special], dtype)[0]
    bad = np.nonzero(~same)[0]
    assert bad.size == 0, [(x[i], y[i], got[i], expected[i]) for i in bad]


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("kind,scalar", [("TS", 3.0), ("TS", -0.5), ("ST", 2.5), ("ST", -2.0)])
@pytest.mark.parametrize("no_temp", [False, True], ids=["sharedTmpBuffer", "framework-temp"])
def test_scalar_forms(simtest, dtype, kind, scalar, no_temp):
    rng = np.random.default_rng(2)
    t = rng.uniform(-3, 3, N).astype(dtype)
    if kind == "ST":
        t[::2] = np.rint(t[::2])
        x, y = np.full(N, scalar, dtype), t
    else:
        x, y = t, np.full(N, scalar, dtype)
    r = run_power(simtest, kind, dtype, scalar if kind == "ST" else x, scalar if kind == "TS" else y,
                  tmp=0 if no_temp else TMP)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, y, dtype))
    assert within_tolerance(got, x, y, dtype)[0]


@pytest.mark.parametrize("kind", ["TT", "TS", "ST"])
@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, kind, with_temp):
    x, y = values(np.random.default_rng(3), F32, 256)
    if kind == "TS":
        y = np.full(256, 2.0, F32)
    if kind == "ST":
        x = np.full(256, 1.5, F32)
    r = run_power(simtest, kind, F32, 1.5 if kind == "ST" else x, 2.0 if kind == "TS" else y,
                  tmp=TMP if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, y, F32))


def test_tolerance_is_tight():
    x, y = values(np.random.default_rng(4), F32, N)
    x = np.abs(x) + F32(0.5)
    y = (y * F32(3)).astype(F32)
    assert within_tolerance(replay(x, y, F32), x, y, F32)[0]
    assert not within_tolerance(replay(x, y, F32, ln_scale=1 + 2.0 ** -20), x, y, F32)[0]
    # the integer test's threshold decides NaN for negative bases
    xs, ys = np.full(4, -2.0, F32), np.array([2.3, 2.5, -1.7, 3.1], F32)
    assert np.isnan(replay(xs, ys, F32)).all()
    assert not np.isnan(replay(xs, ys, F32, threshold=np.float32(0.6))).any()


@pytest.mark.parametrize("dtype,kind,factor,per_chunk,fixed", [
    (F32, "TT", 4, 43, 2), (F32, "TS", 5, 43, 3), (F16, "TT", 7, 46, 2), (F16, "ST", 7, 45, 3)])
def test_chunks_and_instructions(simtest, dtype, kind, factor, per_chunk, fixed):
    tmp = 4096
    chunk = (tmp - 256) // 4 // factor // 32 * 32
    x, y = values(np.random.default_rng(5), dtype, N)
    if kind == "TS":
        y = np.full(N, 3.0, dtype)
    if kind == "ST":
        x = np.full(N, 1.25, dtype)
    r = run_power(simtest, kind, dtype, 1.25 if kind == "ST" else x, 3.0 if kind == "TS" else y, tmp=tmp)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), replay(x, y, dtype))
    assert r.vector_pipe()["instructions"] == fixed + -(-N // chunk) * per_chunk


def test_tmp_sizes(simtest):
    assert simtest.power_tmp_sizes([1000], [1000], False, 4) == (4 * 4000 + 256, 4 * 256 + 256, 4, 256)
    assert simtest.power_tmp_sizes([1000], [1], False, 4) == (5 * 4000 + 256, 5 * 256 + 256, 5, 256)
    assert simtest.power_tmp_sizes([1], [1000], False, 2) == (14 * 2000 + 256, 14 * 128 + 256, 14, 256)
    assert simtest.power_tmp_sizes([10], [10], False, 2) == (14 * 128 + 256, 14 * 128 + 256, 14, 256)
    assert simtest.power_tmp_sizes([1000], [1000], True, 4) == (6 * 4000, 6 * 256, 6, 0)
    assert simtest.power_tmp_sizes([1000], [1], True, 4) == (7 * 4000, 7 * 256, 7, 0)


@pytest.mark.parametrize("dtype,kind,is_int", [(F32, "TT", False), (F32, "TS", False), (F16, "TT", False)])
def test_min_and_max_tmp_sizes_work(simtest, dtype, kind, is_int):
    shape2 = [N] if kind == "TT" else [1]
    maximum, minimum, _, _ = simtest.power_tmp_sizes([N], shape2, is_int, np.dtype(dtype).itemsize)
    x, y = values(np.random.default_rng(6), dtype, N)
    if kind == "TS":
        y = np.full(N, 2.0, dtype)
    for tmp in (minimum, maximum):
        r = run_power(simtest, kind, dtype, x, 2.0 if kind == "TS" else y, tmp=tmp)
        assert r.ok, r.result["error"]
        assert_bits_equal(r.array(0, dtype), replay(x, y, dtype))
    # the maximum holds the whole input (down to 32 elements) in one chunk
    chunk = (maximum - 256) // 4 // (4 if kind == "TT" and dtype == F32 else 5 if dtype == F32 else 7) // 32 * 32
    assert chunk >= N // 32 * 32


# ---- int32_t: power_int_impl.h's square-and-multiply loops -------------------------------------

def int_replay(x, y):
    """x^|y| in wrapping int32 arithmetic (the loops multiply mod 2^32); a negative y gives
    trunc(1 / float(x^|y|)) (0 where x^|y| wrapped to 0); y = 0 gives 1."""
    out = []
    for a, b in zip(np.asarray(x, np.int64), np.asarray(y, np.int64)):
        v = pow(int(a), abs(int(b)), 1 << 32)
        v = v - (1 << 32) if v >= 1 << 31 else v
        if b < 0:
            v = 0 if v == 0 else int(np.trunc(np.float32(1) / np.float32(v)))
        out.append(v)
    return np.array(out, np.int32)


I32 = np.int32


def test_int_tensor_tensor(simtest):
    rng = np.random.default_rng(7)
    x = rng.integers(-6, 7, N).astype(I32)
    y = rng.integers(-12, 13, N).astype(I32)
    x[:8], y[:8] = [3, -3, 2, 7, 1, -1, 0, 0], [25, 21, 31, 19, -5, -7, 0, -3]  # wrapping, 1/x, 0^0, 1/0
    r = run_power(simtest, "TT", I32, x, y)
    assert r.ok, r.result["error"]
    got = r.array(0, I32)
    assert_bits_equal(got, int_replay(x, y))
    small = (np.abs(x.astype(np.float64)) ** np.abs(y) < 2 ** 31) & (y >= 0)
    exact = np.array([int(a) ** int(b) for a, b in zip(x[small], y[small])], np.int64)
    assert (got[small] == exact).all()


@pytest.mark.parametrize("kind,scalar", [("TS", 5), ("TS", -1), ("ST", -2), ("ST", 1)])
@pytest.mark.parametrize("no_temp", [False, True], ids=["sharedTmpBuffer", "framework-temp"])
def test_int_scalar_forms(simtest, kind, scalar, no_temp):
    rng = np.random.default_rng(8)
    t = rng.integers(-9, 10, 300).astype(I32)
    x, y = (np.full(300, scalar, I32), t) if kind == "ST" else (t, np.full(300, scalar, I32))
    r = run_power(simtest, kind, I32, scalar if kind == "ST" else x, scalar if kind == "TS" else y,
                  tmp=0 if no_temp else TMP)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, I32), int_replay(x, y))


def test_int_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.power_tmp_sizes([N], [N], True, 4)
    rng = np.random.default_rng(9)
    x, y = rng.integers(-4, 5, N).astype(I32), rng.integers(0, 9, N).astype(I32)
    r = run_power(simtest, "TT", I32, x, y, tmp=minimum)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, I32), int_replay(x, y))
    r = run_power(simtest, "TT", I32, x, y, tmp=736)  # 30 elements of 6 int32 pieces
    assert_reported(r, "api-misuse", "Power: the temp (sharedTmpBuffer", "GetPowerMaxMinTmpSize")


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    x = np.ones(64, F32)
    r = run_power(simtest, "TT", F32, x, x, tmp=736)  # UB buffers are whole 32-byte blocks: 30 floats of 4 pieces
    assert_reported(r, "api-misuse", "Power: the temp (sharedTmpBuffer", "GetPowerMaxMinTmpSize")


def test_dst_overlapping_source(simtest):
    x = np.ones(64, F32)
    r = run_vector(Misc(simtest), "PowerTS", [x, np.zeros(TMP, np.uint8)], [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)],
                   64, scalar=2.0)
    assert_reported(r, "api-misuse", "Power", "dstTensor", "src0Tensor")
    r = run_vector(Misc(simtest), "PowerST", [x, np.zeros(TMP, np.uint8)], [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)],
                   64, scalar=2.0)
    assert_reported(r, "api-misuse", "Power", "dstTensor", "src1Tensor")


def test_temp_overlapping_source(simtest):
    r = run_vector(Misc(simtest), "PowerTT", [np.zeros(64, F32), np.zeros(4096, F32), np.ones(64, F32)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Power", "src0Tensor", "sharedTmpBuffer")


def test_count_beyond_tensors(simtest):
    r = run_vector(Misc(simtest), "PowerTT", [np.zeros(128, F16), np.ones(256, F16), np.ones(256, F16),
                                              np.zeros(TMP, np.uint8)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, F16), (3, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Power", "dstTensor")
    r = run_vector(Misc(simtest), "PowerTT", [np.zeros(256, F32), np.ones(256, F32), np.ones(100, F32),
                                              np.zeros(TMP, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Power", "src1Tensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int16_t>& d, LocalTensor<uint8_t>& t) { Power(d, d, d, t, 16); }
""")
    assert "Power: element type must be half, float or int32_t" in errors
