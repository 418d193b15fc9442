"""High-level TopK (vector_topk.h), its host tiling (topk_tiling.h), and the SortConfig forms of
the high-level Sort (vector_sort_configured.h).

TopK's page (asc-devkit docs/zh/api/SIMD-API/高阶API/排序操作/TopK.md): the k largest (or, with
isLargest false, smallest) of each row with their indices; equal values keep their input order
(srcLocal[j] before srcLocal[i] for j < i), inf is the largest value, NaN comes first whether
largest or smallest. References: (1) the A2/A3 instruction sequence replayed in numpy: the scores
(negated by Muls -1 when isLargest is false) sorted stably descending with NaN tied to +inf (the
sim's Sort32/MrgSort key), the first k of each row gathered, Normal mode negating back the whole
k_pad-wide rows (so the row padding the gathers leave comes out negated too), finished rows given
index n; (2) numpy's stable sort of the values in float64 (moving values rounds nothing: exact);
(3) replays with reversed ties / unnegated padding must NOT match."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_sort_highlevel import SORT_OPS, sort_buffers
from sim.tests.test_vector_bitwise import Misc
from sim.tests.test_vector_sort import proposals
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

PAD = 7.0  # what dstValueLocal holds before the call


def tiling(simtest, inner, outter, k, dtype, init=False, small=False, largest=True):
    return simtest.topk_tiling(inner, outter, k, np.dtype(dtype).itemsize, init, small, largest)


def kpad(k, dtype):
    per = 32 // np.dtype(dtype).itemsize
    return (k + per - 1) // per * per


def run_topk(simtest, x, inner, outter, n, k, dtype, init=False, finish=None, small=False, largest=True,
             index=None, tmp_bytes=None, no_temp=False, tiling_k=None, dst_value=None):
    _, _, _, max_v, _, _ = tiling(simtest, inner, outter, k, dtype, init, small, largest)
    value_len = outter * k if small else outter * kpad(k, dtype)
    index_len = outter * k if small else outter * kpad(k, np.int32)
    if index is None:
        index = np.zeros(inner * (outter if small else 1), np.int32)
    fin = np.zeros(max(32, outter), np.uint8) if finish is None else np.asarray(finish, np.uint8)
    tmp_bytes = max_v if tmp_bytes is None else tmp_bytes
    buffers = [np.full(value_len, PAD, dtype) if dst_value is None else dst_value,
               np.full(index_len, -5, np.int32), x.astype(dtype), index, fin]
    operands = [(0, 0, dtype), (1, 0, np.int32), (2, 0, dtype), (3, 0, np.int32), (4, 0, np.uint8)]
    if not no_temp:
        buffers.append(np.zeros(max(tmp_bytes, 32), np.uint8))
        operands.append((5, 0, np.uint8))
    ints = [inner, outter, n, k, int(init), int(finish is not None), int(small), int(largest)]
    if tiling_k is not None:
        ints.append(tiling_k)
    return run_vector(Misc(simtest), "TopK", buffers, operands, value_len, no_temp=no_temp, ints=ints)


def replay(x, inner, outter, n, k, dtype, init=False, index=None, finish=None, small=False, largest=True,
           stable=True, negate_padding=True):
    """The A2/A3 sequence in numpy; returns (values, indices) as the outputs hold them."""
    rows = x.astype(dtype).reshape(outter, inner)
    scores = rows if largest else (-rows).astype(dtype)  # Muls -1: exact
    vpad = k if small else kpad(k, dtype)
    ipad = k if small else kpad(k, np.int32)
    values = np.full((outter, vpad), PAD, dtype)
    indices = np.full((outter, ipad), -5, np.int32)
    for r in range(outter):
        key = scores[r].astype(np.float64)
        key = np.where(np.isnan(key), np.inf, key)
        order = np.argsort(-key, kind="stable") if stable else (inner - 1 - np.argsort(-key[::-1], kind="stable"))
        if init:
            idx = index.reshape(-1, inner)[r if small else 0]
        else:
            idx = np.arange(inner, dtype=np.int32)
        values[r, :k] = scores[r][order[:k]]
        indices[r, :k] = idx[order[:k]]
        if finish is not None and finish[r]:
            indices[r, :k] = n
    if not largest:
        if small or negate_padding:
            values = (-values).astype(dtype)
        else:
            values[:, :k] = (-values[:, :k]).astype(dtype)
    return values.ravel(), indices.ravel()


def exact_topk(x, inner, outter, k, largest=True):
    """float64: numpy's stable sort, NaN first either way."""
    out = []
    for row in x.astype(np.float64).reshape(outter, inner):
        key = np.where(np.isnan(row), np.inf, row if largest else -row)
        order = np.argsort(-key, kind="stable")[:k]
        out.append((row[order], order))
    return out


