"""High-level Pad / UnPad (vector_pad.h) and Transpose with a ConfusionTransposeTiling
(vector_confusion_transpose.h), with their host tilings (tiling/pad_tiling.h,
tiling/confusion_transpose_tiling.h).

All three only move bits, so the formula reference (numpy pad / slicing / the NZ <-> ND index
maps) is exact and compared bit for bit. The replay re-runs the 2201 instruction sequence of the
unaligned Pad (Brcb into tmp1, DataCopy into tmp2, TransDataTo5HD, DataCopy of the rows) on numpy
arrays and predicts both the result and how many instructions of each kind the sim logs."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import Run, assert_bits_equal, assert_reported, compile_errors

DTYPES = {"float16": np.float16, "float32": np.float32, "int16": np.int16, "uint16": np.uint16,
          "int32": np.int32, "uint32": np.uint32}


def pad32(nbytes):
    return max(32, -(-nbytes // 32) * 32)


def values(dtype, n, seed):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        return rng.uniform(-100, 100, n).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -30000), min(info.max, 30000), n).astype(dtype)


def run(simtest, dtype_name, kind, shape, src, *, ori_shape=None, left=0, right=0, pad_value=0,
        stack=None, tmp_bytes=None, dst_bytes=None, offsets=(0, 0, 0), layout=None, override=()):
    """One call of `kind`; the tiling's stackBufferSize is `stack` (default: tmp_bytes, or the
    host's max). tmp_bytes None: the form without sharedTmpBuffer."""
    dtype = DTYPES[dtype_name]
    size = np.dtype(dtype).itemsize
    if stack is None:
        stack = tmp_bytes if tmp_bytes is not None else simtest.transform_tmp_sizes(kind, list(shape), size)[0]
    src_raw = np.ascontiguousarray(src).view(np.uint8).tobytes()
    dst_bytes = dst_bytes if dst_bytes is not None else pad32(len(src_raw) + 64 * size * shape[0])
    buffers = [(dst_bytes + offsets[0], b""), (pad32(len(src_raw) + offsets[1]), bytes(offsets[1]) + src_raw)]
    operands = [(0, offsets[0]), (1, offsets[1])]
    if tmp_bytes is not None:
        buffers.append((tmp_bytes + offsets[2], b""))
        operands.append((2, offsets[2]))
    if layout is not None:
        buffers, operands = layout(buffers, operands)
    flat = [v for pair in override for v in pair]
    contents, result, tiling = simtest.run_transform(
        dtype_name, kind, list(shape), list(ori_shape or shape), left, right, pad_value, stack, flat,
        buffers, operands, no_temp=tmp_bytes is None)
    r = Run(contents, [None] * len(contents), result, [b[0] for b in buffers])
    r.tiling = tiling
    return r


# ---- the replay of the unaligned Pad ----------------------------------------------------------

PAD_FIELDS = ["srcHeight", "srcWidth", "srcOriWidth", "widthWithoutLastBlock", "blocksPerRow", "heightTiling",
              "heightFractal", "heightFractalTail", "mainLoopOffset", "tailBlockOffset", "tmpBuffer1BlockNum",
              "tmpBuffer1RowNum", "tmpBuffer2Offset", "widthTiling", "widthFractal", "widthFractalTail",
              "widthFractalTailAlingned", "brcbTiling", "brcbFractal", "brcbFractalTail", "maxRepeatTimes",
              "brcbTilingRepeatTimes", "brcbTilingRepeatTimesTail", "brcbFractalTailRepeatTimes",
              "brcbFractalTailRepeatTimesTail", "reserved"]


