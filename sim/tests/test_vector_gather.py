"""Gather against numpy, from CANN's page (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/
离散与聚合/Gather.md): dst[i] = src[(srcBaseAddr + srcOffset[i]) // sizeof(T)], offsets in bytes."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import (BF16, F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

TYPES = [np.int16, np.uint16, F16, BF16, np.int32, np.uint32, F32]
SENTINEL = 7


@pytest.mark.parametrize("dtype", TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count", [1, 77, 300])
def test_gather_count_form(simtest, dtype, count):
    size = np.dtype(dtype).itemsize
    rng = np.random.default_rng(count)
    src = random_values(rng, dtype, 512)
    base = 4 * size
    index = rng.integers(0, 512 - 4, count)
    offsets = (index * size).astype(np.uint32)
    dst = np.full(320, SENTINEL, dtype)
    run = run_vector(simtest, "Gather", [dst, src, offsets], [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint32)],
                     count, scalar=base)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert_bits_equal(out[:count], src[index + 4])
    assert_bits_equal(out[count:], dst[count:])


@pytest.mark.parametrize("dtype", [F16, F32], ids=lambda t: np.dtype(t).name)
def test_gather_mask_form(simtest, dtype):
    size = np.dtype(dtype).itemsize
    lanes, repeats, active, rep = 256 // size, 2, 21, 16
    rng = np.random.default_rng(lanes)
    src = random_values(rng, dtype, 256)
    index = rng.integers(0, 256, repeats * lanes)
    dst = np.full(repeats * rep * 32 // size, SENTINEL, dtype)
    run = run_vector(simtest, "Gather", [dst, src, (index * size).astype(np.uint32)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint32)], 0, masked=True, mask_lanes=active,
                     repeat_time=repeats, repeat_params=[rep])
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        lane = np.arange(active)
        expected[r * rep * 32 // size + lane] = src[index[r * lanes + lane]]
    assert_bits_equal(run.array(0, dtype), expected)


def test_misaligned_offset_and_offset_past_src_are_reported(simtest):
    src = np.arange(64, dtype=F32)
    offsets = np.array([0, 4, 6, 8] * 8, np.uint32)
    run = run_vector(simtest, "Gather", [np.zeros(32, F32), src, offsets], [(0, 0, F32), (1, 0, F32),
                                                                          (2, 0, np.uint32)], 8)
    assert_reported(run, "api-misuse", "Gather", "srcOffset[2] 6", "not a multiple of the 4-byte element")
    offsets = np.array([0, 4, 256, 8] * 8, np.uint32)
    run = run_vector(simtest, "Gather", [np.zeros(32, F32), src, offsets], [(0, 0, F32), (1, 0, F32),
                                                                          (2, 0, np.uint32)], 8)
    assert_reported(run, "operand-bounds", "Gather", "srcOffset[2] 256", "past the end of src")


def test_shared_src_and_dst_is_reported(simtest):
    buf = np.arange(64, dtype=F32)
    run = run_vector(simtest, "Gather", [buf, np.zeros(64, np.uint32)], [(0, 0, F32), (0, 32, F32),
                                                                        (1, 0, np.uint32)], 8)
    assert_reported(run, "api-misuse", "Gather", "dst (", "src (")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<uint8_t> b, LocalTensor<uint32_t> o) { Gather(b, b, o, 0, 64u); }
""")
    assert "Gather: element type must be" in stderr