NORMAL_CASES = [(32, 1, 32, 1), (32, 2, 32, 5), (64, 2, 60, 9), (96, 1, 96, 17), (128, 3, 128, 32),
                (160, 1, 150, 40), (512, 1, 512, 20), (672, 1, 672, 100), (2048, 1, 2048, 33)]


@pytest.mark.parametrize("inner,outter,n,k", NORMAL_CASES)
@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("largest", [True, False], ids=["largest", "smallest"])
def test_topk_normal(simtest, inner, outter, n, k, dtype, largest):
    rng = np.random.default_rng(inner * 7 + k)
    x = rng.integers(-30, 30, inner * outter).astype(dtype)  # many ties
    run = run_topk(simtest, x, inner, outter, n, k, dtype, largest=largest)
    assert run.ok, run.result["error"]
    values, indices = replay(x, inner, outter, n, k, dtype, largest=largest)
    assert_bits_equal(run.array(0, dtype), values)
    assert_bits_equal(run.array(1, np.int32), indices)
    got_v = run.array(0, dtype).reshape(outter, -1)
    got_i = run.array(1, np.int32).reshape(outter, -1)
    for r, (ref_v, ref_i) in enumerate(exact_topk(x, inner, outter, k, largest)):
        assert np.array_equal(got_v[r, :k].astype(np.float64), ref_v)
        assert np.array_equal(got_i[r, :k], ref_i)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("largest", [True, False], ids=["largest", "smallest"])
def test_topk_nan_inf_and_signed_zero(simtest, dtype, largest):
    """NaN first either way: Sort32's key ties NaN with +inf (so for smallest with -inf, whose
    negation is +inf), the tied ones in input order; -0.0 and 0.0 tie."""
    x = np.array([1, np.nan, -np.inf, 3, np.inf, -0.0, 0.0, np.nan, 2, -2, 5, -np.inf] + [0.5] * 20, dtype)
    k = 8
    run = run_topk(simtest, x, 32, 1, 32, k, dtype, largest=largest)
    assert run.ok, run.result["error"]
    values, indices = replay(x, 32, 1, 32, k, dtype, largest=largest)
    assert_bits_equal(run.array(0, dtype), values)
    assert_bits_equal(run.array(1, np.int32), indices)
    assert list(run.array(1, np.int32)[:4]) == ([1, 4, 7, 10] if largest else [1, 2, 7, 11])
    assert np.isnan(run.array(0, dtype)[[0, 2]]).all()


def test_topk_normal_init_index_and_finish(simtest):
    """isInitIndex: the caller's one index row for all rows; isHasfinish: finished rows get n."""
    inner, outter, n, k = 64, 4, 50, 6
    rng = np.random.default_rng(5)
    x = rng.uniform(-5, 5, inner * outter).astype(F32)
    index = (np.arange(inner, dtype=np.int32) * 3 + 100)
    finish = np.zeros(32, np.uint8)
    finish[[1, 3]] = 1
    run = run_topk(simtest, x, inner, outter, n, k, F32, init=True, index=index, finish=finish, largest=False)
    assert run.ok, run.result["error"]
    values, indices = replay(x, inner, outter, n, k, F32, init=True, index=index, finish=finish, largest=False)
    assert_bits_equal(run.array(0, F32), values)
    assert_bits_equal(run.array(1, np.int32), indices)
    assert (run.array(1, np.int32).reshape(outter, -1)[1, :k] == n).all()


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("largest", [True, False], ids=["largest", "smallest"])
@pytest.mark.parametrize("init", [False, True], ids=["gen_index", "init_index"])
@pytest.mark.parametrize("k", [1, 5, 16, 17, 32])
def test_topk_small(simtest, dtype, largest, init, k):
    outter = 5
    rng = np.random.default_rng(k)
    x = rng.integers(-8, 8, 32 * outter).astype(dtype)
    index = rng.permutation(32 * outter).astype(np.int32) if init else None
    run = run_topk(simtest, x, 32, outter, 32, k, dtype, init=init, index=index, small=True, largest=largest)
    assert run.ok, run.result["error"]
    values, indices = replay(x, 32, outter, 32, k, dtype, init=init, index=index, small=True, largest=largest)
    assert_bits_equal(run.array(0, dtype), values)
    assert_bits_equal(run.array(1, np.int32), indices)


