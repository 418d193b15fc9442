"""High-level LayerNorm (vector_layernorm.h), WelfordFinalize (vector_welford.h), DeepNorm
(vector_deepnorm.h) and their host tiling (layernorm_tiling.h, welfordfinalize_tiling.h,
deepnorm_tiling.h).

References: (1) the instruction sequence replayed in numpy, each step rounded once to float32
(row sums as the sim's reductions add: LayerNorm folds a row's 64-lane pieces into its first 64
lanes, then one WholeReduceSum tree; DeepNorm RepeatReduceSum trees until one value is left), bit
for bit; (2) the float64 formula, to a tolerance derived from the float32 roundings. A replay with
a perturbed constant must NOT match."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import tree_sum
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)


def f32(v):
    return np.asarray(v, np.float64).astype(F32)


def bits32(v):
    return int(np.array(v, F32).view(np.uint32))


def as_t(v, dtype):
    """A scalar of type T (a half one is rounded to half first), as float64."""
    return np.float64(F32(np.asarray(v, dtype)))


# ---------------------------------------------------------------------------------------
# LayerNorm (LayerNormTiling form)

def ln_row_sum(row, h):
    acc = row[:min(h, 64)].astype(F32).copy()
    if h > 64:
        for piece in range(1, h // 64):
            acc = f32(acc.astype(np.float64) + row[piece * 64:(piece + 1) * 64])
        tail = h % 64
        if tail:
            base = h - tail
            acc[:tail] = f32(acc[:tail].astype(np.float64) + row[base:base + tail])
    return tree_sum(list(acc))


def ln_replay(x, gamma, beta, rows, h, ori_h, eps, dtype):
    xs = x.reshape(rows, h).astype(F32).astype(np.float64)
    rec = np.float64(F32(1.0 / F32(ori_h)))
    c = f32(xs * rec)
    mean = np.array([ln_row_sum(r, h) for r in c], F32)
    b = f32(xs - mean.astype(np.float64)[:, None])
    c = f32(b.astype(np.float64) ** 2)
    a = f32(c.astype(np.float64) * rec)
    var = np.array([ln_row_sum(r, h) for r in a], F32)
    c = f32(var.astype(np.float64)[:, None] + as_t(eps, dtype) + np.zeros((1, h)))
    a = np.sqrt(c)
    a = f32(1.0 / a.astype(np.float64))
    c = f32(a.astype(np.float64) * b)
    y = f32(c.astype(np.float64) * gamma.astype(F32).astype(np.float64)[None, :])
    y = f32(y.astype(np.float64) + beta.astype(F32).astype(np.float64)[None, :])
    return y.astype(dtype).ravel(), mean.astype(dtype), var.astype(dtype)


def run_layernorm(simtest, x, gamma, beta, b, s, h, dtype, eps, ori_h=None, stack=None, tmp_bytes=None,
                  reuse=False, operands=None, buffers=None):
    ori_h = ori_h or h
    size = np.dtype(dtype).itemsize
    _, max_v, _ = simtest.layernorm_tiling([b, s, h, ori_h], 1 << 20, size, reuse)
    stack = stack or max_v
    tmp_bytes = tmp_bytes if tmp_bytes is not None else stack
    n, rows = b * s * h, b * s
    if buffers is None:
        buffers = [np.zeros(n, dtype), np.zeros(rows, dtype), np.zeros(rows, dtype), x.astype(dtype),
                   gamma.astype(dtype), beta.astype(dtype)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    if operands is None:
        operands = [(i, 0, dtype) for i in range(6)] + ([(6, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "LayerNorm", buffers, operands, n, no_temp=not tmp_bytes,
                      scalar=float(eps), ints=[b, s, h, ori_h, stack, int(reuse)])


LN_CASES = [(2, 32, 16, 16), (1, 3, 64, 64), (2, 2, 200, 197), (1, 4, 128, 128), (1, 2, 136, 130)]


@pytest.mark.parametrize("b,s,h,ori_h", LN_CASES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_layernorm_values(simtest, b, s, h, ori_h, dtype):
    if h * np.dtype(dtype).itemsize % 32:
        pytest.skip("h * sizeof(T) is 32-byte aligned")
    rng = np.random.default_rng(b * 7 + s * 3 + h)
    x = random_values(rng, dtype, b * s * h, -4, 4)
    x.reshape(b * s, h)[:, ori_h:] = 0
    gamma = random_values(rng, dtype, h, -2, 2)
    beta = random_values(rng, dtype, h, -2, 2)
    eps = 1e-4
    r = run_layernorm(simtest, x, gamma, beta, b, s, h, dtype, eps, ori_h=ori_h)
    assert r.ok, r.result["error"]
    y, mean, var = ln_replay(x, gamma, beta, b * s, h, ori_h, eps, dtype)
    assert_bits_equal(r.array(0, dtype), y)
    assert_bits_equal(r.array(1, dtype), mean)
    assert_bits_equal(r.array(2, dtype), var)
    # float64: mean and variance over the first ori_h columns (the padding is 0 and adds 0 to the
    # mean; the variance takes (0 - mean)^2 of the padding in, as CANN's implementation does)
    xs = x.reshape(b * s, h).astype(np.float64)
    m = xs.sum(axis=1) / ori_h
    v = ((xs - m[:, None]) ** 2).sum(axis=1) / ori_h
    ref = (xs - m[:, None]) / np.sqrt(v + as_t(eps, dtype))[:, None] * gamma.astype(np.float64) + beta.astype(
        np.float64)
    tol = (np.log2(h) + 10) * np.finfo(F32).eps * 8 + (2 * np.finfo(F16).eps if dtype == F16 else 0.0)
    np.testing.assert_allclose(r.array(0, dtype).astype(np.float64), ref.ravel(), rtol=tol, atol=tol * 4)
    np.testing.assert_allclose(r.array(1, dtype).astype(np.float64), m, rtol=tol, atol=tol)


def test_layernorm_perturbed_epsilon_is_seen(simtest):
    b, s, h = 1, 4, 64
    x = random_values(np.random.default_rng(5), F32, b * s * h, -1e-2, 1e-2)
    gamma, beta = np.ones(h, F32), np.zeros(h, F32)
    r = run_layernorm(simtest, x, gamma, beta, b, s, h, F32, 1e-5)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_bits_equal(got, ln_replay(x, gamma, beta, b * s, h, h, 1e-5, F32)[0])
    assert np.any(got != ln_replay(x, gamma, beta, b * s, h, h, 1.001e-5, F32)[0])
    assert np.any(got != ln_replay(x, gamma, beta, b * s, h, h - 1, 1e-5, F32)[0])


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_layernorm_tiles_tail_and_stack(simtest, dtype):
    """A buffer for 3 rows: tiles of 3 rows and a tail of 1; the stack-temp overload agrees."""
    b, s, h = 2, 5, 64
    size = np.dtype(dtype).itemsize
    mv = 0 if dtype == F32 else 2 * 16
    stack = (mv + 3 * 3 * h) * 4
    words, _, _ = simtest.layernorm_tiling([b, s, h, h], stack, size, False)
    assert words[12] == 3 * h and words[16] == 3 and words[21] == 1  # oneTmpSize, loopRound, meanVarTailSize
    x = random_values(np.random.default_rng(6), dtype, b * s * h, -3, 3)
    gamma = random_values(np.random.default_rng(7), dtype, h, -2, 2)
    beta = random_values(np.random.default_rng(8), dtype, h, -2, 2)
    want = ln_replay(x, gamma, beta, b * s, h, h, 1e-5, dtype)[0]
    for tmp in (None, 0):
        r = run_layernorm(simtest, x, gamma, beta, b, s, h, dtype, 1e-5, stack=stack, tmp_bytes=tmp)
        assert r.ok, r.result["error"]
        assert_bits_equal(r.array(0, dtype), want)


def test_layernorm_reuse_source(simtest):
    b, s, h = 1, 4, 64
    x = random_values(np.random.default_rng(9), F32, b * s * h, -3, 3)
    gamma = random_values(np.random.default_rng(10), F32, h, -2, 2)
    beta = random_values(np.random.default_rng(11), F32, h, -2, 2)
    r = run_layernorm(simtest, x, gamma, beta, b, s, h, F32, 1e-5, reuse=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), ln_replay(x, gamma, beta, b * s, h, h, 1e-5, F32)[0])


def test_layernorm_host_tiling(simtest):
    words, max_v, min_v = simtest.layernorm_tiling([2, 32, 16, 16], 1 << 20, 4, False)
    assert max_v == 3 * 2 * 32 * 16 * 4 + 2 * 256 and min_v == 3 * 64 + 2 * 256
    w, _, _ = simtest.layernorm_tiling([2, 32, 16, 16], min_v, 4, False)
    # b, s, h, oriH, inputXSize, meanVarSize, numberOfTmpBuf, meanPos, meanSize, varPos, varSize,
    # tmpBufSize, oneTmpSize, first, second, third, loopRound, roundSize, tailSize, tailPos, mvRound,
    # mvTail, mvTailPos, bshCur, bsCur
    one = (min_v // 4) // 3 // 16 * 16
    assert w[:25] == [2, 32, 16, 16, 1024, 64, 3, 0, 64, 64, 64, min_v // 4, one, 0, one, 2 * one,
                      1024 // one, one, 1024 % one, 1024 - 1024 % one, one // 16, (1024 % one) // 16,
                      64 - (1024 % one) // 16, one, one // 16]
    assert np.array(w[25], np.uint32).view(F32) == F32(1.0 / 16)
    # too small for one row: the tiling stays all zero
    assert simtest.layernorm_tiling([1, 1, 64, 64], 16, 4, False)[0] == [0] * 26


def test_layernorm_separate_host_tiling(simtest):
    words, max_v, min_v, max_n, min_n = simtest.layernorm_separate_tiling([32, 32], 1 << 20, 4)
    assert (max_n, min_n) == (2 * 128 + 2 * 32 * 32 * 4, 2 * 128)
    assert min_v == 2 * 128 + 128 and max_v == 2 * 32 * 32 * 4 + 128 + 256
    w, _, _, _, _ = simtest.layernorm_separate_tiling([32, 32], min_v, 4)
    assert w[0:2] == [32, 32] and w[9:12] == [0, 32, min_v // 4]
    assert w[12] == (min_v // 4 - 32) // 2 // 32 * 32
    assert np.array(w[25], np.uint32).view(F32) == F32(1.0 / 32)


def test_layernorm_temp_too_small(simtest):
    b, s, h = 1, 4, 64
    x = random_values(np.random.default_rng(12), F32, b * s * h)
    r = run_layernorm(simtest, x, np.ones(h, F32), np.zeros(h, F32), b, s, h, F32, 1e-5, tmp_bytes=256)
    assert_reported(r, "api-misuse", "LayerNorm", "sharedTmpBuffer", "GetLayerNormMaxMinTmpSize")


def test_layernorm_output_overlapping_gamma(simtest):
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(13), F32, b * s * h)
    buffers = [np.zeros(b * s * h, F32), np.zeros(8, F32), np.zeros(8, F32), x, np.ones(h, F32), np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (0, 0, F32), (4, 0, F32), (5, 0, np.uint8)]
    r = run_vector(Misc(simtest), "LayerNorm", buffers, operands, b * s * h, scalar=1e-5,
                   ints=[b, s, h, h, 4096, 0])
    assert_reported(r, "api-misuse", "LayerNorm", "output", "gamma")


def test_layernorm_temp_overlapping_input(simtest):
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(14), F32, 4096)
    buffers = [np.zeros(b * s * h, F32), np.zeros(8, F32), np.zeros(8, F32), x, np.ones(h, F32), np.zeros(h, F32)]
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, F32), (5, 0, F32), (3, 0, np.uint8)]
    r = run_vector(Misc(simtest), "LayerNorm", buffers, operands, b * s * h, scalar=1e-5,
                   ints=[b, s, h, h, 4096, 0])
    assert_reported(r, "api-misuse", "LayerNorm", "inputX", "sharedTmpBuffer")


def test_layernorm_input_beyond_tensor(simtest):
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(15), F32, b * s * h)
    buffers = [np.zeros(b * s * h, F32), np.zeros(8, F32), np.zeros(8, F32), x, np.ones(h, F32), np.zeros(h, F32),
               np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32, h), (4, 0, F32), (5, 0, F32), (6, 0, np.uint8)]
    r = run_vector(Misc(simtest), "LayerNorm", buffers, operands, b * s * h, scalar=1e-5,
                   ints=[b, s, h, h, 4096, 0])
    assert_reported(r, "operand-bounds", "LayerNorm", "inputX")


def test_layernorm_empty_tiling_is_reported(simtest):
    """A buffer too small for one row: GetLayerNormNDTilingInfo leaves the tiling zero, and the
    kernel reports that instead of computing garbage."""
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(16), F32, b * s * h)
    r = run_layernorm(simtest, x, np.ones(h, F32), np.zeros(h, F32), b, s, h, F32, 1e-5, stack=64, tmp_bytes=4096)
    assert_reported(r, "api-misuse", "LayerNorm", "oneTmpSize")


# ---------------------------------------------------------------------------------------
# WelfordFinalize

def wf_chunk_sum(v):
    return ln_row_sum(v, len(v))


def wf_replay(mean, var, ab, para, counts=None, tmp_bytes=1024):
    rn, head, head_len, tail, tail_len, ab_rec, r_rec = para
    chunk = (tmp_bytes // 4 - 128) // 128 * 64
    has_tail = counts is None and tail_len != 0 and tail != 0
    m64, v64 = mean.astype(np.float64), var.astype(np.float64)

    def weights_mean(lo, hi):
        if counts is not None:
            t = f32(m64[lo:hi] * counts[lo:hi].astype(F32))
            return f32(t.astype(np.float64) * np.float64(F32(r_rec)))
        if not has_tail:
            return f32(m64[lo:hi] * np.float64(F32(ab_rec)))
        t = f32(m64[lo:hi] * np.float64(F32(tail)))
        t = f32(t.astype(np.float64) * np.float64(F32(r_rec)))
        k = max(0, min(hi - lo, head_len - lo))
        t[:k] = f32(t[:k].astype(np.float64) * np.float64(F32(F32(head) / F32(tail))))
        return t

    def slots_sum(parts):
        slots = []
        for p in parts:
            slots.append(p)
            if len(slots) == 64:
                slots = [tree_sum(slots)]
        return tree_sum(slots)

    bounds = [(lo, min(lo + chunk, ab)) for lo in range(0, ab, chunk)]
    mu = slots_sum([wf_chunk_sum(weights_mean(lo, hi)) for lo, hi in bounds])

    def weights_var(lo, hi):
        d = f32(m64[lo:hi] - np.float64(mu))
        d = f32(d.astype(np.float64) ** 2)
        if counts is not None:
            d = f32(d.astype(np.float64) * counts[lo:hi].astype(F32))
            t = f32(d.astype(np.float64) + v64[lo:hi])
        else:
            if not has_tail:
                d = f32(d.astype(np.float64) * np.float64(F32(rn)))
            else:
                d = f32(d.astype(np.float64) * np.float64(F32(tail)))
                k = max(0, min(hi - lo, head_len - lo))
                d[:k] = f32(d[:k].astype(np.float64) * np.float64(F32(F32(head) / F32(tail))))
            t = f32(v64[lo:hi] + d.astype(np.float64))
        return f32(t.astype(np.float64) * np.float64(F32(r_rec)))

    var_out = slots_sum([wf_chunk_sum(weights_var(lo, hi)) for lo, hi in bounds])
    return mu, var_out


def run_wf(simtest, mean, var, para, counts=None, tmp_bytes=1024, operands=None):
    ab = len(mean)
    rn, head, head_len, tail, tail_len, ab_rec, r_rec = para
    buffers = [np.full(8, 7, F32), np.full(8, 7, F32), mean.astype(F32), var.astype(F32)]
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32)]
    if counts is not None:
        buffers.append(counts.astype(np.int32))
        ops.append((4, 0, np.int32))
    if tmp_bytes:
        buffers.append(np.zeros(tmp_bytes, np.uint8))
        ops.append((len(buffers) - 1, 0, np.uint8))
    return run_vector(Misc(simtest), "WelfordFinalize", buffers, operands or ops, ab, no_temp=not tmp_bytes,
                      ints=[rn, ab, head, head_len, tail, tail_len, int(counts is not None), bits32(ab_rec),
                            bits32(r_rec)])


@pytest.mark.parametrize("ab,tmp", [(8, 1024), (64, 1024), (200, 1024), (8192, 1024), (512, 4096)])
def test_welford_finalize_no_tail(simtest, ab, tmp):
    rng = np.random.default_rng(ab)
    rn = 5
    mean = random_values(rng, F32, ab, -3, 3)
    m2 = random_values(rng, F32, ab, 0, 4)
    para = (rn, rn, ab, 0, 0, 1.0 / ab, 1.0 / (rn * ab))
    r = run_wf(simtest, mean, m2, para, tmp_bytes=tmp)
    assert r.ok, r.result["error"]
    mu, v = wf_replay(mean, m2, ab, para, tmp_bytes=tmp)
    got_m, got_v = r.array(0, F32), r.array(1, F32)
    assert_bits_equal(got_m[:1], np.array([mu], F32))
    assert_bits_equal(got_v[:1], np.array([v], F32))
    assert np.all(got_m[1:] == 0) and np.all(got_v[1:] == 0)
    # float64: the pooled mean and the pooled variance of ab groups of rn samples each
    mu64 = mean.astype(np.float64).mean()
    v64 = (m2.astype(np.float64).sum() + rn * ((mean.astype(np.float64) - mu64) ** 2).sum()) / (rn * ab)
    tol = (np.log2(ab) + 8) * np.finfo(F32).eps * 4
    assert abs(got_m[0] - mu64) <= tol * np.abs(mean).max()
    assert abs(got_v[0] - v64) <= tol * v64 * 4


def test_welford_finalize_head_tail_and_counts(simtest):
    ab = 96
    rng = np.random.default_rng(3)
    mean = random_values(rng, F32, ab, -3, 3)
    m2 = random_values(rng, F32, ab, 0, 4)
    para = (4, 4, 40, 3, 56, 0.0, 1.0 / (4 * 40 + 3 * 56))
    r = run_wf(simtest, mean, m2, para)
    assert r.ok, r.result["error"]
    mu, v = wf_replay(mean, m2, ab, para)
    assert_bits_equal(r.array(0, F32)[:1], np.array([mu], F32))
    assert_bits_equal(r.array(1, F32)[:1], np.array([v], F32))
    # a wrong head/tail ratio is seen
    assert wf_replay(mean, m2, ab, (4, 4, 41, 3, 55, 0.0, para[6]))[0] != mu
    counts = rng.integers(1, 9, ab).astype(np.int32)
    para_c = (0, 0, 0, 0, 0, 0.0, float(1.0 / counts.sum()))
    r = run_wf(simtest, mean, m2, para_c, counts=counts)
    assert r.ok, r.result["error"]
    mu, v = wf_replay(mean, m2, ab, para_c, counts=counts)
    assert_bits_equal(r.array(0, F32)[:1], np.array([mu], F32))
    assert_bits_equal(r.array(1, F32)[:1], np.array([v], F32))


def test_welford_finalize_host_size(simtest):
    assert simtest.welford_finalize_tmp_size([64]) == (1024, 1024)
    assert simtest.welford_finalize_tmp_size([200]) == ((128 + 400) * 4, 1024)
    assert simtest.welford_finalize_tmp_size([12]) == (7, 7)
    assert simtest.welford_finalize_tmp_size([8, 8]) == (7, 7)


def test_welford_finalize_misuse(simtest):
    mean, m2 = np.ones(64, F32), np.ones(64, F32)
    r = run_wf(simtest, mean, m2, (2, 2, 64, 0, 0, 1 / 64, 1 / 128), tmp_bytes=512)
    assert_reported(r, "api-misuse", "WelfordFinalize", "sharedTmpBuffer", "GetWelfordFinalizeMaxMinTmpSize")
    r = run_wf(simtest, mean, m2, (2, 2, 60, 1, 0, 1 / 64, 1 / 128))
    assert_reported(r, "api-misuse", "WelfordFinalize", "headCountLength")
    r = run_wf(simtest, mean[:60], m2[:60], (2, 2, 60, 0, 0, 1 / 60, 1 / 120))
    assert_reported(r, "api-misuse", "WelfordFinalize", "abLength")
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (2, 0, np.uint8)]  # temp = inputMean's bytes
    r = run_wf(simtest, np.ones(1024, F32), np.ones(1024, F32), (2, 2, 1024, 0, 0, 1 / 1024, 1 / 2048),
               tmp_bytes=1024, operands=ops)
    assert_reported(r, "api-misuse", "WelfordFinalize", "inputMean", "sharedTmpBuffer")


# ---------------------------------------------------------------------------------------
# DeepNorm

def dn_row_sum(row, ori_h, basic):
    if basic:
        acc = row[:64].astype(F32).copy()
        for piece in range(1, len(row) // 64):
            acc = f32(acc.astype(np.float64) + row[piece * 64:(piece + 1) * 64])
        return tree_sum(list(acc))
    vals = list(row[:ori_h].astype(F32))
    while len(vals) > 1:
        vals = [tree_sum(vals[j:j + 64]) for j in range(0, len(vals), 64)]
    return vals[0]


def dn_replay(x, gx, gamma, beta, rows, h, ori_h, alpha, eps, dtype, basic=False):
    xs = x.reshape(rows, h).astype(F32).astype(np.float64)
    g = gx.reshape(rows, h).astype(F32).astype(np.float64)
    a = f32(f32(xs * as_t(alpha, dtype)).astype(np.float64) + g)
    rec = np.float64(F32(1.0 / F32(ori_h)))
    c = f32(a.astype(np.float64) * rec)
    mean = np.array([dn_row_sum(r, ori_h, basic) for r in c], F32)
    b = f32(a.astype(np.float64) + (-mean.astype(np.float64))[:, None])
    c = f32(b.astype(np.float64) ** 2)
    a = f32(c.astype(np.float64) * rec)
    var = np.array([dn_row_sum(r, ori_h, basic) for r in a], F32)
    r = np.sqrt(f32(var.astype(np.float64) + as_t(eps, dtype)))
    r = f32(1.0 / r.astype(np.float64))
    c = f32(b.astype(np.float64) * r.astype(np.float64)[:, None])
    y = f32(c.astype(np.float64) * gamma.astype(F32).astype(np.float64)[None, :])
    y = f32(y.astype(np.float64) + beta.astype(F32).astype(np.float64)[None, :])
    return y.astype(dtype).ravel(), mean.astype(dtype), var.astype(dtype)


def run_deepnorm(simtest, x, gx, gamma, beta, b, s, h, dtype, alpha, eps, ori_h=None, stack=None, tmp_bytes=None,
                 reuse=False, basic=False, operands=None, buffers=None):
    ori_h = ori_h or h
    size = np.dtype(dtype).itemsize
    _, _, _, max_v, _ = simtest.deepnorm_tiling([b, s, h], [b, s, ori_h], 1 << 20, size, reuse, basic)
    stack = stack or max_v
    tmp_bytes = tmp_bytes if tmp_bytes is not None else stack
    n, rows = b * s * h, b * s
    if buffers is None:
        buffers = [np.zeros(n, dtype), np.zeros(rows, dtype), np.zeros(rows, dtype), x.astype(dtype),
                   gx.astype(dtype), beta.astype(dtype), gamma.astype(dtype)] + (
            [np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    if operands is None:
        operands = [(i, 0, dtype) for i in range(7)] + ([(7, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "DeepNorm", buffers, operands, n, no_temp=not tmp_bytes, scalar=float(eps),
                      ints=[b, s, h, ori_h, stack, int(reuse), int(basic), bits32(alpha)])


DN_CASES = [(1, 3, 64, 64, False), (2, 2, 200, 197, False), (1, 4, 96, 93, False), (4, 16, 64, 64, True),
            (1, 8, 128, 128, True)]


@pytest.mark.parametrize("b,s,h,ori_h,basic", DN_CASES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_deepnorm_values(simtest, b, s, h, ori_h, basic, dtype):
    if h * np.dtype(dtype).itemsize % 32:
        pytest.skip("h * sizeof(T) is 32-byte aligned")
    rng = np.random.default_rng(b * 5 + s * 3 + h)
    x = random_values(rng, dtype, b * s * h, -4, 4)
    gx = random_values(rng, dtype, b * s * h, -4, 4)
    x.reshape(b * s, h)[:, ori_h:] = 0
    gx.reshape(b * s, h)[:, ori_h:] = 0
    gamma = random_values(rng, dtype, h, -2, 2)
    beta = random_values(rng, dtype, h, -2, 2)
    alpha, eps = 0.75, 1e-4
    r = run_deepnorm(simtest, x, gx, gamma, beta, b, s, h, dtype, alpha, eps, ori_h=ori_h, basic=basic)
    assert r.ok, r.result["error"]
    y, mean, var = dn_replay(x, gx, gamma, beta, b * s, h, ori_h, alpha, eps, dtype, basic)
    assert_bits_equal(r.array(0, dtype), y)
    assert_bits_equal(r.array(1, dtype), mean)
    assert_bits_equal(r.array(2, dtype), var)
    z = (x.astype(np.float64) * as_t(alpha, dtype) + gx.astype(np.float64)).reshape(b * s, h)[:, :ori_h]
    m, v = z.mean(axis=1), z.var(axis=1)
    ref = (z - m[:, None]) / np.sqrt(v + as_t(eps, dtype))[:, None] * gamma[:ori_h].astype(np.float64) + beta[
        :ori_h].astype(np.float64)
    tol = (np.log2(h) + 10) * np.finfo(F32).eps * 8 + (2 * np.finfo(F16).eps if dtype == F16 else 0.0)
    got = r.array(0, dtype).reshape(b * s, h)[:, :ori_h].astype(np.float64)
    np.testing.assert_allclose(got, ref, rtol=tol, atol=tol * 4)


def test_deepnorm_perturbed_alpha_is_seen(simtest):
    b, s, h = 1, 2, 64
    rng = np.random.default_rng(21)
    x, gx = random_values(rng, F32, b * s * h), random_values(rng, F32, b * s * h)
    gamma, beta = np.ones(h, F32), np.zeros(h, F32)
    r = run_deepnorm(simtest, x, gx, gamma, beta, b, s, h, F32, 0.5, 1e-5)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_bits_equal(got, dn_replay(x, gx, gamma, beta, b * s, h, h, 0.5, 1e-5, F32)[0])
    assert np.any(got != dn_replay(x, gx, gamma, beta, b * s, h, h, 0.5001, 1e-5, F32)[0])


def test_deepnorm_tail_reuse_and_stack(simtest):
    b, s, h = 2, 5, 64
    stack = 3 * 3 * h * 4 + 2 * 64
    ok, w, _, _, _ = simtest.deepnorm_tiling([b, s, h], [b, s, h], stack, 4, False, False)
    assert ok and w[16] == 3 and w[22] == 9  # loopRound, meanVarTailPos
    rng = np.random.default_rng(22)
    x, gx = random_values(rng, F32, b * s * h), random_values(rng, F32, b * s * h)
    gamma, beta = random_values(rng, F32, h, -2, 2), random_values(rng, F32, h, -2, 2)
    want = dn_replay(x, gx, gamma, beta, b * s, h, h, 1.5, 1e-5, F32)[0]
    for tmp, reuse in ((None, False), (0, False), (None, True)):
        r = run_deepnorm(simtest, x, gx, gamma, beta, b, s, h, F32, 1.5, 1e-5, stack=stack, tmp_bytes=tmp, reuse=reuse)
        assert r.ok, r.result["error"]
        assert_bits_equal(r.array(0, F32), want)


def test_deepnorm_host_tiling(simtest):
    ok, w, sizes, max_v, min_v = simtest.deepnorm_tiling([4, 16, 64], [4, 16, 64], 1 << 20, 4, False, True)
    assert ok and sizes and max_v == 3 * 4 * 16 * 64 * 4 + 2 * 256 and min_v == 3 * 256 + 2 * 256
    ok, w, _, _, _ = simtest.deepnorm_tiling([4, 16, 64], [4, 16, 64], min_v, 4, False, True)
    assert ok and w[12] == 64 and w[16] == 64 and w[24] == 1
    # refused: H not 32-byte aligned, originalH > H, a basic block with B*S % 8, a buffer below min
    assert not simtest.deepnorm_tiling([1, 2, 20], [1, 2, 20], 1 << 16, 2, False, False)[0]
    assert not simtest.deepnorm_tiling([1, 2, 64], [1, 2, 65], 1 << 16, 4, False, False)[0]
    assert not simtest.deepnorm_tiling([1, 3, 64], [1, 3, 64], 1 << 16, 4, False, True)[0]
    assert not simtest.deepnorm_tiling([1, 2, 64], [1, 2, 64], 100, 4, False, False)[0]


def test_deepnorm_misuse(simtest):
    b, s, h = 1, 2, 64
    rng = np.random.default_rng(23)
    x, gx = random_values(rng, F32, b * s * h), random_values(rng, F32, b * s * h)
    stack = 3 * h * 4 + 2 * 32
    r = run_deepnorm(simtest, x, gx, np.ones(h, F32), np.zeros(h, F32), b, s, h, F32, 1.0, 1e-5, stack=stack,
                     tmp_bytes=128)
    assert_reported(r, "api-misuse", "DeepNorm", "sharedTmpBuffer", "GetDeepNormMaxMinTmpSize")
    buffers = [np.zeros(b * s * h, F32), np.zeros(8, F32), np.zeros(8, F32), x, gx, np.zeros(h, F32),
               np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, F32), (5, 0, F32), (0, 0, F32),
                (6, 0, np.uint8)]  # gamma = dst's first row
    r = run_deepnorm(simtest, x, gx, None, None, b, s, h, F32, 1.0, 1e-5, stack=4096, buffers=buffers,
                     operands=operands)
    assert_reported(r, "api-misuse", "DeepNorm", "dstLocal", "gammaLocal")
    r = run_deepnorm(simtest, x, gx, np.ones(h, F32), np.zeros(h, F32), b, s, h, F32, 1.0, 1e-5, stack=100,
                     tmp_bytes=4096)
    assert_reported(r, "api-misuse", "DeepNorm", "oneTmpSize")


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<uint8_t>& t, LayerNormTiling& ln, DeepNormTiling& dn,
       LayerNormGradTiling& lg, LayerNormGradBetaTiling& lb, LocalTensor<float>& f, LocalTensor<half>& h,
       LayerNormSeparateTiling& sep) {
    LayerNorm<int32_t>(d, d, d, d, d, d, t, 1, ln);
    LayerNorm<int32_t>(d, d, d, d, d, d, 1, ln);
    DeepNorm<int32_t>(d, d, d, d, d, d, d, t, 1, 1, dn);
    DeepNorm<int32_t>(d, d, d, d, d, d, d, 1, 1, dn);
    LayerNormGrad<int32_t>(d, d, d, d, d, d, d, t, 1, lg);
    LayerNormGradBeta<int32_t>(d, d, d, d, t, lb);
    LayerNormPara para{1, 8, 8};
    LayerNorm<half, float>(f, f, f, f, h, h, 1.0f, t, para, sep);  // float x with half gamma/beta
    NormalizePara np{1, 8, 8};
    Normalize<half, float>(f, f, f, f, f, h, h, t, 1.0f, np);
}
""")
    assert errors.count("LayerNorm: T must be half or float") >= 2
    assert errors.count("DeepNorm: T must be half or float") >= 2
    assert "LayerNormGrad: T must be half or float" in errors
    assert "LayerNormGradBeta: T must be half or float" in errors
    assert "LayerNorm: T must be half or float, U (gamma, beta) float for a float T" in errors
    assert "Normalize: the types must be" in errors


