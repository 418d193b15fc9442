"""High-level SoftMax, SimpleSoftMax and AdjustSoftMaxRes (vector_softmax.h), ND format.

Two references: (1) the instruction sequence of vector_softmax.h replayed in numpy, each step
computed in float64 and rounded once to float32 (the row max exact, the row sum as the sim adds:
64-lane partials over the row's 64-element pieces in order, then WholeReduceSum's tree over
neighbouring lanes), so the sim must agree bit for bit; (2) softmax in float64, to a tolerance of
a few float32 roundings (a wrong step, e.g. a missing max subtraction or a sum over padding,
is far outside it)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)


def f32(v):
    return np.asarray(v, np.float64).astype(F32)


def tree_sum(lanes):
    """WholeReduceSum over one repeat of 64 float lanes (None: a lane outside the mask)."""
    vals = list(lanes) + [None] * (64 - len(lanes))
    while len(vals) > 1:
        nxt = []
        for a, b in zip(vals[0::2], vals[1::2]):
            if a is None:
                nxt.append(b)
            elif b is None:
                nxt.append(a)
            else:
                nxt.append(F32(np.float64(a) + np.float64(b)))
        vals = nxt
    return vals[0]


def row_sum(row, ori_k):
    row = row[:ori_k].astype(F32)
    if ori_k <= 64:
        return tree_sum(list(row))
    part = row[:64].copy()
    for p in range(1, -(-ori_k // 64)):
        piece = row[p * 64:(p + 1) * 64]
        part[:piece.size] = f32(part[:piece.size].astype(np.float64) + piece.astype(np.float64))
    return tree_sum(list(part))


def replay(x, m, k, ori_k, sum_max=None):
    """dst (float32, m x k), max, sum (float32 per row) as the sim's steps compute them."""
    x = x.reshape(m, k).astype(F32)
    if sum_max is None:
        mx = x[:, :ori_k].max(axis=1)
    else:
        mx = sum_max[1]
    d = f32(x.astype(np.float64) - mx[:, None].astype(np.float64))
    e = f32(np.exp(d.astype(np.float64)))
    sm = np.array([row_sum(r, ori_k) for r in e], F32) if sum_max is None else sum_max[0]
    y = f32(e.astype(np.float64) / sm[:, None].astype(np.float64))
    return y, mx, sm


def exact(x, m, k, ori_k):
    v = x.reshape(m, k).astype(np.float64)
    mx = v[:, :ori_k].max(axis=1, keepdims=True)
    e = np.exp(v - mx)
    return e / e[:, :ori_k].sum(axis=1, keepdims=True), mx[:, 0], e[:, :ori_k].sum(axis=1)


def ints(m, k, ori_m=None, ori_k=None, tiling=None, work=1 << 16, basic=False, empty_info=False):
    tm, tk = tiling or (m, k)
    return [m, k, ori_m or m, ori_k or k, tm, tk, work, int(basic), int(empty_info)]


def run_softmax(simtest, api, x, m, k, dtype, stat_dtype=None, tmp_bytes=None, sum_in=None, max_in=None, **kw):
    stat_dtype = stat_dtype or dtype
    width = 32 // np.dtype(stat_dtype).itemsize
    dst = np.zeros(m * k, dtype)
    s = np.zeros(m * width, stat_dtype) if sum_in is None else np.repeat(sum_in.astype(stat_dtype), width)
    mx = np.zeros(m * width, stat_dtype) if max_in is None else np.repeat(max_in.astype(stat_dtype), width)
    tmp_bytes = tmp_bytes if tmp_bytes is not None else m * (k + 16 + 64) * 4
    buffers = [dst, s, mx, x.astype(dtype)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, stat_dtype), (2, 0, stat_dtype), (3, 0, dtype)] + (
        [(4, 0, np.uint8)] if tmp_bytes else [])
    options = dict(ints=ints(m, k, **{key: kw.pop(key) for key in list(kw) if key in
                                      ("ori_m", "ori_k", "tiling", "work", "basic", "empty_info")}))
    return run_vector(Misc(simtest), api, buffers, operands, m * k, no_temp=not tmp_bytes, **options, **kw)


