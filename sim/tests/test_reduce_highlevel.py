"""The high-level Reduce family (vector_reduce_highlevel.h): ReduceSum, ReduceMean, ReduceMax,
ReduceMin, ReduceProd, ReduceAny, ReduceAll over srcShape {first, last}, patterns AR and RA, and
their host helpers GetReduce<Api>MaxMinTmpSize (tiling/reduce_tiling.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/reduce/*_v220_impl.h)
replayed in numpy, each addition/product rounded once in the order the instructions combine
them: AR Sum as the neighbour tree of the BlockReduceSum/WholeReduceSum lanes (rows <= 64) or of
the row's first K = 2^floor(log2 last) (K/2 when last is a power of two) elements with the rest
added on (PairReduceSum and BlockReduceSum are levels of the same tree); RA as the row folds
(rows past K onto the first ones, then halves); Prod AR as its folds, Brcb and block folds. The
sim must agree bit for bit. (2) float64 with the tolerance the order gives: a sum over a tree of
depth d rounds each partial once, so |err| <= d 2^-24 sum|x| (d = ceil(log2 n) + 2 covers the
tail add and the copy steps); a product of n factors |err| <= (n + 2) 2^-24 |prod|; Mean one more
rounding of the scale and the product. Max/Min/Any/All are exact. A sequential float32 sum (a
different order) must NOT match the sim bit for bit (test_order_is_observable)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.test_vector_reduce_type import tree
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

U8 = np.uint8
GE_TYPE = {np.dtype(F32): 0, np.dtype(F16): 1, np.dtype(U8): 4}
AR, RA = 0, 1
EPS = 2.0 ** -24


def pad_of(last, dtype):
    per_block = 32 // np.dtype(dtype).itemsize
    return -(-last // per_block) * per_block


def pow2_below(n):
    return 1 << (n.bit_length() - 1)


def tmp_size(simtest, api, first, last, dtype, pattern, reuse=False):
    api = api[len("Reduce"):] if api.startswith("Reduce") else api
    mx, mn = simtest.reduce_tmp_size(api, [first, last], GE_TYPE[np.dtype(dtype)], pattern, True, reuse)
    assert mx == mn and mx != 7, (api, first, last)
    return mn


def run_reduce(simtest, api, src, first, last, dtype, pattern, reuse=False, no_temp=False, tmp_bytes=None,
               dst_len=None, ints=None):
    n_out = first if pattern == AR else last
    dst = np.zeros(max(32, dst_len if dst_len is not None else n_out + 32), dtype)
    if tmp_bytes is None:
        tmp_bytes = tmp_size(simtest, api, first, last, dtype, pattern, reuse)
    buffers = [dst, src.copy()]
    ops = [(0, 0, dtype), (1, 0, dtype)]
    if not no_temp:
        buffers.append(np.zeros(max(32, tmp_bytes), U8))
        ops.append((2, 0, U8))
    run = run_vector(Misc(simtest), "H" + api, buffers, ops, 0, reuse_source=reuse, no_temp=no_temp,
                     ints=ints if ints is not None else [first, last, pattern, 1])
    return run, n_out


# ---------------------------------------------------------------------------------------
# numpy replays of the A2/A3 steps

def full_tree(v, op=np.add):
    """Neighbour tree over a power-of-two vector."""
    v = np.asarray(v)
    while len(v) > 1:
        v = op(v[0::2], v[1::2])
    return v[0]


def sum_ar_row(row, last):
    padded = len(row)
    if last <= 64:
        lanes = 8 if last <= 8 else 64
        vals = list(row[:min(lanes, padded)]) + [F32(0)] * max(0, lanes - padded)
        return tree(vals, [i < last for i in range(lanes)], F32)
    k = pow2_below(last)
    part = k // 2 if last == k else k
    tail = last - k
    tail_len = tail if tail else padded - part
    v = row[:part].astype(F32).copy()
    v[:tail_len] = v[:tail_len] + row[part:part + tail_len]
    return full_tree(v)


def fold_rows(m, op, copy=lambda a: a + a.dtype.type(0)):
    """BinaryReduceByFirstAxis over the rows of m (first x padLast)."""
    first = m.shape[0]
    k = pow2_below(first)
    remain = first - k
    if remain:
        a = copy(m[:k])
        a[:remain] = op(a[:remain], m[k:])
    elif k > 1:
        k //= 2
        a = op(m[:k], m[k:2 * k])
    else:
        return copy(m[0])
    while k > 1:
        k //= 2
        a[:k] = op(a[:k], a[k:2 * k])
    return copy(a[0])


def prod_ar_row(row, last):
    k = pow2_below(last)
    remain = last - k
    if last >= 8 and remain:
        acc = row[:k] + F32(0)
        acc[:remain] = acc[:remain] * row[k:k + remain]
        width = k
    elif k > 8:
        width = k // 2
        acc = row[:width] * row[width:2 * width]
    else:
        acc = row[:last] + F32(0)
        width = k
    while width > 8:
        width //= 2
        acc[:width] = acc[:width] * acc[width:2 * width]
    blocks = list(acc[:8]) + [None] * (8 - len(acc[:8]))  # Brcb: one block per element
    lanes = k if last < 8 else 8
    if k != last and lanes < 8:
        for b in range(remain):
            blocks[b] = F32(blocks[b] * blocks[k + b])
    while lanes > 1:
        lanes //= 2
        for b in range(lanes):
            blocks[b] = F32(blocks[b] * blocks[lanes + b])
    return blocks[0]


def byte_ar_row(row, last, op):
    return op(row[:min(last, 16)] if last < 32 else row[:last])


def make_src(rng, first, last, dtype, low=-10.0, high=10.0):
    padded = pad_of(last, dtype)
    if dtype == U8:
        return rng.integers(0, 2, size=first * padded, dtype=U8), padded
    return rng.uniform(low, high, first * padded).astype(dtype), padded


# ---------------------------------------------------------------------------------------
# kernel: bit-exact replay and float64 reference

AR_SHAPES = [(1, 5), (3, 8), (9, 13), (2, 64), (17, 100), (3, 128), (2, 300), (4, 1000), (2, 2100)]
RA_SHAPES = [(1, 7), (2, 64), (5, 100), (8, 13), (13, 40)]


@pytest.mark.parametrize("reuse", [False, True], ids=["tmp", "reuse"])
@pytest.mark.parametrize("pattern,shape", [(AR, s) for s in AR_SHAPES] + [(RA, s) for s in RA_SHAPES],
                         ids=lambda v: str(v))
@pytest.mark.parametrize("api", ["Sum", "Mean"])
def test_sum_mean(simtest, api, pattern, shape, reuse):
    first, last = shape
    src, padded = make_src(np.random.default_rng(first * 1000 + last), first, last, F32)
    run, n_out = run_reduce(simtest, "Reduce" + api, src, first, last, F32, pattern, reuse=reuse)
    assert run.ok, run.result["error"]
    out = run.array(0, F32)[:n_out]
    m = src.reshape(first, padded)
    if pattern == AR:
        expected = np.array([sum_ar_row(m[r], last) for r in range(first)], F32)
        n, exact = last, m[:, :last].astype(np.float64).sum(axis=1)
        absum = np.abs(m[:, :last].astype(np.float64)).sum(axis=1)
    else:
        expected = fold_rows(m, np.add)[:last]
        n, exact = first, m[:, :last].astype(np.float64).sum(axis=0)
        absum = np.abs(m[:, :last].astype(np.float64)).sum(axis=0)
    bound = (math.ceil(math.log2(n)) + 2 if n > 1 else 1) * EPS * absum
    if api == "Mean":
        expected = (expected * (F32(1.0) / F32(n))).astype(F32)
        exact, bound = exact / n, bound / n + 3 * EPS * np.abs(exact / n)
    assert_bits_equal(out, expected)
    assert np.all(np.abs(out.astype(np.float64) - exact) <= bound + 1e-30)


@pytest.mark.parametrize("reuse", [False, True], ids=["tmp", "reuse"])
@pytest.mark.parametrize("pattern,shape", [(AR, s) for s in AR_SHAPES + [(3, 4100)]] +
                         [(RA, s) for s in RA_SHAPES], ids=lambda v: str(v))
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("api", ["Max", "Min"])
def test_max_min(simtest, api, dtype, pattern, shape, reuse):
    first, last = shape
    src, padded = make_src(np.random.default_rng(first * 7 + last), first, last, dtype)
    run, n_out = run_reduce(simtest, "Reduce" + api, src, first, last, dtype, pattern, reuse=reuse)
    assert run.ok, run.result["error"]
    m = src.reshape(first, padded)[:, :last]
    fn = np.max if api == "Max" else np.min
    assert_bits_equal(run.array(0, dtype)[:n_out], fn(m, axis=1 if pattern == AR else 0))


@pytest.mark.parametrize("reuse", [False, True], ids=["tmp", "reuse"])
@pytest.mark.parametrize("pattern,shape", [(AR, s) for s in [(1, 5), (3, 8), (9, 13), (17, 100), (2, 300)]] +
                         [(RA, s) for s in RA_SHAPES], ids=lambda v: str(v))
@pytest.mark.parametrize("dtype", [F32, U8], ids=["float", "uint8"])
@pytest.mark.parametrize("api", ["Any", "All"])
def test_any_all(simtest, api, dtype, pattern, shape, reuse):
    first, last = shape
    rng = np.random.default_rng(first * 13 + last)
    padded = pad_of(last, dtype)
    # mostly one value so that both outcomes occur
    p = 0.9 if api == "All" else 0.1
    src = (rng.random(first * padded) < p).astype(dtype)
    run, n_out = run_reduce(simtest, "Reduce" + api, src, first, last, dtype, pattern, reuse=reuse)
    assert run.ok, run.result["error"]
    m = src.reshape(first, padded)
    fn = np.max if api == "Any" else np.min
    if pattern == AR:
        expected = np.array([byte_ar_row(m[r], last, fn) if dtype == U8 else fn(m[r, :last])
                             for r in range(first)], dtype)
    else:
        expected = fn(m[:, :last], axis=0)
    assert_bits_equal(run.array(0, dtype)[:n_out], expected)


@pytest.mark.parametrize("reuse", [False, True], ids=["tmp", "reuse"])
@pytest.mark.parametrize("pattern,shape", [(AR, s) for s in [(1, 5), (3, 8), (9, 13), (4, 100), (2, 256)]] +
                         [(RA, s) for s in RA_SHAPES], ids=lambda v: str(v))
def test_prod(simtest, pattern, shape, reuse):
    first, last = shape
    src, padded = make_src(np.random.default_rng(first * 3 + last), first, last, F32, 0.8, 1.25)
    run, n_out = run_reduce(simtest, "ReduceProd", src, first, last, F32, pattern, reuse=reuse)
    assert run.ok, run.result["error"]
    out = run.array(0, F32)[:n_out]
    m = src.reshape(first, padded)
    if pattern == AR:
        expected = np.array([prod_ar_row(m[r], last) for r in range(first)], F32)
        n, exact = last, np.prod(m[:, :last].astype(np.float64), axis=1)
    else:
        expected = fold_rows(m, np.multiply)[:last]
        n, exact = first, np.prod(m[:, :last].astype(np.float64), axis=0)
    assert_bits_equal(out, expected)
    assert np.all(np.abs(out - exact) <= (n + 2) * EPS * np.abs(exact))


def test_without_temp(simtest):
    src, _ = make_src(np.random.default_rng(5), 4, 100, F32)
    run, n_out = run_reduce(simtest, "ReduceSum", src, 4, 100, F32, AR, no_temp=True)
    assert run.ok, run.result["error"]
    m = src.reshape(4, 104)
    assert_bits_equal(run.array(0, F32)[:n_out], np.array([sum_ar_row(m[r], 100) for r in range(4)], F32))


def test_order_is_observable(simtest):
    """A sequential float32 sum is a different order: it must not match the sim on every row."""
    first, last = 16, 1000
    src, padded = make_src(np.random.default_rng(99), first, last, F32)
    run, n_out = run_reduce(simtest, "ReduceSum", src, first, last, F32, AR)
    assert run.ok
    m = src.reshape(first, padded)
    sequential = np.array([np.cumsum(m[r, :last], dtype=F32)[-1] for r in range(first)], F32)
    assert np.any(run.array(0, F32)[:n_out].view(np.uint32) != sequential.view(np.uint32))


@pytest.mark.parametrize("shape,pattern,steps", [
    # DataCopy of the rows' first 256, one Add of the 44-element tails, PairReduceSum 256->128->64,
    # BlockReduceSum 64->8->1
    ((8, 300), AR, 6),
    # Adds copy of rows 0-3, row 4 folded on, folds 4->2->1, Adds to dst
    ((5, 100), RA, 5),
])
def test_reduce_steps_are_issued(simtest, shape, pattern, steps):
    src, _ = make_src(np.random.default_rng(1), *shape, F32)
    run, _ = run_reduce(simtest, "ReduceSum", src, *shape, F32, pattern)
    assert run.ok, run.result["error"]
    assert run.vector_pipe()["instructions"] == steps


# ---------------------------------------------------------------------------------------
# checks

def test_bad_calls_are_reported(simtest):
    src = np.ones(4 * 104, F32)
    run, _ = run_reduce(simtest, "ReduceSum", src, 4, 100, F32, AR, ints=[4, 100, AR, 0])
    assert_reported(run, "api-misuse", "srcInnerPad")
    run, _ = run_reduce(simtest, "ReduceSum", src, 4, 100, F32, AR, ints=[0, 100, AR, 1], tmp_bytes=64)
    assert_reported(run, "api-misuse", "greater than 0")
    run, _ = run_reduce(simtest, "ReduceSum", src, 4, 100, F32, AR, tmp_bytes=64)
    assert_reported(run, "api-misuse", "GetReduceSumMaxMinTmpSize")
    run, _ = run_reduce(simtest, "ReduceMax", np.ones(4 * 112, F16), 4, 100, F16, RA, tmp_bytes=32)
    assert_reported(run, "api-misuse", "GetReduceMaxMaxMinTmpSize")
    run, _ = run_reduce(simtest, "ReduceSum", np.ones(3 * 104, F32), 4, 100, F32, AR)
    assert_reported(run, "operand-bounds", "srcTensor")
    run, _ = run_reduce(simtest, "ReduceSum", src, 4, 100, F32, RA, dst_len=32)
    assert_reported(run, "operand-bounds", "dstTensor")


def test_overlaps_are_reported(simtest):
    src = np.ones(4 * 104 + 64, F32)
    tmp = tmp_size(simtest, "ReduceSum", 4, 100, F32, AR)
    # dst inside src
    run = run_vector(Misc(simtest), "HReduceSum", [src, np.zeros(tmp, U8)],
                     [(0, 400, F32), (0, 0, F32), (1, 0, U8)], 0, ints=[4, 100, AR, 1])
    assert_reported(run, "api-misuse", "dstTensor", "srcTensor")
    # sharedTmpBuffer inside src
    big = np.ones(4 * 104 + tmp, F32)
    run = run_vector(Misc(simtest), "HReduceSum", [np.zeros(32, F32), big],
                     [(0, 0, F32), (1, 0, F32), (1, 4 * 100 * 4, U8)], 0, ints=[4, 100, AR, 1])
    assert_reported(run, "api-misuse", "sharedTmpBuffer", "srcTensor")


BAD_TYPES = [
    ("ReduceSum", "half", "ReduceSum: element type must be float"),
    ("ReduceMean", "half", "ReduceMean: element type must be float"),
    ("ReduceProd", "int32_t", "ReduceProd: element type must be float"),
    ("ReduceMax", "int32_t", "ReduceMax: element type must be half or float"),
    ("ReduceMin", "int16_t", "ReduceMin: element type must be half or float"),
    ("ReduceAny", "half", "ReduceAny: element type must be uint8_t or float"),
    ("ReduceAll", "int16_t", "ReduceAll: element type must be uint8_t or float"),
]


def test_wrong_type_or_pattern_does_not_compile(tmp_path):
    """One translation unit: each bad instantiation reports its own static_assert."""
    calls = "\n".join(f"    {{ LocalTensor<{t}> x; {api}<{t}, Pattern::Reduce::AR>(x, x, tmp, shape, true); }}"
                       for api, t, _ in BAD_TYPES)
    stderr = compile_errors(tmp_path, f"""
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_reduce_highlevel.h"
#include "ascendc_sim/kernel/vector_reduce_xor_sum.h"
using namespace AscendC;
void Bad(LocalTensor<float> f, LocalTensor<uint8_t> tmp, LocalTensor<int32_t> i) {{
    uint32_t shape[] = {{2, 16}};
{calls}
    ReduceMin<float, Pattern::Reduce::ARA>(f, f, tmp, shape, true);
    ReduceXorSum(i, i, i, tmp, 16);
}}
""")
    for _, _, msg in BAD_TYPES:
        assert msg in stderr
    assert "pattern must be AscendC::Pattern::Reduce::AR or AscendC::Pattern::Reduce::RA" in stderr
    assert "ReduceXorSum: element type must be int16_t" in stderr


def test_basic_reduce_forms_still_compile(tmp_path):
    """The basic-API ReduceSum/ReduceMax/ReduceMin (count form) coexist with the template ones."""
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_reduce_highlevel.h"
using namespace AscendC;
void Good(LocalTensor<float> x, LocalTensor<uint8_t> t) {
    uint32_t shape[] = {2, 16};
    ReduceSum<float>(x, x, x, 32);
    ReduceMax<float>(x, x, x, 32, true);
    ReduceMin(x, x, x, 32);
    ReduceSum<float, Pattern::Reduce::AR>(x, x, t, shape, true);
    ReduceMax<float, Pattern::Reduce::RA, true>(x, x, shape, true);
}
#error done
""")
    assert "#error done" in stderr and stderr.count("error:") == 1, stderr


