"""The high-level Tan (vector_math_tan.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/tan/tan_common_impl.h)
replayed in numpy float32, each step rounded once; the sim must agree bit for bit. (2) np.tan in
float64 with the tolerance the steps give. With r = x - k pi (k = rint(x / pi) as the kernel
finds it), d1 = r + pi/2, d2 = r - pi/2 and R the rational function evaluated in float64 on the
float constants: the method error |R(r) - tan x|; the reduced argument carries about 4 float
roundings of |r| (the k pi_i products are exact or far smaller), which tan's derivative 1 + tan^2
scales; d1 and d2 carry one rounding of |r| + pi/2 each, relative to themselves, and the
polynomial and division about 12 roundings of |tan|:
  |err| <= method + 2^-24 (4 (1 + tan^2) |r| + |tan| (12 + 2 (|r| + 2) (1/|d1| + 1/|d2|))),
plus 2^-11 |y| + 2^-25 for half. R2 off by 1e-5 (relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
INV_PI, PI0, PI1, PI2, PI3, PI4 = (np.float32(v) for v in (
    0.3183098733425140380859375, 3.140625, 0.0009670257568359375, 6.2771141529083251953125e-7,
    1.21644916362129151821136474609375e-10, -1.0291767438275201129727065563201904296875e-13))
HALF_PI, REST = np.float32(1.57079637050628662109375), np.float32(0.00000004371139000189375)
R = [np.float32(v) for v in (0.0698520831551998762793, -6.8711573651634203789, 61.20362572811089435388,
                             -24.8048928861126769186219)]


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def replay(x, dtype, r2=R[2]):
    x = x.astype(F32)
    k = f(np.rint(d(f(d(x) * d(INV_PI)))))
    x = f(d(x) - d(f(d(k) * d(PI0))))
    x = f(d(x) - d(f(d(k) * d(PI1))))
    d1, d2 = f(d(x) + d(HALF_PI)), f(d(x) - d(HALF_PI))
    for i, p in enumerate((PI2, PI3, PI4)):
        kp = f(d(k) * d(p))
        x, d1, d2 = f(d(x) - d(kp)), f(d(d1) - d(kp)), f(d(d2) - d(kp))
        if i == 0:
            d1, d2 = f(d(d1) - d(REST)), f(d(d2) + d(REST))
    s = f(d(x) * d(x))
    up = f(d(s) * d(R[0]))
    up = f(d(up) + d(R[1]))
    up = f(d(up) * d(s))
    up = f(d(up) + d(r2))
    up = f(d(up) * d(x))
    down = f(d(s) + d(R[3]))
    down = f(d(down) * d(d1))
    down = f(d(down) * d(d2))
    return f(d(up) / d(down)).astype(dtype)


def within_tolerance(got, x, dtype):
    x64 = d(x.astype(F32))
    k = np.rint(d(f(x64 * d(INV_PI))))
    r = x64 - k * np.pi
    d1, d2 = r + np.pi / 2, r - np.pi / 2
    s = r * r
    method = np.abs((((d(R[0]) * s + d(R[1])) * s + d(R[2])) * r) / ((s + d(R[3])) * d1 * d2) - np.tan(x64))
    t = np.abs(np.tan(x64))
    tol = method + 2.0 ** -24 * (4 * (1 + t * t) * np.abs(r) + t * (12 + 2 * (np.abs(r) + 2) * (1 / np.abs(d1) + 1 / np.abs(d2))))
    if dtype == F16:
        tol = tol + 2.0 ** -11 * t + 2.0 ** -25
    err = np.abs(d(got) - np.tan(x64))
    return (err <= tol).all(), err, tol


def run_tan(simtest, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "Tan/whole" if whole else "Tan", buffers, operands, x.size, no_temp=not tmp_bytes)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("span", [1.5, 20.0, 1000.0])
def test_values(simtest, dtype, span):
    x = random_values(np.random.default_rng(int(span)), dtype, N, -span, span)
    x[:5] = [0.0, 1e-3, -0.5, 1.0, -1.25]
    r = run_tan(simtest, x, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype))
    ok, err, tol = within_tolerance(got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, with_temp):
    x = random_values(np.random.default_rng(2), F32, N, -3, 3)
    r = run_tan(simtest, x, F32, 8192 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, F32))


def test_tolerance_is_tight():
    x = random_values(np.random.default_rng(3), F32, N, -20, 20)
    assert within_tolerance(replay(x, F32), x, F32)[0]
    assert not within_tolerance(replay(x, F32, r2=np.float32(R[2] * (1 + 1e-5))), x, F32)[0]


@pytest.mark.parametrize("dtype,pieces,steps", [(F32, 4, 33), (F16, 5, 34)])
def test_chunks_and_instructions(simtest, dtype, pieces, steps):
    tmp = 2400
    chunk = tmp // 4 // pieces // 32 * 32
    x = random_values(np.random.default_rng(4), dtype, N, -3, 3)
    r = run_tan(simtest, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps
    assert_bits_equal(r.array(0, dtype), replay(x, dtype))


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Tan", [1000], 4) == (16000, 1024, 4, 0)
    assert simtest.math_tmp_sizes("Tan", [1000], 2) == (20000, 2560, 10, 0)
    assert simtest.math_tmp_sizes("Tan", [0], 2)[:2] == (0, 0)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.math_tmp_sizes("Tan", [N], 2)
    x = random_values(np.random.default_rng(5), F16, N, -3, 3)
    r = run_tan(simtest, x, F16, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_tan(simtest, np.ones(64, F32), F32, 480)  # 480 / 4 / 4 = 30 floats < 32
    assert_reported(r, "api-misuse", "Tan: the temp (sharedTmpBuffer", "512 bytes", "GetTanMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Tan", [np.ones(64, F32), np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Tan", "dstTensor", "srcTensor")


def test_count_beyond_dst(simtest):
    r = run_vector(Misc(simtest), "Tan", [np.zeros(128, F16), np.ones(256, F16), np.zeros(8192, np.uint8)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Tan", "dstTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s) { Tan(d, s); }
""")
    assert "Tan: element type must be half or float" in errors
