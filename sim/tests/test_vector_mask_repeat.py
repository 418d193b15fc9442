"""The mask/repeat ("high-dimension") forms of the elementwise vector APIs against numpy.

The reference below is written from CANN's description of these forms (asc-devkit docs
SIMD计算说明/高维切分.md and 掩码.md), not from the sim: repeat r, lane l of an operand with
element size s lies at byte (r * repStride + (l // (32 / s)) * blkStride) * 32 + (l % (32 / s)) * s
of its tensor; a repeat has 256 / (widest element size) lanes; the mask selects lanes per repeat
(Normal mode) or counts the elements of the whole instruction (Counter mode); lanes outside it
are neither read nor written. Element values come from the same numpy references as the count
forms (test_vector_api.py), so both forms must agree bit for bit.
"""
from __future__ import annotations


import numpy as np
import pytest

from sim.tests.test_vector_api import numpy_binary, unary_reference
from sim.tests.vector_harness import (F16, F32, Partly, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

SENTINEL = 7  # every dst element starts as this; masked-out lanes must keep it


def lane_offsets(repeat, lanes, itemsize, blk, rep):
    """Element index of each lane of `repeat` in an operand of `itemsize` bytes."""
    per_block = 32 // itemsize
    lanes = np.asarray(lanes)
    return (repeat * rep * 32 + (lanes // per_block) * blk * 32) // itemsize + lanes % per_block


def active_lanes(lanes_per_repeat, mask_lanes=None, bits=None):
    if bits is not None:
        value = bits[0] | ((bits[1] if lanes_per_repeat > 64 else 0) << 64)
        return [l for l in range(lanes_per_repeat) if (value >> l) & 1]
    return list(range(min(mask_lanes, lanes_per_repeat)))


def reference(fn, dst, srcs, strides, repeats, lanes_of):
    """Repeat by repeat: gather the active lanes of each source, apply fn, scatter into dst."""
    out = dst.copy()
    for r in range(repeats):
        lanes = lanes_of(r)
        if not lanes:
            continue
        values = [s[lane_offsets(r, lanes, s.itemsize, *st)] for s, st in zip(srcs, strides[1:])]
        out[lane_offsets(r, lanes, out.itemsize, *strides[0])] = fn(*values)
    return out


def extent(itemsize, lanes, repeats, blk, rep):
    return int(lane_offsets(repeats - 1, [max(lanes)], itemsize, blk, rep)[0]) + 1


BINARY = ["Add", "Sub", "Mul", "Div", "Max", "Min"]
TYPES = [F32, F16, np.int32, np.int16]
# (mask description, repeatTime, BinaryRepeatParams)
BINARY_LAYOUTS = [
    pytest.param(dict(mask_lanes=1000), 2, [1, 1, 1, 8, 8, 8], id="contiguous-clamped-mask"),
    pytest.param(dict(mask_lanes=37), 3, [2, 1, 3, 16, 8, 24], id="continuous-37-strided"),
    pytest.param(dict(bits=[0x8000_0000_0000_F00F, 0x0000_0001_8000_0001]), 2, [1, 2, 1, 8, 16, 0], id="bits-src1-rep0"),
]


@pytest.mark.parametrize("api", BINARY)
@pytest.mark.parametrize("dtype", TYPES, ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("mask,repeats,params", BINARY_LAYOUTS)
def test_binary_mask_repeat_forms(simtest, api, dtype, mask, repeats, params):
    if api == "Div" and np.issubdtype(dtype, np.integer):
        pytest.skip("Div: half and float only")
    lanes = 256 // np.dtype(dtype).itemsize
    active = active_lanes(lanes, mask.get("mask_lanes"), mask.get("bits"))
    strides = [(params[0], params[3]), (params[1], params[4]), (params[2], params[5])]
    sizes = [extent(np.dtype(dtype).itemsize, active, repeats, *s) for s in strides]
    rng = np.random.default_rng(len(active) * 31 + repeats)
    size = max(sizes) + 32
    a, b = random_values(rng, dtype, size, -4, 4), random_values(rng, dtype, size, 0.5, 4)
    dst = np.full(size, SENTINEL, dtype)
    options = dict(masked=True, repeat_time=repeats, repeat_params=params)
    if "bits" in mask:
        options["bit_mask"] = mask["bits"]
    else:
        options["mask_lanes"] = mask["mask_lanes"]
    run = run_vector(simtest, api, [dst, a, b], [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], 0, **options)
    assert run.ok, run.result["error"]
    expected = reference(lambda x, y: numpy_binary(api, x, y), dst, [a, b], strides, repeats, lambda r: active)
    assert_bits_equal(run.array(0, dtype), expected)
    pipe = run.vector_pipe()
    assert pipe["instructions"] == 1 and pipe["repeats"] == repeats


UNARY = ["Exp", "Ln", "Abs", "Sqrt", "Reciprocal", "Relu"]
UNARY_RANGES = {"Exp": (-5, 5), "Ln": (0.01, 100), "Sqrt": (0, 100), "Reciprocal": (0.5, 8), "Abs": (-9, 9),
                "Relu": (-9, 9)}


@pytest.mark.parametrize("api", UNARY)
@pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
def test_unary_mask_repeat_forms(simtest, api, dtype):
    params, repeats = [3, 1, 30, 9], 3  # dstBlkStride 3, srcBlkStride 1, dstRepStride 30, srcRepStride 9
    bits = [0xF0F0_F0F0_0F0F_0F0F, 0x1234_5678_9ABC_DEF0]
    lanes = 256 // np.dtype(dtype).itemsize
    active = active_lanes(lanes, bits=bits)
    strides = [(params[0], params[2]), (params[1], params[3])]
    size = max(extent(np.dtype(dtype).itemsize, active, repeats, *s) for s in strides) + 16
    x = random_values(np.random.default_rng(5), dtype, size, *UNARY_RANGES[api])
    dst = np.full(size, SENTINEL, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, masked=True, bit_mask=bits,
                     repeat_time=repeats, repeat_params=params)
    assert run.ok, run.result["error"]
    expected = reference(lambda v: unary_reference(api, v), dst, [x], strides, repeats, lambda r: active)
    assert_bits_equal(run.array(0, dtype), expected)


@pytest.mark.parametrize("api,op", [("Adds", np.add), ("Muls", np.multiply), ("Maxs", np.maximum),
                                    ("Mins", np.minimum)])
@pytest.mark.parametrize("dtype", TYPES, ids=lambda t: np.dtype(t).name)
def test_scalar_mask_repeat_forms(simtest, api, op, dtype):
    params, repeats, mask = [1, 2, 8, 16], 2, 50
    lanes = 256 // np.dtype(dtype).itemsize
    active = active_lanes(lanes, mask_lanes=mask)
    strides = [(params[0], params[2]), (params[1], params[3])]
    size = max(extent(np.dtype(dtype).itemsize, active, repeats, *s) for s in strides) + 8
    x = random_values(np.random.default_rng(9), dtype, size, -9, 9)
    dst = np.full(size, SENTINEL, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, masked=True, mask_lanes=mask,
                     repeat_time=repeats, repeat_params=params, scalar=-3.0)

    def fn(v):
        if np.issubdtype(dtype, np.integer):
            with np.errstate(over="ignore"):
                return op(v, np.array(-3, dtype)).astype(dtype)
        return op(v.astype(F32), F32(-3)).astype(dtype)

    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, dtype), reference(fn, dst, [x], strides, repeats, lambda r: active))


def test_duplicate_mask_repeat_form(simtest):
    dst = np.full(1024, SENTINEL, F16)
    run = run_vector(simtest, "Duplicate", [dst], [(0, 0, F16)], 0, masked=True, bit_mask=[0xFF00FF, 1 << 63],
                     repeat_time=2, repeat_params=[2, 16], scalar=-1.5)
    assert run.ok, run.result["error"]
    active = active_lanes(128, bits=[0xFF00FF, 1 << 63])
    expected = reference(lambda: np.float16(-1.5), dst, [], [(2, 16)], 2, lambda r: active)
    assert_bits_equal(run.array(0, F16), expected)


@pytest.mark.parametrize("dst_type,src_type,mode", [(F32, F16, 0), (F16, F32, 1), (np.int32, F32, 4), (np.int32, F32, 5)],
                         ids=["half-float-none", "float-half-rint", "float-int32-round", "float-int32-trunc"])
def test_cast_mask_repeat_form(simtest, dst_type, src_type, mode):
    # 64 lanes per repeat (the wider type); the 2-byte side spans 4 blocks of a repeat.
    params, repeats = [1, 2, 8, 8], 2
    active = active_lanes(64, mask_lanes=40)
    strides = [(params[0], params[2]), (params[1], params[3])]
    size = max(extent(np.dtype(t).itemsize, active, repeats, *s) for t, s in zip([dst_type, src_type], strides)) + 32
    x = (np.random.default_rng(3).uniform(-100, 100, size)).astype(src_type)
    x[:4] = [2.5, -3.5, 0.5, -0.5]  # ties: CAST_ROUND goes away from zero
    dst = np.full(size, SENTINEL, dst_type)
    run = run_vector(simtest, "Cast", [dst, x], [(0, 0, dst_type), (1, 0, src_type)], 0, masked=True, mask_lanes=40,
                     repeat_time=repeats, repeat_params=params, round_mode=mode)
    assert run.ok, run.result["error"]

    def fn(v):
        w = v.astype(np.float64)  # exact
        if mode == 4:
            w = np.where(w >= 0, np.floor(w + 0.5), np.ceil(w - 0.5))
        elif mode == 5:
            w = np.trunc(w)
        return w.astype(dst_type)  # RINT / exact for the others: one nearest-even rounding

    assert_bits_equal(run.array(0, dst_type), reference(fn, dst, [x], strides, repeats, lambda r: active))


def test_mask_zero_and_repeat_zero_do_nothing(simtest):
    a = np.arange(64, dtype=F32)
    for options in (dict(mask_lanes=0, repeat_time=1), dict(bit_mask=[0, 0], repeat_time=1),
                    dict(mask_lanes=64, repeat_time=0)):
        run = run_vector(simtest, "Add", [np.full(64, SENTINEL, F32), a, a], [(0, 0, F32), (1, 0, F32), (2, 0, F32)],
                         0, masked=True, **options)
        assert run.ok, run.result["error"]
        assert (run.array(0, F32) == SENTINEL).all()
        assert run.vector_pipe()["instructions"] == 0


def test_bit_mask_high_word_is_not_read_for_32_bit_types(simtest):
    a = np.arange(64, dtype=F32)
    run = run_vector(simtest, "Adds", [np.full(64, SENTINEL, F32), a], [(0, 0, F32), (1, 0, F32)], 0, masked=True,
                     bit_mask=[0b101, ~0 & (2 ** 64 - 1)], repeat_time=1, scalar=1.0)
    assert run.ok, run.result["error"]
    out = run.array(0, F32)
    assert out[0] == 1 and out[2] == 3 and (np.delete(out, [0, 2]) == SENTINEL).all()


# ---- Counter mode and the mask register ----------------------------------------------------------

def test_counter_mode_counts_elements_and_ignores_repeat_time(simtest):
    """CANN's 掩码 page: SetMaskCount(); mask[] = {130, 0}; Adds(..., repeatTime 1, {2, 2, 16, 16}):
    130 half elements in 2 repeats (128 + 2), blocks 2 apart."""
    x = random_values(np.random.default_rng(1), F16, 512, -9, 9)
    dst = np.full(512, SENTINEL, F16)
    run = run_vector(simtest, "Adds", [dst, x], [(0, 0, F16), (1, 0, F16)], 0, masked=True, counter_mode=True,
                     bit_mask=[130, 0], repeat_time=1, repeat_params=[2, 2, 16, 16], scalar=1.0)
    assert run.ok, run.result["error"]
    fn = lambda v: (v.astype(F32) + 1).astype(F16)
    expected = reference(fn, dst, [x], [(2, 16), (2, 16)], 2, lambda r: list(range(128 if r == 0 else 2)))
    assert_bits_equal(run.array(0, F16), expected)
    assert run.vector_pipe()["repeats"] == 2


def test_counter_mode_with_a_continuous_mask_is_reported(simtest):
    """In Counter mode a continuous mask sets lane bits (130 -> all ones), which count 2^64-1 elements."""
    x = np.zeros(256, F16)
    run = run_vector(simtest, "Adds", [np.zeros(256, F16), x], [(0, 0, F16), (1, 0, F16)], 0, masked=True,
                     counter_mode=True, mask_lanes=130, repeat_time=1, scalar=1.0)
    assert not run.ok
    assert run.result["error_kind"] == "api-misuse", run.result["error"]
    for word in ("Adds: Counter mode (SetMaskCount)", "18446744073709551615", "pass the count as mask[] = {count, 0}"):
        assert word in run.result["error"], run.result["error"]


def test_is_set_mask_false_reads_the_register(simtest):
    a = np.arange(128, dtype=F32)
    ops = [(0, 0, F32), (1, 0, F32), (2, 0, F32)]
    bufs = [np.full(128, SENTINEL, F32), a, a]
    # SetVectorMask<float>(0, 0b1011): lanes 0, 1, 3 of both repeats.
    run = run_vector(simtest, "Add", bufs, ops, 0, masked=True, is_set_mask=False, set_mask=[0, 0b1011],
                     mask_lanes=64, repeat_time=2)
    assert run.ok, run.result["error"]
    out = run.array(0, F32)
    lanes = [0, 1, 3, 64, 65, 67]
    assert (out[lanes] == 2 * a[lanes]).all() and (np.delete(out, lanes) == SENTINEL).all()
    # SetVectorMask<float>(5): the first 5 lanes.
    run = run_vector(simtest, "Add", bufs, ops, 0, masked=True, is_set_mask=False, set_len=5, repeat_time=1)
    out = run.array(0, F32)
    assert (out[:5] == 2 * a[:5]).all() and (out[5:] == SENTINEL).all()
    # Counter mode: SetVectorMask<float, MaskMode::COUNTER>(70): 70 elements, repeatTime ignored.
    run = run_vector(simtest, "Add", bufs, ops, 0, masked=True, is_set_mask=False, counter_mode=True, set_len=70,
                     repeat_time=1)
    out = run.array(0, F32)
    assert (out[:70] == 2 * a[:70]).all() and (out[70:] == SENTINEL).all()


def test_a_count_form_call_resets_the_register(simtest):
    """CANN's count forms end with SetMaskNorm and an all-ones mask: a later isSetMask=false call
    computes every lane, whatever SetVectorMask said before."""
    a = np.arange(64, dtype=F32)
    run = run_vector(simtest, "Add", [np.full(64, SENTINEL, F32), a, a], [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 0,
                     masked=True, is_set_mask=False, set_mask=[0, 1], count_form_first=True, repeat_time=1)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, F32), 2 * a)


def test_strided_definedness_is_per_lane(simtest):
    """An undefined source lane gives an undefined dst lane; masked-out dst lanes keep their flags."""
    defined = np.ones(128, bool)
    defined[9] = False  # lane 9 of repeat 0 (srcBlkStride 1)
    run = run_vector(simtest, "Abs", [Partly(np.zeros(128, F32), np.zeros(128, bool)), Partly(np.ones(128, F32), defined)],
                     [(0, 0, F32), (1, 0, F32)], 0, masked=True, mask_lanes=16, repeat_time=1)
    assert run.ok, run.result["error"]
    flags = run.defined_bytes(0).reshape(-1, 4).all(axis=1)
    assert flags[:16].tolist() == [i != 9 for i in range(16)]
    assert not flags[16:].any()


def test_accumulation_into_src1_with_dst_rep_stride_zero(simtest):
    """CANN allows dst to be a later repeat's src1 for Add when dstRepStride (or src1RepStride) is 0:
    repeats run in order, so dst accumulates the rows of src0."""
    rows = np.arange(4 * 64, dtype=F32).reshape(4, 64)
    acc = np.ones(64, F32)
    run = run_vector(simtest, "Add", [acc, rows.ravel()], [(0, 0, F32), (1, 0, F32), (0, 0, F32)], 0, masked=True,
                     mask_lanes=64, repeat_time=4, repeat_params=[1, 1, 1, 0, 8, 0])
    assert run.ok, run.result["error"]
    expected = acc.copy()
    for row in rows:
        expected = expected + row
    assert_bits_equal(run.array(0, F32), expected)


def test_accumulation_exception_for_src1_rep_stride_zero(simtest):
    """dst rows 0..3 (dstRepStride 8), src1 always row 0 of dst (src1RepStride 0): repeat r > 0
    reads what repeat 0 wrote, which CANN allows for Add."""
    rows = np.arange(4 * 64, dtype=F32).reshape(4, 64)
    acc = np.full(4 * 64, 2, F32)
    run = run_vector(simtest, "Add", [acc, rows.ravel()], [(0, 0, F32), (1, 0, F32), (0, 0, F32)], 0, masked=True,
                     mask_lanes=64, repeat_time=4, repeat_params=[1, 1, 1, 8, 8, 0])
    assert run.ok, run.result["error"]
    row0 = rows[0] + F32(2)
    expected = np.concatenate([row0] + [rows[r] + row0 for r in range(1, 4)])
    assert_bits_equal(run.array(0, F32), expected)


# ---- checks --------------------------------------------------------------------------------------

def test_repeat_past_the_tensor_names_repeat_block_and_strides(simtest):
    a = np.zeros(256, F32)
    run = run_vector(simtest, "Add", [np.zeros(256, F32), a, a], [(0, 0, F32), (1, 0, F32), (2, 0, F32, 200)], 0,
                     masked=True, mask_lanes=64, repeat_time=4, repeat_params=[1, 1, 1, 8, 8, 8])
    assert_reported(run, "operand-bounds", "Add: operand src1: repeat 3, block 1 reaches", "past the end of its tensor",
                  "holds 800 bytes", "repeatTime 4, src1BlkStride 1, src1RepStride 8")


def test_misaligned_operand(simtest):
    a = np.zeros(256, F32)
    run = run_vector(simtest, "Mul", [np.zeros(256, F32), a, a], [(0, 0, F32), (1, 2, F32), (2, 0, F32)], 0,
                     masked=True, mask_lanes=64, repeat_time=1)
    assert_reported(run, "ub-alignment", "Mul", "operand src0", "32-byte aligned")


@pytest.mark.parametrize("api,ops,params,words", [
    pytest.param("Add", [(0, 8, F32), (0, 0, F32), (1, 0, F32)], [1, 1, 1, 8, 8, 8], ["within one repeat"], id="shifted"),
    pytest.param("Add", [(0, 0, F32), (0, 0, F32), (1, 0, F32)], [1, 1, 1, 8, 4, 8], ["a later repeat may not read"],
                 id="src0-rep-stride-differs"),
    pytest.param("Div", [(0, 0, F32), (1, 0, F32), (0, 0, F32)], [1, 1, 1, 8, 8, 0], ["a later repeat may not read"],
                 id="div-accumulates"),
])
def test_overlaps_the_hardware_does_not_support(simtest, api, ops, params, words):
    buf = np.arange(512, dtype=F32) + 1
    run = run_vector(simtest, api, [buf, np.ones(512, F32)], ops, 0, masked=True, mask_lanes=64, repeat_time=3,
                     repeat_params=params)
    assert_reported(run, "api-misuse", f"{api}: operands dst (", "overlap", *words)


def test_in_place_with_equal_strides_is_fine(simtest):
    buf = np.arange(512, dtype=F32)
    run = run_vector(simtest, "Muls", [buf], [(0, 0, F32), (0, 0, F32)], 0, masked=True, mask_lanes=64, repeat_time=3,
                     repeat_params=[2, 2, 16, 16], scalar=2.0)
    assert run.ok, run.result["error"]
    expected = reference(lambda v: v * F32(2), buf, [buf], [(2, 16), (2, 16)], 3, lambda r: list(range(64)))
    assert_bits_equal(run.array(0, F32), expected)


def test_dst_block_stride_zero(simtest):
    run = run_vector(simtest, "Adds", [np.zeros(64, F32), np.zeros(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     masked=True, mask_lanes=64, repeat_time=1, repeat_params=[0, 1, 8, 8], scalar=1.0)
    assert_reported(run, "api-misuse", "dstBlkStride 0", "8 active blocks")


def test_strided_read_races_only_with_the_blocks_it_touches(simtest):
    x = np.full(8, 5.0, np.float32)
    ok = simtest.launch("masked_read_skips_dma_block", 1, [("x", x.tobytes()), ("y", bytes(256))])
    assert ok["ok"], ok["error"]
    assert (np.frombuffer(ok["outputs"]["y"], np.float32) == 2.0).all()
    bad = simtest.launch("masked_read_missing_mte2_v_sync", 1, [("x", x.tobytes()), ("y", bytes(256))])
    assert bad["error_kind"] == "pipe-hazard", bad.get("error")
    for word in ("Adds (pipe V)", "operand src", "read-after-write", "written by pipe MTE2"):
        assert word in bad["error"], bad["error"]


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<int16_t> s, LocalTensor<bfloat16_t> b, LocalTensor<half> h) {
    uint64_t mask[2] = {~0ull, ~0ull};
    Div(i, i, i, mask, 1, BinaryRepeatParams{});
    Exp(s, s, 64, 1, UnaryRepeatParams{});
    Adds(b, b, 1.0f, 64, 1, UnaryRepeatParams{});
    Cast(s, i, RoundMode::CAST_NONE, 64, 1, UnaryRepeatParams{});
}
""")
    for message in ("Div: element type must be half or float", "Exp: element type must be half or float",
                    "Adds: element type must be int16_t, half, int32_t or float",
                    "Cast: Atlas A2/A3 has no conversion"):
        assert message in stderr, f"{message!r} missing from the compiler's errors"