@pytest.mark.parametrize("small", [False, True], ids=["normal", "small"])
def test_topk_framework_temp(simtest, small):
    inner, outter, k = 32, 3, 4
    x = np.random.default_rng(2).uniform(-1, 1, inner * outter).astype(F16)
    run = run_topk(simtest, x, inner, outter, inner, k, F16, small=small, largest=False, no_temp=True)
    assert run.ok, run.result["error"]
    values, indices = replay(x, inner, outter, inner, k, F16, small=small, largest=False)
    assert_bits_equal(run.array(0, F16), values)
    assert_bits_equal(run.array(1, np.int32), indices)


def test_topk_inner_4096_half(simtest):
    """The largest Normal row: four-queue merges up to runs of 2048, then one two-queue merge."""
    inner, k = 4096, 70
    x = np.random.default_rng(4).integers(-300, 300, inner).astype(F16)
    run = run_topk(simtest, x, inner, 1, inner, k, F16, largest=False)
    assert run.ok, run.result["error"]
    values, indices = replay(x, inner, 1, inner, k, F16, largest=False)
    assert_bits_equal(run.array(0, F16), values)
    assert_bits_equal(run.array(1, np.int32), indices)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_full_sort_nan_inf_ties(simtest, dtype):
    """The A2/A3 high-level Sort<T, true> (vector_sort_highlevel.h) on NaN, +-inf, signed zeros
    and ties: numpy's stable descending order with NaN tied to +inf (Sort32's key)."""
    rng = np.random.default_rng(12)
    scores = rng.integers(-3, 3, 160).astype(dtype)
    scores[[3, 50, 99]] = np.nan
    scores[[7, 120]] = np.inf
    scores[[8, 140]] = -np.inf
    scores[[10, 11]] = [-0.0, 0.0]
    run = run_vector(simtest, "Sort", sort_buffers(scores, dtype), SORT_OPS(dtype), 0, scalar=1, repeat_time=5)
    assert run.ok, run.result["error"]
    key = scores.astype(np.float64)
    order = np.argsort(-np.where(np.isnan(key), np.inf, key), kind="stable")
    assert_bits_equal(run.array(0, dtype), proposals(scores[order], order.astype(np.uint32), dtype))
    assert list(order[:5]) == [3, 7, 50, 99, 120]


def test_topk_overlapping_temp_and_dst(simtest):
    inner = 64
    buffers = [np.zeros(8, F32), np.zeros(8, np.int32), np.zeros(inner, F32), np.zeros(inner, np.int32),
               np.zeros(32, np.uint8), np.zeros(4096, np.uint8)]
    operands = [(0, 0, F32), (5, 0, np.int32), (2, 0, F32), (3, 0, np.int32), (4, 0, np.uint8), (5, 0, np.uint8)]
    run = run_vector(Misc(simtest), "TopK", buffers, operands, 8, ints=[inner, 1, inner, 3, 0, 0, 0, 1])
    assert_reported(run, "api-misuse", "TopK", "tmpLocal", "dstIndexLocal", "overlap")


def test_topk_perturbed_replays_do_not_match(simtest):
    inner, outter, n, k = 128, 2, 128, 12
    x = np.random.default_rng(9).integers(-4, 4, inner * outter).astype(F32)
    run = run_topk(simtest, x, inner, outter, n, k, F32, largest=False)
    assert run.ok, run.result["error"]
    v, i = replay(x, inner, outter, n, k, F32, largest=False, stable=False)
    assert not np.array_equal(run.array(1, np.int32), i)
    v, i = replay(x, inner, outter, n, k, F32, largest=False, negate_padding=False)
    assert not np.array_equal(run.array(0, F32).view(np.uint32), v.view(np.uint32))


def test_topk_host_tiling(simtest):
    ok, w, sizes, max_v, min_v, same = tiling(simtest, 64, 2, 9, F32)
    assert ok and sizes and same
    # tmpLocalSize, allDataSize, innerDataSize, sortRepeat, mrgSortRepeat, kAlignFourBytes, kAlignTwoBytes,
    # maskOffset, masks 2k/4k, mrg offsets 2/4/6, two-queue 2, tail paras, srcIndexOffset, copy blocks
    assert w[:18] == [320, 128, 128, 2, 16, 16, 16, 32, 18, 36, 2, 4, 6, 2, 128, 1, 256, 16]
    assert (max_v, min_v) == (64 * 20, 64 * 20)
    ok, w, sizes, max_v, min_v, same = tiling(simtest, 32, 3, 5, F16, small=True, largest=False)
    assert ok and same
    assert w[2] == 32 * 3 * 4 and w[7] == 15 and w[18] == 32 * 3 * 4 + 96 and w[19] == 32 * 3 * 4 + 96 + 32
    assert w[22] == 0b1010101010 and w[20] == 0 and w[21] == 0  # value masks are half words for half
    half_words = np.array(w[24:28], np.uint32).view(np.uint16)
    assert list(half_words) == [0x1111, 0x0001, 0, 0, 0, 0, 0, 0]
    assert (max_v, min_v) == (32 * 3 * 16 + 64, 32 * 3 * 16 + 64)
    assert tiling(simtest, 32, 2, 20, F32, init=True, small=True)[1][20:24] == [0x55555555, 0x55, 0xAAAAAAAA, 0xAA]
    assert simtest.topk_radix_tmp_size() == (False, 7, 7)  # Ascend 950 only: refused, nothing written


