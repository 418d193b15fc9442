"""The high-level Erfc (vector_math_erfc.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/erfc/erfc_common_impl.h)
replayed in numpy float32, each step rounded once (Exp: the float64 exp rounded to float, as the
sim's Exp); the sim must agree bit for bit. (2) math.erfc in float64 with the tolerance the
sequence gives, u = 2^-24:
  method: (1 - sg) + sg e^(-z^2) R(z) / S(z) itself in float64 on the float constants, z = |x|
  clipped to 10, against erfc of the unclipped x;
  rounding: R and S by Horner's running error bound (each Mul by the exact z and each Adds adds
  u |its result|), so q = e^(-z^2) R / S is off by rho q, rho = eR/|R| + eS/|S| + u (Div)
  + u z^2 (the rounded z^2 in the exponent) + u (Exp) + u (Mul); for x >= 0 sg = 1 and the rest
  is exact (y = 0 + q), for x < 0 y = 2 - q adds u |y|; float results below 2^-126 add 4 2^-149.
  half adds its last Cast (ties away from zero), 2^-11 |y| + 2^-25.
r8 off by 1e-5 (relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
U = 2.0 ** -24
CLIP = F32(10)
TINY = F32(2.168404344971009e-19)
R = [F32(v) for v in (0.1735313680e-7, -0.9856738394e-6, 0.2517003236e-4, -0.3848015171e-3, 0.5681528564e0,
                      0.5245623129e1, 0.2107740710e2, 0.4212761755e2, 0.4380524149e2)]
S = [F32(v) for v in (0.9349684299e1, 0.3756930664e2, 0.8058268949e2, 0.9155653738e2, 0.4380524152e2)]


def d(v):
    return np.asarray(v, np.float64)


def half_ties_away(y):
    lo = y.astype(F16)
    lo = np.where(d(lo) > d(y), np.nextafter(lo, F16(-np.inf)), lo)
    hi = np.nextafter(lo, F16(np.inf))
    dl, dh = d(y) - d(lo), d(hi) - d(y)
    return np.where(dl < dh, lo, np.where(dh < dl, hi, np.where(d(y) >= 0, hi, lo))).astype(F16)


def replay(x, dtype, r8=R[8]):
    coef = R[:8] + [r8]
    with np.errstate(all="ignore"):
        x = x.astype(F32)
        sg = np.maximum(np.minimum(x, CLIP), -CLIP)
        z = np.abs(sg) + TINY
        sg = sg / z
        p4 = z * coef[0] + coef[1]
        for i in range(2, 9):
            p4 = z * p4 + coef[i]
        p3 = z + S[0]
        for i in range(1, 5):
            p3 = z * p3 + S[i]
        q = p4 / p3
        e = np.exp(d((z * z) * F32(-1))).astype(F32)
        q = e * q
        y = q * sg + (sg * F32(-1) + F32(1))
        return half_ties_away(y) if dtype == F16 else y


def horner64(z, coef, monic):
    """Value and running error bound of the issued Horner sequence."""
    if monic:
        v = z + d(coef[0])
        e = U * np.abs(v)
        rest = coef[1:]
    else:
        v = z * d(coef[0])
        e = U * np.abs(v)
        v = v + d(coef[1])
        e = e + U * np.abs(v)
        rest = coef[2:]
    for c in rest:
        v = z * v
        e = e * z + U * np.abs(v)
        v = v + d(c)
        e = e + U * np.abs(v)
    return v, e


def within_tolerance(got, x, dtype):
    x64 = d(x.astype(F32))
    z = np.minimum(np.abs(x64), d(CLIP))
    r, er = horner64(z, R, False)
    s, es = horner64(z, S, True)
    q = np.exp(-z * z) * r / s
    model = np.where(x64 >= 0, q, 2 - q)
    truth = np.vectorize(math.erfc)(x64)
    rho = er / np.abs(r) + es / np.abs(s) + U + U * z * z + 2 * U
    tol = np.abs(model - truth) + rho * q + np.where(x64 < 0, U * np.abs(truth), 0)
    tol = tol + np.where(np.abs(truth) < 2.0 ** -126, 4 * 2.0 ** -149, 0)
    if dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(truth) + 2.0 ** -25
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_erfc(simtest, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "Erfc/whole" if whole else "Erfc", buffers, operands, x.size,
                      no_temp=not tmp_bytes)


def inputs(seed, dtype):
    x = random_values(np.random.default_rng(seed), dtype, N, -5, 5)
    x[:8] = [0.0, 1e-3, -1e-3, 0.5, -3.0, 9.0, 12.0, -12.0]
    return x


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, dtype):
    x = inputs(1, dtype)
    r = run_erfc(simtest, x, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype))
    ok, err, tol = within_tolerance(got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, with_temp):
    x = inputs(2, F16)
    r = run_erfc(simtest, x, F16, 8192 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(x, F16))


def test_count_form_without_temp(simtest):
    x = inputs(6, F32)
    r = run_erfc(simtest, x, F32, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, F32))


def test_tolerance_is_tight():
    x = inputs(3, F32)
    assert within_tolerance(replay(x, F32), x, F32)[0]
    assert not within_tolerance(replay(x, F32, r8=F32(R[8] * (1 + 1e-5))), x, F32)[0]


@pytest.mark.parametrize("dtype,pieces,steps", [(F32, 5, 40), (F16, 6, 42)])
def test_chunks_and_instructions(simtest, dtype, pieces, steps):
    tmp = 2600
    chunk = tmp // 4 // pieces // 32 * 32
    x = inputs(4, dtype)
    r = run_erfc(simtest, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps
    assert_bits_equal(r.array(0, dtype), replay(x, dtype))


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes_arc("Erfc", [1000], 4) == (28000, 1792, 7, 0)
    assert simtest.math_tmp_sizes_arc("Erfc", [1000], 2) == (32000, 4096, 16, 0)
    assert simtest.math_tmp_sizes_arc("Erfc", [0], 2)[:2] == (0, 0)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_min_tmp_size_is_enough(simtest, dtype):
    _, minimum, _, _ = simtest.math_tmp_sizes_arc("Erfc", [N], np.dtype(dtype).itemsize)
    r = run_erfc(simtest, inputs(5, dtype), dtype, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_erfc(simtest, np.ones(64, F32), F32, 608)  # 608 / 4 / 5 = 30 floats < 32
    assert_reported(r, "api-misuse", "Erfc: the temp (sharedTmpBuffer", "640 bytes", "GetErfcMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Erfc", [np.ones(64, F16), np.zeros(1024, np.uint8)],
                   [(0, 0, F16), (0, 0, F16), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Erfc", "dstTensor", "srcTensor")


def test_temp_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Erfc", [np.zeros(64, F32), np.ones(1024, F32)],
                   [(0, 0, F32), (1, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "srcTensor", "sharedTmpBuffer")


def test_count_beyond_dst(simtest):
    r = run_vector(Misc(simtest), "Erfc", [np.zeros(128, F32), np.ones(256, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Erfc", "dstTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s, LocalTensor<uint8_t>& t) { Erfc(d, s, t); }
""")
    assert "Erfc: element type must be half or float" in errors
