"""High-level Sin and Cos (vector_trig.h).

Two references: (1) the steps of the Atlas A2/A3 implementation (asc-devkit
impl/adv_api/detail/math/sin/sin_common_impl.h, cos/cos_common_impl.h) replayed in numpy in
float32, each step computed in float64 and rounded once (exact for float +, -, *), so the sim
must agree bit for bit; (2) np.sin / np.cos in float64. The tolerance for (2) follows the
algorithm: pi is split in 4 (Sin) or 5 (Cos) parts so the reduced argument is good to a few
float32 ulps of |x| near k*pi; the degree-9 odd polynomial is within ~1e-7 of sin on
[-pi/2, pi/2]; ~12 float roundings follow. So |error| <= 4e-7 + 2 ulp(|x|) in float, plus one
half rounding (2^-11 relative, 2^-25 absolute near 0) for half."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000

INV_PI, PI0, PI1, PI2, PI3 = (np.float32(v) for v in (0.3183098733425140380859375, 3.140625, 0.0009670257568359375,
                                                        6.2771141529083251953125e-7, 1.21644916362129151821136474609375e-10))
PI4, HALF_PI, HALF_PI_REST = (np.float32(v) for v in (-1.0290623200529979163359041220560e-13, 1.57079637050628662109375,
                                                        -0.00000004371139000189375))
R = [np.float32(v) for v in (2.604926501e-6, -0.0001980894471, 0.008333049340, -0.1666665792)]


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def replay(kind, x32):
    """The steps on float32 x."""
    k = f(d(x32) * d(INV_PI))
    if kind == "Sin":
        k = f(np.sign(d(k)) * np.floor(np.abs(d(k)) + 0.5))  # CAST_ROUND: ties away from zero
        parts = [PI0, PI1, PI2, PI3]
        r = x32
        for p in parts:
            r = f(d(r) - d(f(d(k) * d(p))))
    else:
        k = f(np.rint(d(f(d(k) + 0.5))))  # CAST_RINT
        r = f(d(x32) - d(f(d(k) * d(PI0))))
        r = f(d(r) - d(f(d(k) * d(PI1))))
        r = f(d(r) + d(HALF_PI))
        for p in (PI2, PI3, PI4):
            r = f(d(r) - d(f(d(k) * d(p))))
        r = f(d(r) + d(HALF_PI_REST))
    r2 = f(d(r) * d(r))
    sign = f(d(k) * 0.5)
    sign = f(np.floor(d(sign)))
    sign = f(d(sign) * 4.0)
    k2 = f(d(k) * -2.0)
    sign = f(d(sign) + d(k2))
    sign = f(d(sign) + 1.0)
    p = f(d(r2) * d(R[0]))
    p = f(d(p) + d(R[1]))
    for c in (R[2], R[3], np.float32(1.0)):
        p = f(d(p) * d(r2))
        p = f(d(p) + d(c))
    p = f(d(p) * d(r))
    y = f(d(p) * d(sign))
    if kind == "Cos":
        y = np.maximum(np.minimum(y, F32(1.0)), F32(-1.0))
    return y


def expected(kind, x, dtype):
    y = replay(kind, x.astype(F32))
    return y.astype(dtype)


def run_trig(simtest, kind, x, dtype, tmp_bytes, **options):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), kind, buffers, operands, x.size, no_temp=not tmp_bytes, **options)


@pytest.mark.parametrize("kind", ["Sin", "Cos"])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("span", [4.0, 100.0, 3000.0])
def test_values(simtest, kind, dtype, span):
    x = random_values(np.random.default_rng(int(span)), dtype, N, -span, span)
    x[:6] = [0.0, np.pi / 2, -np.pi, 1e-3, -2.5, 7.0]
    r = run_trig(simtest, kind, x, dtype, 4096)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, expected(kind, x, dtype))
    truth = (np.sin if kind == "Sin" else np.cos)(x.astype(np.float64))
    xf = np.abs(x.astype(np.float64))
    tol = 4e-7 + 2 * np.spacing(xf.astype(F32)).astype(np.float64)
    if dtype == F16:
        tol = tol + np.abs(truth) * 2.0 ** -11 + 2.0 ** -25
    err = np.abs(got.astype(np.float64) - truth)
    assert (err <= tol).all(), f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("kind", ["Sin", "Cos"])
def test_reuse_source_overwrites_src_with_the_same_result(simtest, kind):
    x = random_values(np.random.default_rng(2), F32, N, -50, 50)
    r = run_trig(simtest, kind, x, F32, 2048, reuse_source=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), expected(kind, x, F32))
    assert not np.array_equal(r.array(1, F32), x)  # src now holds the reduced argument


@pytest.mark.parametrize("kind,dtype,pieces,steps", [("Sin", F32, 3, 27), ("Sin", F16, 4, 29), ("Cos", F32, 3, 34),
                                                     ("Cos", F16, 4, 36)])
def test_chunks_and_instructions(simtest, kind, dtype, pieces, steps):
    tmp = 1504  # a multiple of 32 B (UB buffers are rounded up to 32 B)
    chunk = tmp // 4 // pieces // 32 * 32
    x = random_values(np.random.default_rng(3), dtype, N, -9, 9)
    r = run_trig(simtest, kind, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps


def test_without_temp(simtest):
    x = random_values(np.random.default_rng(4), F16, N, -9, 9)
    r = run_trig(simtest, "Cos", x, F16, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), expected("Cos", x, F16))


def test_tmp_sizes(simtest):
    assert simtest.trig_tmp_sizes("Sin", [1000], 4, False) == (12000, 768, 3, 0)
    assert simtest.trig_tmp_sizes("Sin", [1000], 4, True) == (8000, 512, 3, 0)
    assert simtest.trig_tmp_sizes("Cos", [1000], 2, False) == (16000, 2048, 8, 0)
    assert simtest.trig_tmp_sizes("Cos", [10], 2, False) == (2048, 2048, 8, 0)
    assert simtest.trig_tmp_sizes("Cos", [10], 2, True)[:2] == (0, 0)  # an error: outputs untouched
    assert simtest.trig_tmp_sizes("Sin", [0], 4, False)[:2] == (0, 0)


def test_min_tmp_size_is_enough(simtest):
    x = random_values(np.random.default_rng(6), F16, N, -9, 9)
    for kind in ("Sin", "Cos"):
        _, minimum, _, _ = simtest.trig_tmp_sizes(kind, [N], 2, False)
        r = run_trig(simtest, kind, x, F16, minimum)
        assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_trig(simtest, "Sin", np.ones(64, F16), F16, 480)  # 480 / 4 / 4 = 30 floats < 32
    assert_reported(r, "api-misuse", "Sin: the temp (sharedTmpBuffer", "512 bytes")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "Cos", [np.zeros(2048, F32), np.ones(64, F32)], [(0, 0, F32), (1, 0, F32), (0, 0, np.uint8)],
                   64)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "Sin", [np.zeros(256, F32), np.ones(128, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Sin", "srcTensor")


def test_misaligned_dst_names_the_step(simtest):
    r = run_vector(Misc(simtest), "Cos", [np.zeros(72, F32), np.ones(64, F32), np.zeros(4096, np.uint8)],
                   [(0, 4, F32), (1, 0, F32), (2, 0, np.uint8)], 64)
    assert_reported(r, "ub-alignment", "Cos (Muls step)", "dst")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& s, LocalTensor<uint8_t>& tmp) { Sin(s, s, tmp, 16); Cos(s, s, 16); }
""")
    assert "Sin, Cos: element type must be half or float" in errors
