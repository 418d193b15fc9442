"""High-level RmsNorm (vector_rmsnorm.h) and its host tiling (rmsnorm_tiling.h).

Two references: (1) the instruction sequence replayed in numpy, each step rounded once to float32
(x*x; each row's sum as RepeatReduceSum adds: a tree over neighbouring lanes per 64 lanes,
repeated over the partial sums until one is left; the basic-block form first adds the row's
64-column pieces in order; * 1/originalH; + eps; ln; * -0.5; exp; x * r; * gamma), which the sim
must match bit for bit; (2) x / sqrt(mean(x^2) + eps) * gamma in float64, to a tolerance derived
from the float32 roundings. A replay with a perturbed epsilon must NOT match (the test sees it)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import tree_sum
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)


def f32(v):
    return np.asarray(v, np.float64).astype(F32)


def host_tiling(simtest, b, s, h, ori_h, stack, size, basic=False):
    ok, words, _, _, _ = simtest.rmsnorm_tiling([b, s, h], [b, s, ori_h], stack, size, basic)
    assert ok
    return words


def row_sum(row, ori_h):
    vals = list(row[:ori_h].astype(F32))
    while len(vals) > 1:
        vals = [tree_sum(vals[j:j + 64]) for j in range(0, len(vals), 64)]
    return vals[0]


def eps_as(eps, dtype):
    """epsilon is a T: a half one is rounded to half first."""
    return np.float64(F32(np.asarray(eps, dtype)))


def replay(x, gamma, b, s, h, ori_h, eps, dtype, basic=False):
    rows = x.reshape(b * s, h).astype(F32)
    t = f32(rows.astype(np.float64) ** 2)
    if basic:
        part = t[:, :64].copy()
        for i in range(1, h // 64):
            part = f32(part.astype(np.float64) + t[:, i * 64:(i + 1) * 64])
        r = np.array([tree_sum(list(p)) for p in part], F32)
    else:
        r = np.array([row_sum(row, ori_h) for row in t], F32)
    r = f32(r.astype(np.float64) * np.float64(F32(1.0 / ori_h)))
    r = f32(r.astype(np.float64) + eps_as(eps, dtype))
    r = f32(np.log(r.astype(np.float64)))
    r = f32(r.astype(np.float64) * -0.5)
    r = f32(np.exp(r.astype(np.float64)))
    y = f32(rows.astype(np.float64) * r[:, None])
    y = f32(y.astype(np.float64) * gamma.astype(F32).astype(np.float64)[None, :])
    return y.astype(dtype).ravel()


def exact(x, gamma, b, s, h, ori_h, eps, dtype):
    rows = x.reshape(b * s, h).astype(np.float64)
    ms = (rows[:, :ori_h] ** 2).mean(axis=1) + eps_as(eps, dtype)
    return (rows / np.sqrt(ms)[:, None] * gamma.astype(np.float64)[None, :]).ravel(), ms


def run_rmsnorm(simtest, x, gamma, b, s, h, dtype, eps, ori_h=None, stack=None, tmp_bytes=None, basic=False,
                dst_buffer=None, **kw):
    ori_h = ori_h or h
    size = np.dtype(dtype).itemsize
    _, _, _, max_v, _ = simtest.rmsnorm_tiling([b, s, h], [b, s, ori_h], 1 << 20, size, basic)
    stack = stack or max_v
    tmp_bytes = tmp_bytes if tmp_bytes is not None else stack
    buffers = [np.zeros(b * s * h, dtype), x.astype(dtype), gamma.astype(dtype)] + (
        [np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [dst_buffer or (0, 0, dtype), (1, 0, dtype), (2, 0, dtype)] + ([(3, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "RmsNorm", buffers, operands, b * s * h, no_temp=not tmp_bytes,
                      scalar=float(eps), ints=[b, s, h, ori_h, stack, int(basic)], **kw)


CASES = [(1, 2, 64, 64), (2, 3, 40, 40), (1, 5, 200, 197), (2, 2, 16, 16), (1, 3, 4160, 4160), (2, 4, 128, 128),
         (1, 3, 96, 93)]


@pytest.mark.parametrize("b,s,h,ori_h", CASES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_rmsnorm_values(simtest, b, s, h, ori_h, dtype):
    if h * np.dtype(dtype).itemsize % 32:
        pytest.skip("h * sizeof(T) is 32-byte aligned")
    rng = np.random.default_rng(b * 7 + s * 3 + h)
    x = random_values(rng, dtype, b * s * h, -4, 4)
    x.reshape(b * s, h)[:, ori_h:] = 0
    gamma = random_values(rng, dtype, h, -2, 2)
    eps = 1e-5
    r = run_rmsnorm(simtest, x, gamma, b, s, h, dtype, eps, ori_h=ori_h)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, gamma, b, s, h, ori_h, eps, dtype))
    ref, ms = exact(x, gamma, b, s, h, ori_h, eps, dtype)
    # float32: the row sum (log2(ori_h) + 1 roundings relative), ln (1 ulp of |ln ms|, which
    # exp turns into a relative error of |ln ms| / 2 ulp), the muls: a few eps; half: + 1 eps16
    lnmax = np.abs(np.log(ms)).max()
    tol = (np.log2(ori_h) + 8 + lnmax) * np.finfo(F32).eps + (np.finfo(F16).eps if dtype == F16 else 0.0)
    np.testing.assert_allclose(got.astype(np.float64), ref, rtol=tol, atol=tol * 1e-2)


def test_rmsnorm_perturbed_epsilon_is_seen(simtest):
    """The bit-exact replay detects a wrong epsilon (rows with a small mean square)."""
    b, s, h = 1, 4, 64
    x = random_values(np.random.default_rng(5), F32, b * s * h, -1e-2, 1e-2)
    gamma = np.ones(h, F32)
    eps = 1e-4
    r = run_rmsnorm(simtest, x, gamma, b, s, h, F32, eps)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_bits_equal(got, replay(x, gamma, b, s, h, h, eps, F32))
    assert np.any(got != replay(x, gamma, b, s, h, h, eps * 1.001, F32))
    assert np.any(got != replay(x, gamma, b, s, h, h - 1, eps, F32))  # 1/originalH matters too


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_rmsnorm_tiles_and_tail(simtest, dtype):
    """A buffer for 3 rows: tiles of 3 rows, then a tail of 1; the stack-temp overload agrees."""
    b, s, h = 2, 5, 64
    size = np.dtype(dtype).itemsize
    stack = (3 * h * (2 if dtype == F16 else 1) + 8) * 4
    words = host_tiling(simtest, b, s, h, h, stack, size)
    assert words[6] == 3 and words[8] == 3 and words[11] == 1  # mainBsLength, loopRound, tailBsLength
    x = random_values(np.random.default_rng(6), dtype, b * s * h, -3, 3)
    gamma = random_values(np.random.default_rng(7), dtype, h, -2, 2)
    r = run_rmsnorm(simtest, x, gamma, b, s, h, dtype, 1e-6, stack=stack)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), replay(x, gamma, b, s, h, h, 1e-6, dtype))
    r = run_rmsnorm(simtest, x, gamma, b, s, h, dtype, 1e-6, stack=stack, tmp_bytes=0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), replay(x, gamma, b, s, h, h, 1e-6, dtype))


@pytest.mark.parametrize("b,s,h", [(2, 8, 128), (1, 16, 64), (1, 8, 512)])
def test_rmsnorm_basic_block(simtest, b, s, h):
    x = random_values(np.random.default_rng(h), F32, b * s * h, -3, 3)
    gamma = random_values(np.random.default_rng(h + 1), F32, h, -2, 2)
    r = run_rmsnorm(simtest, x, gamma, b, s, h, F32, 1e-5, basic=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(x, gamma, b, s, h, h, 1e-5, F32, basic=True))


def test_rmsnorm_host_tiling(simtest):
    ok, w, sizes, max_v, min_v = simtest.rmsnorm_tiling([2, 3, 64], [2, 3, 60], 1 << 16, 2, False)
    assert ok and sizes
    assert max_v == (2 * 3 * 64 * 2 + 16) * 4 and min_v == (64 * 2 + 8) * 4
    assert w[:4] == [2, 3, 64, 60]
    assert np.array(w[4], np.uint32).view(F32) == F32(1.0 / 60)
    assert w[5:] == [6 * 64, 6, 8, 1, 384, 0, 0]
    # refused: h not 32-byte aligned, b differs, a buffer below min, a basic block of h % 64 != 0
    assert not simtest.rmsnorm_tiling([1, 1, 20], [1, 1, 20], 1 << 16, 2, False)[0]
    assert not simtest.rmsnorm_tiling([1, 2, 64], [2, 2, 64], 1 << 16, 4, False)[0]
    assert not simtest.rmsnorm_tiling([1, 2, 64], [1, 2, 64], 64 * 4 + 31, 4, False)[0]
    assert not simtest.rmsnorm_tiling([1, 8, 72], [1, 8, 72], 1 << 16, 4, True)[0]
    assert not simtest.rmsnorm_tiling([1, 8, 72], [1, 8, 72], 1 << 16, 4, True)[2]


def test_rmsnorm_temp_too_small(simtest):
    b, s, h = 1, 4, 64
    x = random_values(np.random.default_rng(8), F32, b * s * h)
    r = run_rmsnorm(simtest, x, np.ones(h, F32), b, s, h, F32, 1e-5, tmp_bytes=256)
    assert_reported(r, "api-misuse", "RmsNorm", "sharedTmpBuffer", "GetRmsNormMaxMinTmpSize")


def test_rmsnorm_dst_overlapping_gamma(simtest):
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(9), F32, b * s * h)
    buffers = [np.ones(b * s * h, F32), x, np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (1, 0, F32), (0, 0, F32), (2, 0, np.uint8)]  # gamma = dst's first row
    r = run_vector(Misc(simtest), "RmsNorm", buffers, operands, b * s * h, scalar=1e-5, ints=[b, s, h, h, 4096, 0])
    assert_reported(r, "api-misuse", "RmsNorm", "dstLocal", "gammaLocal")


def test_rmsnorm_temp_overlapping_src(simtest):
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(12), F32, 4096)
    buffers = [np.zeros(b * s * h, F32), x, np.ones(h, F32)]
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (1, 0, np.uint8)]  # the temp is src's bytes
    r = run_vector(Misc(simtest), "RmsNorm", buffers, operands, b * s * h, scalar=1e-5, ints=[b, s, h, h, 4096, 0])
    assert_reported(r, "api-misuse", "RmsNorm", "srcLocal", "sharedTmpBuffer")


def test_rmsnorm_src_beyond_tensor(simtest):
    b, s, h = 1, 2, 64
    x = random_values(np.random.default_rng(10), F32, b * s * h)
    buffers = [np.zeros(b * s * h, F32), x, np.ones(h, F32), np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (1, 0, F32, h), (2, 0, F32), (3, 0, np.uint8)]
    r = run_vector(Misc(simtest), "RmsNorm", buffers, operands, b * s * h, scalar=1e-5, ints=[b, s, h, h, 4096, 0])
    assert_reported(r, "operand-bounds", "RmsNorm", "srcLocal")


def test_rmsnorm_refused_tiling_is_reported(simtest):
    """isBasicBlock with b*s not a multiple of 8: GetRmsNormTilingInfo refuses, and the kernel
    given that untouched (all-zero) tiling reports it instead of computing garbage."""
    b, s, h = 1, 3, 64
    x = random_values(np.random.default_rng(11), F32, b * s * h)
    buffers = [np.zeros(b * s * h, F32), x, np.ones(h, F32), np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, np.uint8)]
    # the binding makes the tiling with isBasicBlock too; it refuses, so the kernel sees an empty tiling
    r = run_vector(Misc(simtest), "RmsNorm", buffers, operands, b * s * h, scalar=1e-5, ints=[b, s, h, h, 4096, 1])
    assert_reported(r, "api-misuse", "RmsNorm")


def test_rmsnorm_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s, LocalTensor<uint8_t>& t, RmsNormTiling& tl) {
    RmsNorm(d, s, s, t, 1, tl);
    RmsNorm<int32_t>(d, s, s, 1, tl);
}
""")
    assert errors.count("RmsNorm: T must be half or float") >= 2
