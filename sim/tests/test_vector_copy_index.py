"""Copy (CopyRepeatParams), Brcb and CreateVecIndex against numpy references written from CANN's
pages (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/Copy（UBToUB掩码式高维数据搬运）.md,
数据填充/Brcb.md, 数据填充/CreateVecIndex.md) and, for CreateVecIndex's half rounding, the A2/A3
implementation's sequence (a scalar-written first block, then Adds of a block or a repeat)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_mask_repeat import active_lanes, extent, lane_offsets, reference
from sim.tests.vector_harness import (BF16, F16, F32, Poisoned, assert_bits_equal, assert_reported,
                                      compile_errors, random_values, run_vector)

COPY_TYPES = [np.int16, np.uint16, F16, BF16, np.int32, np.uint32, F32]
SENTINEL = 7


@pytest.mark.parametrize("dtype", COPY_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("mask,params", [(dict(mask_lanes=37), [2, 1, 16, 8]),
                                         (dict(bits=[0x8000_0000_0000_F00F, 0x1]), [1, 3, 8, 24])],
                         ids=["continuous-37", "bits"])
def test_copy_mask_form(simtest, dtype, mask, params):
    size = np.dtype(dtype).itemsize
    lanes, repeats = 256 // size, 3
    active = active_lanes(lanes, mask.get("mask_lanes"), mask.get("bits"))
    strides = [(params[0], params[2]), (params[1], params[3])]
    n = max(extent(size, active, repeats, *s) for s in strides) + 32
    src = random_values(np.random.default_rng(lanes), dtype, n)
    dst = np.full(n, SENTINEL, dtype)
    options = dict(masked=True, repeat_time=repeats, repeat_params=params)
    options.update(dict(bit_mask=mask["bits"]) if "bits" in mask else dict(mask_lanes=mask["mask_lanes"]))
    run = run_vector(simtest, "Copy", [dst, src], [(0, 0, dtype), (1, 0, dtype)], 0, **options)
    assert run.ok, run.result["error"]
    expected = reference(lambda x: x, dst, [src], strides, repeats, lambda r: active)
    assert_bits_equal(run.array(0, dtype), expected)
    assert run.vector_pipe()["instructions"] == 1 and run.vector_pipe()["repeats"] == repeats


def test_copy_repeat_size_out_of_range_is_reported(simtest):
    a = np.ones(64, F32)
    run = run_vector(simtest, "Copy", [a, a], [(0, 0, F32), (1, 0, F32)], 0, masked=True, mask_lanes=64,
                     repeat_time=1, repeat_params=[1, 1, 4096, 8])
    assert_reported(run, "api-misuse", "Copy", "dstRepeatSize 4096", "[0, 4095]")


@pytest.mark.parametrize("dtype", COPY_TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("blk,rep", [(1, 8), (2, 16)])
def test_brcb(simtest, dtype, blk, rep):
    size = np.dtype(dtype).itemsize
    per_block, repeats = 32 // size, 2
    src = np.arange(1, 8 * repeats + 1).astype(dtype)
    n = ((repeats - 1) * rep + 7 * blk + 1) * per_block + per_block
    dst = np.full(n, SENTINEL, dtype)
    run = run_vector(simtest, "Brcb", [dst, src], [(0, 0, dtype), (1, 0, dtype)], 0, repeat_time=repeats,
                     repeat_params=[blk, rep])
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        for j in range(8):  # the Brcb page's reference loop
            start = (r * rep + j * blk) * per_block
            expected[start:start + per_block] = src[r * 8 + j]
    assert_bits_equal(run.array(0, dtype), expected)


def test_brcb_block_stride_zero_and_short_src_are_reported(simtest):
    run = run_vector(simtest, "Brcb", [np.zeros(256, F32), np.ones(16, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     repeat_time=1, repeat_params=[0, 8])
    assert_reported(run, "api-misuse", "Brcb", "dstBlkStride 0")
    run = run_vector(simtest, "Brcb", [np.zeros(256, F32), np.ones(16, F32)], [(0, 0, F32), (1, 0, F32, 8)], 0,
                     repeat_time=2, repeat_params=[1, 8])
    assert_reported(run, "operand-bounds", "Brcb", "src")
    run = run_vector(simtest, "Brcb", [np.zeros(256, F32), Poisoned(64)], [(0, 0, F32), (1, 0, F32)], 0,
                     repeat_time=1, repeat_params=[1, 8])
    assert_reported(run, "uninitialized-read", "Brcb", "src")


def index_reference(dtype, first, count):
    """firstValue + i the way A2/A3 builds it: block 1 by scalar writes (computed in float for
    floating types), every later block/repeat one Adds (rounded to T) from the one before."""
    dtype = np.dtype(dtype)
    per_block, per_repeat = 32 // dtype.itemsize, 256 // dtype.itemsize
    out = np.zeros(count, dtype)
    if np.issubdtype(dtype, np.integer):
        return (np.int64(first) + np.arange(count)).astype(dtype)
    out[:per_block] = (np.float32(first) + np.arange(per_block, dtype=np.float32)).astype(dtype)[:count]
    for i in range(per_block, min(count, per_repeat)):
        out[i] = dtype.type(np.float32(out[i - per_block]) + np.float32(per_block))
    for i in range(per_repeat, count):
        out[i] = dtype.type(np.float32(out[i - per_repeat]) + np.float32(per_repeat))
    return out


@pytest.mark.parametrize("dtype", [np.int16, F16, np.int32, F32], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count", [5, 100, 1000])
def test_create_vec_index_count_form(simtest, dtype, count):
    first = 3 if np.issubdtype(np.dtype(dtype), np.integer) else 0.5
    dst = np.full(1024, SENTINEL, dtype)
    run = run_vector(simtest, "CreateVecIndex", [dst], [(0, 0, dtype)], count, scalar=first)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert_bits_equal(out[:count], index_reference(dtype, first, count))
    assert_bits_equal(out[count:], dst[count:])
    if np.dtype(dtype) in (np.dtype(np.int32), np.dtype(F32)):  # exact there: the plain arange
        assert_bits_equal(out[:count], (first + np.arange(count)).astype(dtype))


@pytest.mark.parametrize("dtype", [np.int16, np.int32, F32], ids=lambda t: np.dtype(t).name)
def test_create_vec_index_mask_form_strided(simtest, dtype):
    size = np.dtype(dtype).itemsize
    lanes, per_block, repeats, blk, rep = 256 // size, 32 // size, 3, 2, 16
    n = repeats * rep * per_block + 64
    dst = np.full(n, SENTINEL, dtype)
    run = run_vector(simtest, "CreateVecIndex", [dst], [(0, 0, dtype)], 0, scalar=10, masked=True,
                     mask_lanes=lanes, repeat_time=repeats, repeat_params=[blk, rep])
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        expected[lane_offsets(r, range(lanes), size, blk, rep)] = 10 + r * lanes + np.arange(lanes)
    assert_bits_equal(run.array(0, dtype), expected)


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<uint8_t> b, LocalTensor<uint16_t> u) {
    Copy(b, b, 64, 1, CopyRepeatParams{});
    Brcb(b, b, 1, BrcbRepeatParams{});
    CreateVecIndex(u, (uint16_t)0, 64);
}
""")
    for message in ("Copy: element type must be", "Brcb: element type must be",
                    "CreateVecIndex: element type must be int16_t, half, int32_t or float"):
        assert message in stderr, f"{message!r} missing from the compiler's errors"