SHAPES = [(8, 64), (5, 32), (3, 200), (16, 128), (2, 8), (9, 600)]


@pytest.mark.parametrize("m,k", SHAPES)
@pytest.mark.parametrize("dtype,stat", [(F32, F32), (F16, F16), (F16, F32)], ids=["float", "half", "half-float"])
def test_softmax_values(simtest, m, k, dtype, stat):
    if dtype == F16 and k % 16:
        pytest.skip("srcK of a half source is a multiple of 16")
    x = random_values(np.random.default_rng(m * 1000 + k), dtype, m * k, -8, 8)
    r = run_softmax(simtest, "SoftMax", x, m, k, dtype, stat)
    assert r.ok, r.result["error"]
    width = 32 // np.dtype(stat).itemsize
    y, mx, sm = replay(x, m, k, k)
    got_y = r.array(0, dtype).reshape(m, k)
    got_sum = r.array(1, stat).reshape(m, width)
    got_max = r.array(2, stat).reshape(m, width)
    assert_bits_equal(got_y.ravel(), y.astype(dtype).ravel())
    assert_bits_equal(got_max.ravel(), np.repeat(mx.astype(stat), width))
    assert_bits_equal(got_sum.ravel(), np.repeat(sm.astype(stat), width))
    ref_y, ref_max, ref_sum = exact(x, m, k, k)
    eps = np.finfo(dtype).eps
    # x - max rounds to float (|x - max| < 16: up to 8 float eps of exp), then exp, sum and div
    tol = 16 * np.finfo(F32).eps + (2 * eps if dtype == F16 else 0.0)
    np.testing.assert_allclose(got_y.astype(np.float64), ref_y, rtol=tol, atol=tol * 1e-3)
    np.testing.assert_array_equal(got_max[:, 0].astype(np.float64), ref_max.astype(stat))
    np.testing.assert_allclose(got_sum[:, 0].astype(np.float64), ref_sum, rtol=k * np.finfo(F32).eps + np.finfo(stat).eps)


def test_softmax_tiles_rows_and_recomputes_a_tiling_of_another_shape(simtest):
    """A temp of 3 rows: tiles of 3 rows and a tail; a tiling made for another shape is recomputed."""
    m, k = 10, 64
    x = random_values(np.random.default_rng(3), F32, m * k, -4, 4)
    for tiling in [(m, k), (4, 128)]:
        r = run_softmax(simtest, "SoftMax", x, m, k, F32, tmp_bytes=3 * (8 + k + 64) * 4, work=3 * (8 + k + 64) * 4,
                        tiling=tiling)
        assert r.ok, r.result["error"]
        assert_bits_equal(r.array(0, F32), replay(x, m, k, k)[0].ravel())


def test_softmax_padding_columns(simtest):
    """oriSrcK < srcK: the reductions see the first oriSrcK columns only; all columns are computed."""
    m, k, ori_k = 4, 72, 70
    x = random_values(np.random.default_rng(4), F32, m * k, -4, 4)
    x.reshape(m, k)[:, ori_k:] = 50.0  # would dominate max and sum if reduced
    r = run_softmax(simtest, "SoftMax", x, m, k, F32, ori_k=ori_k)
    assert r.ok, r.result["error"]
    y, mx, _ = replay(x, m, k, ori_k)
    assert_bits_equal(r.array(0, F32), y.ravel())
    assert_bits_equal(r.array(2, F32).reshape(m, 8)[:, 0], mx)


