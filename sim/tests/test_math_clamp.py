"""High-level ClampMax and ClampMin (vector_math_clamp.h).

The A2/A3 implementation (asc-devkit impl/adv_api/detail/math/clamp/clamp_common_impl.h) is one
Mins (ClampMax) or Maxs (ClampMin) over calCount elements: exact, so the results must equal
np.minimum / np.maximum with the scalar in T, bit for bit (tolerance 0: swapping the two fails)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
FN = {"ClampMax": np.minimum, "ClampMin": np.maximum}


def run_clamp(simtest, api, x, dtype, scalar, tmp_bytes=0, **options):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), api, buffers, operands, x.size, no_temp=not tmp_bytes, scalar=scalar, **options)


@pytest.mark.parametrize("api", ["ClampMax", "ClampMin"])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("with_temp", [True, False])
def test_values(simtest, api, dtype, with_temp):
    x = random_values(np.random.default_rng(1), dtype, N, -10, 10)
    r = run_clamp(simtest, api, x, dtype, 2.5, 256 if with_temp else 0)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, FN[api](x.astype(np.float64), 2.5).astype(dtype))
    other = "ClampMin" if api == "ClampMax" else "ClampMax"
    assert not np.array_equal(got, FN[other](x.astype(np.float64), 2.5).astype(dtype))
    assert r.vector_pipe()["instructions"] == 1


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes("Clamp", [1000], 4) == (1000, 64, 1, 0)
    assert simtest.math_tmp_sizes("Clamp", [10], 2) == (128, 128, 1, 0)
    assert simtest.math_tmp_sizes("Clamp", [0], 2)[:2] == (0, 0)


def test_dst_overlapping_src(simtest):
    x = np.ones(64, F32)
    r = run_vector(Misc(simtest), "ClampMax", [x], [(0, 0, F32), (0, 0, F32)], 64, no_temp=True, scalar=0.5)
    assert_reported(r, "api-misuse", "ClampMax", "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "ClampMin", [np.zeros(256, F16), np.ones(64, F16)],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 64, scalar=0.5)
    assert_reported(r, "api-misuse", "ClampMin", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "ClampMin", [np.zeros(256, F32), np.ones(128, F32)], [(0, 0, F32), (1, 0, F32)], 256,
                   no_temp=True, scalar=0.0)
    assert_reported(r, "operand-bounds", "ClampMin", "srcTensor")


def test_misaligned_src_names_the_step(simtest):
    r = run_vector(Misc(simtest), "ClampMax", [np.zeros(64, F32), np.ones(72, F32)], [(0, 0, F32), (1, 4, F32)], 64,
                   no_temp=True, scalar=0.0)
    assert_reported(r, "ub-alignment", "ClampMax (Mins step)", "src")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s) { ClampMax(d, s, 1, 16); ClampMin(d, s, 1, 16); }
""")
    assert "ClampMax, ClampMin: element type must be half or float" in errors
