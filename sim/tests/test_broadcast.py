"""High-level Broadcast (vector_broadcast.h) and GetBroadCastMaxMinTmpSize (tiling/broadcast_tiling.h).

Broadcast only moves bits, so the reference is numpy's broadcast_to, exact for every dtype
(compared bit for bit); the instruction mix follows the 2201 implementation (Brcb, Copy,
GatherMask for [m, 1] -> [m, k]; Duplicate + Or for [1, k] -> [m, k]; the Casts of the 1-byte
path)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import BF16, Run, assert_bits_equal, assert_reported, compile_errors, random_values

DTYPES = {"int8": np.int8, "uint8": np.uint8, "float16": np.float16, "float32": np.float32, "bfloat16": BF16,
          "int16": np.int16, "uint16": np.uint16, "int32": np.int32, "uint32": np.uint32}


def values(dtype, n, seed):
    rng = np.random.default_rng(seed)
    if dtype == BF16:
        return rng.uniform(-100, 100, n).astype(BF16)
    return random_values(rng, dtype, n, -100, 100)


def pad32(nbytes):
    return max(32, -(-nbytes // 32) * 32)


def run(simtest, dtype_name, dst_shape, src_shape, src, tmp_bytes=None, *, dst_bytes=None, offsets=(0, 0, 0),
        src_defined=None, layout=None):
    """Broadcast<T, len(shape), axis>(dst, src, dstShape, srcShape[, tmp]): axis is the dimension
    src is 1 in (0 for a 1-dimensional shape). tmp_bytes None: the form without sharedTmpBuffer."""
    dtype = DTYPES[dtype_name]
    dim = len(dst_shape)
    axis = 1 if dim == 2 and src_shape[1] == 1 and dst_shape[1] != 1 else 0
    size = int(np.prod(dst_shape))
    dst_bytes = dst_bytes if dst_bytes is not None else pad32(size * np.dtype(dtype).itemsize)
    src_raw = np.ascontiguousarray(src).view(np.uint8).tobytes()
    src_len = pad32(len(src_raw) + offsets[1])
    src_data = bytes(offsets[1]) + src_raw
    flags = b""
    if src_defined is not None:
        flags = bytes(offsets[1]) + bytes(np.repeat(src_defined.astype(np.uint8), np.dtype(dtype).itemsize))
        src_data += bytes(src_len - len(src_data))
        flags += bytes(src_len - len(flags))
    buffers = [(dst_bytes + offsets[0], b"", b""), (src_len, src_data, flags)]
    operands = [(0, offsets[0]), (1, offsets[1])]
    if tmp_bytes is not None:
        buffers.append((tmp_bytes + offsets[2], b"", b""))
        operands.append((2, offsets[2]))
    if layout is not None:
        buffers, operands = layout(buffers, operands)
    contents, result = simtest.run_broadcast(dtype_name, dim, axis, list(dst_shape), list(src_shape), buffers,
                                             operands, no_temp=tmp_bytes is None)
    return Run(contents, [None] * len(contents), result, [b[0] for b in buffers])


def check(r, dtype_name, dst_shape, src):
    assert r.ok, r.result["error"]
    dtype = DTYPES[dtype_name]
    size = int(np.prod(dst_shape))
    got = r.array(0, dtype)[:size]
    assert_bits_equal(got, np.broadcast_to(src, dst_shape).reshape(-1))


CASES = [
    ((21, 1), (21, 64)),     # [m, 1] -> [m, k], k aligned for every type
    ((21, 1), (21, 13)),     # k unaligned: Copy into the temp, then GatherMask
    ((1, 64), (11, 64)),     # [1, k] -> [m, k]: Or, 8 rows per instruction
    ((1,), (50,)),           # one value: Duplicate
    ((40,), (40,)),          # no broadcast: Copy
    ((7, 32), (7, 32)),
    ((1, 1), (3, 32)),       # one value in 2 dims
]


@pytest.mark.parametrize("dtype_name", list(DTYPES))
@pytest.mark.parametrize("src_shape,dst_shape", CASES, ids=lambda s: "x".join(map(str, s)))
def test_values(simtest, dtype_name, src_shape, dst_shape):
    src = values(DTYPES[dtype_name], int(np.prod(src_shape)), 1).reshape(src_shape)
    r = run(simtest, dtype_name, dst_shape, src_shape, src, 16384)
    check(r, dtype_name, dst_shape, src)


@pytest.mark.parametrize("dtype_name", ["float32", "float16", "int8"])
@pytest.mark.parametrize("src_shape,dst_shape", [((300, 1), (300, 24)), ((37, 1), (37, 70)), ((1, 64), (11, 64))],
                         ids=lambda s: "x".join(map(str, s)))
def test_min_temp_runs_in_chunks(simtest, dtype_name, src_shape, dst_shape):
    """GetBroadCastMaxMinTmpSize's min is enough, and its max as well."""
    src = values(DTYPES[dtype_name], int(np.prod(src_shape)), 2).reshape(src_shape)
    item = np.dtype(DTYPES[dtype_name]).itemsize
    maximum, minimum = simtest.broadcast_tmp_sizes(list(src_shape), list(dst_shape), item)
    for tmp in (minimum, maximum):
        check(run(simtest, dtype_name, dst_shape, src_shape, src, pad32(tmp)), dtype_name, dst_shape, src)