def test_softmax_in_place_and_empty_shape_info_uses_the_tiling(simtest):
    m, k = 8, 64
    x = random_values(np.random.default_rng(5), F32, m * k, -4, 4)
    s, mx = np.zeros(m * 8, F32), np.zeros(m * 8, F32)
    r = run_vector(Misc(simtest), "SoftMax", [x, s, mx, np.zeros(m * 72 * 4, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (0, 0, F32), (3, 0, np.uint8)], m * k,
                   ints=ints(m, k, empty_info=True))
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, m, k, k)[0].ravel())


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_softmax_basic_block_and_stack_temp(simtest, dtype):
    m, k = 16, 256
    x = random_values(np.random.default_rng(6), dtype, m * k, -6, 6)
    for extra in [dict(basic=True), dict(tmp_bytes=0)]:
        r = run_softmax(simtest, "SoftMax", x, m, k, dtype, **extra)
        assert r.ok, (extra, r.result["error"])
        assert_bits_equal(r.array(0, dtype), replay(x, m, k, k)[0].astype(dtype).ravel())


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_softmax_without_sum_and_max(simtest, dtype):
    m, k = 6, 128
    x = random_values(np.random.default_rng(7), dtype, m * k, -6, 6)
    tmp = m * (k + 16 + 64) * 4 + 2 * m * 32
    r = run_vector(Misc(simtest), "SoftMaxNoSumMax", [np.zeros(m * k, dtype), x, np.zeros(tmp, np.uint8)],
                   [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8)], m * k, ints=ints(m, k))
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), replay(x, m, k, k)[0].astype(dtype).ravel())


@pytest.mark.parametrize("dtype,stat", [(F32, F32), (F16, F16), (F16, F32)], ids=["float", "half", "half-float"])
def test_simple_softmax(simtest, dtype, stat):
    """max and sum given (from a SoftMax of the same rows, rounded to their type)."""
    m, k = 5, 96
    x = random_values(np.random.default_rng(8), dtype, m * k, -6, 6)
    _, mx, sm = replay(x, m, k, k)
    mx_t, sm_t = mx.astype(stat), sm.astype(stat)
    r = run_softmax(simtest, "SimpleSoftMax", x, m, k, dtype, stat, sum_in=sm_t, max_in=mx_t)
    assert r.ok, r.result["error"]
    y, _, _ = replay(x, m, k, k, sum_max=(sm_t.astype(F32), mx_t.astype(F32)))
    assert_bits_equal(r.array(0, dtype), y.astype(dtype).ravel())
    np.testing.assert_allclose(r.array(0, dtype).astype(np.float64), exact(x, m, k, k)[0].ravel(),
                               rtol=0, atol=8 * np.finfo(dtype).eps)


@pytest.mark.parametrize("dtype,stat", [(F32, F32), (F16, F32), (F16, F16)], ids=["float", "half-float", "half"])
@pytest.mark.parametrize("step", [0, 1])
def test_adjust_softmax_res(simtest, dtype, stat, step):
    m, k = 6, 64
    width = 32 // np.dtype(stat).itemsize
    res = random_values(np.random.default_rng(9), dtype, m * k, 0, 1)
    mx = np.full(m * width, 1.0, stat)
    lowest = np.finfo(stat).min
    match_rows = [1, 4]
    for row in match_rows:
        mx[row * (width if step == 0 else 1)] = lowest
    frm = int(np.array([lowest], stat).view(np.uint32 if stat == F32 else np.uint16)[0])
    r = run_vector(Misc(simtest), "AdjustSoftMaxRes", [res, mx, np.zeros(32, np.uint8)],
                   [(0, 0, dtype), (1, 0, stat), (2, 0, np.uint8)], m * k, ints=[m, k, frm, step], scalar=0.25)
    assert r.ok, r.result["error"]
    want = res.reshape(m, k).copy()
    want[match_rows] = 0.25
    assert_bits_equal(r.array(0, dtype), want.ravel())
    assert r.array(2, np.uint8)[0] == 1
    r = run_vector(Misc(simtest), "AdjustSoftMaxRes", [res, np.ones(m * width, stat), np.zeros(32, np.uint8)],
                   [(0, 0, dtype), (1, 0, stat), (2, 0, np.uint8)], m * k, ints=[m, k, frm, step], scalar=0.25)
    assert r.ok and r.array(2, np.uint8)[0] == 0
    assert_bits_equal(r.array(0, dtype), res)