# ---------------------------------------------------------------------------------------
# LayerNorm with LayerNormPara (LayerNormSeparateTiling) and its Normalize step

def para_replay(x, gamma, beta, a, r, eps, t_dtype, u_dtype, no_beta=False, no_gamma=False):
    xs = x.reshape(a, r).astype(F32).astype(np.float64)
    rec = np.float64(F32(1.0 / F32(r)))
    c = f32(xs * rec)
    mean = np.array([ln_row_sum(row, r) for row in c], F32)
    d = f32(xs + (-mean.astype(np.float64))[:, None])
    d = f32(d.astype(np.float64) ** 2)
    d = f32(d.astype(np.float64) * rec)
    var = np.array([ln_row_sum(row, r) for row in d], F32)
    rstd = f32(1.0 / np.sqrt(f32(var.astype(np.float64) + np.float64(F32(eps)))).astype(np.float64))
    y = f32(xs - mean.astype(np.float64)[:, None])
    y = f32(y.astype(np.float64) * rstd.astype(np.float64)[:, None])
    if not no_gamma:
        y = f32(y.astype(np.float64) * gamma.astype(F32).astype(np.float64)[None, :])
    if not no_beta:
        y = f32(y.astype(np.float64) + beta.astype(F32).astype(np.float64)[None, :])
    return y.astype(t_dtype).ravel(), mean, rstd