def replay_unaligned_pad(src, t, left, right, value, brcb_max=254, right_at=0):
    """The instruction sequence on numpy arrays: (dst rows, {kind: instruction count})."""
    t = dict(zip(PAD_FIELDS, t))
    blk = 32 // src.dtype.itemsize
    n = t["tmpBuffer1BlockNum"]
    rows_full = t["tmpBuffer1RowNum"]
    tmp1 = np.zeros((rows_full + 8 * brcb_max, blk), src.dtype)   # one block per row (room for a wrong replay)
    tmp2 = np.zeros((16 * n, blk), src.dtype)
    h, w = t["srcHeight"], t["srcWidth"]
    out_w = w + left + right
    dst = np.zeros(h * out_w, src.dtype)
    count = {"Brcb": 0, "DataCopy": 0, "TransDataTo5HD": 0, "Duplicate": 0}
    tmp1_rows, tmp1_used, loads = rows_full, rows_full, 0
    flat = src.reshape(-1)

    def load(base, full, tail):
        for k, reps in [(k, brcb_max) for k in range(full)] + ([(full, tail)] if tail else []):
            start = base + k * brcb_max * 8
            for e in range(reps * 8):
                tmp1[k * brcb_max * 8 + e, :] = flat[min(start + e, flat.size - 1)]
            count["Brcb"] += 1

    for row in range(h):
        for piece in range(t["widthFractal"] + 1):
            last = piece == t["widthFractal"]
            filled = 0
            if piece == 0 and left:
                tmp2[:left, :] = value
                count["Duplicate"] += 1
                filled = left
            if last:
                aligned = t["widthFractalTailAlingned"]
                if right:
                    tmp2[aligned - right - right_at:aligned - right_at, :] = value
                    count["Duplicate"] += 1
                need = aligned - filled - right
            else:
                need = rows_full - filled
            while need:
                avail = tmp1_rows - tmp1_used
                if need <= avail:
                    tmp2[filled:filled + need] = tmp1[tmp1_used:tmp1_used + need]
                    count["DataCopy"] += 1
                    tmp1_used += need
                    filled += need
                    need = 0
                    break
                if avail:
                    tmp2[filled:filled + avail] = tmp1[tmp1_used:tmp1_used + avail]
                    count["DataCopy"] += 1
                    tmp1_used += avail
                    filled += avail
                    need -= avail
                base = loads * t["brcbTiling"]
                if loads == t["brcbFractal"]:
                    load(base, t["brcbFractalTailRepeatTimes"], t["brcbFractalTailRepeatTimesTail"])
                    tmp1_rows = t["brcbFractalTail"]
                else:
                    load(base, t["brcbTilingRepeatTimes"], t["brcbTilingRepeatTimesTail"])
                loads += 1
                tmp1_used = 0
            # TransDataTo5HD: group g of 16 one-value blocks becomes the 16 values of its first row.
            count["TransDataTo5HD"] += 1
            first_rows = tmp2[:, 0].reshape(n, 16)
            width = t["widthFractalTailAlingned"] if last else 16 * n
            out = first_rows.reshape(-1)[:width]
            start = row * out_w + piece * 16 * n
            end = min(start + width, dst.size)
            dst[start:end] = out[:end - start]
            if last:
                groups = width // 16
                count["DataCopy"] += (1 if groups else 0) + (1 if blk == 8 and width % 16 else 0)
            else:
                count["DataCopy"] += 1
    return dst.reshape(h, out_w), count


UNALIGNED = [  # (dtype, h, w, left, right, stack): w not 32-B aligned
    ("float32", 16, 31, 0, 1, None),       # the sample's shape
    ("float16", 16, 15, 0, 1, None),       # the page's example
    ("float16", 16, 13, 2, 1, None),       # both sides
    ("float32", 8, 45, 0, 3, 1024),        # the minimum temp: pieces of 16 columns, tmp1 refilled
    ("int16", 32, 13, 2, 1, 2048),
    ("uint32", 8, 5, 1, 2, None),
    ("int32", 24, 20, 3, 1, 1024),         # tail piece of 4 columns rounded up to 8
]


@pytest.mark.parametrize("dtype_name,h,w,left,right,stack", UNALIGNED)
def test_unaligned_pad_matches_replay_and_numpy(simtest, dtype_name, h, w, left, right, stack):
    dtype = DTYPES[dtype_name]
    src = values(dtype, h * w, h + w).reshape(h, w)
    tmp = stack or simtest.transform_tmp_sizes("pad", [h, w], np.dtype(dtype).itemsize)[0]
    r = run(simtest, dtype_name, "pad", (h, w), src, left=left, right=right, pad_value=77, tmp_bytes=tmp)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)[:h * (w + left + right)].reshape(h, w + left + right)
    assert_bits_equal(got.reshape(-1), np.pad(src, ((0, 0), (left, right)), constant_values=77).reshape(-1))
    want, count = replay_unaligned_pad(src, r.tiling, left, right, dtype(77))
    assert_bits_equal(got.reshape(-1), want.reshape(-1))
    by_api = r.result["cores"][0]["by_api"]
    for kind, n in count.items():
        assert by_api.get(kind, 0) == n, (kind, by_api)