# ---------------------------------------------------------------------------------------
# host

def k_of(n, halve):
    k = pow2_below(n)
    return k // 2 if k == n and halve else k


@pytest.mark.parametrize("first,last", [(1, 5), (3, 8), (4, 100), (1, 128), (5, 64), (8, 300), (1, 1)])
def test_host_tmp_sizes(simtest, first, last):
    q = lambda api, t, p, reuse=False: tmp_size(simtest, api, first, last, t, p, reuse)  # noqa: E731
    up = lambda v, a: -(-v // a) * a  # noqa: E731
    # Sum / Mean
    for api in ("Sum", "Mean"):
        assert q(api, F32, AR) == (0 if last <= 64 else first * k_of(last, first > 1) * 4)
        assert q(api, F32, RA) == k_of(first, first > 1) * up(last, 8) * 4
        assert q(api, F32, AR, True) == 0
    # Max / Min
    for api in ("Max", "Min"):
        for t, s in ((F32, 4), (F16, 2)):
            per_block, per_rep = 32 // s, 256 // s
            ar = 0 if last <= per_block else first * (per_block if last < per_rep else per_rep) * s
            assert q(api, t, AR) == ar
            assert q(api, t, RA) == k_of(first, first > 1) * up(last * s, 32)
    # Any / All
    for api in ("Any", "All"):
        assert q(api, U8, AR) == up(last, 32) * 2 + first * 32
        assert q(api, U8, AR, True) == up(last, 32) * 2 + first * 32
        assert q(api, U8, RA) == k_of(first, first > 1) * up(last, 32)
        assert q(api, U8, RA, True) == 0
    # Prod
    assert q("Prod", F32, AR) == (max(8, k_of(last, first > 1)) + first * 8) * 4 + 256
    assert q("Prod", F32, AR, True) == 256
    assert q("Prod", F32, RA, True) == 0


def test_host_xor_sum_and_refusals(simtest):
    assert simtest.reduce_tmp_size("XorSum", [100], 2, 0, True, False) == (768, 768)
    assert simtest.reduce_tmp_size("XorSum", [1000], 2, 0, True, True) == (4000, 4000)
    assert simtest.reduce_tmp_size("XorSum", [1000], 4, 0, True, False) == (7, 7)  # typeSize must be 2
    assert simtest.reduce_tmp_size("Sum", [4, 100], 1, AR, True, False) == (7, 7)  # half: not documented
    assert simtest.reduce_tmp_size("Sum", [4, 100], 0, AR, False, False) == (7, 7)  # isSrcInnerPad false
    assert simtest.reduce_tmp_size("Max", [4, 100, 2], 0, AR, True, False) == (7, 7)  # 3 dims
    assert simtest.reduce_tmp_size("Max", [4, 100], 0, 3, True, False) == (7, 7)  # ARA


# ---------------------------------------------------------------------------------------
# ReduceXorSum (vector_reduce_xor_sum.h)

I16 = np.int16


def xor_tmp(n, reuse):
    return (2 if reuse else 3) * max(n * 2, 256)  # GetReduceXorSumMaxMinTmpSize


def run_xor(simtest, a, b, n, reuse=False, tmp_bytes=None, no_temp=False):
    buffers = [np.zeros(16, I16), a, b]
    ops = [(0, 0, I16), (1, 0, I16), (2, 0, I16)]
    if not no_temp:
        buffers.append(np.zeros(xor_tmp(n, reuse) if tmp_bytes is None else tmp_bytes, U8))
        ops.append((3, 0, U8))
    return run_vector(Misc(simtest), "ReduceXorSum", buffers, ops, n, reuse_source=reuse, no_temp=no_temp)


@pytest.mark.parametrize("reuse", [False, True], ids=["tmp", "reuse"])
@pytest.mark.parametrize("n", [1, 100, 992, 4000])
def test_xor_sum(simtest, n, reuse):
    rng = np.random.default_rng(n)
    a = rng.integers(0, 16, size=-(-n // 16) * 16, dtype=I16)
    b = rng.integers(0, 16, size=a.size, dtype=I16)
    run = run_xor(simtest, a, b, n, reuse)
    assert run.ok, run.result["error"]
    exact = int(np.sum(np.bitwise_xor(a[:n], b[:n]).astype(np.int64)))  # < 2^24: the float sum is exact
    assert run.array(0, I16)[0] == max(-32768, min(32767, exact))


def test_xor_sum_saturates_and_no_temp(simtest):
    a = np.full(4096, 0x3FFF, I16)
    b = np.zeros(4096, I16)
    run = run_xor(simtest, a, b, 4096)
    assert run.ok, run.result["error"]
    assert run.array(0, I16)[0] == 32767
    small = np.arange(64, dtype=I16)
    run = run_xor(simtest, small, np.zeros(64, I16), 64, no_temp=True)
    assert run.ok, run.result["error"]
    assert run.array(0, I16)[0] == int(np.arange(64).sum())


def test_xor_sum_host_figure_can_be_short(simtest):
    """The kernel cuts the temp into pieces rounded down to 32 elements, the host figure
    (3 x 2 x calCount bytes) does not round up: for calCount 1000 the pieces hold 992 (as the A2/A3
    implementation's splitSize >= calCount assert would fail too)."""
    assert simtest.reduce_tmp_size("XorSum", [1000], 2, 0, True, False) == (6000, 6000)
    a = np.ones(1008, I16)
    run = run_xor(simtest, a, a.copy(), 1000)
    assert_reported(run, "api-misuse", "pieces of 992 elements", "GetReduceXorSumMaxMinTmpSize")
    run = run_xor(simtest, a, a.copy(), 1000, tmp_bytes=3 * 2 * 1024)
    assert run.ok, run.result["error"]
    assert run.array(0, I16)[0] == 0


def test_xor_sum_bad_calls(simtest):
    a = np.ones(256, I16)
    run = run_xor(simtest, a, a.copy(), 256, tmp_bytes=256)
    assert_reported(run, "api-misuse", "GetReduceXorSumMaxMinTmpSize")
    run = run_xor(simtest, a, a.copy(), 300)
    assert_reported(run, "operand-bounds", "src0Tensor")
    run = run_vector(Misc(simtest), "ReduceXorSum", [a, np.ones(256, I16), np.zeros(xor_tmp(256, False), U8)],
                     [(0, 0, I16), (0, 0, I16), (1, 0, I16), (2, 0, U8)], 256)
    assert_reported(run, "api-misuse", "dstTensor", "src0Tensor")
