"""High-level LogSoftMax (vector_log_softmax.h), ND format.

The A2/A3 implementation's result is log10 of the softmax (its last steps are Ln and Muls by
0.4342944819), with the row max and sum as outputs. Two references. (1) test_softmax.replay's
steps (float32, each rounded once), then Ln and the Muls, each rounded once; half sources widened
exactly and the results rounded with CAST_ROUND (ties away); the sim must agree bit for bit.
(2) float64 log10(softmax) with the tolerance the steps give, u = 2^-24, d = x - max: the
softmax's relative error is at most (|d| + ceil(K / 64) + 11) u (x - max, Exp, the row sum, Div),
which is the absolute error of its Ln; Ln and Muls round once each:
  |err| <= 0.4343 ((|d| + ceil(K / 64) + 11) u + u |ln y|) + u |out|,
plus 2^-11 |out| + 2^-25 for half. The constant off by 1e-5 fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import replay as softmax_replay
from sim.tests.test_softmax_grad import to_half_away
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

U = 2.0 ** -24
LOG10E = np.float32(0.4342944819)


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def out(v, dtype):
    return to_half_away(v) if dtype == F16 else np.asarray(v, F32)


def replay(x, m, k, ori_k, dtype, c=LOG10E):
    y, mx, sm = softmax_replay(x.astype(F32), m, k, ori_k)
    z = f(d(f(np.log(d(y)))) * d(c))
    w = 32 // np.dtype(dtype).itemsize
    return out(z, dtype).ravel(), out(np.repeat(mx, w), dtype), out(np.repeat(sm, w), dtype)


def within(got, x, m, k, ori_k, dtype):
    v = d(x.astype(F32)).reshape(m, k)
    mx = v[:, :ori_k].max(axis=1, keepdims=True)
    e = np.exp(v - mx)
    y = e / e[:, :ori_k].sum(axis=1, keepdims=True)
    truth = np.log10(y)
    tol = 0.4343 * ((np.abs(v - mx) + -(-ori_k // 64) + 11) * U + U * np.abs(np.log(y))) + U * np.abs(truth)
    if dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(truth) + 2.0 ** -25
    return bool((np.abs(d(got.astype(F32)).reshape(m, k) - truth) <= tol).all())


def ints(m, k, ori_m=None, ori_k=None, tiling=None, work=1 << 16, empty_info=False, reuse=False):
    tm, tk = tiling or (m, k)
    return [m, k, ori_m or m, ori_k or k, tm, tk, work, 0, int(empty_info), int(reuse)]


def run_log(simtest, x, m, k, dtype, tmp_bytes=None, **kw):
    w = 32 // np.dtype(dtype).itemsize
    tmp_bytes = tmp_bytes if tmp_bytes is not None else m * (k + 16 + 64) * 4
    buffers = [np.zeros(m * k, dtype), np.zeros(m * w, dtype), np.zeros(m * w, dtype), x.astype(dtype),
               np.zeros(tmp_bytes, np.uint8)]
    operands = [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype), (3, 0, dtype), (4, 0, np.uint8)]
    return run_vector(Misc(simtest), "LogSoftMax", buffers, operands, m * k, ints=ints(m, k, **kw))


SHAPES = [(8, 64), (5, 32), (3, 208), (16, 128), (2, 8), (9, 600)]


@pytest.mark.parametrize("m,k", SHAPES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_values(simtest, m, k, dtype):
    if k * np.dtype(dtype).itemsize % 32:
        pytest.skip("srcK is 32-byte aligned")
    x = random_values(np.random.default_rng(m * 100 + k), dtype, m * k, -6, 6)
    r = run_log(simtest, x, m, k, dtype)
    assert r.ok, r.result["error"]
    y, mx, sm = replay(x, m, k, k, dtype)
    got = r.array(0, dtype)
    assert_bits_equal(got, y)
    assert_bits_equal(r.array(1, dtype), sm)
    assert_bits_equal(r.array(2, dtype), mx)
    assert within(got, x, m, k, k, dtype)


def test_tiles_from_the_temp_and_padding(simtest):
    """The tiles come from the temp (3 rows here), whatever the tiling says; oriSrcK < srcK."""
    m, k, ori_k = 10, 72, 70
    x = random_values(np.random.default_rng(3), F32, m * k, -4, 4)
    x.reshape(m, k)[:, ori_k:] = 50.0
    r = run_log(simtest, x, m, k, F32, tmp_bytes=3 * 64 * 4, ori_k=ori_k)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, m, k, ori_k, F32)[0])


def test_empty_shape_info_uses_the_tiling(simtest):
    m, k = 4, 64
    x = random_values(np.random.default_rng(4), F32, m * k, -4, 4)
    r = run_log(simtest, x, m, k, F32, empty_info=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, m, k, k, F32)[0])


def test_tolerance_is_tight():
    m, k = 8, 128
    x = random_values(np.random.default_rng(5), F32, m * k, -6, 6)
    assert within(replay(x, m, k, k, F32)[0], x, m, k, k, F32)
    assert not within(replay(x, m, k, k, F32, c=np.float32(LOG10E * (1 + 1e-5)))[0], x, m, k, k, F32)


def test_host_tiling(simtest):
    fields, mx, mn = simtest.log_softmax_tiling([16, 128], 4, 16 * (8 + 128 + 64) * 4)
    assert (mx, mn) == (16 * 200 * 4, 200 * 4)
    assert fields == [16, 128, 2048, 16, 8, 128, 16, 128, 2048, 16, 8, 128, 1, 0, 0, 0]
    fields, mx, mn = simtest.log_softmax_tiling([10, 64], 2, 3 * (16 + 64 + 64) * 4)
    assert mn == 144 * 4 and fields[6] == 3 and fields[10] == 16


# ---- bad calls ---------------------------------------------------------------------------------

def test_temp_too_small(simtest):
    r = run_log(simtest, np.ones(4 * 64, F16), 4, 64, F16, tmp_bytes=128)
    assert_reported(r, "api-misuse", "LogSoftMax", "sharedTmpBuffer", "GetLogSoftMaxMinTmpSize")


def test_misaligned_last_dim(simtest):
    r = run_log(simtest, np.ones(4 * 60, F32), 4, 60, F32)
    assert_reported(r, "api-misuse", "LogSoftMax", "srcK 60", "32-byte aligned")


def test_sum_overlapping_max(simtest):
    m, k = 4, 64
    buffers = [np.zeros(m * k, F32), np.zeros(m * 8, F32), np.ones(m * k, F32), np.zeros(8192, np.uint8)]
    r = run_vector(Misc(simtest), "LogSoftMax", buffers, [(0, 0, F32), (1, 0, F32), (1, 0, F32), (2, 0, F32),
                                                          (3, 0, np.uint8)], m * k, ints=ints(m, k))
    assert_reported(r, "api-misuse", "sumTensor", "maxTensor")


def test_shape_beyond_src(simtest):
    m, k = 4, 64
    buffers = [np.zeros(8 * k, F32), np.zeros(8 * 8, F32), np.zeros(8 * 8, F32), np.ones(m * k, F32),
               np.zeros(1 << 14, np.uint8)]
    r = run_vector(Misc(simtest), "LogSoftMax", buffers, [(i, 0, F32) for i in range(4)] + [(4, 0, np.uint8)],
                   m * k, ints=ints(8, k))
    assert_reported(r, "operand-bounds", "LogSoftMax", "srcTensor")


def test_reuse_source_is_reserved(simtest):
    r = run_log(simtest, np.ones(4 * 64, F32), 4, 64, F32, reuse=True)
    assert_reported(r, "api-misuse", "LogSoftMax", "isReuseSource")


def test_wrong_dtypes_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void f(LocalTensor<int32_t> i, LocalTensor<float> a, LocalTensor<uint8_t> t, LogSoftMaxTiling tiling) {
    LogSoftMax<int32_t>(i, i, i, i, t, tiling);
    LogSoftMax<float, false, true>(a, a, a, a, t, tiling);
}
""")
    assert "LogSoftMax: element type must be half or float" in errors
    assert "LogSoftMax: isDataFormatNZ = true (NZ format) is not modelled" in errors
