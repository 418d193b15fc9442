"""The high-level Asin and Acos (vector_math_asin.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/asin/asin_common_impl.h,
acos/acos_common_impl.h) replayed in numpy, each step rounded once (float32, or float16 for the
half path's half steps); the sim must agree bit for bit. (2) float64 arcsin/arccos with the
tolerance the sequence gives, u = 2^-24 (float steps), h = 2^-11 (half steps and the half result):
  method: the formula itself in float64 on the float constants, |F(x) - asin x| (the series stops
  at r^15, so near |x| = B = sqrt(1/2) this is ~1e-4; both branches are taken near B);
  |x| < B (res1 = T(|x|) in s = x^2): a Horner chain of positive terms, 17 roundings, s's own
  rounding entering with degree 7, Sqrt(s) 1.5 more: 32 u |y| (half: 21 h |y|, its coefficients
  rounded to half);
  |x| > B (res2 = pi/2 - T(r), r = sqrt(1 - x^2)): 1 - x^2 is off by <= 2u, so r by
  dr <= min(u / r, sqrt(2u)) + u r, T' <= 1.6 there: 32 u T + 1.6 dr + u |res2|;
  the choice and the combination are exact; sign(x) is exactly +-1 in float, in half off by
  5 2^-15 / (2^15 |x| + 2^-15) relative (x 2^15 plus 2^-15 rounds back to x 2^15 unless |x| is
  tiny); Acos adds its Adds' u (|asin| + pi/2) and |float(pi/2) - pi/2|; half's last Cast h |y|.
C0 off by 1e-5 (relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
U, H = 2.0 ** -24, 2.0 ** -11
HALF_PI = np.float32(1.5707963267948966192313216916398)
B = np.float32(0.70710678118654752440084436210485)
COEF = [np.float32(v) for v in (1.0, 0.16666666666666666666666666666667, 0.075, 0.04464285714285714285714285714286,
                                0.03038194444444444444444444444444, 0.02237215909090909090909090909091,
                                0.01735276442307692307692307692308, 0.01396484375)]


def d(v):
    return np.asarray(v, np.float64)


def series(r, t, coef):
    """AsinSeries: T(r) in type t, every step rounded to t."""
    c = [t(v) for v in coef]
    dst = (r * r).astype(t)
    rr = (r * r).astype(t)
    dst = (dst * c[7]).astype(t)
    for i in range(6, 0, -1):
        dst = (dst + c[i]).astype(t)
        dst = (dst * rr).astype(t)
    dst = (dst + c[0]).astype(t)
    return (dst * r).astype(t)


def series_of_square(s, coef):
    """AsinSeriesOfSquare in float32: (T(sqrt s), sqrt s)."""
    dst = s * F32(1)
    dst = dst * coef[7]
    for i in range(6, 0, -1):
        dst = dst + coef[i]
        dst = dst * s
    dst = dst + coef[0]
    s = np.sqrt(s)
    return dst * s, s


def choice(c, t, it):
    c = np.minimum(c, t(B)).astype(t)
    c = (c + t(-B)).astype(t)
    c = np.floor(c.astype(np.float64)).astype(it).astype(t)
    return (c * t(-1)).astype(t)


def sign(x, t):
    big, tiny = (t(2.0 ** 62), F32(2.168404344971009e-19)) if t == F32 else (t(32768.0), t(2.0 ** -15))
    num = (x * big).astype(t)
    den = (np.abs(num) + tiny).astype(t)
    return (num / den).astype(t)


def replay(x, dtype, acos=False, coef=COEF):
    with np.errstate(all="ignore"):
        if dtype == F32:
            x = x.astype(F32)
            t1 = x * x
            t1 = t1 * F32(-1)
            t1 = t1 + F32(1)
            dst = np.sqrt(t1)
            t1 = series(dst, F32, coef)
            t1 = t1 * F32(-1)
            t1 = t1 + HALF_PI
            t0 = x * x
            dst, t0 = series_of_square(t0, coef)
            t0 = choice(t0, F32, np.int32)
            dst = dst * t0
            t0 = t0 * F32(-1)
            t0 = t0 + F32(1)
            t1 = t1 * t0
            dst = dst + t1
            dst = dst * sign(x, F32)
            if acos:
                dst = (dst + (-HALF_PI)) * F32(-1)
            return dst
        f2 = x.astype(F32)
        f2 = f2 * f2
        f2 = f2 * F32(-1)
        f2 = f2 + F32(1)
        f1, f2 = series_of_square(f2, coef)
        f1 = f1 * F32(-1)
        f1 = f1 + HALF_PI
        h2 = np.abs(x)
        dst = series(h2, F16, coef)
        h2 = choice(h2, F16, np.int8)
        dst = (dst * h2).astype(F16)
        h2 = (h2 * F16(-1)).astype(F16)
        h2 = (h2 + F16(1)).astype(F16)
        f1 = f1 * h2.astype(F32)
        f1 = dst.astype(F32) + f1
        f1 = f1 * sign(x, F16).astype(F32)
        if acos:
            f1 = (f1 + (-HALF_PI)) * F32(-1)
        return f1.astype(F16)


def t64(r):
    rr = r * r
    p = d(COEF[7])
    for i in range(6, -1, -1):
        p = p * rr + d(COEF[i])
    return p * r


def within_tolerance(got, x, dtype, acos=False):
    x64 = d(x.astype(F32))
    a = np.abs(x64)
    r = np.sqrt(np.maximum(1 - x64 * x64, 0))
    truth_asin = np.arcsin(x64)
    res1, res2 = t64(a), d(HALF_PI) - t64(r)
    err1, err2 = np.abs(res1 - np.abs(truth_asin)), np.abs(res2 - np.abs(truth_asin))
    limit = d(F16(B)) if dtype == F16 else d(B)
    near = np.abs(a - limit) < 1e-3
    lo = a < limit
    method = np.where(near, np.maximum(err1, err2), np.where(lo, err1, err2))
    u1 = 21 * H if dtype == F16 else 32 * U
    dr = np.minimum(U / np.maximum(r, 1e-30), np.sqrt(2 * U)) + U * r
    round1 = u1 * np.abs(res1)
    round2 = 32 * U * t64(r) + 1.6 * dr + U * np.abs(res2)
    rounding = np.where(near, np.maximum(round1, round2), np.where(lo, round1, round2))
    tol = method + rounding
    truth = np.arccos(x64) if acos else truth_asin
    if acos:
        tol = tol + U * (np.abs(truth_asin) + np.pi / 2) + abs(d(HALF_PI) - np.pi / 2)
    if dtype == F16:
        with np.errstate(divide="ignore"):
            tol = tol + np.abs(truth_asin) * 5 * 2.0 ** -15 / (2.0 ** 15 * a + 2.0 ** -15) + H * np.abs(truth)
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_api(simtest, api, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), f"{api}/whole" if whole else api, buffers, operands, x.size,
                      no_temp=not tmp_bytes)


def inputs(seed, dtype):
    x = random_values(np.random.default_rng(seed), dtype, N, -1, 1)
    x[:10] = [0.0, 1.0, -1.0, float(B), -float(B), 0.5, -0.999, 1e-3, 0.7, 0.71]
    return x


@pytest.mark.parametrize("api", ["Asin", "Acos"])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, api, dtype):
    x = inputs(1, dtype)
    r = run_api(simtest, api, x, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype, acos=api == "Acos"))
    ok, err, tol = within_tolerance(got, x, dtype, acos=api == "Acos")
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("api", ["Asin", "Acos"])
@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, api, with_temp):
    x = inputs(2, F16)
    r = run_api(simtest, api, x, F16, 8192 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(x, F16, acos=api == "Acos"))


@pytest.mark.parametrize("api", ["Asin", "Acos"])
def test_count_form_without_temp(simtest, api):
    x = inputs(6, F32)
    r = run_api(simtest, api, x, F32, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, F32, acos=api == "Acos"))


@pytest.mark.parametrize("acos", [False, True])
def test_tolerance_is_tight(acos):
    x = inputs(3, F32)
    assert within_tolerance(replay(x, F32, acos), x, F32, acos)[0]
    bad = [np.float32(COEF[0] * (1 + 1e-5))] + COEF[1:]
    assert not within_tolerance(replay(x, F32, acos, coef=bad), x, F32, acos)[0]


@pytest.mark.parametrize("api,dtype,pieces,steps", [("Asin", F32, 4, 56), ("Asin", F16, 3, 60),
                                                     ("Acos", F32, 4, 58), ("Acos", F16, 3, 63)])
def test_chunks_and_instructions(simtest, api, dtype, pieces, steps):
    tmp = 2000
    chunk = tmp // 4 // pieces // 32 * 32
    x = inputs(4, dtype)
    r = run_api(simtest, api, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps
    assert_bits_equal(r.array(0, dtype), replay(x, dtype, acos=api == "Acos"))


@pytest.mark.parametrize("api", ["Asin", "Acos"])
def test_tmp_sizes(simtest, api):
    assert simtest.math_tmp_sizes_arc(api, [1000], 4) == (8000, 512, 2, 0)
    assert simtest.math_tmp_sizes_arc(api, [1000], 2) == (12000, 1536, 6, 0)
    assert simtest.math_tmp_sizes_arc(api, [0], 2)[:2] == (0, 0)


@pytest.mark.parametrize("api", ["Asin", "Acos"])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_min_tmp_size_is_enough(simtest, api, dtype):
    _, minimum, _, _ = simtest.math_tmp_sizes_arc(api, [N], np.dtype(dtype).itemsize)
    x = inputs(5, dtype)
    r = run_api(simtest, api, x, dtype, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("api", ["Asin", "Acos"])
def test_too_small_temp(simtest, api):
    r = run_api(simtest, api, np.ones(64, F32) / 2, F32, 480)  # 480 / 4 / 4 = 30 floats < 32
    assert_reported(r, "api-misuse", f"{api}: the temp (sharedTmpBuffer", "512 bytes", f"Get{api}MaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Asin", [np.ones(64, F32) / 2, np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Asin", "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "Acos", [np.zeros(2048, F16), np.ones(64, F16)],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "Acos", [np.zeros(256, F32), np.ones(128, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Acos", "srcTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s) { Asin(d, s); }
""")
    assert "Asin, Acos: element type must be half or float" in errors