def test_perturbed_replay_does_not_match(simtest):
    # A replay that writes the rightPad blocks one block early (a wrong offset in tmp2) must not
    # match the sim.
    h, w = 64, 127
    src = values(np.float16, h * w, 5).reshape(h, w)
    r = run(simtest, "float16", "pad", (h, w), src, right=1, pad_value=-3, tmp_bytes=131072)  # Brcb of 256 repeats
    assert r.ok, r.result["error"]
    got = r.array(0, np.float16)[:h * 128]
    good, _ = replay_unaligned_pad(src, r.tiling, 0, 1, np.float16(-3))
    assert_bits_equal(got, good.reshape(-1))
    wrong, _ = replay_unaligned_pad(src, r.tiling, 0, 1, np.float16(-3), right_at=1)
    assert not np.array_equal(got.view(np.uint16), wrong.reshape(-1).view(np.uint16))


@pytest.mark.parametrize("dtype_name,h,w,ori_w,right", [
    ("float32", 4, 16, 13, 3), ("float16", 300, 32, 30, 2), ("int32", 3, 24, 20, 1), ("uint16", 5, 16, 12, 4)])
def test_aligned_pad_overwrites_the_last_columns(simtest, dtype_name, h, w, ori_w, right):
    dtype = DTYPES[dtype_name]
    src = values(dtype, h * w, 3).reshape(h, w)
    r = run(simtest, dtype_name, "pad", (h, w), src, ori_shape=(h, ori_w), right=right, pad_value=9, tmp_bytes=1024)
    assert r.ok, r.result["error"]
    want = src.copy()
    want[:, ori_w:ori_w + right] = 9
    assert_bits_equal(r.array(0, dtype)[:h * w], want.reshape(-1))
    by_api = r.result["cores"][0]["by_api"]
    assert by_api["DataCopy"] == 1
    assert by_api.get("Duplicate", 0) == (0 if right == 0 else -(-h // 255))


def test_pad_without_temp_uses_the_rest_of_ub(simtest):
    src = values(np.float32, 16 * 31, 9).reshape(16, 31)
    r = run(simtest, "float32", "pad", (16, 31), src, right=1, pad_value=321)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, np.float32)[:512], np.pad(src, ((0, 0), (0, 1)), constant_values=321).reshape(-1))


@pytest.mark.parametrize("dtype_name,h,w,right", [
    ("float32", 16, 32, 1), ("float16", 16, 16, 1), ("int16", 7, 48, 5), ("uint32", 255, 8, 7)])
def test_unpad(simtest, dtype_name, h, w, right):
    dtype = DTYPES[dtype_name]
    src = values(dtype, h * w, 4).reshape(h, w)
    r = run(simtest, dtype_name, "unpad", (h, w), src, right=right, tmp_bytes=32)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype)[:h * (w - right)], src[:, :w - right].reshape(-1))
    assert r.result["cores"][0]["by_api"]["GatherMask"] == 1
    wrong = src[:, :w - right + 1].reshape(-1)[:h * (w - right)]   # one column too many kept
    assert not np.array_equal(bits_of(r.array(0, dtype)[:h * (w - right)]), bits_of(wrong))


def bits_of(a):
    return a.view({2: np.uint16, 4: np.uint32}[a.itemsize])


# ---- Transpose NZ -> ND / NZ (0213) ---------------------------------------------------------