def test_without_temp_uses_the_ub_left(simtest):
    src = values(np.float32, 96, 3).reshape(96, 1)
    check(run(simtest, "float32", (96, 96), (96, 1), src), "float32", (96, 96), src)


@pytest.mark.parametrize("dtype_name,k", [("float32", 2048), ("float16", 4096)])
def test_long_rows_take_one_or_per_row(simtest, dtype_name, k):
    """[1, k] -> [m, k] with k >= 255 blocks: one Counter-mode Or per row."""
    src = values(DTYPES[dtype_name], k, 4).reshape(1, k)
    r = run(simtest, dtype_name, (3, k), (1, k), src, 1024)
    check(r, dtype_name, (3, k), src)
    assert r.result["cores"][0]["by_api"]["Or"] == 3


def test_instructions_of_the_unaligned_path(simtest):
    """[21, 1] -> [21, 13] float with the min temp: chunks of 8 rows (tmp / (64 + 8*16) elements
    * 8), each one Brcb, one Copy and one GatherMask."""
    src = values(np.float32, 21, 5).reshape(21, 1)
    _, minimum = simtest.broadcast_tmp_sizes([21, 1], [21, 13], 4)
    assert minimum == (64 + 8 * 16) * 4
    r = run(simtest, "float32", (21, 13), (21, 1), src, minimum)
    check(r, "float32", (21, 13), src)
    by_api = r.result["cores"][0]["by_api"]
    assert (by_api["Brcb"], by_api["Copy"], by_api["GatherMask"]) == (3, 3, 3)


def test_instructions_of_the_first_dim_path(simtest):
    """[1, 64] -> [11, 64] half: a Duplicate of the zero block, then one Or per 8 rows."""
    src = values(np.float16, 64, 6).reshape(1, 64)
    r = run(simtest, "float16", (11, 64), (1, 64), src, 64)
    check(r, "float16", (11, 64), src)
    by_api = r.result["cores"][0]["by_api"]
    assert (by_api["Duplicate"], by_api["Or"]) == (1, 2)


def test_int8_casts_through_half(simtest):
    src = values(np.int8, 16, 7).reshape(16, 1)
    r = run(simtest, "int8", (16, 32), (16, 1), src, 4096)
    check(r, "int8", (16, 32), src)
    assert r.result["cores"][0]["by_api"]["Cast"] == 2


def test_brcb_reads_past_the_rows_without_needing_them_defined(simtest):
    """[5, 1] -> [5, 8]: Brcb's repeat reads 8 elements; the 3 past the rows are undefined (a
    DataCopyPad of 5 leaves them so) and land in temp blocks nothing reads."""
    src = np.zeros(8, np.float32)
    src[:5] = [1, 2, 3, 4, 5]
    defined = np.array([1] * 5 + [0] * 3, bool)
    r = run(simtest, "float32", (5, 8), (5, 1), src[:5].reshape(5, 1), 1024, src_defined=defined)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, np.float32)[:40], np.repeat(src[:5], 8))


def test_sync_after_dma(simtest):
    x = values(np.float32, 16, 8)
    ok = simtest.launch("broadcast_after_dma_synced", 1, [("x", x.tobytes()), ("y", bytes(16 * 16 * 4))])
    assert ok["ok"], ok["error"]
    assert_bits_equal(np.frombuffer(ok["outputs"]["y"], np.float32), np.repeat(x, 16))
    bad = simtest.launch("broadcast_missing_mte2_v_sync", 1, [("x", x.tobytes()), ("y", bytes(16 * 16 * 4))])
    assert bad["error_kind"] == "pipe-hazard", bad.get("error")
    assert "Broadcast (Brcb step)" in bad["error"] and "read-after-write" in bad["error"]


# ---- host query ------------------------------------------------------------------------------

def test_tmp_sizes_follow_the_formulas(simtest):
    # axis 1, aligned k: min b*b*size, max align8(m)*b*size
    assert simtest.broadcast_tmp_sizes([21, 1], [21, 64], 4) == (24 * 8 * 4, 8 * 8 * 4)
    assert simtest.broadcast_tmp_sizes([21, 1], [21, 64], 2) == (24 * 16 * 2, 16 * 16 * 2)
    # axis 1, unaligned k (k' = 16 floats): + b*k'*size (min), + m*k'*size (max)
    assert simtest.broadcast_tmp_sizes([21, 1], [21, 13], 4) == ((24 * 8 + 21 * 16) * 4, (64 + 8 * 16) * 4)
    # axis 0: one block
    assert simtest.broadcast_tmp_sizes([1, 64], [11, 64], 2) == (32, 32)
    # no broadcast / one value: nothing, or the casts + a block for a 1-byte type
    assert simtest.broadcast_tmp_sizes([7, 32], [7, 32], 4) == (0, 0)
    assert simtest.broadcast_tmp_sizes([1], [50], 1) == ((16 + 64) * 2 + 32,) * 2
    # 1-byte axis 1: half work + the casts' align16(src) + align16(dst) halves
    cast = (16 + 512) * 2
    assert simtest.broadcast_tmp_sizes([16, 1], [16, 32], 1) == (16 * 16 * 2 + cast, 16 * 16 * 2 + cast)


