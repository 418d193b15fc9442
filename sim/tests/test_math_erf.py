"""The high-level Erf (vector_math_erf.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/erf/erf_common_impl.h)
replayed in numpy float32, each step rounded once; the sim must agree bit for bit. (2)
scipy-free float64 erf (math.erf) with the tolerance the sequence gives: the method error of the
rational function itself, |R(c) - erf x| with R evaluated in float64 on the float constants
(c = x clipped to +-3.92, so 1 - erf(3.92) ~ 6e-9 is included), plus the roundings: P and Q are
Horner chains of positive terms in s = c^2 (12 and 9 roundings), s's own rounding enters with
at most degree 5 in each (10), the Div one more: |err| <= method + 32 2^-24 |erf x|; half adds
2^-11 |y| + 2^-25 (its last Cast rounds ties away from zero). P0 off by 1e-5 (relative) fails it
(test_tolerance_is_tight)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
CLIP = np.float32(3.92)
P = [np.float32(v) for v in (0.29639384698e5, 0.50637915060e4, 0.13938061484e4, 0.10162808918e3, 0.75517016694e1,
                             0.053443748819)]
Q = [np.float32(v) for v in (0.26267224157e5, 0.13243365831e5, 0.30231248150e4, 0.39856963806e3, 0.31212858877e2)]


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def half_ties_away(y):
    lo = y.astype(F16)
    lo = np.where(d(lo) > d(y), np.nextafter(lo, F16(-np.inf)), lo)
    hi = np.nextafter(lo, F16(np.inf))
    dl, dh = d(y) - d(lo), d(hi) - d(y)
    return np.where(dl < dh, lo, np.where(dh < dl, hi, np.where(d(y) >= 0, hi, lo))).astype(F16)


def replay(x, dtype, p0=P[0]):
    coef = [p0] + P[1:]
    c = f(np.maximum(np.minimum(d(x.astype(F32)), d(CLIP)), -d(CLIP)))
    s = f(d(c) * d(c))
    p = f(d(s) * d(coef[5]))
    q = f(d(p) + d(coef[4]))
    for i in (3, 2, 1, 0):
        p = f(d(s) * d(q))
        q = f(d(p) + d(coef[i]))
    p = f(d(c) * d(q))
    q = f(d(s) + d(Q[4]))
    for i in (3, 2, 1, 0):
        t = f(d(s) * d(q))
        q = f(d(t) + d(Q[i]))
    y = f(d(p) / d(q))
    return half_ties_away(y) if dtype == F16 else y


def rational64(x):
    c = np.clip(d(x), -d(CLIP), d(CLIP))
    s = c * c
    p = ((((d(P[5]) * s + d(P[4])) * s + d(P[3])) * s + d(P[2])) * s + d(P[1])) * s + d(P[0])
    q = ((((s + d(Q[4])) * s + d(Q[3])) * s + d(Q[2])) * s + d(Q[1])) * s + d(Q[0])
    return p * c / q


def within_tolerance(got, x, dtype):
    x64 = d(x.astype(F32))
    truth = np.vectorize(math.erf)(x64)
    tol = np.abs(rational64(x64) - truth) + 32 * 2.0 ** -24 * np.abs(truth)
    if dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(truth) + 2.0 ** -25
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_erf(simtest, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "Erf/whole" if whole else "Erf", buffers, operands, x.size, no_temp=not tmp_bytes)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, dtype):
    x = random_values(np.random.default_rng(1), dtype, N, -5, 5)
    x[:6] = [0.0, 1e-3, -1e-3, 0.5, 3.92, -10.0]
    r = run_erf(simtest, x, dtype, 4096)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype))
    ok, err, tol = within_tolerance(got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, with_temp):
    x = random_values(np.random.default_rng(2), F16, N, -3, 3)
    r = run_erf(simtest, x, F16, 4096 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(x, F16))


def test_tolerance_is_tight():
    x = random_values(np.random.default_rng(3), F32, N, -5, 5)
    assert within_tolerance(replay(x, F32), x, F32)[0]
    assert not within_tolerance(replay(x, F32, p0=np.float32(P[0] * (1 + 1e-5))), x, F32)[0]


@pytest.mark.parametrize("dtype,pieces", [(F32, 3), (F16, 4)])
def test_chunks_and_instructions(simtest, dtype, pieces):
    tmp = 1504
    chunk = tmp // 4 // pieces // 32 * 32
    steps = 24 + (2 if dtype == F16 else 0)
    x = random_values(np.random.default_rng(4), dtype, N, -3, 3)
    r = run_erf(simtest, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Erf", [1000], 4) == (12000, 768, 3, 0)
    assert simtest.math_tmp_sizes("Erf", [1000], 2) == (16000, 2048, 8, 0)
    assert simtest.math_tmp_sizes("Erf", [0], 2)[:2] == (0, 0)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.math_tmp_sizes("Erf", [N], 2)
    x = random_values(np.random.default_rng(5), F16, N, -3, 3)
    r = run_erf(simtest, x, F16, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_erf(simtest, np.ones(64, F32), F32, 352)  # 352 / 4 / 3 = 29 floats < 32
    assert_reported(r, "api-misuse", "Erf: the temp (sharedTmpBuffer", "384 bytes", "GetErfMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Erf", [np.ones(64, F32), np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Erf", "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "Erf", [np.zeros(1024, F16), np.ones(64, F16)],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "Erf", [np.zeros(256, F32), np.ones(128, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Erf", "srcTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s) { Erf(d, s); }
""")
    assert "Erf: element type must be half or float" in errors
