"""APIs that read a core register set before the call, against numpy replays:

- WholeReduceSum / BlockReduceSum / BlockReduceMax / BlockReduceMin with isSetMask = false: the
  mask register in Normal mode (SetVectorMask bits) and Counter mode (SetMaskCount; the count
  covers whole repeats and a partial last one, repeatTime ignored), as the ops-nn norm kernels
  call them. References: the tree of the CANN pages (test_vector_reduce_type.py's `tree`).
- Cast int32_t -> half: A2's vconv_deq, dst = half(src * scale) with the half scale SetDeqScale
  left in DEQSCALE (1.0 by default); the RoundMode is ignored.
- AscendAntiQuant (int8_t -> half, no transpose): Cast, then per 128 columns Add(offset row) and
  Mul(scale row) in half; the scalar forms Adds/Muls over the whole source.
"""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_reduce_type import expected_dst, group_results, lanes_of
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

DTYPES = pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
GROUPS = pytest.mark.parametrize("api,group", [("WholeReduceSum", "repeat"), ("BlockReduceSum", "block"),
                                               ("BlockReduceMax", "block"), ("BlockReduceMin", "block")])
COMBINE = {"WholeReduceSum": np.add, "BlockReduceSum": np.add, "BlockReduceMax": np.maximum,
           "BlockReduceMin": np.minimum}


def _group(dtype, group):
    s = np.dtype(dtype).itemsize
    return 256 // s if group == "repeat" else 32 // s


