"""Sort32, MrgSort and GetMrgSortResult against numpy, from CANN's pages (asc-devkit
docs/zh/api/SIMD-API/基础API/Memory矢量计算/排序组合（ISASI）/Sort32.md, MrgSort.md,
GetMrgSortResult.md): A2/A3's region proposals of 8 bytes (score low, uint32 index high), score
descending, equal scores in their original (queue) order, and the checks of bad calls."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector


def proposals(scores, indices, dtype):
    """The 8-byte pairs as float32 words (dtype float) or half words with 2 reserved bytes (half)."""
    out = np.zeros(len(scores) * 8, np.uint8)
    view = out.reshape(-1, 8)
    view[:, :np.dtype(dtype).itemsize] = np.asarray(scores, dtype).view(np.uint8).reshape(len(scores), -1)
    view[:, 4:] = np.asarray(indices, np.uint32).view(np.uint8).reshape(-1, 4)
    return out.view(dtype)


def sort32_reference(scores, indices, dtype):
    out = []
    for g in range(len(scores) // 32):
        s, i = scores[g * 32:(g + 1) * 32], indices[g * 32:(g + 1) * 32]
        order = np.argsort(-s.astype(np.float64), kind="stable")
        out.append(proposals(s[order], i[order], dtype))
    return np.concatenate(out)


def unpack(buf, dtype):
    b = buf.view(np.uint8).reshape(-1, 8)
    return b[:, :np.dtype(dtype).itemsize].copy().view(dtype).reshape(-1), b[:, 4:].copy().view(np.uint32).reshape(-1)


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("repeats", [1, 3])
def test_sort32(simtest, dtype, repeats):
    rng = np.random.default_rng(repeats)
    n = 32 * repeats
    scores = rng.integers(-8, 8, n).astype(dtype)  # many ties: the order of equals is checked too
    indices = rng.permutation(n).astype(np.uint32)
    dst = np.zeros(2 * n * 4 // np.dtype(dtype).itemsize, dtype)
    run = run_vector(simtest, "Sort32", [dst, scores, indices], [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint32)], 0,
                     repeat_time=repeats)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, dtype), sort32_reference(scores, indices, dtype))


def test_sort32_repeat_zero_is_a_no_op(simtest):
    dst = np.full(64, 5, F32)
    run = run_vector(simtest, "Sort32", [dst, np.ones(32, F32), np.zeros(32, np.uint32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, np.uint32)], 0, repeat_time=0)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, F32), dst)


def test_sort32_bad_calls_are_reported(simtest):
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, np.uint32)]
    run = run_vector(simtest, "Sort32", [np.zeros(64, F32), np.ones(32, F32), np.zeros(32, np.uint32)], ops, 0,
                     repeat_time=256)
    assert_reported(run, "api-misuse", "Sort32", "repeatTime 256")
    run = run_vector(simtest, "Sort32", [np.zeros(64, F32), np.ones(32, F32), np.zeros(32, np.uint32)], ops, 0,
                     repeat_time=2)
    assert_reported(run, "operand-bounds", "Sort32", "src0")
    run = run_vector(simtest, "Sort32", [np.zeros(32, F32), np.ones(32, F32), np.zeros(32, np.uint32)], ops, 0,
                     repeat_time=1)
    assert_reported(run, "operand-bounds", "Sort32", "dst")
    run = run_vector(simtest, "Sort32", [np.zeros(128, F32), np.zeros(32, np.uint32)],
                     [(0, 0, F32), (0, 32, F32), (1, 0, np.uint32)], 0, repeat_time=1)
    assert_reported(run, "api-misuse", "Sort32", "overlap")
    run = run_vector(simtest, "Sort32", [np.zeros(128, F32), np.ones(40, F32), np.zeros(32, np.uint32)],
                     [(0, 0, F32), (1, 4, F32), (2, 0, np.uint32)], 0, repeat_time=1)
    assert_reported(run, "ub-alignment", "Sort32", "src0")


def merge_reference(queues, dtype, exhausted_stop=False):
    """Score descending, ties to the earlier queue; stops at the first empty queue if asked."""
    parts = [unpack(q, dtype) for q in queues]
    pos = [0] * len(parts)
    out_s, out_i = [], []
    while True:
        live = [k for k in range(len(parts)) if pos[k] < len(parts[k][0])]
        if not live or (exhausted_stop and len(live) < len(parts)):
            break
        best = max(live, key=lambda k: (float(parts[k][0][pos[k]]), -k))
        out_s.append(parts[best][0][pos[best]])
        out_i.append(parts[best][1][pos[best]])
        pos[best] += 1
    return proposals(np.array(out_s, dtype), np.array(out_i, np.uint32), dtype), pos


def sorted_queue(rng, n, dtype, base):
    s = np.sort(rng.integers(-6, 6, n).astype(dtype).astype(np.float64))[::-1].astype(dtype)
    return proposals(s, np.arange(base, base + n, dtype=np.uint32), dtype)


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("valid_bit,lengths", [(3, [5, 9, 0, 0]), (7, [4, 16, 7, 0]), (15, [8, 3, 12, 6])])
def test_mrg_sort(simtest, dtype, valid_bit, lengths):
    rng = np.random.default_rng(valid_bit)
    used = {3: 2, 7: 3, 15: 4}[valid_bit]
    queues = [sorted_queue(rng, lengths[k], dtype, 100 * k) for k in range(used)]
    per = 8 // np.dtype(dtype).itemsize
    bufs = [np.zeros(max(1, sum(lengths[:used])) * per + 8, dtype)] + [q if q.size else np.zeros(per, dtype)
                                                                       for q in queues]
    run = run_vector(simtest, "MrgSort", bufs, [(k, 0, dtype) for k in range(used + 1)], 0,
                     repeat_params=lengths + [0, valid_bit, 1])
    assert run.ok, run.result["error"]
    expected, pos = merge_reference(queues, dtype)
    assert_bits_equal(run.array(0, dtype)[:expected.size], expected)
    assert list(simtest.mrg_sort_result())[:used] == pos


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
def test_mrg_sort_exhausted_suspension(simtest, dtype):
    rng = np.random.default_rng(9)
    lengths = [6, 2, 9, 4]
    queues = [sorted_queue(rng, lengths[k], dtype, 100 * k) for k in range(4)]
    per = 8 // np.dtype(dtype).itemsize
    run = run_vector(simtest, "MrgSort", [np.zeros(sum(lengths) * per, dtype)] + queues,
                     [(k, 0, dtype) for k in range(5)], 0, repeat_params=lengths + [1, 15, 1])
    assert run.ok, run.result["error"]
    expected, pos = merge_reference(queues, dtype, exhausted_stop=True)
    assert_bits_equal(run.array(0, dtype)[:expected.size], expected)
    assert list(simtest.mrg_sort_result()) == pos
    assert any(p == n for p, n in zip(pos, lengths))  # it stopped at the first queue run dry


def test_mrg_sort_repeats_after_sort32_as_the_sample(simtest):
    """The mrg_sort sample's first round: Sort32 then 4 queues of 32 merged, repeatTimes 2."""
    rng = np.random.default_rng(4)
    scores = rng.uniform(-5, 5, 256).astype(F32)
    work = sort32_reference(scores, np.arange(256, dtype=np.uint32), F32)
    run = run_vector(simtest, "MrgSort", [np.zeros(512, F32), work],
                     [(0, 0, F32), (1, 0, F32), (1, 64, F32), (1, 128, F32), (1, 192, F32)], 0,
                     repeat_params=[32, 32, 32, 32, 0, 15, 2])
    assert run.ok, run.result["error"]
    expected = np.concatenate([merge_reference([work[(4 * r + k) * 64:(4 * r + k + 1) * 64] for k in range(4)],
                                               F32)[0] for r in range(2)])
    assert_bits_equal(run.array(0, F32), expected)


