"""The high-level sort family (vector_sort_highlevel.h) against numpy, from CANN's pages (asc-devkit
docs/zh/api/SIMD-API/高阶API/排序操作/Sort.md, MrgSort-93.md, Concat.md, Extract.md, GetSortLen.md,
GetSortOffset.md): Sort's full sort is score descending with equal scores in input order (the
page: index order as in the input), Extract splits the proposals again, and the instructions are
those dav_c220's DoFullSort issues."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_sort import merge_reference, proposals, sort32_reference, sorted_queue, unpack
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector


def sort_buffers(scores, dtype):
    n = len(scores)
    per = 8 // np.dtype(dtype).itemsize
    return [np.zeros(n * per, dtype), scores, np.arange(n, dtype=np.uint32), np.zeros(n * per, dtype)]


SORT_OPS = lambda dtype: [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint32), (3, 0, dtype)]  # noqa: E731


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("repeats", [1, 2, 3, 4, 5, 8, 16, 17])
def test_full_sort(simtest, dtype, repeats):
    rng = np.random.default_rng(repeats)
    scores = rng.integers(-20, 20, 32 * repeats).astype(dtype)  # ties: their input order is kept
    run = run_vector(simtest, "Sort", sort_buffers(scores, dtype), SORT_OPS(dtype), 0, scalar=1,
                     repeat_time=repeats)
    assert run.ok, run.result["error"]
    order = np.argsort(-scores.astype(np.float64), kind="stable")
    assert_bits_equal(run.array(0, dtype), proposals(scores[order], order.astype(np.uint32), dtype))


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
def test_sort_without_full_sort_is_sort32(simtest, dtype):
    scores = np.random.default_rng(3).uniform(-4, 4, 96).astype(dtype)
    run = run_vector(simtest, "Sort", sort_buffers(scores, dtype), SORT_OPS(dtype), 0, scalar=0, repeat_time=3)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, dtype), sort32_reference(scores, np.arange(96, dtype=np.uint32), dtype))
    assert run.vector_pipe()["instructions"] == 1


def test_full_sort_issues_dav_c220_steps(simtest):
    """repeatTime 8: Sort32, copy to tmp, MrgSort (2 sets), copy; MrgSort of the 2 tails, copy."""
    scores = np.random.default_rng(8).uniform(-4, 4, 256).astype(F32)
    run = run_vector(simtest, "Sort", sort_buffers(scores, F32), SORT_OPS(F32), 0, scalar=1, repeat_time=8)
    assert run.ok, run.result["error"]
    assert run.vector_pipe()["instructions"] == 6


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
def test_concat_then_sort(simtest, dtype):
    scores = np.random.default_rng(1).uniform(-4, 4, 64).astype(dtype)
    run = run_vector(simtest, "Sort", sort_buffers(scores, dtype), SORT_OPS(dtype), 0, scalar=1, repeat_time=2,
                     cal_index=True)
    assert run.ok, run.result["error"]
    order = np.argsort(-scores.astype(np.float64), kind="stable")
    assert_bits_equal(run.array(0, dtype), proposals(scores[order], order.astype(np.uint32), dtype))


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
def test_extract(simtest, dtype):
    """As dav-2201 issues it: float takes 32 proposals per repeat for both; half 32 scores per repeat
    (pattern 3 over 256 B of half) but its indices over 2 * repeatTime repeats of uint32 (64 per repeat)."""
    rng = np.random.default_rng(6)
    n = 128
    scores = rng.uniform(-4, 4, n).astype(dtype)
    index = rng.permutation(n).astype(np.uint32)
    sorted_ = proposals(scores, index, dtype)
    half = np.dtype(dtype).itemsize == 2
    repeats = n // 64 if half else n // 32
    values = np.full(n, 9, dtype)
    run = run_vector(simtest, "Extract", [values, np.zeros(n, np.uint32), sorted_],
                     [(0, 0, dtype), (1, 0, np.uint32), (2, 0, dtype)], 0, repeat_time=repeats)
    assert run.ok, run.result["error"]
    kept = 32 * repeats
    assert_bits_equal(run.array(0, dtype)[:kept], scores[:kept])
    assert_bits_equal(run.array(0, dtype)[kept:], values[kept:])
    assert_bits_equal(run.array(1, np.uint32), index)


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("exhausted", [0, 1])
def test_high_level_mrg_sort(simtest, dtype, exhausted):
    rng = np.random.default_rng(exhausted)
    lengths = [7, 3, 10, 5]
    queues = [sorted_queue(rng, lengths[k], dtype, 50 * k) for k in range(4)]
    per = 8 // np.dtype(dtype).itemsize
    run = run_vector(simtest, "MrgSortHL", [np.zeros(sum(lengths) * per, dtype)] + queues,
                     [(k, 0, dtype) for k in range(5)], 0, repeat_params=lengths + [exhausted, 15, 1])
    assert run.ok, run.result["error"]
    expected, pos = merge_reference(queues, dtype, exhausted_stop=bool(exhausted))
    assert_bits_equal(run.array(0, dtype)[:expected.size], expected)
    if exhausted:
        assert list(simtest.mrg_sort_result()) == pos
    else:
        assert list(simtest.mrg_sort_result()) == [7, 7, 7, 7]  # sortedNum untouched


def test_sort_len_and_offset(simtest):
    assert simtest.sort_len(10) == (20, 40, 20, 40)


def test_bad_calls_are_reported(simtest):
    scores = np.ones(32, F32)
    run = run_vector(simtest, "Sort", sort_buffers(scores, F32), SORT_OPS(F32), 0, scalar=1, repeat_time=256)
    assert_reported(run, "api-misuse", "Sort", "repeatTime 256")
    bufs = sort_buffers(np.ones(64, F32), F32)
    bufs[3] = np.zeros(32, F32)  # tmp too small for the copy of dst
    run = run_vector(simtest, "Sort", bufs, SORT_OPS(F32), 0, scalar=1, repeat_time=2)
    assert_reported(run, "operand-bounds", "DataCopy")
    q = proposals(np.zeros(4, F32), np.arange(4, dtype=np.uint32), F32)
    run = run_vector(simtest, "MrgSortHL", [np.zeros(64, F32), q, q.copy()], [(0, 0, F32), (1, 0, F32), (2, 0, F32)],
                     0, repeat_params=[4, 4, 0, 0, 0, 3, 0])
    assert_reported(run, "api-misuse", "MrgSort", "repeatTime 0", "[1, 255]")
    run = run_vector(simtest, "Extract", [np.zeros(64, F32), np.zeros(64, np.uint32), np.zeros(64, F32)],
                     [(0, 0, F32), (1, 0, np.uint32), (2, 0, F32)], 0, repeat_time=2)
    assert_reported(run, "operand-bounds", "Extract (GatherMask of the scores)", "src0")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<uint32_t> u) {
    Sort<int32_t, true>(i, i, u, i, 1);
    Extract(i, u, i, 1);
    Concat(i, i, i, 1);
    (void)GetSortLen<int32_t>(4);
}
""")
    for api in ("Sort", "Extract", "Concat", "GetSortLen"):
        assert f"{api}: element type must be half or float" in stderr