def test_the_references_tell_a_wrong_step():
    """A sum over the padding columns, or a max taken over the padding, is far outside the
    tolerance the float64 checks use: they would catch it."""
    x = np.random.default_rng(1).uniform(-8, 8, (4, 72))
    x[:, 70:] = 9.0
    good = exact(x, 4, 72, 70)[0]
    assert np.abs(good - exact(x, 4, 72, 72)[0]).max() > 1e-2
    assert not np.allclose(replay(x.astype(F32).ravel(), 4, 72, 72)[0], good, rtol=1e-5, atol=1e-8)


# ---- bad calls ---------------------------------------------------------------------------------

def test_temp_too_small(simtest):
    m, k = 4, 64
    r = run_softmax(simtest, "SoftMax", np.ones(m * k, F32), m, k, F32, tmp_bytes=128)
    assert_reported(r, "api-misuse", "SoftMax", "sharedTmpBuffer", "GetSoftMaxMinTmpSize")


def test_shape_info_beyond_the_tensors(simtest):
    m, k = 4, 64
    r = run_vector(Misc(simtest), "SoftMax",
                   [np.zeros(m * k, F32), np.zeros(m * 8, F32), np.zeros(m * 8, F32), np.ones(m * k, F32),
                    np.zeros(1 << 14, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, np.uint8)], m * k,
                   ints=ints(8, k))
    assert_reported(r, "operand-bounds", "SoftMax", "srcTensor")


def test_sum_tensor_too_small(simtest):
    m, k = 8, 64
    r = run_vector(Misc(simtest), "SoftMax",
                   [np.zeros(m * k, F32), np.zeros(4 * 8, F32), np.zeros(m * 8, F32), np.ones(m * k, F32),
                    np.zeros(1 << 14, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, np.uint8)], m * k, ints=ints(m, k))
    assert_reported(r, "operand-bounds", "SoftMax", "sumTensor")


def test_misaligned_last_dim(simtest):
    m, k = 4, 60  # 240 bytes of float: not 32-byte aligned
    r = run_softmax(simtest, "SoftMax", np.ones(m * k, F32), m, k, F32)
    assert_reported(r, "api-misuse", "SoftMax", "srcK 60", "32-byte aligned")


def test_ori_shape_beyond_shape(simtest):
    m, k = 4, 64
    r = run_softmax(simtest, "SoftMax", np.ones(m * k, F32), m, k, F32, ori_k=72)
    assert_reported(r, "api-misuse", "oriSrcM x oriSrcK")


def test_basic_block_conditions(simtest):
    m, k = 4, 64  # srcM not a multiple of 8
    r = run_softmax(simtest, "SoftMax", np.ones(m * k, F32), m, k, F32, basic=True)
    assert_reported(r, "api-misuse", "isBasicBlock")


def test_temp_overlapping_dst(simtest):
    m, k = 2, 64
    r = run_vector(Misc(simtest), "SoftMax",
                   [np.zeros(4096, F32), np.zeros(m * 8, F32), np.zeros(m * 8, F32), np.ones(m * k, F32)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (0, 0, np.uint8)], m * k, ints=ints(m, k))
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_wrong_dtypes_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void f(LocalTensor<int32_t> i, LocalTensor<float> a, LocalTensor<uint8_t> t, SoftMaxTiling tiling) {
    SoftMax<int32_t>(i, i, i, i, t, tiling);
    SimpleSoftMax<int32_t>(i, i, i, i, t, tiling);
    AdjustSoftMaxRes<int32_t, float>(i, a, 0u, 0, SoftMaxShapeInfo{});
    SoftMax<float, false, false, true>(a, a, a, a, t, tiling);
}
""")
    assert "SoftMax: element type must be half or float" in errors
    assert "SimpleSoftMax: element type must be half or float" in errors
    assert "AdjustSoftMaxRes: element type must be half or float" in errors
    assert "isDataFormatNZ = true (NZ format) is not modelled" in errors
