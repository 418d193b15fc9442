"""The high-level Atan (vector_math_atan.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/atan/atan_common_impl.h)
replayed in numpy float32, each step rounded once; the sim must agree bit for bit. (2) float64
arctan with the tolerance the sequence gives, u = 2^-24:
  method: the four branches in float64 on the float constants, their minimum against atan of
  the unclipped x (each truncated series ends on a positive term, so every branch is an upper
  bound and the minimum the closest; the clip to 1e4 costs up to 1e-4 beyond it);
  rounding, per branch: its argument t <= 1 carries <= 8u t from the transforms, the series
  2k + 3 <= 15 roundings of partial sums <= 1 (P(t) >= 0.67 t), the pi/8, pi/4 Adds u y each:
  <= 40 u y; a Min of perturbed values is off by at most the largest perturbation; the sign is
  exactly +-1 (x 2^62 + 2^-62 rounds back to x 2^62), its Mul exact. half adds its last Cast,
  2^-11 |y|.
pi/8 off by 1e-5 (relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
U, H = 2.0 ** -24, 2.0 ** -11
CLIP = F32(10000)
PI4 = F32(0.78539816339744830961566084581988)
PI8 = F32(0.39269908169872415480783042290994)
TAN8 = F32(0.4142135623730950)
FACTOR = [F32(v) for v in (1, -0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                           -0.09090909090909091, 0.07692307692307693)]


def d(v):
    return np.asarray(v, np.float64)


def series(t, level):
    sq = t * t
    y = t * t
    y = y * FACTOR[level]
    for i in range(level - 1, 0, -1):
        y = y + FACTOR[i]
        y = y * sq
    y = y + FACTOR[0]
    return y * t


def transform(t, k):
    den = t * k
    den = den + F32(1)
    num = t + (F32(0) - k)
    return np.abs(num / den)


def replay(x, dtype, pi8=PI8):
    with np.errstate(all="ignore"):
        x = x.astype(F32)
        clip = np.maximum(np.minimum(x, CLIP), -CLIP)
        a = np.abs(clip)
        y = series(a, 4)
        t = transform(a, TAN8)
        y = np.minimum(y, series(t, 4) + pi8)
        t = np.abs((a + F32(-1)) / (a + F32(1)))
        y = np.minimum(y, series(t, 4) + PI4)
        t3 = transform(t, TAN8)
        y = np.minimum(y, (series(t3, 6) + pi8) + PI4)
        num = clip * F32(2.0 ** 62)
        y = y * (num / (np.abs(num) + F32(2.168404344971009e-19)))
        return y.astype(F16) if dtype == F16 else y


def series64(t, level):
    sq = t * t
    p = d(FACTOR[level])
    for i in range(level - 1, -1, -1):
        p = p * sq + d(FACTOR[i])
    return p * t


def within_tolerance(got, x, dtype):
    x64 = d(x.astype(F32))
    a = np.minimum(np.abs(x64), d(CLIP))
    k = d(TAN8)
    t1 = np.abs((a - k) / (1 + a * k))
    t2 = np.abs((a - 1) / (a + 1))
    t3 = np.abs((t2 - k) / (1 + t2 * k))
    y = np.minimum.reduce([series64(a, 4), series64(t1, 4) + d(PI8), series64(t2, 4) + d(PI4),
                           series64(t3, 6) + d(PI8) + d(PI4)])
    truth = np.arctan(x64)
    tol = np.abs(y - np.abs(truth)) + 40 * U * y
    if dtype == F16:
        tol = tol + H * np.abs(truth)
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_atan(simtest, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "Atan/whole" if whole else "Atan", buffers, operands, x.size,
                      no_temp=not tmp_bytes)


def inputs(seed, dtype):
    rng = np.random.default_rng(seed)
    x = random_values(rng, dtype, N, -4, 4)
    x[N // 2:] = random_values(rng, dtype, N - N // 2, -1, 1)
    x[:12] = [0.0, 1.0, -1.0, 0.41421357, -0.41421357, 2.4142135, 1e-3, -30.0, 9999.0, 20000.0, -65504.0, 0.5]
    return x


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, dtype):
    x = inputs(1, dtype)
    r = run_atan(simtest, x, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype))
    ok, err, tol = within_tolerance(got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, with_temp):
    x = inputs(2, F16)
    r = run_atan(simtest, x, F16, 8192 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(x, F16))


def test_count_form_without_temp(simtest):
    x = inputs(6, F32)
    r = run_atan(simtest, x, F32, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, F32))


def test_tolerance_is_tight():
    x = inputs(3, F32)
    assert within_tolerance(replay(x, F32), x, F32)[0]
    assert not within_tolerance(replay(x, F32, pi8=F32(PI8 * (1 - 1e-5))), x, F32)[0]


@pytest.mark.parametrize("dtype,pieces,steps", [(F32, 5, 77), (F16, 6, 79)])
def test_chunks_and_instructions(simtest, dtype, pieces, steps):
    tmp = 2600
    chunk = tmp // 4 // pieces // 32 * 32
    x = inputs(4, dtype)
    r = run_atan(simtest, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps
    assert_bits_equal(r.array(0, dtype), replay(x, dtype))


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes_arc("Atan", [1000], 4) == (20000, 1280, 5, 0)
    assert simtest.math_tmp_sizes_arc("Atan", [1000], 2) == (24000, 3072, 12, 0)
    assert simtest.math_tmp_sizes_arc("Atan", [0], 2)[:2] == (0, 0)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_min_tmp_size_is_enough(simtest, dtype):
    _, minimum, _, _ = simtest.math_tmp_sizes_arc("Atan", [N], np.dtype(dtype).itemsize)
    r = run_atan(simtest, inputs(5, dtype), dtype, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_atan(simtest, np.ones(64, F16), F16, 736)  # 736 / 4 / 6 = 30 floats < 32
    assert_reported(r, "api-misuse", "Atan: the temp (sharedTmpBuffer", "768 bytes", "GetAtanMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Atan", [np.ones(64, F32), np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Atan", "dstTensor", "srcTensor")


def test_temp_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Atan", [np.zeros(64, F32), np.ones(1024, F32)],
                   [(0, 0, F32), (1, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "srcTensor", "sharedTmpBuffer")


def test_count_beyond_dst(simtest):
    r = run_vector(Misc(simtest), "Atan", [np.zeros(128, F16), np.ones(256, F16), np.zeros(4096, np.uint8)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Atan", "dstTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int16_t>& d, LocalTensor<int16_t>& s) { Atan(d, s, 16); }
""")
    assert "Atan: element type must be half or float" in errors
