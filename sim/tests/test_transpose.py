"""Transpose (16x16 and TransposeParamsExt) and TransDataTo5HD (its three forms) against numpy,
for every A2/A3 type the sim's binding can hold (the harness has no int8_t tensor: uint8_t covers
the byte form), and the bad calls reported."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

NONE, ND2ND_B16, NCHW2NHWC, NHWC2NCHW = 0, 10, 11, 12


def values(dtype, n, seed=1):
    rng = np.random.default_rng(seed)
    if np.issubdtype(np.dtype(dtype), np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, n, endpoint=True, dtype=dtype)
    return rng.uniform(-100, 100, n).astype(dtype)


@pytest.mark.parametrize("dtype", [F16, np.int16, np.uint16], ids=lambda t: np.dtype(t).name)
def test_transpose_16x16(simtest, dtype):
    x = values(dtype, 256)
    run = run_vector(simtest, "Transpose", [np.zeros(256, dtype), x], [(0, 0, dtype), (1, 0, dtype)], 0)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, dtype), x.reshape(16, 16).T.reshape(-1))


def test_transpose_in_place(simtest):
    x = values(F16, 256)
    run = run_vector(simtest, "Transpose", [x], [(0, 0, F16), (0, 0, F16)], 0)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, F16), x.reshape(16, 16).T.reshape(-1))


@pytest.mark.parametrize("dtype", [F32, F16, np.int32, np.uint32, np.int16, np.uint16, np.uint8],
                         ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("kind", [NCHW2NHWC, NHWC2NCHW])
@pytest.mark.parametrize("shape", [(2, 3, 2, 16), (1, 1, 4, 32)], ids=["c3", "c1"])
def test_transpose_ext_nchw_nhwc(simtest, dtype, kind, shape):
    s = np.dtype(dtype).itemsize
    n, c, h, w = shape
    hw = h * w
    if hw * s % 32:
        pytest.skip("h * w * sizeof(T) must be 32-byte aligned")
    x = values(dtype, n * c * hw)
    h0, w0 = (32 if s == 1 else 16), 32 // s
    tmp = np.zeros(((c + 2) if kind == NCHW2NHWC else (2 * c + 1)) * h0 * w0 * s, np.uint8)
    run = run_vector(simtest, "TransposeExt", [np.zeros_like(x), x, tmp], [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8)],
                     0, repeat_params=[n, c, h, w, kind])
    assert run.ok, run.result["error"]
    if kind == NCHW2NHWC:
        expected = x.reshape(n, c, h, w).transpose(0, 2, 3, 1)
    else:
        expected = x.reshape(n, h, w, c).transpose(0, 3, 1, 2)
    assert_bits_equal(run.array(0, dtype), expected.reshape(-1))


def test_transpose_ext_nd2nd_b16_and_none(simtest):
    x = values(np.uint16, 256)
    run = run_vector(simtest, "TransposeExt", [np.zeros(256, np.uint16), x, np.zeros(32, np.uint8)],
                     [(0, 0, np.uint16), (1, 0, np.uint16), (2, 0, np.uint8)], 0,
                     repeat_params=[0, 0, 16, 16, ND2ND_B16])
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, np.uint16), x.reshape(16, 16).T.reshape(-1))
    dst = np.full(256, 9, np.uint16)
    run = run_vector(simtest, "TransposeExt", [dst, x, np.zeros(32, np.uint8)],
                     [(0, 0, np.uint16), (1, 0, np.uint16), (2, 0, np.uint8)], 0, repeat_params=[1, 1, 16, 16, NONE])
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, np.uint16), dst)


def nchwconv(dtype, src_blocks, dst_high=False, src_high=False):
    """One vnchwconv repeat: 16 source blocks (rows of 32 / s elements) -> 16 destination blocks."""
    s = np.dtype(dtype).itemsize
    if s == 2:
        return [src_blocks[:, j].copy() for j in range(16)]
    if s == 4:
        return [src_blocks[8 * (j % 2):8 * (j % 2) + 8, j // 2].copy() for j in range(16)]
    return [src_blocks[:, (16 if src_high else 0) + j].copy() for j in range(16)]


@pytest.mark.parametrize("dtype", [F32, F16, np.int32, np.uint32, np.int16, np.uint16, np.uint8],
                         ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("form", ["tensors", "addrs", "ub"])
@pytest.mark.parametrize("repeats", [1, 3])
def test_trans_data_to_5hd(simtest, dtype, form, repeats):
    s = np.dtype(dtype).itemsize
    per_block = 32 // s
    src_rep, dst_rep = 16, 16  # one repeat = 16 blocks further on each side
    dst_offsets = [j * per_block for j in range(16)]
    src_offsets = [i * 64 * per_block for i in range(16)]  # blocks far apart, as rows of an NCHW plane
    x = values(dtype, 16 * 64 * per_block + 64 * per_block)
    dst = np.zeros((repeats + 1) * dst_rep * per_block + 16 * per_block, dtype)
    high = s == 1
    params = dst_offsets + src_offsets + [int(high), int(high), repeats, dst_rep, src_rep]
    buffers = [dst, x]
    operands = [(0, 0, dtype), (1, 0, dtype)]
    if form == "ub":
        buffers += [np.zeros(32, np.uint32), np.zeros(32, np.uint32)]
        operands += [(2, 0, np.uint32), (3, 0, np.uint32)]
    run = run_vector(simtest, "TransDataTo5HD." + form, buffers, operands, 0, repeat_params=params)
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        step = 1 if repeats == 1 else r
        blocks = np.stack([x[o + step * src_rep * per_block:][:per_block] for o in src_offsets])
        outs = nchwconv(dtype, blocks, high, high)
        for j, out in enumerate(outs):
            at = dst_offsets[j] + step * dst_rep * per_block
            if s == 1:
                expected[at + 16:at + 32] = out
            else:
                expected[at:at + per_block] = out
    assert_bits_equal(run.array(0, dtype), expected)


# ---- bad calls ----

def test_bad_transpose_ext_calls_are_reported(simtest):
    x = values(F16, 256)
    tmp = np.zeros(4096, np.uint8)
    ops = [(0, 0, F16), (1, 0, F16), (2, 0, np.uint8)]
    run = run_vector(simtest, "TransposeExt", [np.zeros(256, F16), x, tmp], ops, 0, repeat_params=[0, 0, 16, 16, ND2ND_B16])
    assert_reported(run, "api-misuse", "TRANSPOSE_ND2ND_B16 takes uint16_t")
    run = run_vector(simtest, "TransposeExt", [np.zeros(256, F16), x, tmp], ops, 0, repeat_params=[1, 2, 3, 5, NCHW2NHWC])
    assert_reported(run, "api-misuse", "hSize * wSize = 15")
    run = run_vector(simtest, "TransposeExt", [np.zeros(256, F16), x, tmp], ops, 0, repeat_params=[1, 1, 1, 16, 1])
    assert_reported(run, "api-misuse", "transposeType 1 is not supported")
    run = run_vector(simtest, "TransposeExt", [x, tmp], [(0, 0, F16), (0, 0, F16), (1, 0, np.uint8)], 0,
                     repeat_params=[1, 2, 4, 16, NCHW2NHWC])
    assert_reported(run, "api-misuse", "overlap")
    run = run_vector(simtest, "TransposeExt", [np.zeros(256, F16), x, np.zeros(64, np.uint8)], ops, 0,
                     repeat_params=[1, 2, 4, 16, NHWC2NCHW])
    assert_reported(run, "operand-bounds", "sharedTmpBuffer")


def test_bad_trans_data_calls_are_reported(simtest):
    x = values(F16, 4096)
    dst = np.zeros(4096, F16)
    ok = [j * 16 for j in range(16)] + [i * 16 for i in range(16)]
    run = run_vector(simtest, "TransDataTo5HD.tensors", [dst, x], [(0, 0, F16), (1, 0, F16)], 0,
                     repeat_params=ok + [1, 0, 1, 0, 0])
    assert_reported(run, "api-misuse", "dstHighHalf", "int8_t / uint8_t")
    misaligned = [j * 16 + 3 if j == 5 else j * 16 for j in range(16)] + ok[16:]
    run = run_vector(simtest, "TransDataTo5HD.addrs", [dst, x], [(0, 0, F16), (1, 0, F16)], 0,
                     repeat_params=misaligned + [0, 0, 1, 0, 0])
    assert_reported(run, "ub-alignment", "dstList[5]")
    run = run_vector(simtest, "TransDataTo5HD.tensors", [dst[:512], x], [(0, 0, F16), (1, 0, F16)], 0,
                     repeat_params=ok + [0, 0, 3, 16, 16])
    assert_reported(run, "operand-bounds", "dstList[0]")
    run = run_vector(simtest, "Transpose", [np.zeros(128, F16), x], [(0, 0, F16), (1, 0, F16)], 0)
    assert_reported(run, "operand-bounds", "dst")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<float> f, LocalTensor<uint8_t> t, LocalTensor<int64_t> l, LocalTensor<bfloat16_t> b) {
    Transpose(f, f);
    Transpose(l, l, t, TransposeParamsExt(1, 2, 4, 4, TransposeType::TRANSPOSE_NCHW2NHWC));
    LocalTensor<bfloat16_t> d[16], s[16];
    TransDataTo5HD<bfloat16_t>(d, s, TransDataTo5HDParams());
}
""")
    for text in ("Transpose: element type must be int16_t, uint16_t or half",
                 "Transpose (TransposeParamsExt): element type must be",
                 "TransDataTo5HD: element type must be"):
        assert text in stderr, text
