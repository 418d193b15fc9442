"""High-level BatchNorm and GroupNorm (vector_batchnorm.h, vector_groupnorm.h) and their host
tiling (batchnorm_tiling.h, groupnorm_tiling.h).

Two references each: (1) the instruction sequence replayed in numpy, each step rounded once to
float32 (BatchNorm: x * 1/B, the rows added in order, x - mean, squared, * 1/B, added in order,
+ eps, ln, * -0.5, exp, * , gamma *, beta +; GroupNorm: each group's sum as the sim's ReduceSum
(a tree over each 64 lanes, the repeats added in order) or, for the small shapes, as two
WholeReduceSum trees, * factor, x - mean, squared, summed, * factor, + eps, sqrt, 1 / that, *,
* gamma, + beta), which the sim must match bit for bit; (2) the formula in float64, to a
tolerance derived from the float32 roundings. A replay with a perturbed constant must NOT match."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import tree_sum
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)


def f32(v):
    return np.asarray(v, np.float64).astype(F32)


def eps_as(eps, dtype):
    return np.float64(F32(np.asarray(eps, dtype)))


# ---------------------------------------------------------------------------------------
# BatchNorm

def bn_replay(x, gamma, beta, b, sh, eps, dtype, rec=None):
    xf = x.reshape(b, sh).astype(F32).astype(np.float64)
    rec = np.float64(F32(1.0) / F32(b)) if rec is None else rec
    c = f32(xf * rec)
    mean = c[0].copy()
    for i in range(1, b):
        mean = f32(mean.astype(np.float64) + c[i])
    d = f32(xf - mean.astype(np.float64)).astype(np.float64)
    a = f32(f32(d * d).astype(np.float64) * rec)
    var = a[0].copy()
    for i in range(1, b):
        var = f32(var.astype(np.float64) + a[i])
    t = f32(var.astype(np.float64) + eps_as(eps, dtype))
    t = f32(np.log(t.astype(np.float64)))
    t = f32(t.astype(np.float64) * -0.5)
    r = f32(np.exp(t.astype(np.float64)))
    y = f32(d * r.astype(np.float64))
    g = gamma.astype(F32).astype(np.float64)[:, None]
    bt = beta.astype(F32).astype(np.float64)[:, None]
    y = f32(g * y.astype(np.float64))
    y = f32(bt + y.astype(np.float64))
    return y.astype(dtype).ravel(), mean.astype(dtype), var.astype(dtype)


def bn_exact(x, gamma, beta, b, sh, eps, dtype):
    xf = x.reshape(b, sh).astype(np.float64)
    mean = xf.mean(axis=0)
    var = ((xf - mean) ** 2).mean(axis=0)
    y = (xf - mean) / np.sqrt(var + eps_as(eps, dtype)) * gamma.astype(np.float64)[:, None] + \
        beta.astype(np.float64)[:, None]
    return y.ravel(), mean, var


def bn_max(simtest, b, s, h, size, basic=False):
    return simtest.batchnorm_tiling([b, s, h], [b, s, h], 1 << 20, size, basic)[3]


def run_bn(simtest, x, gamma, beta, b, s, h, dtype, eps, stack=None, tmp_bytes=None, basic=False, **kw):
    size = np.dtype(dtype).itemsize
    if stack == "min":  # the smallest buffer: many rounds and a tail
        stack = simtest.batchnorm_tiling([b, s, h], [b, s, h], 1 << 20, size, basic)[4]
    stack = stack or bn_max(simtest, b, s, h, size, basic)
    tmp_bytes = tmp_bytes if tmp_bytes is not None else stack
    sh = s * h
    buffers = [np.zeros(b * sh, dtype), np.zeros(sh, dtype), np.zeros(sh, dtype), x.astype(dtype),
               gamma.astype(dtype), beta.astype(dtype)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = kw.pop("operands", None) or [(i, 0, dtype) for i in range(6)] + (
        [(6, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "BatchNorm", buffers, operands, b * sh, no_temp=not tmp_bytes,
                      scalar=float(eps), ints=[b, s, h, stack, int(basic)], **kw)


BN_CASES = [(4, 2, 32, None), (3, 1, 16, None), (2, 3, 48, "min"), (8, 2, 64, None), (5, 4, 64, "min")]


@pytest.mark.parametrize("b,s,h,stack", BN_CASES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_batchnorm_values(simtest, b, s, h, stack, dtype):
    if s * h * np.dtype(dtype).itemsize % 32:
        pytest.skip("s*h*sizeof(T) is 32-byte aligned")
    rng = np.random.default_rng(b * 11 + s * 5 + h)
    sh = s * h
    x = random_values(rng, dtype, b * sh, -4, 4)
    gamma = random_values(rng, dtype, b, -2, 2)
    beta = random_values(rng, dtype, b, -1, 1)
    eps = 1e-5
    r = run_bn(simtest, x, gamma, beta, b, s, h, dtype, eps, stack=stack)
    assert r.ok, r.result["error"]
    y, mean, var = bn_replay(x, gamma, beta, b, sh, eps, dtype)
    assert_bits_equal(r.array(0, dtype), y)
    assert_bits_equal(r.array(1, dtype), mean)
    assert_bits_equal(r.array(2, dtype), var)
    ref, rmean, rvar = bn_exact(x, gamma, beta, b, sh, eps, dtype)
    e32 = np.finfo(F32).eps
    e16 = np.finfo(F16).eps if dtype == F16 else 0.0
    # the sums: B roundings; rsqrt through ln/exp: a few eps scaled by |ln(var + eps)|; half: one eps16
    lnmax = np.abs(np.log(rvar + eps)).max()
    tol = (2 * b + 8 + lnmax) * e32 + 2 * e16
    np.testing.assert_allclose(r.array(1, dtype).astype(np.float64), rmean, rtol=tol, atol=tol * 4)
    np.testing.assert_allclose(r.array(2, dtype).astype(np.float64), rvar, rtol=tol, atol=tol * 4)
    scale = np.abs(gamma.astype(np.float64)).max() * 4
    np.testing.assert_allclose(r.array(0, dtype).astype(np.float64), ref, rtol=tol, atol=tol * scale)


def test_batchnorm_rounds_tail_and_stack_temp(simtest):
    """Of 96 columns, a buffer for rounds of 48: loopRound 2; of 40: 2 rounds and a tail of 16
    columns; the stack-temp form agrees."""
    b, s, h = 2, 3, 32
    x = random_values(np.random.default_rng(3), F32, b * s * h, -3, 3)
    gamma, beta = np.array([1.5, -0.5], F32), np.array([0.25, 2.0], F32)
    for stack, cols, loops, tail in [(1152, 48, 2, 0), (960, 40, 2, 16)]:
        _, w, _, _, _ = simtest.batchnorm_tiling([b, s, h], [b, s, h], stack, 4, False)
        assert (w[15], w[9], w[12]) == (cols, loops, tail)  # shCurLength, loopRound, meanVarTailSize
        for tmp in (stack, 0):
            r = run_bn(simtest, x, gamma, beta, b, s, h, F32, 1e-3, stack=stack, tmp_bytes=tmp)
            assert r.ok, r.result["error"]
            assert_bits_equal(r.array(0, F32), bn_replay(x, gamma, beta, b, s * h, 1e-3, F32)[0])


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_batchnorm_in_place(simtest, dtype):
    """output may be inputX (the BatchNorm page allows it): each round reads its columns first."""
    b, s, h = 3, 2, 32
    x = random_values(np.random.default_rng(12), dtype, b * s * h, -3, 3)
    gamma, beta = random_values(np.random.default_rng(13), dtype, b, -2, 2), np.zeros(b, dtype)
    ops = [(3, 0, dtype), (1, 0, dtype), (2, 0, dtype), (3, 0, dtype), (4, 0, dtype), (5, 0, dtype), (6, 0, np.uint8)]
    size = np.dtype(dtype).itemsize
    stack = simtest.batchnorm_tiling([b, s, h], [b, s, h], 1 << 20, size, False)[4]  # several rounds
    r = run_bn(simtest, x, gamma, beta, b, s, h, dtype, 1e-5, stack=stack, operands=ops)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(3, dtype), bn_replay(x, gamma, beta, b, s * h, 1e-5, dtype)[0])


def test_batchnorm_basic_block(simtest):
    b, s, h = 8, 2, 64
    x = random_values(np.random.default_rng(4), F32, b * s * h, -3, 3)
    gamma = random_values(np.random.default_rng(5), F32, b, -2, 2)
    beta = random_values(np.random.default_rng(6), F32, b, -2, 2)
    r = run_bn(simtest, x, gamma, beta, b, s, h, F32, 1e-5, basic=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), bn_replay(x, gamma, beta, b, s * h, 1e-5, F32)[0])


def test_batchnorm_perturbed_replay_is_seen(simtest):
    b, s, h = 3, 1, 64
    x = random_values(np.random.default_rng(7), F32, b * s * h, -1e-2, 1e-2)
    gamma, beta = np.ones(b, F32), np.zeros(b, F32)
    r = run_bn(simtest, x, gamma, beta, b, s, h, F32, 1e-4)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_bits_equal(got, bn_replay(x, gamma, beta, b, s * h, 1e-4, F32)[0])
    assert np.any(got != bn_replay(x, gamma, beta, b, s * h, 1.001e-4, F32)[0])
    assert np.any(r.array(1, F32) != bn_replay(x, gamma, beta, b, s * h, 1e-4, F32, rec=1.0 / 3)[1])


def test_batchnorm_host_tiling(simtest):
    ok, w, sizes, max_v, min_v = simtest.batchnorm_tiling([2, 2, 16], [2, 2, 16], 1024, 2, False)
    assert ok and sizes
    assert max_v == 3 * 2 * 32 * 4 + 2 * 32 * 4 and min_v == 3 * 2 * 64 + 2 * 32 * 4
    # 256 floats: mean/var 64, 3 parts of 64 (multiple of B*16 = 32) -> one round of 32 columns
    assert w[:10] == [2, 32, 0, 32, 256, 64, 64, 128, 192, 1]
    assert w[10:16] == [0, 32, 0, 32, 64, 32]
    assert np.array(w[16], np.uint32).view(F32) == F32(0.5)
    assert w[17:] == [4, 4, 2]
    assert not simtest.batchnorm_tiling([2, 1, 4], [2, 1, 4], 4096, 4, False)[0]   # s*h*4 not 32-B aligned
    assert not simtest.batchnorm_tiling([2, 1, 64], [2, 1, 64], 4096, 4, True)[0]  # basic: B % 8
    assert not simtest.batchnorm_tiling([2, 1, 64], [2, 1, 64], 255, 4, False)[0]  # below min
    assert not simtest.batchnorm_tiling([2, 64], [2, 64], 4096, 4, False)[0]       # not 3-D


def test_batchnorm_temp_too_small(simtest):
    b, s, h = 2, 1, 64
    x = random_values(np.random.default_rng(8), F32, b * s * h)
    r = run_bn(simtest, x, np.ones(b, F32), np.zeros(b, F32), b, s, h, F32, 1e-5, stack=4096, tmp_bytes=1024)
    assert_reported(r, "api-misuse", "BatchNorm", "sharedTmpBuffer", "GetBatchNormMaxMinTmpSize")


def test_batchnorm_output_overlapping_gamma(simtest):
    b, s, h = 2, 1, 64
    x = random_values(np.random.default_rng(9), F32, b * s * h)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (0, 0, F32), (5, 0, F32), (6, 0, np.uint8)]
    r = run_bn(simtest, x, np.ones(b, F32), np.zeros(b, F32), b, s, h, F32, 1e-5, operands=ops)
    assert_reported(r, "api-misuse", "BatchNorm", "output", "gamm")


def test_batchnorm_input_beyond_tensor(simtest):
    b, s, h = 2, 1, 64
    x = random_values(np.random.default_rng(10), F32, b * s * h)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32, h), (4, 0, F32), (5, 0, F32), (6, 0, np.uint8)]
    r = run_bn(simtest, x, np.ones(b, F32), np.zeros(b, F32), b, s, h, F32, 1e-5, operands=ops)
    assert_reported(r, "operand-bounds", "BatchNorm", "inputX")


def test_batchnorm_refused_tiling_is_reported(simtest):
    """isBasicBlock with B = 3: GetBatchNormNDTilingInfo refuses, the kernel gets a zero tiling."""
    b, s, h = 3, 1, 64
    x = random_values(np.random.default_rng(11), F32, b * s * h)
    r = run_bn(simtest, x, np.ones(b, F32), np.zeros(b, F32), b, s, h, F32, 1e-5, stack=8192, basic=True)
    assert_reported(r, "api-misuse", "BatchNorm", "GetBatchNormNDTilingInfo")


# ---------------------------------------------------------------------------------------
# GroupNorm

def gn_geometry(n, c, hh, w, g, dtype):
    size = np.dtype(dtype).itemsize
    hw = hh * w
    hw_align = -(-hw * size // 32) * 32 // size
    return hw, hw_align, c // g


def reduce_sum(vals):
    """The sim's level-2 ReduceSum: a tree per 64 lanes, the repeats added in order."""
    total = None
    for j in range(0, len(vals), 64):
        part = tree_sum(list(vals[j:j + 64]))
        total = part if total is None else F32(np.float64(total) + np.float64(part))
    return total


