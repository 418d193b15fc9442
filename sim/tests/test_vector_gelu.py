"""High-level Gelu, FasterGelu and FasterGeluV2 (vector_gelu.h).

Two references: (1) the steps of the Atlas A2/A3 implementation (asc-devkit
impl/adv_api/detail/activation/gelu/gelu_impl.h) replayed in numpy, each step computed in
float64 and rounded once to its working type (exact for +, *, / of half or float operands, so
the sim must agree bit for bit); (2) the mathematical function in float64, to a tolerance the
algorithm justifies: about one rounding of the working type per step (13 steps for Gelu), plus
the rounding of the constants to half for a half working type."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000  # several chunks for the temps below, and a partial last chunk


def steps(kind, x, w, high_performance):
    """The implementation's steps on x (already in the working type w)."""
    def r(v):
        return np.asarray(v, np.float64).astype(w)

    def c(value):
        return np.float64(w(value))

    def d(v):
        return v.astype(np.float64)

    def divide(num, den):
        if high_performance:
            return r(d(num) * d(r(np.float32(1.0) / den.astype(np.float32)))) if w == F16 else r(d(num) * d(r(1.0 / d(den))))
        return r(d(num) / d(den))

    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        if kind == "Gelu":
            a = r(d(x) * d(x))
            b = r(d(x) * d(a))
            a = r(d(b) * c(0.044715))
            b = r(d(x) + d(a))
            a = r(d(b) * c(1.5957691216057308))
            b = r(np.exp(d(r(np.minimum(d(a), 0.0)))))
            a = r(np.abs(d(a)))
            a = r(d(a) * -1.0)
            a = r(np.exp(d(a)))
            a = r(d(a) + 1.0)
            a = divide(x, a)
            return r(d(a) * d(b))
        if kind == "FasterGelu":
            a = r(d(x) * c(-1.702))
            a = r(np.exp(d(a)))
            a = r(d(a) + 1.0)
            return divide(x, a)
        a = r(d(x) * c(0.7071))
        a = r(np.abs(d(a)))
        a = r(np.minimum(d(a), c(1.769)))
        a = r(d(a) + c(-1.769))
        a = r(d(a) * d(a))
        a = r(d(a) * c(-0.1444))
        a = r(d(a) + 0.5)
        b = r(d(x) + c(1e-12))
        cc = r(np.abs(d(b)))
        b = divide(b, cc)
        a = r(d(a) * d(b))
        a = r(d(a) + 0.5)
        return r(d(x) * d(a))


def replay(kind, x, dtype, high_precision, high_performance):
    if high_precision and dtype == F16:
        return steps(kind, x.astype(F32), F32, high_performance).astype(F16)
    return steps(kind, x, dtype, high_performance)


def exact(kind, x):
    v = x.astype(np.float64)
    if kind == "Gelu":  # the tanh approximation the steps compute: x * sigmoid(2 * sqrt(2/pi) * (x + 0.044715 x^3))
        return v / (1.0 + np.exp(-2.0 * math.sqrt(2.0 / math.pi) * (v + 0.044715 * v ** 3)))
    if kind == "FasterGelu":
        return v / (1.0 + np.exp(-1.702 * v))
    sign = np.sign(v + 1e-12)
    return v * (sign * (-0.1444 * (np.minimum(np.abs(0.7071 * v), 1.769) - 1.769) ** 2 + 0.5) + 0.5)


KINDS = ["Gelu", "FasterGelu", "FasterGeluV2"]
PIECES = {"Gelu": 2, "FasterGelu": 1, "FasterGeluV2": 3}
STEPS = {"Gelu": 13, "FasterGelu": 4, "FasterGeluV2": 13}


def run_gelu(simtest, kind, x, dtype, tmp_bytes, **options):
    dst = np.zeros(x.size, dtype)
    buffers = [dst, x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), kind, buffers, operands, x.size, no_temp=not tmp_bytes, **options)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("high_precision", [False, True], ids=["", "highPrecision"])
@pytest.mark.parametrize("high_performance", [False, True], ids=["", "highPerformance"])
def test_values(simtest, kind, dtype, high_precision, high_performance):
    x = random_values(np.random.default_rng(31), dtype, N, -6, 6)
    x[:4] = [0.5, -0.5, 3.0, -3.0]
    tmp = 3 * 256 * 4  # GetGeluMaxMinTmpSize's min for any input, x4: several chunks of N
    r = run_gelu(simtest, kind, x, dtype, tmp, high_precision=high_precision, high_performance=high_performance)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(kind, x, dtype, high_precision, high_performance))
    widened = high_precision and dtype == F16
    working_eps = np.finfo(F32 if widened or dtype == F32 else F16).eps
    # about one rounding per step, the constants' rounding, and the output's own rounding to T
    rtol = STEPS[kind] * working_eps + (np.finfo(dtype).eps if widened else 0.0) + (4e-3 if dtype == F16 and not widened else 0.0)
    np.testing.assert_allclose(got.astype(np.float64), exact(kind, x), rtol=rtol, atol=rtol * 6)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype,high_precision", [(F32, False), (F16, False), (F16, True)])
