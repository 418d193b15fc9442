"""The high-level Axpy<T, U> (vector_math_axpy.h): dst = scalar * src + dst.

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/axpy/axpy_common_impl.h)
replayed in numpy: (float, float) is the basic Axpy, one fused multiply-add rounded once;
(half, half) a = f32(x * s), b = f32(a + y), y' = half(b); (float, half) a = f32(x * s),
y' = f32(a + y); the sim must agree bit for bit. (2) s * x + y in float64 with the tolerance
those roundings give: (float, float) 2^-24 |r|; (float, half) 2^-24 (|s x| + |r|); (half, half)
that plus 2^-11 |r| + 2^-25 (the half rounding, subnormals included). A scalar 1e-6 off
(relative) fails the float bound (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
PAIRS = [(F16, F16), (F32, F32), (F32, F16)]
IDS = ["half-half", "float-float", "float-half"]


def d(v):
    return np.asarray(v, np.float64)


def replay(y, x, s, dst_dtype, src_dtype):
    s_src = d(src_dtype(s))
    if src_dtype == F32:
        return (d(x) * s_src + d(y)).astype(F32)
    a = (d(x) * d(np.float32(s_src))).astype(F32)
    return (d(a) + d(y)).astype(F32).astype(dst_dtype)


def within_tolerance(got, y, x, s, dst_dtype, src_dtype):
    sx = d(src_dtype(s)) * d(x)
    r = sx + d(y)
    tol = 2.0 ** -24 * np.abs(r) if src_dtype == F32 else 2.0 ** -24 * (np.abs(sx) + np.abs(r))
    if dst_dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(r) + 2.0 ** -25
    return (np.abs(d(got) - r) <= tol).all()


def run_axpy(simtest, y, x, s, tmp_bytes, dst_dtype, src_dtype):
    return run_vector(Misc(simtest), "HighAxpy", [y, x, np.zeros(tmp_bytes, np.uint8)],
                      [(0, 0, dst_dtype), (1, 0, src_dtype), (2, 0, np.uint8)], x.size, scalar=s)


@pytest.mark.parametrize("dst_dtype,src_dtype", PAIRS, ids=IDS)
def test_values(simtest, dst_dtype, src_dtype):
    rng = np.random.default_rng(1)
    x, y, s = random_values(rng, src_dtype, N, -8, 8), random_values(rng, dst_dtype, N, -8, 8), 1.75
    r = run_axpy(simtest, y.copy(), x, s, 2048, dst_dtype, src_dtype)
    assert r.ok, r.result["error"]
    got = r.array(0, dst_dtype)
    assert_bits_equal(got, replay(y, x, s, dst_dtype, src_dtype))
    assert within_tolerance(got, y, x, s, dst_dtype, src_dtype)


def test_tolerance_is_tight():
    rng = np.random.default_rng(2)
    x, y = random_values(rng, F32, N, -8, 8), random_values(rng, F32, N, -8, 8)
    assert within_tolerance(replay(y, x, 1.75, F32, F32), y, x, 1.75, F32, F32)
    assert not within_tolerance(replay(y, x, 1.75 * (1 + 1e-6), F32, F32), y, x, 1.75, F32, F32)


# (float, float): one Axpy; (half, half): 5 per chunk of tmp/4/2/32*32; (float, half): 3 per tmp/4/32*32
@pytest.mark.parametrize("dst_dtype,src_dtype,pieces,per_chunk", [(F16, F16, 2, 5), (F32, F16, 1, 3), (F32, F32, 0, 0)],
                         ids=IDS[:1] + IDS[2:] + IDS[1:2])
def test_chunks_and_instructions(simtest, dst_dtype, src_dtype, pieces, per_chunk):
    tmp = 1504
    rng = np.random.default_rng(3)
    x, y = random_values(rng, src_dtype, N, -8, 8), random_values(rng, dst_dtype, N, -8, 8)
    r = run_axpy(simtest, y.copy(), x, 0.5, tmp, dst_dtype, src_dtype)
    assert r.ok, r.result["error"]
    expected = 1 if pieces == 0 else -(-N // (tmp // 4 // pieces // 32 * 32)) * per_chunk
    assert r.vector_pipe()["instructions"] == expected
    assert_bits_equal(r.array(0, dst_dtype), replay(y, x, 0.5, dst_dtype, src_dtype))


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Axpy", [1000], 2) == (8000, 1024, 4, 0)
    assert simtest.math_tmp_sizes("Axpy", [10], 2) == (1024, 1024, 4, 0)
    assert simtest.math_tmp_sizes("Axpy", [1000], 4) == (0, 0, 1, 0)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.math_tmp_sizes("Axpy", [N], 2)
    rng = np.random.default_rng(4)
    x, y = random_values(rng, F16, N, -8, 8), random_values(rng, F16, N, -8, 8)
    r = run_axpy(simtest, y.copy(), x, 2.0, minimum, F16, F16)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_axpy(simtest, np.zeros(64, F16), np.ones(64, F16), 1.0, 224, F16, F16)  # 224 / 4 / 2 = 28 < 32
    assert_reported(r, "api-misuse", "Axpy: the temp (sharedTmpBuffer", "256 bytes", "GetAxpyMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "HighAxpy", [np.ones(64, F32), np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64, scalar=1.0)
    assert_reported(r, "api-misuse", "Axpy", "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "HighAxpy", [np.zeros(1024, F16), np.ones(64, F16)],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 64, scalar=1.0)
    assert_reported(r, "api-misuse", "Axpy", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "HighAxpy", [np.zeros(256, F32), np.ones(128, F16), np.zeros(2048, np.uint8)],
                   [(0, 0, F32), (1, 0, F16), (2, 0, np.uint8)], 256, scalar=1.0)
    assert_reported(r, "operand-bounds", "Axpy", "srcTensor")


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<half>& h, LocalTensor<float>& f, LocalTensor<uint8_t>& tmp) { Axpy<half, float>(h, f, 1.0f, tmp, 16u); }
""")
    assert "Axpy (high-level): (dst, src) element types must be" in errors