def small_sum(vals):
    """Two WholeReduceSum levels: trees of mask1 lanes, then one tree over the partials spaced 8
    apart with zeros between."""
    dhw = len(vals)
    mask1 = dhw
    if dhw > 64:
        mask1 = 64
        while dhw % mask1:
            mask1 -= 8
    partial = []
    for j in range(0, dhw, mask1):
        partial += [tree_sum(list(vals[j:j + mask1]))] + [F32(0)] * 7
    return tree_sum(partial)


def gn_small(hw_align, d):
    k = 8
    while (d * hw_align // 8) % k:
        k -= 1
    return hw_align <= 64 and hw_align * d <= 64 * k


def gn_replay(x, gamma, beta, n, c, hh, w, g, eps, dtype, factor=None):
    hw, hwa, d = gn_geometry(n, c, hh, w, g, dtype)
    small = gn_small(hwa, d)
    total = small_sum if small else reduce_sum
    xs = x.reshape(n * g, d, hwa).astype(F32)
    factor = np.float64(F32(1.0) / F32(d * hw)) if factor is None else factor
    out = np.zeros_like(xs)
    means, vars_ = [], []
    for gi in range(n * g):
        grp = xs[gi]
        mean = F32(np.float64(total(grp.ravel())) * factor)
        cen = grp.copy() if dtype == F16 else np.zeros_like(grp)
        cen[:, :hw] = f32(grp[:, :hw].astype(np.float64) - np.float64(mean))
        sq = f32(cen.astype(np.float64) ** 2)
        var = F32(np.float64(total(sq.ravel())) * factor)
        t = F32(np.float64(var) + eps_as(eps, dtype))
        t = F32(np.sqrt(np.float64(t)))
        t = F32(1.0 / np.float64(t))
        y = f32(cen.astype(np.float64) * np.float64(t))
        for j in range(d):
            ch = (gi * d + j) % c
            y[j, :hw] = f32(y[j, :hw].astype(np.float64) * np.float64(gamma.astype(F32)[ch]))
            y[j, :hw] = f32(y[j, :hw].astype(np.float64) + np.float64(beta.astype(F32)[ch]))
        out[gi] = y
        means.append(mean)
        vars_.append(var)
    return out.astype(dtype).ravel(), np.array(means, F32).astype(dtype), np.array(vars_, F32).astype(dtype)


def gn_exact(x, gamma, beta, n, c, hh, w, g, eps, dtype):
    hw, hwa, d = gn_geometry(n, c, hh, w, g, dtype)
    xs = x.reshape(n, g, d, hwa)[..., :hw].astype(np.float64)
    mean = xs.mean(axis=(2, 3), keepdims=True)
    var = ((xs - mean) ** 2).mean(axis=(2, 3), keepdims=True)
    y = (xs - mean) / np.sqrt(var + eps_as(eps, dtype))
    y = y.reshape(n, c, hw) * gamma.astype(np.float64)[None, :, None] + beta.astype(np.float64)[None, :, None]
    return y, mean.ravel(), var.ravel()


def gn_input(rng, n, c, hh, w, g, dtype):
    hw, hwa, _ = gn_geometry(n, c, hh, w, g, dtype)
    x = np.zeros((n, c, hwa), dtype)
    x[..., :hw] = random_values(rng, dtype, n * c * hw, -3, 3).reshape(n, c, hw)
    return x.ravel()


def run_gn(simtest, x, gamma, beta, n, c, hh, w, g, dtype, eps, stack=None, tmp_bytes=None, reuse=False, **kw):
    size = np.dtype(dtype).itemsize
    _, max_v, _ = simtest.groupnorm_tiling([n, c, hh, w], 1 << 20, size, reuse, g)
    stack = stack or max_v
    tmp_bytes = tmp_bytes if tmp_bytes is not None else stack
    buffers = [np.zeros(x.size, dtype), np.zeros(n * g, dtype), np.zeros(n * g, dtype), x.astype(dtype),
               gamma.astype(dtype), beta.astype(dtype)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = kw.pop("operands", None) or [(i, 0, dtype) for i in range(6)] + (
        [(6, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "GroupNorm", buffers, operands, x.size, no_temp=not tmp_bytes,
                      scalar=float(eps), ints=[n, c, hh, w, g, stack, int(reuse)], **kw)


GN_CASES = [(2, 4, 2, 8, 2, None), (1, 6, 3, 5, 3, None), (2, 4, 8, 16, 2, None), (1, 8, 1, 64, 4, None),
            (3, 4, 4, 4, 2, 2048), (2, 6, 10, 10, 3, 4096)]


@pytest.mark.parametrize("n,c,hh,w,g,stack", GN_CASES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_groupnorm_values(simtest, n, c, hh, w, g, stack, dtype):
    rng = np.random.default_rng(n * 13 + c * 7 + hh * 3 + w)
    x = gn_input(rng, n, c, hh, w, g, dtype)
    gamma = random_values(rng, dtype, c, -2, 2)
    beta = random_values(rng, dtype, c, -1, 1)
    eps = 1e-5
    r = run_gn(simtest, x, gamma, beta, n, c, hh, w, g, dtype, eps, stack=stack)
    assert r.ok, r.result["error"]
    y, mean, var = gn_replay(x, gamma, beta, n, c, hh, w, g, eps, dtype)
    assert_bits_equal(r.array(1, dtype), mean)
    assert_bits_equal(r.array(2, dtype), var)
    assert_bits_equal(r.array(0, dtype), y)
    hw, hwa, _ = gn_geometry(n, c, hh, w, g, dtype)
    ref, rmean, rvar = gn_exact(x, gamma, beta, n, c, hh, w, g, eps, dtype)
    e32 = np.finfo(F32).eps
    e16 = np.finfo(F16).eps if dtype == F16 else 0.0
    m = (c // g) * hw
    tol = (np.log2(m) + 10) * e32 * 4 + 2 * e16
    np.testing.assert_allclose(r.array(1, dtype).astype(np.float64), rmean, rtol=tol, atol=tol * 4)
    np.testing.assert_allclose(r.array(2, dtype).astype(np.float64), rvar, rtol=tol, atol=tol * 4)
    got = r.array(0, dtype).astype(np.float64).reshape(n, c, hwa)[..., :hw]
    np.testing.assert_allclose(got, ref, rtol=tol, atol=tol * 8)


def test_groupnorm_reuse_source_and_stack_temp(simtest):
    n, c, hh, w, g = 2, 4, 2, 8, 2
    rng = np.random.default_rng(21)
    x = gn_input(rng, n, c, hh, w, g, F32)
    gamma, beta = random_values(rng, F32, c, -2, 2), random_values(rng, F32, c, -1, 1)
    want = gn_replay(x, gamma, beta, n, c, hh, w, g, 1e-5, F32)[0]
    r = run_gn(simtest, x, gamma, beta, n, c, hh, w, g, F32, 1e-5, reuse=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), want)
    r = run_gn(simtest, x, gamma, beta, n, c, hh, w, g, F32, 1e-5, stack=8192, tmp_bytes=0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), want)


def test_groupnorm_perturbed_replay_is_seen(simtest):
    n, c, hh, w, g = 1, 4, 4, 8, 2
    rng = np.random.default_rng(22)
    x = gn_input(rng, n, c, hh, w, g, F32) * np.float32(1e-2)
    gamma, beta = np.ones(c, F32), np.zeros(c, F32)
    r = run_gn(simtest, x, gamma, beta, n, c, hh, w, g, F32, 1e-4)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_bits_equal(got, gn_replay(x, gamma, beta, n, c, hh, w, g, 1e-4, F32)[0])
    assert np.any(got != gn_replay(x, gamma, beta, n, c, hh, w, g, 1.001e-4, F32)[0])
    assert np.any(r.array(1, F32) != gn_replay(x, gamma, beta, n, c, hh, w, g, 1e-4, F32, factor=1.0 / 63)[1])


def test_groupnorm_host_tiling(simtest):
    w, max_v, min_v = simtest.groupnorm_tiling([2, 4, 3, 5], 4096, 2, False, 2)
    # hw 15 -> 16 halves; d 2; dhw 32; mean/var AlignUp(4, 8) each
    assert max_v == 3 * 2 * 4 * 16 * 4 + 2 * 32 and min_v == 3 * 2 * 16 * 4 + 2 * 32
    assert w[:10] == [2, 4, 15, 2, 2, 16, 32, 128, 4, 3]
    assert w[10:16] == [0, 8, 8, 8, 1024, 128]
    assert w[16:28] == [16, 144, 272, 1, 128, 0, 128, 4, 0, 4, 128, 4]
    assert np.array(w[28], np.uint32).view(F32) == F32(1.0) / F32(30)
    assert w[29] & 0xFF == 1  # smallShape
    w, _, _ = simtest.groupnorm_tiling([1, 4, 16, 16], 3 * 2 * 256 * 4, 4, False, 2)
    assert w[29] & 0xFF == 0 and w[27] == 1 and w[19] == 2  # one group a round, 2 rounds
    w, max_r, _ = simtest.groupnorm_tiling([1, 4, 16, 16], 1 << 16, 4, True, 2)
    assert w[9] == 2 and max_r == 2 * 4 * 256 * 4 + 2 * 32


def test_groupnorm_temp_too_small(simtest):
    n, c, hh, w, g = 1, 4, 2, 8, 2
    x = gn_input(np.random.default_rng(23), n, c, hh, w, g, F32)
    r = run_gn(simtest, x, np.ones(c, F32), np.zeros(c, F32), n, c, hh, w, g, F32, 1e-5, stack=4096, tmp_bytes=512)
    assert_reported(r, "api-misuse", "GroupNorm", "sharedTmpBuffer", "GetGroupNormMaxMinTmpSize")


def test_groupnorm_output_overlapping_beta(simtest):
    n, c, hh, w, g = 1, 4, 2, 8, 2
    x = gn_input(np.random.default_rng(24), n, c, hh, w, g, F32)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, F32), (0, 0, F32), (6, 0, np.uint8)]
    r = run_gn(simtest, x, np.ones(c, F32), np.zeros(c, F32), n, c, hh, w, g, F32, 1e-5, operands=ops)
    assert_reported(r, "api-misuse", "GroupNorm", "output", "beta")


def test_groupnorm_gamma_beyond_tensor(simtest):
    n, c, hh, w, g = 1, 4, 2, 8, 2
    x = gn_input(np.random.default_rng(25), n, c, hh, w, g, F32)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, F32, 2), (5, 0, F32), (6, 0, np.uint8)]
    r = run_gn(simtest, x, np.ones(c, F32), np.zeros(c, F32), n, c, hh, w, g, F32, 1e-5, operands=ops)
    assert_reported(r, "operand-bounds", "GroupNorm", "gamma")


def test_groupnorm_c_not_a_multiple_of_groups(simtest):
    n, c, hh, w, g = 1, 5, 2, 8, 2
    x = gn_input(np.random.default_rng(26), n, c, hh, w, 1, F32)
    r = run_gn(simtest, x, np.ones(c, F32), np.zeros(c, F32), n, c, hh, w, g, F32, 1e-5, stack=8192)
    assert_reported(r, "api-misuse", "GroupNorm", "GetGroupNormNDTilingInfo")


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_batchnorm.h"
#include "ascendc_sim/kernel/vector_groupnorm.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<uint8_t>& t, BatchNormTiling& bt, GroupNormTiling& gt) {
    BatchNorm(d, d, d, d, d, d, t, 1, bt);
    BatchNorm<int32_t>(d, d, d, d, d, d, 1, bt);
    GroupNorm(d, d, d, d, d, d, t, 1, gt);
    GroupNorm<int32_t>(d, d, d, d, d, d, 1, gt);
}
""")
    assert errors.count("BatchNorm: T must be half or float") >= 2
    assert errors.count("GroupNorm: T must be half or float") >= 2