def run_layernorm_para(simtest, x, gamma, beta, a, r, t_dtype, u_dtype, eps, no_beta=False, no_gamma=False,
                       tmp_bytes=None):
    size = np.dtype(t_dtype).itemsize
    _, max_v, _, _, _ = simtest.layernorm_separate_tiling([a, r], 1 << 20, size)
    tmp_bytes = max_v if tmp_bytes is None else tmp_bytes
    buffers = [np.zeros(a * r, t_dtype), np.zeros(a, F32), np.zeros(a, F32), x.astype(t_dtype),
               gamma.astype(u_dtype), beta.astype(u_dtype)] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, t_dtype), (1, 0, F32), (2, 0, F32), (3, 0, t_dtype), (4, 0, u_dtype), (5, 0, u_dtype)] + (
        [(6, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "LayerNormPara", buffers, operands, a * r, no_temp=not tmp_bytes,
                      scalar=float(eps), ints=[a, r, r, max_v, int(no_beta), int(no_gamma)])


@pytest.mark.parametrize("a,r", [(32, 32), (5, 64), (3, 200)])
@pytest.mark.parametrize("t_dtype,u_dtype", [(F32, F32), (F16, F32), (F16, F16)], ids=["ff", "hf", "hh"])
def test_layernorm_para_values(simtest, a, r, t_dtype, u_dtype):
    if r * np.dtype(t_dtype).itemsize % 32:
        pytest.skip("rLength * sizeof(T) is 32-byte aligned here (no padding)")
    rng = np.random.default_rng(a * 13 + r)
    x = random_values(rng, t_dtype, a * r, -4, 4)
    gamma = random_values(rng, u_dtype, r, -2, 2)
    beta = random_values(rng, u_dtype, r, -2, 2)
    eps = 1e-4
    res = run_layernorm_para(simtest, x, gamma, beta, a, r, t_dtype, u_dtype, eps)
    assert res.ok, res.result["error"]
    y, mean, rstd = para_replay(x, gamma, beta, a, r, eps, t_dtype, u_dtype)
    assert_bits_equal(res.array(0, t_dtype), y)
    assert_bits_equal(res.array(1, F32), mean)
    assert_bits_equal(res.array(2, F32), rstd)
    xs = x.reshape(a, r).astype(np.float64)
    m, v = xs.mean(axis=1), xs.var(axis=1)
    ref = (xs - m[:, None]) / np.sqrt(v + np.float64(F32(eps)))[:, None] * gamma.astype(np.float64) + beta.astype(
        np.float64)
    tol = (np.log2(r) + 10) * np.finfo(F32).eps * 8 + (2 * np.finfo(F16).eps if t_dtype == F16 else 0.0)
    np.testing.assert_allclose(res.array(0, t_dtype).astype(np.float64), ref.ravel(), rtol=tol, atol=tol * 4)


def test_layernorm_para_configs_and_perturbation(simtest):
    a, r = 4, 64
    rng = np.random.default_rng(31)
    x = random_values(rng, F32, a * r, -3, 3)
    gamma, beta = random_values(rng, F32, r, -2, 2), random_values(rng, F32, r, -2, 2)
    for no_beta, no_gamma in ((True, False), (False, True)):
        res = run_layernorm_para(simtest, x, gamma, beta, a, r, F32, F32, 1e-5, no_beta=no_beta, no_gamma=no_gamma)
        assert res.ok, res.result["error"]
        want = para_replay(x, gamma, beta, a, r, 1e-5, F32, F32, no_beta=no_beta, no_gamma=no_gamma)[0]
        assert_bits_equal(res.array(0, F32), want)
    res = run_layernorm_para(simtest, x, gamma, beta, a, r, F32, F32, 1e-2)
    assert np.any(res.array(0, F32) != para_replay(x, gamma, beta, a, r, 1.01e-2, F32, F32)[0])


def test_layernorm_para_temp_too_small(simtest):
    a, r = 4, 64
    x = random_values(np.random.default_rng(32), F32, a * r)
    res = run_layernorm_para(simtest, x, np.ones(r, F32), np.zeros(r, F32), a, r, F32, F32, 1e-5, tmp_bytes=256)
    assert_reported(res, "api-misuse", "LayerNorm", "sharedTmpBuffer", "GetLayerNormMaxMinTmpSize")


# ---------------------------------------------------------------------------------------
# LayerNormGrad and LayerNormGradBeta

def grad_reference(dy, x, var, mean, gamma, rows, h, eps):
    dy, x = dy.reshape(rows, h).astype(np.float64), x.reshape(rows, h).astype(np.float64)
    var, mean, gamma = var.astype(np.float64), mean.astype(np.float64), gamma.astype(np.float64)
    xm = x - mean[:, None]
    pd_xl = dy * gamma
    inv = 1.0 / np.sqrt(var + eps)
    pd_var = (-0.5 * pd_xl * xm * (var + eps)[:, None] ** -1.5).sum(axis=1)
    pd_mean = (-pd_xl * inv[:, None]).sum(axis=1) + pd_var / h * (-2.0 * xm).sum(axis=1)
    pd_x = pd_mean[:, None] / h + pd_var[:, None] * 2.0 / h * xm + pd_xl * inv[:, None]
    return pd_x.ravel(), (xm * inv[:, None]).ravel()


def grad_replay(dy, x, var, mean, gamma, rows, h, eps):
    """LayerNormGrad's steps, each rounded once to float32 (row sums as dn_row_sum's trees)."""
    d64 = lambda v: np.asarray(v, F32).astype(np.float64)  # noqa: E731
    dy, x = d64(dy.reshape(rows, h)), d64(x.reshape(rows, h))
    var, mean, gamma = d64(var), d64(mean), d64(gamma)
    e = np.float64(F32(eps))
    back, back2 = np.float64(F32(1 / F32(h))), np.float64(F32(2 / F32(h)))
    rsum = lambda m: np.array([dn_row_sum(r, h, False) for r in m], F32).astype(np.float64)  # noqa: E731
    x1 = d64(f32(dy * gamma[None, :]))
    x2 = d64(f32(x - mean[:, None]))
    t = d64(f32(var + e))
    t = d64(f32(d64(f32(t * t)) * t))
    t = d64(f32(1.0 / d64(np.sqrt(f32(t)))))
    bsh = d64(f32(d64(f32(x1 * d64(f32(x2 * t[:, None])))) * -0.5))
    pd_var = rsum(bsh)
    t = d64(f32(1.0 / d64(np.sqrt(f32(var + e)))))
    res = f32(x2 * t[:, None])
    x3 = d64(f32(x1 * t[:, None]))
    pd_mean = rsum(-x3)
    tmp = d64(f32(d64(f32(rsum(x2 * -2.0) * back)) * pd_var))
    pd_mean = d64(f32(pd_mean + tmp))
    pd_var = d64(f32(pd_var * back2))
    x1 = d64(f32(pd_var[:, None] * x2))
    pd_mean = d64(f32(pd_mean * back))
    x1 = d64(f32(x1 + pd_mean[:, None]))
    return f32(x1 + x3).ravel(), res.ravel()


def run_grad(simtest, dy, x, var, mean, gamma, b, s, h, eps, stack=None, tmp_bytes=None):
    _, _, _, g_min, _, _ = simtest.layernorm_grad_tiling([b, s, h, h], 1 << 20, 4, False)
    stack = stack or g_min
    tmp_bytes = stack if tmp_bytes is None else tmp_bytes
    n = b * s * h
    buffers = [np.zeros(n, F32), np.zeros(n, F32), dy, x, var, mean, gamma] + (
        [np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(i, 0, F32) for i in range(7)] + ([(7, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "LayerNormGrad", buffers, operands, n, no_temp=not tmp_bytes, scalar=float(eps),
                      ints=[b, s, h, h, stack, 0])


@pytest.mark.parametrize("b,s,h", [(2, 32, 16), (1, 8, 64), (1, 16, 128)])
def test_layernorm_grad_values(simtest, b, s, h):
    rng = np.random.default_rng(b + s + h)
    rows = b * s
    x = random_values(rng, F32, rows * h, -3, 3)
    dy = random_values(rng, F32, rows * h, -3, 3)
    gamma = random_values(rng, F32, h, -2, 2)
    xs = x.reshape(rows, h).astype(np.float64)
    mean, var = xs.mean(axis=1).astype(F32), xs.var(axis=1).astype(F32)
    eps = 1e-4
    r = run_grad(simtest, dy, x, var, mean, gamma, b, s, h, eps)
    assert r.ok, r.result["error"]
    want_x, want_res = grad_replay(dy, x, var, mean, gamma, rows, h, eps)
    assert_bits_equal(r.array(0, F32), want_x)
    assert_bits_equal(r.array(1, F32), want_res)
    pd_x, res = grad_reference(dy, x, var, mean, gamma, rows, h, np.float64(F32(eps)))
    tol = (np.log2(h) + 12) * np.finfo(F32).eps * 16
    scale = np.abs(pd_x).max()
    np.testing.assert_allclose(r.array(0, F32).astype(np.float64), pd_x, rtol=tol, atol=tol * scale)
    np.testing.assert_allclose(r.array(1, F32).astype(np.float64), res, rtol=tol, atol=tol)
    # the gradient is sensitive to epsilon: a 1% change is outside the tolerance
    pd_x2, _ = grad_reference(dy, x, var, mean, gamma, rows, h, np.float64(F32(eps)) * 1e4)
    assert np.abs(r.array(0, F32) - pd_x2).max() > tol * scale


def test_layernorm_grad_beta_sums(simtest):
    b, s, h = 2, 32, 16
    rng = np.random.default_rng(41)
    n = b * s * h
    res = random_values(rng, F32, n, -2, 2)
    dy = random_values(rng, F32, n, -2, 2)
    _, words, _, _, b_max, b_min = simtest.layernorm_grad_tiling([b, s, h, h], 1 << 20, 4, False)
    assert (b_max, b_min) == (2 * n * 4, 2 * h * 4)
    for stack in (b_max, 3 * h * 4 * 4 + 16):  # one tile; tiles of 12 rows and a tail
        buffers = [np.zeros(h, F32), np.zeros(h, F32), res, dy, np.zeros(stack, np.uint8)]
        operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, np.uint8)]
        r = run_vector(Misc(simtest), "LayerNormGradBeta", buffers, operands, n, ints=[b, s, h, h, stack, 0])
        assert r.ok, r.result["error"]
        prod = f32(dy.astype(np.float64) * res).reshape(b * s, h)
        g, bt = prod[0].copy(), dy.reshape(b * s, h)[0].copy()
        for i in range(1, b * s):  # the rows added in order, each sum rounded to float32
            g = f32(prod[i].astype(np.float64) + g)
            bt = f32(dy.reshape(b * s, h)[i].astype(np.float64) + bt)
        assert_bits_equal(r.array(0, F32), g)
        assert_bits_equal(r.array(1, F32), bt)


def test_layernorm_grad_host_tiling(simtest):
    g, bt, g_max, g_min, b_max, b_min = simtest.layernorm_grad_tiling([2, 32, 16, 16], 6144, 4, False)
    assert (g_max, g_min) == (6 * 1024 * 4, 6 * 256 * 4)
    # stackBufferSize, b, s, h, oriH, oneCalSize, nohCalSize, loopNum, tailSize, nohTailSize
    assert g[:10] == [6144, 2, 32, 16, 16, 256, 16, 4, 0, 0]
    assert g[10:22:2] == [0, 256, 512, 768, 1024, 1280]  # tmpBSH, pdVar, pdMean, x1, x2, x3
    assert np.array(g[28:30], np.uint32).view(F32).tolist() == [F32(1 / 16), F32(2 / 16)]
    assert bt[:8] == [1536, 2, 32, 16, 16, 1024, 64, 1024]


def test_layernorm_grad_temp_too_small(simtest):
    b, s, h = 1, 8, 64
    rng = np.random.default_rng(42)
    x, dy = random_values(rng, F32, b * s * h), random_values(rng, F32, b * s * h)
    r = run_grad(simtest, dy, x, np.ones(b * s, F32), np.zeros(b * s, F32), np.ones(h, F32), b, s, h, 1e-5,
                 stack=6 * 8 * 64 * 4, tmp_bytes=1024)
    assert_reported(r, "api-misuse", "LayerNormGrad", "sharedTmpBuffer", "GetLayerNormGradMaxMinTmpSize")
