"""The framework-temp forms of Sigmoid, Sum and Mean and Sigmoid's whole-tensor form
(vector_stack_temp_forms.h): each must give the bits of the sharedTmpBuffer form it stands for
(the step-by-step numpy references of test_vector_api.py and test_vector_reduce_sum_api.py) and
report what that form reports."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_api import sigmoid_reference
from sim.tests.test_vector_bitwise import Misc
from sim.tests.test_vector_reduce_sum_api import sum_reference
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector


def run(simtest, api, buffers, operands, count=0, **options):
    return run_vector(Misc(simtest), api, buffers, operands, count, **options)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("no_temp", [True, False], ids=["framework-temp", "sharedTmpBuffer"])
def test_sigmoid_whole_tensor(simtest, dtype, no_temp):
    x = np.linspace(-12, 12, 3000).astype(dtype)
    buffers = [np.zeros(x.size, dtype), x] + ([] if no_temp else [np.zeros(1024, np.uint8)])
    operands = [(0, 0, dtype, x.size), (1, 0, dtype, x.size)] + ([] if no_temp else [(2, 0, np.uint8)])
    r = run(simtest, "SigmoidWhole", buffers, operands, no_temp=no_temp)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, sigmoid_reference(x))
    true = 1.0 / (1.0 + np.exp(-x.astype(np.float64)))
    tol = 1e-6 if dtype == F32 else 2e-3
    assert np.allclose(got.astype(np.float64), true, rtol=tol, atol=tol)


def test_sigmoid_whole_tensor_overlap_reported(simtest):
    x = np.ones(64, F32)
    r = run(simtest, "SigmoidWhole", [x, np.zeros(256, np.uint8)], [(0, 0, F32, 64), (0, 0, F32, 64), (1, 0, np.uint8)])
    assert_reported(r, "api-misuse", "Sigmoid", "dst", "src")


def rows(dtype, outter, n, seed):
    s = np.dtype(dtype).itemsize
    inner = (n * s + 31) // 32 * 32 // s
    return inner, np.random.default_rng(seed).uniform(-1, 1, outter * inner).astype(dtype)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("outter,n", [(1, 7), (3, 1000), (1, 9000)])
def test_sum_framework_temp(simtest, dtype, outter, n):
    inner, x = rows(dtype, outter, n, n)
    r = run(simtest, "SumStack", [np.zeros(max(16, outter), dtype), x], [(0, 0, dtype), (1, 0, dtype)],
            ints=[outter, inner, n])
    assert r.ok, r.result["error"]
    expected = [sum_reference(x[i * inner:i * inner + n], dtype) for i in range(outter)]
    assert_bits_equal(r.array(0, dtype)[:outter], np.array(expected, dtype))
    for i in range(outter):
        exact = float(np.sum(x[i * inner:i * inner + n].astype(np.float64)))
        # tree sums: about log2(n) roundings of partial sums bounded by sum|x| <= n
        bound = np.log2(n + 1) * n * (2.0 ** -24 if dtype == F32 else 2.0 ** -11) + 1e-6
        assert abs(float(r.array(0, dtype)[i]) - exact) <= bound


@pytest.mark.parametrize("dtype,api", [(F32, "MeanStack"), (F16, "MeanStack"), (F16, "MeanFloatAccStack")],
                         ids=["float", "half", "half-float-acc"])
@pytest.mark.parametrize("outter,n", [(1, 7), (3, 100), (2, 1000)])
def test_mean_framework_temp(simtest, dtype, api, outter, n):
    inner, x = rows(dtype, outter, n, n + 1)
    acc = F32 if api == "MeanFloatAccStack" else dtype
    r = run(simtest, api, [np.zeros(max(16, outter), dtype), x], [(0, 0, dtype), (1, 0, dtype)],
            ints=[outter, inner, n])
    assert r.ok, r.result["error"]
    expected = []
    for i in range(outter):
        total = sum_reference(x[i * inner:i * inner + n].astype(acc), acc)
        expected.append(dtype(np.float32(total) * np.float32(acc(np.float32(1.0) / np.float32(n)))))
        assert abs(float(expected[-1]) - float(np.mean(x[i * inner:i * inner + n].astype(np.float64)))) <= 1e-2
    assert_bits_equal(r.array(0, dtype)[:outter], np.array(expected, dtype))


def test_sum_framework_temp_bad_params_reported(simtest):
    r = run(simtest, "SumStack", [np.zeros(8, F32), np.zeros(256, F32)], [(0, 0, F32), (1, 0, F32)], ints=[1, 12, 9])
    assert_reported(r, "api-misuse", "inner 12")
    r = run(simtest, "MeanStack", [np.zeros(256, F32)], [(0, 0, F32), (0, 0, F32)], ints=[1, 256, 256])
    assert_reported(r, "api-misuse", "overlap")


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& i, LocalTensor<float>& f) {
    Sum(i, i, SumParams{1, 8, 8});
    Mean<float, half>(f, f, MeanParams{1, 8, 8});
    Sigmoid(i, i);
}
""")
    assert "Sum: element type must be half or float" in errors
    assert "Mean: accType must be T, or float for half" in errors
    assert "Sigmoid: element type must be half or float" in errors
