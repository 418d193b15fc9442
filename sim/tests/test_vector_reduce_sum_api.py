"""The high-level Sum (SumParams rows) against numpy, run as its RepeatReduceSum steps, and its
host helper GetSumMaxMinTmpSize; bad calls reported."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_reduce_type import tree
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector


def tree_chunks(values, lanes, dtype):
    """Counter-mode RepeatReduceSum: one tree sum per `lanes` values (the last chunk partial)."""
    out = []
    for i in range(0, len(values), lanes):
        chunk = list(values[i:i + lanes])
        out.append(tree(chunk + [dtype(0)] * (lanes - len(chunk)),
                        [True] * len(chunk) + [False] * (lanes - len(chunk)), dtype))
    return out


def sum_reference(row, dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    level = tree_chunks(list(row), lanes, dtype)
    while len(level) > 1:
        level = tree_chunks(level, lanes, dtype)
    return level[0]


def tmp_bytes(n, s):
    per_block, per_repeat = 32 // s, 256 // s
    return (-(-n // per_repeat) + per_block - 1) // per_block * per_block * s


@pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("outter,n", [(1, 7), (3, 100), (2, 1000), (1, 9000)])
def test_sum_rows(simtest, dtype, outter, n):
    s = np.dtype(dtype).itemsize
    inner = (n * s + 31) // 32 * 32 // s
    x = np.random.default_rng(n).uniform(-1, 1, outter * inner).astype(dtype)
    tmp = np.zeros(max(32, tmp_bytes(n, s)), np.uint8)
    dst = np.zeros(max(16, outter), dtype)
    run = run_vector(simtest, "Sum", [dst, x, tmp], [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8)], 0,
                     repeat_params=[outter, inner, n])
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    expected = [sum_reference(x[r * inner:r * inner + n], dtype) for r in range(outter)]
    assert_bits_equal(out[:outter], np.array(expected, dtype))
    for r in range(outter):
        exact = float(np.sum(x[r * inner:r * inner + n].astype(np.float64)))
        assert abs(float(out[r]) - exact) <= 2e-2 * max(1.0, abs(exact)) + (0.1 if dtype == F16 else 0)


def test_get_sum_max_min_tmp_size(simtest):
    for n, size in ((1, 2), (100, 2), (1000, 4), (9000, 2)):
        assert simtest.get_sum_max_min_tmp_size(n, size, False) == (tmp_bytes(n, size), tmp_bytes(n, size))


def test_bad_sum_calls_are_reported(simtest):
    x = np.zeros(256, F32)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)]
    run = run_vector(simtest, "Sum", [np.zeros(8, F32), x, np.zeros(64, np.uint8)], ops, 0, repeat_params=[1, 16, 17])
    assert_reported(run, "api-misuse", "sumParams.n 17")
    run = run_vector(simtest, "Sum", [np.zeros(8, F32), x, np.zeros(64, np.uint8)], ops, 0, repeat_params=[1, 12, 9])
    assert_reported(run, "api-misuse", "inner 12")
    run = run_vector(simtest, "Sum", [np.zeros(8, F32), np.zeros(4096, F32), np.zeros(32, np.uint8)], ops, 0,
                     repeat_params=[1, 4096, 4096])  # 64 partial sums: 256 bytes
    assert_reported(run, "operand-bounds", "sharedTmpBuffer")
    run = run_vector(simtest, "Sum", [x, np.zeros(64, np.uint8)], [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 0,
                     repeat_params=[1, 256, 256])
    assert_reported(run, "api-misuse", "overlap")


def test_sum_wrong_type_does_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<uint8_t> t) {
    SumParams p{1, 8, 8};
    Sum(i, i, t, p);
}
""")
    assert "Sum: element type must be half or float" in stderr


@pytest.mark.parametrize("dtype,api", [(F32, "Mean"), (F16, "Mean"), (F16, "MeanFloatAcc")], ids=["float", "half",
                                                                                                   "half-float-acc"])
@pytest.mark.parametrize("outter,n", [(1, 7), (3, 100), (2, 1000)])
def test_mean_rows(simtest, dtype, api, outter, n):
    s = np.dtype(dtype).itemsize
    inner = (n * s + 31) // 32 * 32 // s
    x = np.random.default_rng(n + 1).uniform(-1, 1, outter * inner).astype(dtype)
    acc = F32 if api == "MeanFloatAcc" else dtype
    lanes = 256 // np.dtype(acc).itemsize
    # The partial sums take ceil(n / lanes) elements of acc (GetMeanMaxMinTmpSize's AlignUp(repeats, 32)
    # bytes is short of that for float partial sums beyond 8: the sim reports the overrun).
    tmp_size = -(-(-(-n // lanes) * np.dtype(acc).itemsize) // 32) * 32 + (inner * 4 if api == "MeanFloatAcc" else 0)
    tmp = np.zeros(max(64, tmp_size), np.uint8)
    run = run_vector(simtest, api, [np.zeros(max(16, outter), dtype), x, tmp],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8)], 0, repeat_params=[outter, inner, n])
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    expected = []
    for r in range(outter):
        row = x[r * inner:r * inner + n].astype(acc)
        total = sum_reference(row, acc)
        scale = acc(np.float32(1.0) / np.float32(n))
        expected.append(dtype(np.float32(total) * np.float32(scale)))
        exact = float(np.mean(x[r * inner:r * inner + n].astype(np.float64)))
        assert abs(float(expected[-1]) - exact) <= 1e-2
    assert_bits_equal(out[:outter], np.array(expected, dtype))


def test_mean_bad_acc_type_does_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<float> f, LocalTensor<uint8_t> t) {
    MeanParams p{1, 8, 8};
    Mean<float, half>(f, f, t, p);
}
""")
    assert "Mean: accType must be T, or float for half" in stderr
