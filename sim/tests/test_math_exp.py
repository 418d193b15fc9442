"""The high-level Exp<T, taylorExpandLevel, isReuseSource> (vector_math_exp.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/exp/exp_common_impl.h)
replayed in numpy float32, each step rounded once: y = e^floor(x) * sum_{i<=L} frac(x)^i / i!,
the powers built as p = (t * p) * float(1/i); the sim must agree bit for bit. (2) np.exp in
float64, with the tolerance the sequence gives: the Taylor remainder e^t - T_L(t) (t = frac(x) in
[0, 1), relative to e^t), plus (L + 4) float roundings relative (L adds of a sum below e, the
power terms, e^floor(x) and the last product): |err| <= |y| (e^-t (e^t - T_L(t)) + (L + 4) 2^-24)
for float, and 2^-11 |y| + 2^-24 more for half (the final rounding, subnormals included). A
coefficient 1e-5 off (relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def replay(x, dtype, level, second=0.5):
    """second: the i = 2 coefficient (1/2), a parameter so a wrong one can be tried."""
    t = x.astype(F32)
    if level == 0:
        return np.exp(d(t)).astype(dtype)
    k = f(np.floor(d(t)))
    t = f(d(t) - d(k))
    k = f(np.exp(d(k)))
    p = t.copy()
    r = f(d(t) + 1.0)
    for i in range(2, level + 1):
        p = f(d(t) * d(p))
        p = f(d(p) * d(np.float32(second if i == 2 else 1.0 / i)))
        r = f(d(r) + d(p))
    return f(d(r) * d(k)).astype(dtype)


def within_tolerance(got, x, dtype, level):
    x64 = d(x.astype(F32))
    truth = np.exp(x64)
    t = x64 - np.floor(x64)
    taylor = sum(t ** i / math.factorial(i) for i in range(level + 1))
    tol = np.abs(truth) * (np.exp(-t) * (np.exp(t) - taylor) + (level + 4) * 2.0 ** -24)
    if dtype == F16:
        tol = tol + np.abs(truth) * 2.0 ** -11 + 2.0 ** -24
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_exp(simtest, x, dtype, level, tmp_bytes, dst=None, **options):
    buffers = [np.zeros(x.size, dtype) if dst is None else dst, x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), f"HighExp{level}", buffers, operands, x.size, no_temp=not tmp_bytes, **options)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("level", [0, 3, 10, 15])
def test_values(simtest, dtype, level):
    x = random_values(np.random.default_rng(level), dtype, N, -10, 10)
    x[:5] = [0.0, 1.0, -1.0, 0.5, -0.25]
    r = run_exp(simtest, x, dtype, level, 4096)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype, level))
    ok, err, tol = within_tolerance(got, x, dtype, level)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


def test_reuse_source_overwrites_src(simtest):
    x = random_values(np.random.default_rng(5), F32, N, -5, 5)
    r = run_exp(simtest, x, F32, 10, 1024, reuse_source=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, F32, 10))
    assert not np.array_equal(r.array(1, F32), x)  # src holds the fractions of the last chunk


def test_without_temp(simtest):
    x = random_values(np.random.default_rng(6), F16, N, -8, 8)
    r = run_exp(simtest, x, F16, 10, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(x, F16, 10))


def test_tolerance_is_tight():
    x = random_values(np.random.default_rng(7), F32, N, -10, 10)
    assert within_tolerance(replay(x, F32, 10), x, F32, 10)[0]
    assert not within_tolerance(replay(x, F32, 10, second=0.5 * (1 + 1e-5)), x, F32, 10)[0]
    assert not within_tolerance(replay(x, F32, 3), x, F32, 10)[0]  # level 3's remainder exceeds level 10's bound


# per chunk: copy in, floor, sub, exp, 3 adds, 3 per extra term, the product (+ the Cast out for half)
@pytest.mark.parametrize("dtype,reuse,pieces,granule", [(F32, False, 3, 8), (F32, True, 2, 8), (F16, False, 4, 16)])
def test_chunks_and_instructions(simtest, dtype, reuse, pieces, granule):
    level, tmp = 10, 1504
    chunk = tmp // 4 // pieces // granule * granule
    per_chunk = 8 + 3 * (level - 1) + (1 if dtype == F16 else 0)
    x = random_values(np.random.default_rng(8), dtype, N, -3, 3)
    r = run_exp(simtest, x, dtype, level, tmp, reuse_source=reuse)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * per_chunk
    assert_bits_equal(r.array(0, dtype), replay(x, dtype, level))


def test_level_zero_is_one_instruction(simtest):
    x = random_values(np.random.default_rng(9), F32, N, -3, 3)
    r = run_exp(simtest, x, F32, 0, 0)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == 1


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Exp", [1000], 4) == (12000, 768, 3, 0)
    assert simtest.math_tmp_sizes("Exp/reuse", [1000], 4) == (8000, 512, 3, 0)
    assert simtest.math_tmp_sizes("Exp", [1000], 2) == (16000, 1024, 8, 0)
    assert simtest.math_tmp_sizes("Exp", [10], 2) == (1024, 1024, 8, 0)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.math_tmp_sizes("Exp", [N], 2)
    x = random_values(np.random.default_rng(10), F16, N, -5, 5)
    r = run_exp(simtest, x, F16, 10, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_exp(simtest, np.ones(64, F16), F16, 10, 192)  # 192 / 4 / 4 = 12 floats < 16
    assert_reported(r, "api-misuse", "Exp: the temp (sharedTmpBuffer", "256 bytes", "GetExpMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    x = np.ones(64, F32)
    r = run_vector(Misc(simtest), "HighExp10", [x, np.zeros(1024, np.uint8)], [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)],
                   64)
    assert_reported(r, "api-misuse", "Exp", "dstTensor", "srcTensor")


def test_temp_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "HighExp10", [np.zeros(64, F32), np.ones(1024, F32)],
                   [(0, 0, F32), (1, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "srcTensor", "sharedTmpBuffer")


def test_count_beyond_dst(simtest):
    r = run_vector(Misc(simtest), "HighExp10", [np.zeros(128, F16), np.ones(256, F16), np.zeros(4096, np.uint8)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Exp", "dstTensor")


def test_half_reuse_source_is_refused(simtest):
    r = run_exp(simtest, np.ones(64, F16), F16, 10, 1024, reuse_source=True)
    assert_reported(r, "api-misuse", "Exp", "isReuseSource")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s, LocalTensor<uint8_t>& tmp) { Exp<int32_t, 10>(d, s, tmp, 16u); }
""")
    assert "Exp (high-level): element type must be half or float" in errors