def nz_source(logical, a2a, a3a):
    """[B, A1, A2, A3] -> NZ [B, A1, A3/16, alignA2, 16] (zero filled)."""
    b, a1, a2, a3 = logical.shape
    full = np.zeros((b, a1, a2a, a3a), logical.dtype)
    full[:, :, :a2, :a3] = logical
    return full.reshape(b, a1, a2a, a3a // 16, 16).transpose(0, 1, 3, 2, 4).copy()


@pytest.mark.parametrize("dtype_name", ["float16", "float32", "int16", "uint32"])
@pytest.mark.parametrize("to_nd", [True, False])
@pytest.mark.parametrize("shape,stack", [((1, 2, 64, 32), None), ((2, 3, 48, 16), 512), ((1, 1, 32, 48), 2048)])
def test_transpose_0213(simtest, dtype_name, to_nd, shape, stack):
    dtype = DTYPES[dtype_name]
    size = np.dtype(dtype).itemsize
    b, a1, a2, a3 = shape
    logical = values(dtype, b * a1 * a2 * a3, a2).reshape(shape)
    src = nz_source(logical, a2, a3)
    kind = "transpose_nd" if to_nd else "transpose_nz"
    mx, mn = simtest.transform_tmp_sizes(kind, list(shape), size)
    assert (mx, mn) == (a2 * 16 * size, 256 * size)
    tmp = stack * size // 2 if stack else mn
    r = run(simtest, dtype_name, kind, shape, src, tmp_bytes=tmp, dst_bytes=src.nbytes)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)[:src.size]
    swapped = logical.transpose(0, 2, 1, 3)             # [B, A2, A1, A3]
    if to_nd:
        want = swapped
    else:                                               # NZ [B, A2, A3/16, A1, 16]
        want = swapped.reshape(b, a2, a1, a3 // 16, 16).transpose(0, 1, 3, 2, 4)
    assert_bits_equal(got, want.reshape(-1))
    pieces = -(-a2 * 16 // (tmp // size))
    passes = 2 if size == 2 else 4
    assert r.result["cores"][0]["by_api"]["TransDataTo5HD"] == b * a1 * (a3 // 16) * pieces * passes


def test_transpose_perturbed_reference_does_not_match(simtest):
    logical = values(np.float16, 2 * 64 * 32, 1).reshape(1, 2, 64, 32)
    r = run(simtest, "float16", "transpose_nd", logical.shape, nz_source(logical, 64, 32), tmp_bytes=512,
            dst_bytes=logical.nbytes)
    assert r.ok, r.result["error"]
    got = r.array(0, np.float16)[:logical.size]
    assert_bits_equal(got, logical.transpose(0, 2, 1, 3).reshape(-1))
    assert not np.array_equal(bits_of(got), bits_of(logical.transpose(0, 2, 3, 1).reshape(-1)))


# ---- host tiling --------------------------------------------------------------------------------

def test_host_sizes_and_fields(simtest):
    assert simtest.transform_tmp_sizes("pad", [16, 31], 4) == (31744, 1024)
    assert simtest.transform_tmp_sizes("pad", [16, 15], 2) == (15 * 16 * 16 * 2 * 2, 1024)
    assert simtest.transform_tmp_sizes("unpad", [16, 32], 4) == (0, 0)
    src = values(np.float32, 16 * 31, 1).reshape(16, 31)
    t = dict(zip(PAD_FIELDS, run(simtest, "float32", "pad", (16, 31), src, right=1, tmp_bytes=31744).tiling))
    assert (t["tmpBuffer1BlockNum"], t["tmpBuffer1RowNum"], t["tmpBuffer2Offset"]) == (31, 496, 31 * 128)
    assert (t["widthTiling"], t["widthFractal"], t["widthFractalTail"], t["widthFractalTailAlingned"]) == (496, 0, 31, 32)
    assert (t["brcbTiling"], t["brcbFractal"], t["brcbFractalTail"], t["maxRepeatTimes"]) == (496, 1, 0, 254)
    assert (t["brcbTilingRepeatTimes"], t["brcbTilingRepeatTimesTail"]) == (0, 62)
    assert (t["blocksPerRow"], t["heightTiling"], t["heightFractal"], t["heightFractalTail"]) == (3, 255, 0, 16)


# ---- broken calls -------------------------------------------------------------------------------

def test_pad_temp_below_the_tiling(simtest):
    src = values(np.float32, 16 * 31, 2).reshape(16, 31)
    r = run(simtest, "float32", "pad", (16, 31), src, right=1, stack=31744, tmp_bytes=1024)
    assert_reported(r, "api-misuse", "Pad: sharedTmpBuffer holds 1024 bytes", "31744", "GetPadMaxMinTmpSize")


def test_pad_tiling_without_temp(simtest):
    src = values(np.float32, 16 * 31, 2).reshape(16, 31)
    r = run(simtest, "float32", "pad", (16, 31), src, right=1, stack=0, tmp_bytes=1024)
    assert_reported(r, "api-misuse", "Pad: tiling.tmpBuffer1BlockNum is 0", "PadTilingFunc")


def test_pad_too_wide(simtest):
    src = values(np.float16, 16 * 15, 2).reshape(16, 15)
    r = run(simtest, "float16", "pad", (16, 15), src, left=1, right=1, tmp_bytes=8192)
    assert_reported(r, "api-misuse", "Pad: the padded width", "17", "exceeds", "(16)")


def test_pad_rows_must_stay_aligned(simtest):
    src = values(np.int16, 32 * 7, 2).reshape(32, 7)
    r = run(simtest, "int16", "pad", (32, 7), src, left=1, tmp_bytes=2048)
    assert_reported(r, "ub-alignment", "DataCopy")   # row 1 of dst starts 16 bytes into a block


def test_pad_source_not_whole_blocks(simtest):
    src = values(np.float32, 3 * 5, 2).reshape(3, 5)
    r = run(simtest, "float32", "pad", (3, 5), src, right=1, tmp_bytes=4096)
    assert_reported(r, "api-misuse", "Pad: srcTensor holds 60 bytes", "multiple of 32")


def test_pad_dst_too_small(simtest):
    src = values(np.float32, 16 * 31, 2).reshape(16, 31)
    r = run(simtest, "float32", "pad", (16, 31), src, right=1, tmp_bytes=31744, dst_bytes=1024)
    assert_reported(r, "operand-bounds", "Pad", "dstTensor")


def test_pad_misaligned_src(simtest):
    src = values(np.float32, 16 * 31, 2).reshape(16, 31)
    r = run(simtest, "float32", "pad", (16, 31), src, right=1, tmp_bytes=31744, offsets=(0, 4, 0))
    assert_reported(r, "ub-alignment", "Brcb")


def test_pad_temp_overlapping_dst(simtest):
    src = values(np.float32, 16 * 31, 2).reshape(16, 31)

    def shared(buffers, operands):  # the temp is dst's buffer from its middle on
        return [(40000, b""), buffers[1]], [(0, 0), (1, 0), (0, 1024)]
    r = run(simtest, "float32", "pad", (16, 31), src, right=1, tmp_bytes=31744, layout=shared)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_unpad_overlap_and_bad_params(simtest):
    src = values(np.float32, 16 * 32, 2).reshape(16, 32)

    def in_place(buffers, operands):
        return [buffers[1]], [(0, 0), (0, 0), (0, 0)]
    assert_reported(run(simtest, "float32", "unpad", (16, 32), src, right=1, tmp_bytes=32, layout=in_place),
                    "api-misuse", "dstTensor", "srcTensor")
    assert_reported(run(simtest, "float32", "unpad", (16, 32), src, left=1, tmp_bytes=32), "api-misuse",
                    "UnPad: unPadParams.leftPad is 1")
    odd = values(np.float32, 16 * 30, 2).reshape(16, 30)
    assert_reported(run(simtest, "float32", "unpad", (16, 30), odd, right=1, tmp_bytes=32), "api-misuse",
                    "UnPad: tiling.srcWidth 30", "32-byte aligned")


def test_transpose_small_temp_and_foreign_tiling(simtest):
    logical = values(np.float16, 2 * 64 * 32, 1).reshape(1, 2, 64, 32)
    src = nz_source(logical, 64, 32)
    r = run(simtest, "float16", "transpose_nd", logical.shape, src, stack=2048, tmp_bytes=512,
            dst_bytes=logical.nbytes)
    assert_reported(r, "api-misuse", "Transpose (TRANSPOSE_NZ2ND_0213): sharedTmpBuffer holds 512 bytes", "2048")
    r = run(simtest, "float16", "transpose_nd", logical.shape, src, tmp_bytes=512, dst_bytes=logical.nbytes,
            override=[(0, 8)])   # blockSize of a 4-byte type
    assert_reported(r, "api-misuse", "blockSize 8", "GetTransposeTilingInfo", "half")
    r = run(simtest, "float16", "transpose_nd", logical.shape, src, tmp_bytes=512, dst_bytes=1024)
    assert_reported(r, "operand-bounds", "Transpose", "dstTensor")


@pytest.mark.parametrize("decl,message", [
    ("LocalTensor<int8_t> d, s; PadParams p; PadTiling t; Pad(d, s, p, t);",
     "Pad: element type must be int16_t, uint16_t, half, int32_t, uint32_t or float"),
    ("LocalTensor<double> d, s; UnPadParams p; UnPadTiling t; UnPad(d, s, p, t);",
     "UnPad: element type must be int16_t, uint16_t, half, int32_t, uint32_t or float"),
    ("LocalTensor<uint8_t> d, s; ConfusionTransposeTiling t; "
     "Transpose(d, s, TransposeType::TRANSPOSE_NZ2ND_0213, t);",
     "Transpose (ConfusionTransposeTiling): element type must be"),
])
def test_bad_types_do_not_compile(tmp_path, decl, message):
    errors = compile_errors(tmp_path, f"""
#include "kernel_operator.h"
using namespace AscendC;
void k() {{ {decl} }}
""")
    assert message in errors