def test_chunks_and_instructions(simtest, kind, dtype, high_precision):
    """chunk = tmpBytes / sizeof(W) / pieces / 32 * 32 elements, STEPS (+2 Casts) instructions per chunk."""
    tmp = 992  # a multiple of 32 B (UB buffers are rounded up to 32 B)
    w_size = 4 if high_precision else np.dtype(dtype).itemsize
    pieces = PIECES[kind] + (1 if high_precision else 0)
    chunk = tmp // w_size // pieces // 32 * 32
    x = random_values(np.random.default_rng(3), dtype, N, -3, 3)
    r = run_gelu(simtest, kind, x, dtype, tmp, high_precision=high_precision)
    assert r.ok, r.result["error"]
    chunks = -(-N // chunk)
    per_chunk = STEPS[kind] + (2 if high_precision else 0)
    assert r.vector_pipe()["instructions"] == chunks * per_chunk


def test_without_temp_uses_the_ub_left(simtest):
    x = random_values(np.random.default_rng(5), F32, N, -3, 3)
    r = run_gelu(simtest, "Gelu", x, F32, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay("Gelu", x, F32, False, False))


def test_in_place(simtest):
    x = random_values(np.random.default_rng(6), F16, 256, -3, 3)
    r = run_vector(Misc(simtest), "FasterGelu", [x, np.zeros(1024, np.uint8)], [(0, 0, F16), (0, 0, F16), (1, 0, np.uint8)],
                   256)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay("FasterGelu", x, F16, False, False))


def test_tmp_sizes(simtest):
    assert simtest.gelu_tmp_sizes([8], 2) == (768, 768, 768, 768)
    assert simtest.gelu_tmp_sizes([4, 1000], 4) == (48000, 768, 48000, 768)
    assert simtest.gelu_tmp_sizes([4, 1000], 2) == (48000, 768, 48000, 768)
    assert simtest.gelu_tmp_sizes([0], 4)[2:] == (0, 0)  # an error: nothing computed
    assert simtest.gelu_tmp_sizes([16], 8)[2:] == (0, 0)


def test_min_tmp_size_runs_every_kind(simtest):
    x = random_values(np.random.default_rng(8), F16, N, -3, 3)
    _, minimum, _, _ = simtest.gelu_tmp_sizes([N], 2)
    for kind in KINDS:
        r = run_gelu(simtest, kind, x, F16, minimum, high_precision=True)
        assert r.ok, (kind, r.result["error"])


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind,tmp,needed", [("Gelu", 224, 256), ("FasterGelu", 96, 128), ("FasterGeluV2", 352, 384)])
def test_too_small_temp(simtest, kind, tmp, needed):
    """tmp / 4 / pieces floats is less than one 32-element chunk."""
    r = run_gelu(simtest, kind, np.ones(256, F32), F32, tmp)
    assert not r.ok and r.result["error_kind"] == "api-misuse", r.result["error"]
    assert f"{kind}: the temp (sharedTmpBuffer" in r.result["error"] and f"{needed} bytes" in r.result["error"]
    assert "GetGeluMaxMinTmpSize" in r.result["error"]  # the one host query of the family


def test_temp_overlapping_src(simtest):
    x = np.ones(512, F32)
    r = run_vector(Misc(simtest), "Gelu", [np.zeros(256, F32), x], [(0, 0, F32), (1, 0, F32), (1, 0, np.uint8)], 256)
    assert_reported(r, "api-misuse", "srcLocal", "sharedTmpBuffer")


def test_data_size_beyond_dst(simtest):
    r = run_vector(Misc(simtest), "FasterGeluV2", [np.zeros(128, F16), np.ones(256, F16), np.zeros(4096, np.uint8)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "FasterGeluV2", "dstLocal")


def test_misaligned_src_names_the_step(simtest):
    r = run_vector(Misc(simtest), "Gelu", [np.zeros(64, F32), np.ones(72, F32), np.zeros(2048, np.uint8)],
                   [(0, 0, F32), (1, 4, F32), (2, 0, np.uint8)], 64)
    assert_reported(r, "ub-alignment", "Gelu (Mul x*x step)")


def test_missing_sync_is_reported(simtest):
    x = random_values(np.random.default_rng(9), F32, 256, -3, 3)
    ok = simtest.launch("gelu_after_dma_synced", 1, [("x", x.tobytes()), ("y", bytes(1024))])
    assert ok["ok"], ok["error"]
    assert_bits_equal(np.frombuffer(ok["outputs"]["y"], F32), replay("Gelu", x, F32, False, False))
    bad = simtest.launch("gelu_missing_mte2_v_sync", 1, [("x", x.tobytes()), ("y", bytes(1024))])
    assert bad["error_kind"] == "pipe-hazard", bad.get("error")
    assert "Gelu (Mul x*x step)" in bad["error"] and "read-after-write" in bad["error"]


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int16_t>& s, LocalTensor<uint8_t>& tmp) { Gelu(s, s, tmp, 16); FasterGelu(s, s, 16); }
""")
    assert "Gelu, FasterGelu, FasterGeluV2: element type must be half or float" in errors
