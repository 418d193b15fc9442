"""High-level SoftmaxFlash (vector_softmaxflash.h) and its host tiling (softmax_flash_tiling.h).

isUpdate = false is SoftMax (test_softmax's replay). isUpdate = true: (1) the instruction
sequence replayed in numpy, each step rounded once to float32 (m = rowmax(x); y = exp(x - m);
s = the row sum as the sim's SoftMax sums a row; newMax = max(inMax, m); a = exp(m - newMax);
b = exp(inMax - newMax) * inSum; sum = b + a * s; expMax = b / sum; dst = y * (a / sum); half
outputs CAST_ROUND, ties away), which the sim must match bit for bit; (2) the flash update's
meaning in float64: dst = exp(x - newMax) / sum, sum = inSum exp(inMax - newMax) + rowsum(exp(x -
newMax)), to a tolerance from the roundings. A replay with a wrong step must NOT match."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import replay as softmax_replay
from sim.tests.test_softmax import row_sum
from sim.tests.test_softmax_grad import to_half_away
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)


def f32(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, F32).astype(np.float64)


def flash_replay(x, in_sum, in_max, m, k, wrong=None):
    """dst, sum, max, expMax (float32, per row for the last three)."""
    x = x.reshape(m, k).astype(F32)
    mx = x.max(axis=1)
    y = f32(np.exp(d(f32(d(x) - d(mx)[:, None]))))
    s = np.array([row_sum(r, k) for r in y], F32)
    new_max = np.maximum(in_max.astype(F32), mx)
    a = f32(np.exp(d(f32(d(mx) - d(new_max)))))
    b = f32(np.exp(d(f32(d(in_max) - d(new_max)))))
    b = f32(d(b) * d(in_sum))
    s = f32(d(a) * d(s))
    total = f32(d(b) + d(s)) if wrong != "sum" else f32(d(b) + d(s) + d(s) * 2 ** -20)
    exp_max = f32(d(b) / d(total))
    scale = f32(d(a) / d(total))
    dst = f32(d(y) * d(scale)[:, None])
    return dst, total, new_max, exp_max


def flash_exact(x, in_sum, in_max, m, k):
    x = x.reshape(m, k).astype(np.float64)
    new_max = np.maximum(x.max(axis=1), in_max.astype(np.float64))
    e = np.exp(x - new_max[:, None])
    total = in_sum.astype(np.float64) * np.exp(in_max.astype(np.float64) - new_max) + e.sum(axis=1)
    return e / total[:, None], total, new_max


def out(v, dtype):
    return to_half_away(v) if dtype == F16 else np.asarray(v, F32)


def run_flash(simtest, x, m, k, dtype, stat, in_sum, in_max, update=True, tmp_bytes=None, work=None, basic=False,
              same_stats=False, shape_info=True, **kw):
    w = 32 // np.dtype(stat).itemsize
    ew = 32 // np.dtype(dtype).itemsize
    size = np.dtype(stat).itemsize
    need = m * ((2 * k + 4 * w) if update else (w + k + 64)) * 4
    work = work or need
    tmp_bytes = tmp_bytes if tmp_bytes is not None else work
    buffers = [np.zeros(m * k, dtype), np.repeat(in_sum.astype(stat), w), np.repeat(in_max.astype(stat), w),
               x.astype(dtype), np.zeros(m * ew, dtype), np.repeat(in_sum.astype(stat), w),
               np.repeat(in_max.astype(stat), w)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = kw.pop("operands", None) or (
        [(0, 0, dtype), (1, 0, stat), (2, 0, stat), (3, 0, dtype), (4, 0, dtype)] +
        ([(1, 0, stat), (2, 0, stat)] if same_stats else [(5, 0, stat), (6, 0, stat)]) +
        ([(7, 0, np.uint8)] if tmp_bytes else []))
    return run_vector(Misc(simtest), "SoftmaxFlash", buffers, operands, m * k, no_temp=not tmp_bytes,
                      ints=[m, k, work, int(update), int(basic), size, int(shape_info)], **kw)


SHAPES = [(8, 64), (5, 32), (3, 200), (16, 128), (2, 32), (9, 600)]
TYPES = [(F32, F32), (F16, F16), (F16, F32)]
IDS = ["float", "half", "half-float"]


def stats(rng, m, k):
    in_max = random_values(rng, F32, m, -2, 3)
    in_sum = random_values(rng, F32, m, 0.5, 40)
    return in_sum, in_max


def check_update(r, x, in_sum, in_max, m, k, dtype, stat):
    w = 32 // np.dtype(stat).itemsize
    dst, total, new_max, exp_max = flash_replay(x.astype(dtype), in_sum.astype(stat), in_max.astype(stat), m, k)
    assert_bits_equal(r.array(0, dtype), out(dst, dtype).ravel())
    assert_bits_equal(r.array(1, stat), np.repeat(out(total, stat), w))
    assert_bits_equal(r.array(2, stat), np.repeat(out(new_max, stat), w))
    ew = 32 // np.dtype(dtype).itemsize
    assert_bits_equal(r.array(4, dtype), np.repeat(out(exp_max, dtype), ew))
    ref, rtotal, _ = flash_exact(x.astype(dtype), in_sum.astype(stat), in_max.astype(stat), m, k)
    tol = (np.log2(k) + 12) * np.finfo(F32).eps + (2 * np.finfo(F16).eps if F16 in (dtype, stat) else 0.0)
    np.testing.assert_allclose(r.array(0, dtype).astype(np.float64).reshape(m, k), ref, rtol=tol, atol=tol * 1e-2)
    np.testing.assert_allclose(r.array(1, stat).astype(np.float64)[::w], rtotal, rtol=tol)


@pytest.mark.parametrize("m,k", SHAPES)
@pytest.mark.parametrize("dtype,stat", TYPES, ids=IDS)
def test_softmaxflash_update_values(simtest, m, k, dtype, stat):
    if k * np.dtype(dtype).itemsize % 32:
        pytest.skip("srcK is 32-byte aligned")
    rng = np.random.default_rng(m * 17 + k)
    x = random_values(rng, dtype, m * k, -4, 4)
    in_sum, in_max = stats(rng, m, k)
    r = run_flash(simtest, x, m, k, dtype, stat, in_sum, in_max)
    assert r.ok, r.result["error"]
    check_update(r, x, in_sum, in_max, m, k, dtype, stat)


@pytest.mark.parametrize("dtype,stat", TYPES, ids=IDS)
def test_softmaxflash_in_place_tiles_and_stack_temp(simtest, dtype, stat):
    """sum/max as both input and output; a workspace of 3 rows: tiles of 3 and a tail of 2; the
    stack-temp form agrees."""
    m, k = 8, 64
    rng = np.random.default_rng(31)
    x = random_values(rng, dtype, m * k, -4, 4)
    in_sum, in_max = stats(rng, m, k)
    w = 32 // np.dtype(stat).itemsize
    row = (2 * k + 4 * w) * 4
    for tmp in (3 * row, 0):
        r = run_flash(simtest, x, m, k, dtype, stat, in_sum, in_max, work=3 * row, tmp_bytes=tmp, same_stats=True)
        assert r.ok, r.result["error"]
        check_update(r, x, in_sum, in_max, m, k, dtype, stat)


@pytest.mark.parametrize("dtype,stat", TYPES, ids=IDS)
def test_softmaxflash_without_update_is_softmax(simtest, dtype, stat):
    m, k = 5, 96
    rng = np.random.default_rng(32)
    x = random_values(rng, dtype, m * k, -4, 4)
    in_sum, in_max = stats(rng, m, k)
    w = 32 // np.dtype(stat).itemsize
    r = run_flash(simtest, x, m, k, dtype, stat, in_sum, in_max, update=False)
    assert r.ok, r.result["error"]
    y, mx, sm = softmax_replay(x.astype(dtype), m, k, k)
    assert_bits_equal(r.array(0, dtype), y.astype(dtype).ravel())
    assert_bits_equal(r.array(2, stat), np.repeat(mx.astype(stat), w))
    assert_bits_equal(r.array(1, stat), np.repeat(sm.astype(stat), w))


def test_softmaxflash_basic_block_and_empty_shape_info(simtest):
    m, k = 8, 256
    rng = np.random.default_rng(33)
    x = random_values(rng, F32, m * k, -4, 4)
    in_sum, in_max = stats(rng, m, k)
    r = run_flash(simtest, x, m, k, F32, F32, in_sum, in_max, basic=True, shape_info=False)
    assert r.ok, r.result["error"]
    check_update(r, x, in_sum, in_max, m, k, F32, F32)


def test_softmaxflash_perturbed_replay_is_seen(simtest):
    m, k = 4, 64
    rng = np.random.default_rng(34)
    x = random_values(rng, F32, m * k, -4, 4)
    in_sum, in_max = stats(rng, m, k)
    r = run_flash(simtest, x, m, k, F32, F32, in_sum, in_max)
    assert r.ok, r.result["error"]
    got = r.array(0, F32).reshape(m, k)
    assert_bits_equal(got, flash_replay(x, in_sum, in_max, m, k)[0])
    assert np.any(got != flash_replay(x, in_sum, in_max, m, k, wrong="sum")[0])


def test_softmaxflash_host_tiling(simtest):
    w, max_v, min_v = simtest.softmaxflash_tiling([4, 64], 4, 4 * 1024, True)
    assert max_v == 4 * (4 * 8 + 2 * 64) * 4 and min_v == (4 * 8 + 2 * 64) * 4
    assert w == [4, 64, 256, 4, 8, 32, 4, 64, 256, 4, 8, 32, 1, 0, 0, 0]
    w, max_v, min_v = simtest.softmaxflash_tiling([2, 5, 32], 2, 3 * (16 + 32 + 64) * 4, False)
    assert max_v == 10 * (16 + 32 + 64) * 4 and min_v == (16 + 32 + 64) * 4
    assert w == [10, 32, 320, 10, 16, 160, 3, 32, 96, 3, 16, 48, 3, 1, 32, 16]


def test_softmaxflash_temp_too_small(simtest):
    m, k = 4, 64
    x = random_values(np.random.default_rng(35), F32, m * k)
    in_sum, in_max = stats(np.random.default_rng(36), m, k)
    r = run_flash(simtest, x, m, k, F32, F32, in_sum, in_max, tmp_bytes=256)
    assert_reported(r, "api-misuse", "SoftmaxFlash", "sharedTmpBuffer", "GetSoftMaxFlashMinTmpSize")


def test_softmaxflash_exp_max_too_small(simtest):
    m, k = 4, 64
    x = random_values(np.random.default_rng(37), F32, m * k)
    in_sum, in_max = stats(np.random.default_rng(38), m, k)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, F32, 8), (5, 0, F32), (6, 0, F32), (7, 0, np.uint8)]
    r = run_flash(simtest, x, m, k, F32, F32, in_sum, in_max, operands=ops)
    assert_reported(r, "operand-bounds", "SoftmaxFlash", "expMaxTensor")


def test_softmaxflash_temp_overlapping_dst(simtest):
    m, k = 2, 64
    x = random_values(np.random.default_rng(39), F32, m * k)
    in_sum, in_max = stats(np.random.default_rng(40), m, k)
    ops = [(7, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, F32), (5, 0, F32), (6, 0, F32), (7, 0, np.uint8)]
    r = run_flash(simtest, x, m, k, F32, F32, in_sum, in_max, operands=ops)
    assert_reported(r, "api-misuse", "SoftmaxFlash", "dstTensor", "sharedTmpBuffer")


def test_softmaxflash_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_softmaxflash.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<uint8_t>& t, SoftMaxTiling& tl) {
    SoftmaxFlash(d, d, d, d, d, d, d, t, tl, true);
    SoftmaxFlash<int32_t>(d, d, d, d, d, d, d, tl);
}
""")
    assert errors.count("SoftmaxFlash: T must be half or float") >= 2