@pytest.mark.parametrize("src,dst,size", [([4, 2], [4, 8], 4), ([4, 1], [4, 8, 1], 4), ([0, 1], [0, 8], 4),
                                          ([4, 1], [4, 8], 8), ([1, 10], [4, 10], 4), ([2, 3, 1], [2, 3, 4], 4)])
def test_tmp_size_errors_leave_outputs(simtest, src, dst, size):
    assert simtest.broadcast_tmp_sizes(src, dst, size) == (0xFFFFFFFF, 0xFFFFFFFF)


# ---- bad calls -------------------------------------------------------------------------------

def test_temp_too_small(simtest):
    src = values(np.float32, 21, 9).reshape(21, 1)
    r = run(simtest, "float32", (21, 13), (21, 1), src, 736)  # min is 768
    assert_reported(r, "api-misuse", "Broadcast: the temp (sharedTmpBuffer", "768 bytes", "GetBroadCastMaxMinTmpSize")


@pytest.mark.parametrize("src_shape,dst_shape,words", [
    ((21, 2), (21, 13), ["srcShape[1] must equal dstShape[1] or be 1"]),
    ((20, 1), (21, 13), ["srcShape[0] must equal dstShape[0] or be 1"]),
    ((4,), (8,), ["srcShape[0] must equal dstShape[0] or be 1"]),
])
def test_inconsistent_shapes(simtest, src_shape, dst_shape, words):
    src = values(np.float32, int(np.prod(src_shape)), 10).reshape(src_shape)
    assert_reported(run(simtest, "float32", dst_shape, src_shape, src, 4096), "api-misuse", "Broadcast", *words)


def test_first_dim_needs_aligned_rows(simtest):
    src = values(np.float32, 12, 11).reshape(1, 12)
    r = run(simtest, "float32", (4, 12), (1, 12), src, 4096)
    assert_reported(r, "api-misuse", "srcShape[1] * sizeof(T) is 48 bytes", "multiple of 32")


def test_dst_too_small(simtest):
    src = values(np.float16, 21, 12).reshape(21, 1)
    r = run(simtest, "float16", (21, 64), (21, 1), src, 4096, dst_bytes=1024)
    assert_reported(r, "operand-bounds", "Broadcast", "dstLocal")


def test_misaligned_src(simtest):
    src = values(np.float32, 16, 13).reshape(16, 1)
    r = run(simtest, "float32", (16, 16), (16, 1), src, 4096, offsets=(0, 4, 0))
    assert_reported(r, "ub-alignment", "Broadcast (Brcb step)")


def test_temp_overlapping_dst(simtest):
    src = values(np.float32, 16, 14).reshape(16, 1)

    def shared(buffers, operands):  # the temp is dst's buffer from its middle on
        return buffers[:2], operands[:2] + [(0, 512)]
    r = run(simtest, "float32", (16, 16), (16, 1), src, 4096, layout=shared)
    assert_reported(r, "api-misuse", "dstLocal", "sharedTmpBuffer")


def test_src_overlapping_dst(simtest):
    src = values(np.float32, 16, 15).reshape(16, 1)

    def shared(buffers, operands):  # src is dst's buffer (in place)
        return [buffers[0], buffers[2]], [(0, 0), (0, 0), (1, 0)]
    r = run(simtest, "float32", (16, 16), (16, 1), src, 4096, layout=shared)
    assert_reported(r, "api-misuse", "dstLocal", "srcLocal")


@pytest.mark.parametrize("decl,message", [
    ("LocalTensor<double> d, s; uint32_t sh[2] = {4, 4}; Broadcast<double, 2, 1>(d, s, sh, sh);",
     "Broadcast: element type must be int8_t, uint8_t, half or float"),
    ("LocalTensor<int64_t> d, s; uint32_t sh[1] = {4}; Broadcast<int64_t, 1, 0>(d, s, sh, sh);",
     "Broadcast: element type must be int8_t, uint8_t, half or float"),
    ("LocalTensor<float> d, s; uint32_t sh[3] = {4, 4, 4}; Broadcast<float, 3, 1>(d, s, sh, sh);",
     "Broadcast: dim must be 1 or 2"),
    ("LocalTensor<float> d, s; uint32_t sh[2] = {4, 4}; Broadcast<float, 2, 2>(d, s, sh, sh);",
     "Broadcast: axis must be 0 or 1"),
])
def test_bad_template_arguments_do_not_compile(tmp_path, decl, message):
    errors = compile_errors(tmp_path, f"""
#include "kernel_operator.h"
using namespace AscendC;
void k() {{ {decl} }}
""")
    assert message in errors
