"""High-level SoftmaxGrad and SoftmaxGradFront (vector_softmax_grad.h), ND format.

Two references. (1) The steps of vector_softmax_grad.h replayed in numpy, each rounded once to
float32 (p = src * grad, the row sum of p as the SoftMax engine adds it: test_softmax.row_sum,
then grad - sum and the product with src; half sources widened exactly and the result rounded
with CAST_ROUND, ties away from zero); the sim must agree bit for bit. (2) float64:
s = sum(src grad) over the first oriSrcK columns, y = (grad - s) src. With u = 2^-24 and P the
row's sum of |src grad|, the float sum is off by at most (ceil(K / 64) + 7) u P (one rounding a
product, one a 64-lane partial a piece, six of the tree), so
  |err s| <= g = (ceil(K / 64) + 8) u P,   |err y| <= |src| (g + u |grad - s|) + u |y|,
plus 2^-11 |y| + 2^-25 for half. A sum off by 1e-5 (relative) fails it
(test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import row_sum
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

U = 2.0 ** -24


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def to_half_away(y):
    """float32 -> half, ties away from zero (CAST_ROUND)."""
    y = np.asarray(y, F32)
    h = y.astype(F16)
    err = d(y) - d(h)
    toward = np.nextafter(h, np.where(err > 0, F16(np.inf), F16(-np.inf)).astype(F16))
    tie = (err != 0) & (np.abs(err) == np.abs(d(toward) - d(h)) / 2) & (np.abs(d(toward)) > np.abs(d(h)))
    return np.where(tie, toward, h).astype(F16)


def out(y, dtype):
    return to_half_away(y) if dtype == F16 else y.astype(F32)


def replay(src, grad, m, k, ori_k, front, dtype, scale=1.0):
    x = src.reshape(m, k).astype(F32)
    g = grad.reshape(m, k).astype(F32)
    p = f(d(x) * d(g))
    s = np.array([row_sum(row, ori_k) for row in p], F32)
    s = f(d(s) * scale)
    if front:
        return out(np.repeat(s, 32 // np.dtype(dtype).itemsize), dtype)
    t = f(d(g) - d(s)[:, None])
    return out(f(d(t) * d(x)), dtype).ravel()


def within(got, src, grad, m, k, ori_k, front, dtype):
    x = d(src.reshape(m, k).astype(F32))
    g = d(grad.reshape(m, k).astype(F32))
    s = (x * g)[:, :ori_k].sum(axis=1)
    gamma = (-(-k // 64) + 8) * U * np.abs(x * g)[:, :ori_k].sum(axis=1)
    if front:
        truth, tol = s, gamma
        width = 32 // np.dtype(dtype).itemsize
        got = d(got.astype(F32)).reshape(m, width)[:, 0]
    else:
        truth = (g - s[:, None]) * x
        tol = np.abs(x) * (gamma[:, None] + U * np.abs(g - s[:, None])) + U * np.abs(truth)
        got = d(got.astype(F32)).reshape(m, k)
    if dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(truth) + 2.0 ** -25
    return bool((np.abs(got - truth) <= tol + 1e-300).all())


def ints(m, k, ori_m=None, ori_k=None, tiling=None, work=1 << 16, basic=False, empty_info=False, front=False,
         reuse=False):
    tm, tk = tiling or (m, k)
    return [m, k, ori_m or m, ori_k or k, tm, tk, work, int(basic), int(empty_info), int(front), int(reuse)]


def run_grad(simtest, api, src, grad, m, k, dtype, front=False, tmp_bytes=None, dst_elems=None, **kw):
    width = 32 // np.dtype(dtype).itemsize
    front_out = api == "SoftmaxGradFront" or front
    dst = np.zeros(dst_elems or (m * width if front_out else m * k), dtype)
    tmp_bytes = tmp_bytes if tmp_bytes is not None else m * (3 * k + 96) * 4
    buffers = [dst, grad.astype(dtype), src.astype(dtype)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)] + ([(3, 0, np.uint8)] if tmp_bytes else [])
    options = dict(ints=ints(m, k, front=front, **{key: kw.pop(key) for key in list(kw) if key in
                                                   ("ori_m", "ori_k", "tiling", "work", "basic", "empty_info",
                                                    "reuse")}))
    return run_vector(Misc(simtest), api, buffers, operands, m * k, no_temp=not tmp_bytes, **options, **kw)


def data(seed, m, k, dtype):
    rng = np.random.default_rng(seed)
    src = random_values(rng, dtype, m * k, 0.0, 1.0)  # softmax outputs
    grad = random_values(rng, dtype, m * k, -2.0, 2.0)
    return src, grad


SHAPES = [(8, 64), (5, 32), (3, 208), (16, 128), (2, 8), (9, 600)]
FORMS = [("SoftmaxGrad", False), ("SoftmaxGrad", True), ("SoftmaxGradFront", True)]


@pytest.mark.parametrize("m,k", SHAPES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("api,front", FORMS, ids=["grad", "grad-front", "front"])
def test_values(simtest, m, k, dtype, api, front):
    if k * np.dtype(dtype).itemsize % 32:
        pytest.skip("srcK is 32-byte aligned")
    src, grad = data(m * 1000 + k, m, k, dtype)
    r = run_grad(simtest, api, src, grad, m, k, dtype, front=front and api == "SoftmaxGrad")
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(src, grad, m, k, k, front, dtype))
    assert within(got, src, grad, m, k, k, front, dtype)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_tiles_and_a_tiling_of_another_shape(simtest, dtype):
    """A temp of 3 rows: tiles of 3 rows and a tail; a tiling made for another shape is recomputed."""
    m, k = 10, 64
    src, grad = data(3, m, k, dtype)
    row = (3 * k + 96) * 4
    for tiling in [(m, k), (4, 128)]:
        r = run_grad(simtest, "SoftmaxGrad", src, grad, m, k, dtype, tmp_bytes=3 * row, work=3 * row, tiling=tiling)
        assert r.ok, r.result["error"]
        assert_bits_equal(r.array(0, dtype), replay(src, grad, m, k, k, False, dtype))


def test_padding_columns(simtest):
    """oriSrcK < srcK: the sum sees the first oriSrcK columns only; all columns are computed."""
    m, k, ori_k = 4, 72, 70
    src, grad = data(4, m, k, F32)
    src.reshape(m, k)[:, ori_k:] = 50.0
    for api, front in FORMS:
        r = run_grad(simtest, api, src, grad, m, k, F32, front=front and api == "SoftmaxGrad", ori_k=ori_k)
        assert r.ok, r.result["error"]
        got = r.array(0, F32)
        assert_bits_equal(got, replay(src, grad, m, k, ori_k, front, F32))
        assert within(got, src, grad, m, k, ori_k, front, F32)


def test_in_place_and_empty_shape_info_uses_the_tiling(simtest):
    m, k = 8, 64
    src, grad = data(5, m, k, F32)
    r = run_vector(Misc(simtest), "SoftmaxGrad", [src.copy(), grad, np.zeros(m * 200 * 4, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (0, 0, F32), (2, 0, np.uint8)], m * k, ints=ints(m, k, empty_info=True))
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(src, grad, m, k, k, False, F32))


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_basic_block_and_stack_temp(simtest, dtype):
    m, k = 16, 256
    src, grad = data(6, m, k, dtype)
    for api, extra in [("SoftmaxGradFront", dict(basic=True)), ("SoftmaxGradFront", dict(tmp_bytes=0)),
                       ("SoftmaxGrad", dict(tmp_bytes=0))]:
        r = run_grad(simtest, api, src, grad, m, k, dtype, **extra)
        assert r.ok, (api, extra, r.result["error"])
        assert_bits_equal(r.array(0, dtype), replay(src, grad, m, k, k, api == "SoftmaxGradFront", dtype))


def test_half_rounding_is_ties_away():
    # 1 + 2^-11 lies halfway between two halves: CAST_ROUND takes the larger magnitude
    assert to_half_away(np.float32(1 + 2 ** -11)) == F16(1 + 2 ** -10)
    assert to_half_away(np.float32(-(1 + 2 ** -11))) == F16(-(1 + 2 ** -10))
    assert to_half_away(np.float32(1 + 3 * 2 ** -12)) == F16(1 + 2 ** -10)


def test_tolerance_is_tight():
    m, k = 8, 128
    src, grad = data(7, m, k, F32)
    for front in (False, True):
        assert within(replay(src, grad, m, k, k, front, F32), src, grad, m, k, k, front, F32)
        assert not within(replay(src, grad, m, k, k, front, F32, scale=1 + 1e-5), src, grad, m, k, k, front, F32)


def test_host_tiling(simtest):
    fields, mx, mn = simtest.softmax_grad_tiling([16, 128], 4, 16 * (16 + 128 + 64) * 4, False)
    assert (mx, mn) == (16 * 208 * 4, 208 * 4)
    # srcM srcK srcSize outMaxM outMaxK outMaxSize splitM splitK splitSize reduceM reduceK reduceSize
    # rangeM tailM tailSplitSize tailReduceSize
    assert fields == [16, 128, 2048, 16, 8, 128, 16, 128, 2048, 16, 8, 128, 1, 0, 0, 0]
    fields, mx, mn = simtest.softmax_grad_tiling([10, 64], 2, 3 * (32 + 192 + 64) * 4, False)
    assert (mx, mn) == (10 * 288 * 4, 288 * 4)
    assert fields[6] == 3 and fields[12:14] == [3, 1]
    assert simtest.softmax_grad_tiling([4, 64], 4, 4096, True)[2] == (8 + 64 + 64) * 4
    assert simtest.softmax_grad_tiling([4, 64], 4, 4096, False)[2] == (16 + 64 + 64) * 4
    fields, _, _ = simtest.softmax_grad_tiling([64, 128], 4, 1 << 20, True)
    assert fields[6] == 64  # basic block: 64 rows x 128 < 64 x 256


@pytest.mark.parametrize("dtype,front", [(F32, False), (F32, True), (F16, False), (F16, True)])
def test_min_tmp_size_is_enough(simtest, dtype, front):
    m, k = 6, 64
    _, _, minimum = simtest.softmax_grad_tiling([m, k], np.dtype(dtype).itemsize, 4096, front)
    src, grad = data(8, m, k, dtype)
    r = run_grad(simtest, "SoftmaxGrad", src, grad, m, k, dtype, front=front, tmp_bytes=minimum, work=minimum)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), replay(src, grad, m, k, k, front, dtype))


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("api", ["SoftmaxGrad", "SoftmaxGradFront"])
def test_temp_too_small(simtest, api):
    m, k = 4, 64
    r = run_grad(simtest, api, np.ones(m * k, F32), np.ones(m * k, F32), m, k, F32, tmp_bytes=128)
    assert_reported(r, "api-misuse", api, "sharedTmpBuffer", "GetSoftMaxGradMinTmpSize")


def test_misaligned_last_dim(simtest):
    m, k = 4, 60
    r = run_grad(simtest, "SoftmaxGrad", np.ones(m * k, F32), np.ones(m * k, F32), m, k, F32)
    assert_reported(r, "api-misuse", "SoftmaxGrad", "srcK 60", "32-byte aligned")


def test_ori_shape_beyond_shape(simtest):
    m, k = 4, 64
    r = run_grad(simtest, "SoftmaxGradFront", np.ones(m * k, F32), np.ones(m * k, F32), m, k, F32, ori_k=72)
    assert_reported(r, "api-misuse", "oriSrcM x oriSrcK")


def test_front_dst_too_small(simtest):
    m, k = 8, 64
    r = run_grad(simtest, "SoftmaxGradFront", np.ones(m * k, F32), np.ones(m * k, F32), m, k, F32, dst_elems=4 * 8)
    assert_reported(r, "operand-bounds", "SoftmaxGradFront", "dstTensor")


def test_grad_of_another_size(simtest):
    m, k = 4, 64
    r = run_vector(Misc(simtest), "SoftmaxGrad", [np.zeros(m * k, F32), np.ones(2 * m * k, F32), np.ones(m * k, F32),
                                                  np.zeros(8192, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, np.uint8)], m * k, ints=ints(m, k))
    assert_reported(r, "api-misuse", "SoftmaxGrad", "gradTensor (512 elements)")


def test_temp_overlapping_grad(simtest):
    m, k = 2, 64
    r = run_vector(Misc(simtest), "SoftmaxGrad", [np.zeros(m * k, F32), np.ones(4096, F32), np.ones(m * k, F32)],
                   [(0, 0, F32), (1, 0, F32, m * k), (2, 0, F32), (1, 0, np.uint8)], m * k, ints=ints(m, k))
    assert_reported(r, "api-misuse", "gradTensor", "sharedTmpBuffer")


def test_basic_block_conditions(simtest):
    m, k = 4, 64
    r = run_grad(simtest, "SoftmaxGradFront", np.ones(m * k, F32), np.ones(m * k, F32), m, k, F32, basic=True)
    assert_reported(r, "api-misuse", "isBasicBlock")


def test_reuse_source_is_reserved(simtest):
    m, k = 4, 64
    r = run_grad(simtest, "SoftmaxGrad", np.ones(m * k, F32), np.ones(m * k, F32), m, k, F32, reuse=True)
    assert_reported(r, "api-misuse", "SoftmaxGrad", "isReuseSource")


def test_wrong_dtypes_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void f(LocalTensor<int32_t> i, LocalTensor<float> a, LocalTensor<uint8_t> t, SoftMaxTiling tiling) {
    SoftmaxGrad<int32_t>(i, i, i, t, tiling);
    SoftmaxGradFront<int32_t>(i, i, i, tiling);
    SoftmaxGrad<float, false, true>(a, a, a, t, tiling);
}
""")
    assert "SoftmaxGrad: element type must be half or float" in errors
    assert "SoftmaxGradFront: element type must be half or float" in errors
    assert "SoftmaxGrad: isDataFormatNZ = true (NZ format) is not modelled" in errors