def test_topk_inner_not_multiple_of_32(simtest):
    x = np.zeros(48, F32)
    run = run_topk(simtest, x, 48, 1, 48, 3, F32, tmp_bytes=4096)
    assert_reported(run, "api-misuse", "TopK", "topKInfo.inner (48)", "multiple of 32")


def test_topk_k_above_n(simtest):
    x = np.zeros(64, F32)
    run = run_topk(simtest, x, 64, 1, 40, 41, F32)
    assert_reported(run, "api-misuse", "TopK", "k (41)", "topKInfo.n = 40")


def test_topk_small_mode_needs_inner_32(simtest):
    x = np.zeros(64, F32)
    run = run_topk(simtest, x, 64, 1, 64, 3, F32, small=True, tmp_bytes=4096)
    assert_reported(run, "api-misuse", "TopK", "must be 32 when topkMode is TOPK_NSMALL")


def test_topk_small_mode_refuses_finish(simtest):
    x = np.zeros(32, F32)
    run = run_topk(simtest, x, 32, 1, 32, 3, F32, small=True, finish=np.zeros(32, np.uint8))
    assert_reported(run, "api-misuse", "TopK", "isHasfinish must be false")


def test_topk_temp_too_small(simtest):
    x = np.zeros(128, F32)
    run = run_topk(simtest, x, 128, 1, 128, 3, F32, tmp_bytes=128 * 16)
    assert_reported(run, "api-misuse", "TopK", "tmpLocal holds 2048 bytes", "needs 2560", "GetTopKMaxMinTmpSize")


def test_topk_tiling_for_other_shape(simtest):
    x = np.zeros(64, F32)
    run = run_topk(simtest, x, 32, 2, 32, 3, F32, small=True, tiling_k=4)
    assert_reported(run, "api-misuse", "TopK", "the tiling does not match", "TopKTilingFunc")


def test_topk_dst_too_small(simtest):
    x = np.zeros(128, F32)
    run = run_topk(simtest, x, 64, 2, 64, 9, F32, dst_value=np.zeros(16, F32))
    assert_reported(run, "operand-bounds", "TopK", "dstValueLocal")


def test_topk_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_topk.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& i, LocalTensor<bool>& f, LocalTensor<uint8_t>& t,
       TopkTiling& tl, TopKInfo& info) {
    TopK<int32_t>(d, i, d, i, f, t, 1, tl, info);
    TopK<int32_t, false, false, false, TopKMode::TOPK_NSMALL>(d, i, d, i, f, 1, tl, info);
}
""")
    assert errors.count("TopK: T must be half or float") >= 2


@pytest.mark.parametrize("form", range(6))
def test_sort_config_forms_are_ascend_950_only(simtest, form):
    """CANN compiles the SortConfig forms to nothing on A2/A3: the sim compiles them and reports
    the call (dst would stay unwritten on the device)."""
    n = 64
    buffers = [np.zeros(n, F32), np.zeros(n, np.uint32), np.arange(n, dtype=F32), np.arange(n, dtype=np.uint32),
               np.zeros(1024, np.uint8)]
    operands = [(0, 0, F32), (1, 0, np.uint32), (2, 0, F32), (3, 0, np.uint32), (4, 0, np.uint8)]
    run = run_vector(Misc(simtest), "SortConfigured", buffers, operands, n, ints=[form])
    assert_reported(run, "api-misuse", "Sort<T, isReuseSource, config>", "Ascend 950 only", "Sort<T, isFullSort>")


def test_sort_config_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_sort_configured.h"
using namespace AscendC;
constexpr SortConfig kMerge = {SortType::MERGE_SORT, false};
void k(LocalTensor<int8_t>& d, LocalTensor<int64_t>& i, LocalTensor<double>& x, LocalTensor<int16_t>& j, uint32_t n) {
    Sort<int8_t, false, kMerge>(d, d, n);
    Sort<int8_t, int64_t, false, kMerge>(d, i, d, i, n);
    Sort(x, x, n);
    Sort(d, j, d, j, n);
}
""")
    assert errors.count("Sort: T must be") >= 3
    assert errors.count("Sort: the index type must be") >= 2