@DTYPES
@GROUPS
def test_normal_mode_register(simtest, dtype, api, group):
    per_repeat = 256 // np.dtype(dtype).itemsize
    g = _group(dtype, group)
    x = np.random.default_rng(3).uniform(-2, 2, 2 * per_repeat).astype(dtype)
    dst = np.full(2 * (per_repeat // g), 7, dtype)
    bits = [0x0F0F_00FF_0000_F00F, 0x8000_0000_0000_0001]
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, is_set_mask=False,
                     set_mask=[bits[1], bits[0]], repeat_time=2, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert run.ok, run.result["error"]
    present = lanes_of(per_repeat, bit_mask=bits)
    results = group_results(x, present, 2, g, dtype, 1, 8, COMBINE[api])
    assert_bits_equal(run.array(0, dtype), expected_dst(dst, results, 1, per_repeat // g))
    # The same mask as the argument gives the same bits.
    same = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, bit_mask=bits, repeat_time=2,
                      dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert same.ok, same.result["error"]
    assert_bits_equal(run.array(0, dtype), same.array(0, dtype))


@DTYPES
@GROUPS
def test_counter_mode_register(simtest, dtype, api, group):
    per_repeat = 256 // np.dtype(dtype).itemsize
    g = _group(dtype, group)
    count = 2 * per_repeat + 37
    x = np.random.default_rng(9).uniform(-2, 2, 3 * per_repeat).astype(dtype)
    dst = np.full(3 * (per_repeat // g), 4, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, is_set_mask=False, counter_mode=True,
                     set_len=count, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert run.ok, run.result["error"]
    present = np.array([[r * per_repeat + l < count for l in range(per_repeat)] for r in range(3)])
    results = group_results(x, present, 3, g, dtype, 1, 8, COMBINE[api])
    expected = expected_dst(dst, results, 1, per_repeat // g)
    assert_bits_equal(run.array(0, dtype), expected)
    assert run.vector_pipe()["repeats"] == 3
    if api == "WholeReduceSum":
        # float64 reference: each sum rounds at most log2(lanes) times
        ref = [x[r * per_repeat:min(count, (r + 1) * per_repeat)].astype(np.float64).sum() for r in range(3)]
        eps = np.finfo(dtype).eps * 8 * np.abs(x).sum()
        np.testing.assert_allclose(run.array(0, dtype)[:3].astype(np.float64), ref, atol=eps)
        # a perturbed replay (count one short) must not match
        present[2, 36] = False
        wrong = expected_dst(dst, group_results(x, present, 3, g, dtype, 1, 8), 1, 1)
        assert not np.array_equal(wrong.view(np.uint8), run.array(0, dtype).view(np.uint8))


def test_empty_register_is_reported(simtest):
    run = run_vector(simtest, "WholeReduceSum", [np.zeros(8, F32), np.zeros(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     is_set_mask=False, set_mask=[0, 0], repeat_time=1, dst_rep_stride=1, src_blk_stride=1,
                     src_rep_stride=8)
    assert_reported(run, "api-misuse", "WholeReduceSum", "selects no element")
    run = run_vector(simtest, "BlockReduceSum", [np.zeros(8, F32), np.zeros(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     is_set_mask=False, counter_mode=True, set_len=0, repeat_time=1, dst_rep_stride=1,
                     src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "api-misuse", "BlockReduceSum", "counts no element")
    run = run_vector(simtest, "WholeReduceSum", [np.zeros(8, F32), np.zeros(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     is_set_mask=False, counter_mode=True, set_len=100, repeat_time=1, dst_rep_stride=1,
                     src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "operand-bounds", "src")


# ---- Cast int32_t -> half through DEQSCALE ----

def deq_reference(x, scale):
    with np.errstate(over="ignore"):
        return (x.astype(np.float64) * np.float64(np.float16(scale))).astype(F16)


@pytest.mark.parametrize("scale", [0.0, 0.25, -3.5, 1.0 / 1024])
@pytest.mark.parametrize("mode", [0, 1, 3])
def test_int32_to_half_uses_the_deq_scale(simtest, scale, mode):
    rng = np.random.default_rng(5)
    x = np.concatenate([[0, 1, -1, 2047, 2049, 65504, 65520, 1 << 20, -(1 << 31), (1 << 31) - 1],
                        rng.integers(-100000, 100000, 246)]).astype(np.int32)
    run = run_vector(simtest, "DeqCast", [np.zeros(256, F16), x], [(0, 0, F16), (1, 0, np.int32)], 256,
                     scalar=scale, round_mode=mode)
    assert run.ok, run.result["error"]
    effective = 1.0 if scale == 0.0 else scale  # 0: no SetDeqScale, the register's initial half 1.0
    got = run.array(0, F16)
    assert_bits_equal(got, deq_reference(x, effective))
    finite = np.isfinite(got)
    np.testing.assert_allclose(got[finite].astype(np.float64), x[finite] * np.float64(np.float16(effective)),
                               rtol=2.0 ** -11)
    assert not np.array_equal(deq_reference(x, effective * 2).view(np.uint16), got.view(np.uint16))


def test_int32_to_half_mask_form(simtest):
    x = np.arange(-64, 64, dtype=np.int32) * 3
    dst = np.full(128, 9, F16)
    run = run_vector(simtest, "DeqCast", [dst, x], [(0, 0, F16), (1, 0, np.int32)], 0, scalar=0.5, masked=True,
                     mask_lanes=40, repeat_time=2, repeat_params=[1, 1, 4, 8])
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(2):
        expected[r * 64:r * 64 + 40] = deq_reference(x[r * 64:r * 64 + 40], 0.5)
    assert_bits_equal(run.array(0, F16), expected)


def test_int32_to_half_bounds_are_reported(simtest):
    run = run_vector(simtest, "DeqCast", [np.zeros(64, F16), np.zeros(64, np.int32)], [(0, 0, F16), (1, 0, np.int32)],
                     128, scalar=1.0)
    assert_reported(run, "operand-bounds")


# ---- Cast half -> int4b_t (mask/repeat forms) and the other A2 pairs ----

ROUND = {"NONE": 0, "RINT": 1, "FLOOR": 2, "CEIL": 3, "ROUND": 4, "TRUNC": 5}
NP_ROUND = {"NONE": np.rint, "RINT": np.rint, "FLOOR": np.floor, "CEIL": np.ceil,
            "ROUND": lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5), "TRUNC": np.trunc}


def pack_int4(values, old, lanes_written):
    out = old.copy()
    for lane, v in zip(lanes_written, values):
        nib = int(v) & 0xF
        b = lane // 2
        out[b] = (out[b] & 0xF0) | nib if lane % 2 == 0 else (out[b] & 0x0F) | (nib << 4)
    return out


@pytest.mark.parametrize("mode", ["CEIL", "RINT", "FLOOR", "TRUNC"])
def test_half_to_int4_mask_form(simtest, mode):
    x = np.random.default_rng(11).uniform(-9, 8, 512).astype(F16)
    x[:4] = [np.nan, -100, 100, 7.5]
    old = np.full(256, 0x5A, np.uint8)
    run = run_vector(simtest, "Int4Cast", [old, x], [(0, 0, np.uint8), (1, 0, F16)], 0, mask_lanes=128,
                     repeat_time=4, repeat_params=[1, 1, 2, 8], round_mode=ROUND[mode])
    assert run.ok, run.result["error"]
    v = NP_ROUND[mode](x.astype(np.float64))
    v = np.where(np.isnan(v), 0, np.clip(v, -8, 7)).astype(np.int64)
    assert np.array_equal(run.array(0, np.uint8), pack_int4(v, old, range(512)))
    assert not np.array_equal(run.array(0, np.uint8), pack_int4(v + 1, old, range(512)))


def test_half_to_int4_partial_mask_keeps_other_nibbles(simtest):
    x = np.arange(-8, 120, dtype=np.float64).astype(F16) / 16
    old = np.full(64, 0xA5, np.uint8)
    run = run_vector(simtest, "Int4Cast", [old, x], [(0, 0, np.uint8), (1, 0, F16)], 0, mask_lanes=37,
                     repeat_time=1, repeat_params=[1, 1, 2, 8], round_mode=ROUND["TRUNC"])
    assert run.ok, run.result["error"]
    v = np.clip(np.trunc(x[:37].astype(np.float64)), -8, 7).astype(np.int64)
    assert np.array_equal(run.array(0, np.uint8), pack_int4(v, old, range(37)))


def test_half_to_int4_block_stride_is_reported(simtest):
    run = run_vector(simtest, "Int4Cast", [np.zeros(256, np.uint8), np.zeros(128, F16)],
                     [(0, 0, np.uint8), (1, 0, F16)], 0, mask_lanes=128, repeat_time=1, repeat_params=[2, 1, 2, 8],
                     round_mode=1)
    assert_reported(run, "api-misuse", "Cast", "int4b_t", "dstBlkStride 2")


@pytest.mark.parametrize("src_dtype,dst_dtype,mode", [
    (np.int16, F16, "NONE"), (np.int16, F16, "FLOOR"), (np.int16, F32, "NONE"),
    (F16, np.int16, "CEIL"), (F32, np.int16, "RINT"), (F32, np.int16, "TRUNC")])
def test_int16_pairs(simtest, src_dtype, dst_dtype, mode):
    rng = np.random.default_rng(12)
    if src_dtype == np.int16:
        x = np.concatenate([[0, 1, -1, 2049, 2051, -32768, 32767], rng.integers(-32768, 32768, 249)]).astype(np.int16)
    else:
        x = np.concatenate([[np.nan, np.inf, -np.inf, 40000, -40000, 2.5, -2.5],
                            rng.uniform(-33000, 33000, 249)]).astype(src_dtype)
    run = run_vector(simtest, "Cast", [np.zeros(256, dst_dtype), x], [(0, 0, dst_dtype), (1, 0, src_dtype)], 256,
                     round_mode=ROUND[mode])
    assert run.ok, run.result["error"]
    got = run.array(0, dst_dtype)
    if dst_dtype == np.int16:
        v = NP_ROUND[mode](x.astype(np.float64))
        expected = np.where(np.isnan(v), 0, np.clip(v, -32768, 32767)).astype(np.int16)
        np.testing.assert_array_equal(got, expected)
    elif dst_dtype == F32:
        np.testing.assert_array_equal(got, x.astype(F32))
    else:
        exact = x.astype(np.float64)
        if mode == "NONE":
            np.testing.assert_array_equal(got, exact.astype(F16))
        else:
            f = NP_ROUND[mode]
            # FLOOR: the largest half <= x
            lo = exact.astype(F16).astype(np.float64)
            expected = np.where(lo > exact, np.nextafter(lo.astype(F16), F16(-np.inf)).astype(np.float64), lo)
            assert f is np.floor
            np.testing.assert_array_equal(got.astype(np.float64), expected)


# ---- AscendAntiQuant ----

def antiquant_reference(src, offset, scale, k, n):
    x = src.reshape(k, n).astype(F16)
    return ((x + offset.reshape(1, n)).astype(F16) * scale.reshape(1, n)).astype(F16).reshape(-1)


def _antiquant_inputs(k, n, seed):
    rng = np.random.default_rng(seed)
    src = rng.integers(-128, 128, k * n).astype(np.int8)
    offset = rng.uniform(-10, 10, n).astype(F16)
    scale = rng.uniform(-10, 10, n).astype(F16)
    return src, offset, scale


def _run_antiquant(simtest, src, offset, scale, k, temp=True, dst_at=0):
    n_out = src.size
    buffers = [np.zeros(n_out + dst_at, F16), src.view(np.uint8), offset, scale]
    ops = [(0, dst_at, F16, n_out), (1, 0, np.uint8, n_out), (2, 0, F16, offset.size), (3, 0, F16, scale.size)]
    if temp:
        buffers.append(np.zeros(256, np.uint8))
        ops.append((4, 0, np.uint8))
    return run_vector(simtest, "AscendAntiQuant", buffers, ops, k)


@pytest.mark.parametrize("k,n", [(8, 128), (3, 144), (300, 16), (2, 256)])
@pytest.mark.parametrize("temp", [True, False])
def test_antiquant_tensors(simtest, k, n, temp):
    src, offset, scale = _antiquant_inputs(k, n, k + n)
    run = _run_antiquant(simtest, src, offset, scale, k, temp)
    assert run.ok, run.result["error"]
    got = run.array(0, F16)
    assert_bits_equal(got, antiquant_reference(src, offset, scale, k, n))
    # float64 reference: two half roundings (the sum, the product)
    exact = (src.reshape(k, n).astype(np.float64) + offset.astype(np.float64)) * scale.astype(np.float64)
    bound = 2.0 ** -10 * (np.abs(exact) + np.abs(scale.astype(np.float64)) * np.abs(
        src.reshape(k, n).astype(np.float64) + offset.astype(np.float64))) + 2.0 ** -24
    assert np.all(np.abs(got.reshape(k, n).astype(np.float64) - exact) <= bound)
    # a perturbed replay (offset of the next column) must not match
    wrong = antiquant_reference(src, np.roll(offset, 1), scale, k, n)
    assert not np.array_equal(wrong.view(np.uint16), got.view(np.uint16))


@pytest.mark.parametrize("form", ["scalar", "scalar_no_temp", "scale_only"])
def test_antiquant_scalars(simtest, form):
    src, _, _ = _antiquant_inputs(4, 64, 1)
    offset, scale = -2.75, 300 / 256
    buffers = [np.zeros(256, F16), src.view(np.uint8)]
    ops = [(0, 0, F16, src.size), (1, 0, np.uint8, src.size)]
    if form != "scalar_no_temp":
        buffers.append(np.zeros(64, np.uint8))
        ops.append((2, 0, np.uint8))
    api = "AscendAntiQuant.scaleOnly" if form == "scale_only" else "AscendAntiQuant.scalar"
    run = run_vector(simtest, api, buffers, ops, 4, scalar=offset, mask=300)
    assert run.ok, run.result["error"]
    x = src.astype(F16)
    if form != "scale_only":
        x = (x + F16(offset)).astype(F16)
    assert_bits_equal(run.array(0, F16)[:src.size], (x * F16(scale)).astype(F16))


def test_antiquant_misuse_is_reported(simtest):
    src, offset, scale = _antiquant_inputs(3, 128, 2)
    run = _run_antiquant(simtest, src, offset, scale, 5)
    assert_reported(run, "api-misuse", "AscendAntiQuant", "not K (5) rows")
    src, offset, scale = _antiquant_inputs(2, 120, 2)
    run = _run_antiquant(simtest, src, offset, scale, 2)
    assert_reported(run, "api-misuse", "AscendAntiQuant", "multiple of 16")
    src, offset, scale = _antiquant_inputs(2, 128, 2)
    run = _run_antiquant(simtest, src, offset[:64], scale, 2)
    assert_reported(run, "operand-bounds", "offset")
    # dst over the offset tensor: run dst inside buffer 2
    buffers = [np.zeros(16, F16), src.view(np.uint8), np.zeros(512, F16), scale]
    run = run_vector(simtest, "AscendAntiQuant", buffers, [(2, 0, F16), (1, 0, np.uint8), (2, 0, F16), (3, 0, F16)], 2)
    assert_reported(run, "api-misuse", "AscendAntiQuant", "dstTensor", "offset", "overlap")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int16_t> s, LocalTensor<half> h, LocalTensor<float> f, LocalTensor<int8_t> b,
         LocalTensor<bfloat16_t> bf, LocalTensor<uint8_t> t, LocalTensor<int32_t> i) {
    AscendAntiQuant<int16_t, half, false>(h, s, h, h, t, 8);
    AscendAntiQuant<int8_t, float, false>(f, b, f, f, t, 8);
    AscendAntiQuant<int8_t, bfloat16_t, false>(bf, b, bf, bf, t, 8);
    AscendAntiQuant<int8_t, half, true>(h, b, h, h, t, 8);
    Cast(b, f, RoundMode::CAST_NONE, 8);
}
""")
    for text in ("AscendAntiQuant: InputDataType must be int8_t or int4b_t",
                 "AscendAntiQuant: OutputDataType must be half or bfloat16_t",
                 "AscendAntiQuant: a bfloat16_t output",
                 "AscendAntiQuant: isTranspose = true is not modelled",
                 "Cast: Atlas A2/A3 has no conversion"):
        assert text in stderr, text