def test_mrg_sort_bad_calls_are_reported(simtest):
    q = proposals(np.zeros(8, F32), np.arange(8, dtype=np.uint32), F32)
    bufs = [np.zeros(64, F32), q, q.copy()]
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32)]
    run = run_vector(simtest, "MrgSort", bufs, ops, 0, repeat_params=[8, 8, 0, 0, 0, 5, 1])
    assert_reported(run, "api-misuse", "MrgSort", "validBit 5")
    run = run_vector(simtest, "MrgSort", bufs, ops, 0, repeat_params=[4096, 8, 0, 0, 0, 3, 1])
    assert_reported(run, "api-misuse", "MrgSort", "elementLengths[0] 4096")
    run = run_vector(simtest, "MrgSort", bufs, ops, 0, repeat_params=[8, 8, 0, 0, 0, 3, 2])
    assert_reported(run, "api-misuse", "MrgSort", "repeatTimes 2")
    run = run_vector(simtest, "MrgSort", bufs, ops, 0, repeat_params=[8, 9, 0, 0, 0, 3, 1])
    assert_reported(run, "operand-bounds", "MrgSort", "src.src2")
    run = run_vector(simtest, "MrgSort", [np.zeros(16, F32), q, q.copy()], ops, 0, repeat_params=[8, 8, 0, 0, 0, 3, 1])
    assert_reported(run, "operand-bounds", "MrgSort", "dst")
    run = run_vector(simtest, "MrgSort", [np.zeros(96, F32), q], [(0, 0, F32), (0, 16, F32), (1, 0, F32)], 0,
                     repeat_params=[8, 8, 0, 0, 0, 3, 1])
    assert_reported(run, "api-misuse", "MrgSort", "overlap")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<uint32_t> u) {
    Sort32(i, i, u, 1);
    MrgSortSrcList<int32_t> list(i, i, i, i);
    MrgSort(i, list, MrgSort4Info{});
}
""")
    assert "Sort32: element type must be half or float" in stderr
    assert "MrgSort: element type must be half or float" in stderr
