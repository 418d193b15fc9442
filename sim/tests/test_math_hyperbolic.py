"""High-level Sinh and Cosh (vector_math_hyperbolic.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/sinh/sinh_common_impl.h,
cosh/cosh_common_impl.h) replayed in numpy float32, each step rounded once (Exp as exp in float64
rounded to float): sinh x = e^(x + L) - e^(-x + L), cosh x = e^(x + L) + 0.25 / e^(x + L),
L = float(-ln 2); a half input goes through float and back (Cosh's last Cast rounds ties away
from zero); the sim must agree bit for bit. (2) np.sinh / np.cosh in float64 with the tolerance the
steps give: both exponentials carry the rounding of their argument x + L (|x + L| 2^-24 relative)
and their own, the difference or sum one more, L's own error 2^-24; their sum is cosh x, so
|err| <= 2^-24 (|x| + 3) cosh x for float (absolute for Sinh near 0, where the subtraction
cancels), plus 2^-11 |y| + 2^-25 for half. An L off by 1e-4 fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
L = np.float32(-0.69314718055994530941723212145818)


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def replay(api, x, dtype, ln=L):
    x32 = x.astype(F32)
    if api == "Sinh":
        t = f(np.exp(d(f(d(f(-d(x32))) + d(ln)))))
        y = f(np.exp(d(f(d(x32) + d(ln)))))
        y = f(d(y) - d(t))
        return y.astype(dtype)
    a = f(np.exp(d(f(d(x32) + d(ln)))))
    b = f(0.25 / d(a))
    y = f(d(a) + d(b))
    if dtype == F16:  # CAST_ROUND: ties away from zero
        lo = y.astype(F16)
        lo = np.where(d(lo) > d(y), np.nextafter(lo, F16(-np.inf)), lo)
        hi = np.nextafter(lo, F16(np.inf))
        dl, dh = d(y) - d(lo), d(hi) - d(y)
        return np.where(dl < dh, lo, np.where(dh < dl, hi, np.where(d(y) >= 0, hi, lo))).astype(F16)
    return y


def within_tolerance(api, got, x, dtype):
    x64 = d(x.astype(F32))
    truth = (np.sinh if api == "Sinh" else np.cosh)(x64)
    tol = 2.0 ** -24 * (np.abs(x64) + 3) * np.cosh(x64)
    if dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(truth) + 2.0 ** -25
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_hyp(simtest, api, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), f"{api}/whole" if whole else api, buffers, operands, x.size, no_temp=not tmp_bytes)


@pytest.mark.parametrize("api", ["Sinh", "Cosh"])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, api, dtype):
    x = random_values(np.random.default_rng(1), dtype, N, -10, 10)
    x[:5] = [0.0, 1e-3, -1e-3, 0.5, -4.0]
    r = run_hyp(simtest, api, x, dtype, 4096)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(api, x, dtype))
    ok, err, tol = within_tolerance(api, got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("api", ["Sinh", "Cosh"])
@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, api, with_temp):
    x = random_values(np.random.default_rng(2), F16, N, -5, 5)
    r = run_hyp(simtest, api, x, F16, 2048 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(api, x, F16))


@pytest.mark.parametrize("api", ["Sinh", "Cosh"])
def test_tolerance_is_tight(api):
    x = random_values(np.random.default_rng(3), F32, N, -10, 10)
    assert within_tolerance(api, replay(api, x, F32), x, F32)[0]
    assert not within_tolerance(api, replay(api, x, F32, ln=np.float32(L * (1 + 1e-4))), x, F32)[0]


@pytest.mark.parametrize("api,dtype,pieces,steps", [("Sinh", F32, 1, 6), ("Sinh", F16, 2, 8), ("Cosh", F32, 2, 5),
                                                    ("Cosh", F16, 3, 7)])
def test_chunks_and_instructions(simtest, api, dtype, pieces, steps):
    tmp = 1504
    chunk = tmp // 4 // pieces // 32 * 32
    x = random_values(np.random.default_rng(4), dtype, N, -3, 3)
    r = run_hyp(simtest, api, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Sinh", [1000], 4) == (4000, 256, 1, 0)
    assert simtest.math_tmp_sizes("Sinh", [1000], 2) == (8000, 1024, 4, 0)
    assert simtest.math_tmp_sizes("Cosh", [1000], 4) == (8000, 512, 2, 0)
    assert simtest.math_tmp_sizes("Cosh", [10], 2) == (1536, 1536, 6, 0)
    assert simtest.math_tmp_sizes("Cosh", [0], 2)[:2] == (0, 0)


@pytest.mark.parametrize("api", ["Sinh", "Cosh"])
def test_min_tmp_size_is_enough(simtest, api):
    _, minimum, _, _ = simtest.math_tmp_sizes(api, [N], 2)
    x = random_values(np.random.default_rng(5), F16, N, -5, 5)
    r = run_hyp(simtest, api, x, F16, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("api,tmp,needed", [("Sinh", 224, "256 bytes"), ("Cosh", 352, "384 bytes")])
def test_too_small_temp(simtest, api, tmp, needed):
    r = run_hyp(simtest, api, np.ones(64, F16), F16, tmp)
    assert_reported(r, "api-misuse", f"{api}: the temp (sharedTmpBuffer", needed, f"Get{api}MaxMinTmpSize")


@pytest.mark.parametrize("api", ["Sinh", "Cosh"])
def test_dst_overlapping_src(simtest, api):
    r = run_vector(Misc(simtest), api, [np.ones(64, F32), np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", api, "dstTensor", "srcTensor")


def test_temp_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Cosh", [np.zeros(64, F32), np.ones(1024, F32)],
                   [(0, 0, F32), (1, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "srcTensor", "sharedTmpBuffer")


def test_count_beyond_dst(simtest):
    r = run_vector(Misc(simtest), "Sinh", [np.zeros(128, F16), np.ones(256, F16), np.zeros(4096, np.uint8)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Sinh", "dstTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s) { Sinh(d, s); Cosh(d, s, 16u); }
""")
    assert "Sinh, Cosh: element type must be half or float" in errors
