"""GatherMask, GetGatherMaskRemainCount and Gatherb against numpy, from CANN's pages (asc-devkit
docs/zh/api/SIMD-API/基础API/Memory矢量计算/比较与选择/GatherMask.md, 离散与聚合/Gatherb(ISASI).md)
and the dav_c220 implementation (vreducev2 / vgatherb): the kept elements packed from dst's start,
rsvdCnt their number, and the checks of bad calls."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import (BF16, F16, F32, Partly, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

TYPES = [np.int16, np.uint16, F16, BF16, np.int32, np.uint32, F32]
SENTINEL = 3


def pattern_dtype(dtype):
    return np.uint16 if np.dtype(dtype).itemsize == 2 else np.uint32


def builtin_bits(mode, n):
    e = np.arange(n)
    if mode == 1:
        return e % 2 == 0
    if mode == 2:
        return e % 2 == 1
    if mode == 7:
        return np.ones(n, bool)
    return e % 4 == mode - 3


def reference(src, size, per_repeat, repeats, blk, rep, keep_of_repeat):
    """The documented walk: repeat r's element e at r*rep*32 + (e//perBlock)*blk*32 + e%perBlock."""
    per_block = 32 // size
    out = []
    for r in range(repeats):
        e = np.arange(per_repeat)
        index = (r * rep * 32 + (e // per_block) * blk * 32) // size + e % per_block
        out.append(src[index[keep_of_repeat(r)]])
    return np.concatenate(out)


def state(simtest):
    rsvd, remain, counter, high, low = simtest.gather_mask_state()
    return rsvd, remain, counter, high, low


@pytest.mark.parametrize("dtype", TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("mode", range(1, 8))
def test_builtin_patterns_normal_mode(simtest, dtype, mode):
    size = np.dtype(dtype).itemsize
    lanes, repeats = 256 // size, 3
    src = random_values(np.random.default_rng(mode), dtype, lanes * repeats)
    dst = np.full(lanes * repeats, SENTINEL, dtype)
    run = run_vector(simtest, "GatherMask", [dst, src], [(0, 0, dtype), (1, 0, dtype)], 0, scalar=mode,
                     mask_lanes=0, repeat_params=[1, repeats, 8, 0])
    assert run.ok, run.result["error"]
    expected = reference(src, size, lanes, repeats, 1, 8, lambda r: builtin_bits(mode, lanes))
    out = run.array(0, dtype)
    assert_bits_equal(out[:expected.size], expected)
    assert_bits_equal(out[expected.size:], dst[expected.size:])
    rsvd, remain, counter, high, low = state(simtest)
    assert rsvd == remain == expected.size
    assert (counter, high, low) == (False, 0, 0)  # Normal mode, holding {0, mask} as dav_c220 leaves it


@pytest.mark.parametrize("dtype", TYPES, ids=lambda t: np.dtype(t).name)
def test_user_pattern_counter_mode_sample(simtest, dtype):
    """The page's and the gather sample's scenario 2: mask 70 per repeat, 2 repeats, src0RepeatStride 4,
    src1RepeatStride 0 (repeats overlap in src0 and share the pattern)."""
    size = np.dtype(dtype).itemsize
    pdt = pattern_dtype(dtype)
    src = random_values(np.random.default_rng(2), dtype, 256)
    words = np.full(64 // np.dtype(pdt).itemsize, 0xA5 if pdt == np.uint16 else 0x7E7C00A5, pdt)
    words[:] = np.frombuffer(np.full(16, 0x7E7C00A5, np.uint32).tobytes()[:words.nbytes], pdt)
    bits = np.unpackbits(words.view(np.uint8), bitorder="little").astype(bool)
    dst = np.zeros(256, dtype)
    run = run_vector(simtest, "GatherMask", [dst, src, words], [(0, 0, dtype), (1, 0, dtype), (2, 0, pdt)], 0,
                     scalar=0, counter_mode=True, mask_lanes=70, repeat_params=[1, 2, 4, 0])
    assert run.ok, run.result["error"]
    expected = reference(src, size, 70, 2, 1, 4, lambda r: bits[:70])
    out = run.array(0, dtype)
    assert_bits_equal(out[:expected.size], expected)
    assert_bits_equal(out[expected.size:], dst[expected.size:])
    rsvd, remain, counter, high, low = state(simtest)
    assert rsvd == remain == expected.size
    assert (counter, high, low) == (False, 0, 70)


@pytest.mark.parametrize("dtype", [F16, np.int32], ids=lambda t: np.dtype(t).name)
def test_user_pattern_strides(simtest, dtype):
    """Normal mode with src0BlockStride 2, src0RepeatStride 16 and a pattern per repeat (src1RepeatStride 1)."""
    size = np.dtype(dtype).itemsize
    pdt = pattern_dtype(dtype)
    lanes, repeats = 256 // size, 3
    rng = np.random.default_rng(5)
    src = random_values(rng, dtype, repeats * 512 // size)
    words = rng.integers(0, np.iinfo(pdt).max, 32 * repeats // np.dtype(pdt).itemsize, dtype=pdt, endpoint=True)
    bits = np.unpackbits(words.view(np.uint8), bitorder="little").astype(bool)
    dst = np.full(lanes * repeats, SENTINEL, dtype)
    run = run_vector(simtest, "GatherMask", [dst, src, words], [(0, 0, dtype), (1, 0, dtype), (2, 0, pdt)], 0,
                     scalar=0, repeat_params=[2, repeats, 16, 1])
    assert run.ok, run.result["error"]
    expected = reference(src, size, lanes, repeats, 2, 16, lambda r: bits[r * 256:r * 256 + lanes])
    out = run.array(0, dtype)
    assert_bits_equal(out[:expected.size], expected)
    assert_bits_equal(out[expected.size:], dst[expected.size:])
    assert state(simtest)[0] == expected.size


def test_in_place_as_the_page_example(simtest):
    """dst == src0, pattern 2, 4 repeats of uint32: the page's result 2 4 6 ... 256, rsvdCnt 128."""
    buf = np.arange(1, 257, dtype=np.uint32)
    run = run_vector(simtest, "GatherMask", [buf], [(0, 0, np.uint32), (0, 0, np.uint32)], 0, scalar=2,
                     repeat_params=[1, 4, 8, 0])
    assert run.ok, run.result["error"]
    out = run.array(0, np.uint32)
    assert_bits_equal(out[:128], np.arange(2, 257, 2, dtype=np.uint32))
    assert state(simtest)[0] == 128


def test_undefined_source_stays_undefined_in_dst(simtest):
    src = np.arange(64, dtype=F32)
    defined = np.ones(64, bool)
    defined[4] = False
    run = run_vector(simtest, "GatherMask", [np.zeros(64, F32), Partly(src, defined)], [(0, 0, F32), (1, 0, F32)], 0,
                     scalar=1, repeat_params=[1, 1, 8, 0])
    assert run.ok, run.result["error"]
    flags = run.defined_bytes(0).reshape(-1, 4)[:, 0]
    assert flags[2] == 0 and flags[1] == 1 and flags[3] == 1  # src[4] lands in dst[2]


def test_timing_counts_the_repeats(simtest):
    run = run_vector(simtest, "GatherMask", [np.zeros(256, F32), np.ones(256, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     scalar=7, repeat_params=[1, 4, 8, 0])
    assert run.ok, run.result["error"]
    assert run.vector_pipe()["instructions"] == 1


@pytest.mark.parametrize("mode", [0, 8])
def test_bad_builtin_pattern_is_reported(simtest, mode):
    """0 is taken by the binding for the tensor form when a pattern tensor is given; alone it is a bad mode."""
    run = run_vector(simtest, "GatherMask", [np.zeros(64, F32), np.ones(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     scalar=mode, repeat_params=[1, 1, 8, 0])
    assert_reported(run, "api-misuse", "GatherMask", f"src1Pattern {mode}", "1 to 7")


def test_counter_mode_mask_zero_is_reported(simtest):
    run = run_vector(simtest, "GatherMask", [np.zeros(64, F32), np.ones(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     scalar=7, counter_mode=True, mask_lanes=0, repeat_params=[1, 1, 8, 0])
    assert_reported(run, "api-misuse", "GatherMask", "mask 0")


def test_src0_too_small_is_reported(simtest):
    run = run_vector(simtest, "GatherMask", [np.zeros(128, F32), np.ones(96, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     scalar=7, repeat_params=[1, 2, 8, 0])
    assert_reported(run, "operand-bounds", "GatherMask", "src0")


def test_dst_too_small_for_what_is_kept(simtest):
    run = run_vector(simtest, "GatherMask", [np.zeros(40, F32), np.ones(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     scalar=7, repeat_params=[1, 1, 8, 0])
    assert_reported(run, "operand-bounds", "GatherMask", "dst")


def test_pattern_too_small_is_reported(simtest):
    run = run_vector(simtest, "GatherMask", [np.zeros(128, F32), np.ones(128, F32), np.ones(8, np.uint32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, np.uint32, 1)], 0, scalar=0, repeat_params=[1, 2, 8, 1])
    assert_reported(run, "operand-bounds", "GatherMask", "src1Pattern")


def test_undefined_pattern_is_reported(simtest):
    words = Partly(np.ones(8, np.uint32), np.array([1, 0, 1, 1, 1, 1, 1, 1], bool))
    run = run_vector(simtest, "GatherMask", [np.zeros(64, F32), np.ones(64, F32), words],
                     [(0, 0, F32), (1, 0, F32), (2, 0, np.uint32)], 0, scalar=0, repeat_params=[1, 1, 8, 0])
    assert_reported(run, "uninitialized-read", "GatherMask", "src1Pattern")


def test_partial_overlap_is_reported(simtest):
    buf = np.ones(256, F32)
    run = run_vector(simtest, "GatherMask", [buf], [(0, 8, F32), (0, 0, F32)], 0, scalar=7,
                     repeat_params=[1, 2, 8, 0])
    assert_reported(run, "api-misuse", "GatherMask", "overlap")


def test_misaligned_src0_is_reported(simtest):
    run = run_vector(simtest, "GatherMask", [np.zeros(64, F32), np.ones(80, F32)], [(0, 0, F32), (1, 4, F32)], 0,
                     scalar=7, repeat_params=[1, 1, 8, 0])
    assert_reported(run, "ub-alignment", "GatherMask", "src0")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<uint8_t> b, LocalTensor<float> f, LocalTensor<uint16_t> p) {
    uint64_t n = 0;
    GatherMask(b, b, static_cast<uint8_t>(1), false, 0u, GatherMaskParams{1, 1, 8, 0}, n);
    GatherMask(f, f, p, false, 0u, GatherMaskParams{1, 1, 8, 0}, n);
}
""")
    assert "GatherMask: element type must be" in stderr
    assert "GatherMask: src1Pattern must be uint16_t for 2-byte" in stderr


# ---- Gatherb ----

@pytest.mark.parametrize("dtype", [np.uint16, np.uint32], ids=lambda t: np.dtype(t).name)
def test_gatherb_page_example(simtest, dtype):
    """The page's example: offsets 224 192 ... 0 reverse the 8 blocks of one repeat."""
    n = 256 // np.dtype(dtype).itemsize
    src = np.arange(n, dtype=dtype)
    offsets = np.array([224, 192, 160, 128, 96, 64, 32, 0], np.uint32)
    run = run_vector(simtest, "Gatherb", [np.zeros(n, dtype), src, offsets],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint32)], 0, repeat_time=1, repeat_params=[1, 8])
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, dtype), src.reshape(8, -1)[::-1].reshape(-1))


@pytest.mark.parametrize("dtype", [np.uint16, np.uint32], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("blk,rep", [(1, 8), (2, 16), (0, 9)])
def test_gatherb_strides(simtest, dtype, blk, rep):
    per_block = 32 // np.dtype(dtype).itemsize
    repeats = 3
    rng = np.random.default_rng(blk * 10 + rep)
    src = random_values(rng, dtype, 40 * per_block)
    chosen = rng.integers(0, 40, repeats * 8)
    extent = ((repeats - 1) * rep + 7 * max(blk, 1) + 1) * per_block
    dst = np.full(extent, SENTINEL, dtype)
    run = run_vector(simtest, "Gatherb", [dst, src, (chosen * 32).astype(np.uint32)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint32)], 0, repeat_time=repeats,
                     repeat_params=[blk, rep])
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for i, c in enumerate(chosen):
        r, b = divmod(i, 8)
        at = (r * rep + b * max(blk, 1)) * per_block
        expected[at:at + per_block] = src[c * per_block:(c + 1) * per_block]
    assert_bits_equal(run.array(0, dtype), expected)


def test_gatherb_repeat_zero_is_a_no_op(simtest):
    dst = np.full(128, SENTINEL, np.uint16)
    run = run_vector(simtest, "Gatherb", [dst, np.ones(128, np.uint16), np.zeros(8, np.uint32)],
                     [(0, 0, np.uint16), (1, 0, np.uint16), (2, 0, np.uint32)], 0, repeat_time=0,
                     repeat_params=[1, 8])
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, np.uint16), dst)


def test_gatherb_bad_offsets_are_reported(simtest):
    offsets = np.array([0, 32, 48, 64, 0, 0, 0, 0], np.uint32)
    bufs = [np.zeros(128, np.uint16), np.ones(128, np.uint16), offsets]
    ops = [(0, 0, np.uint16), (1, 0, np.uint16), (2, 0, np.uint32)]
    run = run_vector(simtest, "Gatherb", bufs, ops, 0, repeat_time=1, repeat_params=[1, 8])
    assert_reported(run, "api-misuse", "Gatherb", "offset[2] 48", "multiple of 32")
    bufs[2] = np.array([0, 32, 256, 64, 0, 0, 0, 0], np.uint32)
    run = run_vector(simtest, "Gatherb", bufs, ops, 0, repeat_time=1, repeat_params=[1, 8])
    assert_reported(run, "operand-bounds", "Gatherb", "offset[2] 256", "past the end of src")


def test_gatherb_shared_memory_and_short_offsets_are_reported(simtest):
    buf = np.ones(256, np.uint16)
    run = run_vector(simtest, "Gatherb", [buf, np.zeros(8, np.uint32)], [(0, 0, np.uint16), (0, 64, np.uint16),
                                                                        (1, 0, np.uint32)], 0, repeat_time=1,
                     repeat_params=[1, 8])
    assert_reported(run, "api-misuse", "Gatherb", "may not share memory")
    run = run_vector(simtest, "Gatherb", [np.zeros(256, np.uint16), np.ones(128, np.uint16), np.zeros(8, np.uint32)],
                     [(0, 0, np.uint16), (1, 0, np.uint16), (2, 0, np.uint32)], 0, repeat_time=2,
                     repeat_params=[1, 8])
    assert_reported(run, "operand-bounds", "Gatherb", "offset")


def test_gatherb_wrong_type_does_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<float> f, LocalTensor<uint32_t> o) { Gatherb(f, f, o, 1, GatherRepeatParams{1, 8}); }
""")
    assert "Gatherb: element type must be uint16_t or uint32_t" in stderr
