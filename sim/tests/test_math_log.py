"""High-level Log, Log2 and Log10 (vector_math_log.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/log/log_common_impl.h)
replayed in numpy: Ln rounded once to T (the sim's Ln is the float64 log rounded to T), Muls by
the constant in T (float64 product of the rounded operands, rounded once); the sim must agree bit
for bit. (2) np.log / np.log2 / np.log10 in float64, with the tolerance the sequence gives, in
units of u, the relative rounding error of T (2^-24 float, 2^-11 half: half an ulp): Log rounds
once, |err| <= u |y|; Log10 and float Log2 round Ln, the constant and the product, 3u |y|; half
Log2 works in float and rounds to half at the end, (2^-11 + 3 2^-24) |y|; half adds the
subnormal step 2^-24 absolute. The float bound is tight enough that a constant off by 1e-6
(relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
INV_LN10 = 0.43429448190325176
INV_LN2 = np.float32(1.4426950408889634)
TRUTH = {"Log": np.log, "Log2": np.log2, "Log10": np.log10}
EPS = {np.dtype(F32): 2.0 ** -24, np.dtype(F16): 2.0 ** -11}


def inputs(dtype, seed, low=1e-3, high=6e4):
    rng = np.random.default_rng(seed)
    x = np.exp(rng.uniform(np.log(low), np.log(high), N)).astype(dtype)
    x[:6] = np.asarray([1.0, 2.0, 10.0, 0.5, 1.0009765625, 0.9990234375], np.float64).astype(dtype)
    return x


def d(v):
    return np.asarray(v, np.float64)


def replay(api, x, dtype):
    with np.errstate(divide="ignore", invalid="ignore"):
        if api == "Log2" and dtype == F16:
            t = np.log(d(x)).astype(F32)
            return (d(t) * d(INV_LN2)).astype(F32).astype(F16)
        y = np.log(d(x)).astype(dtype)
        if api == "Log":
            return y
        c = dtype(INV_LN10) if api == "Log10" else INV_LN2.astype(dtype)
        return (d(y) * d(c)).astype(dtype)


def within_tolerance(api, got, x, dtype):
    truth = TRUTH[api](d(x))
    eps = EPS[np.dtype(dtype)]
    if api == "Log":
        rel = eps
    elif api == "Log2" and dtype == F16:
        rel = eps + 3 * 2.0 ** -24
    else:
        rel = 3 * eps
    tol = rel * np.abs(truth) + (2.0 ** -24 if dtype == F16 else 0.0)
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def run_log(simtest, api, x, dtype, tmp_bytes=0, whole=False, **options):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    name = f"{api}/whole" if whole else api  # "/whole": the overload without calCount
    return run_vector(Misc(simtest), name, buffers, operands, x.size, no_temp=not tmp_bytes, **options)


@pytest.mark.parametrize("api", ["Log", "Log2", "Log10"])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, api, dtype):
    x = inputs(dtype, 1)
    r = run_log(simtest, api, x, dtype, 2048 if api == "Log2" else 0)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(api, x, dtype))
    ok, err, tol = within_tolerance(api, got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("api", ["Log", "Log2", "Log10"])
def test_special_inputs(simtest, api):
    x = np.asarray([0.0, -1.0, np.inf, 1.0] * 8, F32)
    r = run_log(simtest, api, x, F32, 1024 if api == "Log2" else 0)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert np.all(got[0::4] == -np.inf) and np.all(np.isnan(got[1::4]))
    assert np.all(got[2::4] == np.inf) and np.all(got[3::4] == 0.0)


@pytest.mark.parametrize("api", ["Log", "Log2", "Log10"])
def test_whole_tensor_form(simtest, api):
    x = inputs(F16, 2)
    r = run_log(simtest, api, x, F16, 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(api, x, F16))


def test_tolerance_is_tight():
    x = inputs(F32, 3)
    with np.errstate(divide="ignore"):
        y = np.log(d(x)).astype(F32)
        wrong = (d(y) * d(np.float32(INV_LN10 * (1 + 1e-6)))).astype(F32)
    assert within_tolerance("Log10", replay("Log10", x, F32), x, F32)[0]
    assert not within_tolerance("Log10", wrong, x, F32)[0]


@pytest.mark.parametrize("api,dtype,per_chunk,once", [("Log", F32, 0, 1), ("Log", F16, 0, 1), ("Log10", F16, 0, 2),
                                                      ("Log2", F32, 0, 2), ("Log2", F16, 4, 0)])
def test_instructions(simtest, api, dtype, per_chunk, once):
    tmp = 1504
    chunk = tmp // 4 // 32 * 32
    x = inputs(dtype, 4)
    r = run_log(simtest, api, x, dtype, tmp if api == "Log2" else 0)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == once + -(-N // chunk) * per_chunk


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Log", [1000], 2) == (0, 0, 0, 0)
    assert simtest.math_tmp_sizes("Log10", [1000], 4) == (0, 0, 0, 0)
    assert simtest.math_tmp_sizes("Log2", [1000], 2) == (4000, 256, 2, 0)
    assert simtest.math_tmp_sizes("Log2", [10], 2) == (256, 256, 2, 0)
    assert simtest.math_tmp_sizes("Log2", [1000], 4) == (0, 0, 0, 0)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.math_tmp_sizes("Log2", [N], 2)
    x = inputs(F16, 5)
    r = run_log(simtest, "Log2", x, F16, minimum)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay("Log2", x, F16))


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_log(simtest, "Log2", np.ones(64, F16), F16, 96)
    assert_reported(r, "api-misuse", "Log2: the temp (sharedTmpBuffer", "128 bytes", "GetLog2MaxMinTmpSize")


@pytest.mark.parametrize("api", ["Log", "Log2", "Log10"])
def test_dst_overlapping_src(simtest, api):
    x = inputs(F32, 6)
    r = run_vector(Misc(simtest), api, [x], [(0, 0, F32), (0, 0, F32)], N, no_temp=True)
    assert_reported(r, "api-misuse", api, "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "Log2", [np.zeros(1024, F16), np.ones(64, F16)],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


@pytest.mark.parametrize("api", ["Log", "Log2", "Log10"])
def test_count_beyond_src(simtest, api):
    r = run_vector(Misc(simtest), api, [np.zeros(256, F16), np.ones(128, F16)], [(0, 0, F16), (1, 0, F16)], 256,
                   no_temp=True)
    assert_reported(r, "operand-bounds", api, "srcTensor")


def test_reuse_source_is_reserved(simtest):
    r = run_log(simtest, "Log", inputs(F32, 7), F32, reuse_source=True)
    assert_reported(r, "api-misuse", "Log", "isReuseSource")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& s, LocalTensor<uint8_t>& tmp) { Log(s, s, 16); Log2(s, s, tmp, 16); Log10(s, s); }
""")
    assert "Log, Log2, Log10: element type must be half or float" in errors
