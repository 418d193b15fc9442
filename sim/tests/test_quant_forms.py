"""AscendAntiQuant's PER_CHANNEL form without offset (vector_quant.h, AntiQuantScaleRows).

The scale is [groups, N] (shapeInfo.scaleHeight/scaleWidth, else the scale tensor's ShapeInfo);
K / groups consecutive source rows share one scale row. The A2 steps per row (asc-devkit
impl/adv_api/detail/quantization/antiquant/ascend_antiquant_impl.h, the scale-only no-transpose
path): Cast int8_t -> half (exact), Mul by the scale row (one half rounding). (1) numpy replay
bit for bit; (2) float64 x * s within half an ulp of half; (3) a replay with the scale rows in
reverse order must not match; (4) misuse messages; (5) a float output does not compile.
The PER_TOKEN/PER_GROUP (AscendAntiQuantParam), fp8_e8m0_t scale, AscendQuantParam and
AscendDeQuantParam forms are Ascend 950 only (their pages), so the sim does not declare them."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, assert_bits_equal, assert_reported, compile_errors, run_vector


def replay(src, scale, k, n, groups):
    x = src.reshape(k, n).astype(F16)
    s = np.repeat(scale.reshape(groups, n), k // groups, axis=0)
    return (x * s).astype(F16).reshape(-1)


def run_rows(simtest, src, scale, k, info=(0, 0), tensor_shape=(0, 0), dst_size=None):
    n_out = src.size if dst_size is None else dst_size
    buffers = [np.zeros(n_out, F16), src.view(np.uint8), scale, np.zeros(64, np.uint8)]
    ops = [(0, 0, F16, n_out), (1, 0, np.uint8, src.size), (2, 0, F16, scale.size), (3, 0, np.uint8)]
    return run_vector(Misc(simtest), "AscendAntiQuant.scaleRows", buffers, ops, k,
                      ints=[k, info[0], info[1], tensor_shape[0], tensor_shape[1]])


def inputs(k, n, groups, seed):
    rng = np.random.default_rng(seed)
    src = rng.integers(-128, 128, k * n).astype(np.int8)
    scale = rng.uniform(-4, 4, groups * n).astype(F16)
    return src, scale


@pytest.mark.parametrize("k,n,groups,by_info", [(8, 64, 2, True), (6, 32, 3, False), (4, 128, 1, True),
                                                (5, 32, 5, False)])
def test_scale_rows(simtest, k, n, groups, by_info):
    src, scale = inputs(k, n, groups, k * n + groups)
    if by_info:
        run = run_rows(simtest, src, scale, k, info=(groups, n))
    else:
        run = run_rows(simtest, src, scale, k, tensor_shape=(groups, n))
    assert run.ok, run.result["error"]
    got = run.array(0, F16)
    assert_bits_equal(got, replay(src, scale, k, n, groups))
    exact = src.reshape(k, n).astype(np.float64) * np.repeat(
        scale.reshape(groups, n).astype(np.float64), k // groups, axis=0)
    assert np.all(np.abs(got.reshape(k, n) - exact) <= 2.0 ** -11 * np.abs(exact) + 2.0 ** -25)
    assert run.vector_pipe()["instructions"] == 2 * k  # Cast and Mul per row
    if groups > 1:  # the groups' scale rows in the other order must not match
        wrong = replay(src, scale.reshape(groups, n)[::-1].reshape(-1), k, n, groups)
        assert not np.array_equal(wrong.view(np.uint16), got.view(np.uint16))


def test_shape_info_argument_beats_tensor_shape(simtest):
    src, scale = inputs(4, 32, 2, 7)
    run = run_rows(simtest, src, scale, 4, info=(2, 32), tensor_shape=(1, 64))
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, F16), replay(src, scale, 4, 32, 2))


def test_scale_rows_misuse(simtest):
    src, scale = inputs(4, 32, 2, 3)
    assert_reported(run_rows(simtest, src, scale, 4), "api-misuse", "AscendAntiQuant", "SetShapeInfo")
    assert_reported(run_rows(simtest, src, scale, 3, info=(2, 32)), "api-misuse", "AscendAntiQuant",
                    "multiple of the scale's 2 groups")
    assert_reported(run_rows(simtest, src, scale, 4, info=(2, 64)), "api-misuse", "AscendAntiQuant",
                    "K x N = 4 x 64")
    src8, scale8 = inputs(4, 48, 1, 3)
    assert_reported(run_rows(simtest, src8, scale8, 4, info=(1, 48)), "api-misuse", "AscendAntiQuant",
                    "multiple of 32")
    assert_reported(run_rows(simtest, src, scale[:32], 4, info=(2, 32)), "operand-bounds", "scale")
    assert_reported(run_rows(simtest, src, scale, 4, info=(2, 32), dst_size=64), "operand-bounds", "dstTensor")


def test_float_output_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_antiquant_scale.h"
        void f(AscendC::LocalTensor<float>& d, AscendC::LocalTensor<int8_t>& s, AscendC::LocalTensor<float>& sc,
               AscendC::LocalTensor<uint8_t>& t) {
            AscendC::AscendAntiQuant<int8_t, float, false>(d, s, sc, t, 4);
        }""")
    assert "AscendAntiQuant: OutputDataType must be half or bfloat16_t" in errors
