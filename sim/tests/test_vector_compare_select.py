"""Compare, Compares, CompareScalar, Compare into the CMPMASK register and Select against numpy.

The references are written from CANN's pages (asc-devkit docs/zh/api/SIMD-API/基础API/
Memory矢量计算/比较与选择/Compare.md, Compares.md, Select.md) and the A2/A3 implementation
(impl/basic_api/dav_c220/kernel_operator_vec_cmp_impl.h, kernel_operator_vec_cmpsel_impl.h), not
from the sim: comparison i sets bit i % 8 of dst byte i / 8 (numpy's packbits, little bit order);
on A2/A3 the mask of the bit-mask-producing forms is not read and their bits are packed whatever
dst's strides; Select takes src0 where the selMask bit is 1 and src1 where it is 0, with mode 0
reusing the first 256 / sizeof(T) bits in every repeat and modes 1/2 consuming them in order.
"""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_mask_repeat import lane_offsets
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

CMPMODES = {"LT": (0, np.less), "GT": (1, np.greater), "EQ": (2, np.equal), "LE": (3, np.less_equal),
            "GE": (4, np.greater_equal), "NE": (5, np.not_equal)}
SEL_CMPMASK_SPR, SEL_TENSOR_SCALAR, SEL_TENSOR_TENSOR = 0, 1, 2
# (dtype, modes A2/A3 accept for it)
COMPARE_TYPES = [(F32, list(CMPMODES)), (F16, list(CMPMODES)), (np.int32, ["EQ"])]
CASES = [pytest.param(t, m, id=f"{np.dtype(t).name}-{m}") for t, modes in COMPARE_TYPES for m in modes]


def packed(flags) -> np.ndarray:
    return np.packbits(np.asarray(flags, dtype=bool), bitorder="little")


def operands_with_ties(rng, dtype, n):
    """Two sources with equal elements, and NaNs for floating types, so every mode's edge shows."""
    a = random_values(rng, dtype, n, -4, 4)
    b = random_values(rng, dtype, n, -4, 4)
    b[::5] = a[::5]
    if np.issubdtype(np.dtype(dtype), np.integer):
        b[1::3] = a[1::3]
    else:
        a[7::31] = np.nan
        b[11::29] = np.nan
    return a, b


@pytest.mark.parametrize("dtype,mode", CASES)
def test_compare_count_form(simtest, dtype, mode):
    value, fn = CMPMODES[mode]
    n = 3 * 256 // np.dtype(dtype).itemsize  # three whole repeats
    a, b = operands_with_ties(np.random.default_rng(n + value), dtype, n)
    dst = np.full(n // 8 + 32, 0xA5, np.uint8)
    run = run_vector(simtest, "Compare", [dst, a, b], [(0, 0, np.uint8), (1, 0, dtype), (2, 0, dtype)], n,
                     cmp_mode=value)
    assert run.ok, run.result["error"]
    out = run.array(0, np.uint8)
    assert_bits_equal(out[:n // 8], packed(fn(a, b)))
    assert (out[n // 8:] == 0xA5).all(), "bytes past the packed result were written"
    assert run.vector_pipe()["instructions"] == 1 and run.vector_pipe()["repeats"] == 3


@pytest.mark.parametrize("dtype,mode", CASES)
@pytest.mark.parametrize("api", ["Compares", "CompareScalar"])
def test_compare_with_a_scalar_count_form(simtest, api, dtype, mode):
    value, fn = CMPMODES[mode]
    n = 2 * 256 // np.dtype(dtype).itemsize
    a, _ = operands_with_ties(np.random.default_rng(n * 3 + value), dtype, n)
    scalar = a[4]  # ties with at least one element
    run = run_vector(simtest, api, [np.zeros(n // 8 + 32, np.uint8), a], [(0, 0, np.uint8), (1, 0, dtype)], n,
                     cmp_mode=value, scalar=float(scalar))
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(0, np.uint8)[:n // 8], packed(fn(a, np.asarray(scalar, dtype))))


@pytest.mark.parametrize("dtype", [F32, F16])
@pytest.mark.parametrize("mask", [dict(mask_lanes=3), dict(bit_mask=[1, 0])], ids=["continuous-3", "bits-1"])
def test_compare_mask_form_reads_every_lane_with_source_strides(simtest, dtype, mask):
    """A2/A3: mask reserved (all lanes compared), sources strided, dst bits packed (its strides unread)."""
    size = np.dtype(dtype).itemsize
    lanes, repeats = 256 // size, 3
    strides = [(2, 16), (1, 8)]  # (blkStride, repStride) of src0, src1
    extent = [int(lane_offsets(repeats - 1, [lanes - 1], size, *s)[0]) + 1 for s in strides]
    rng = np.random.default_rng(lanes)
    a, b = operands_with_ties(rng, dtype, max(extent))
    value, fn = CMPMODES["LE"]
    run = run_vector(simtest, "Compare", [np.zeros(repeats * lanes // 8 + 32, np.uint8), a, b],
                     [(0, 0, np.uint8), (1, 0, dtype), (2, 0, dtype)], 0, cmp_mode=value, masked=True,
                     repeat_time=repeats, repeat_params=[3, 2, 1, 1, 16, 8], **mask)
    assert run.ok, run.result["error"]
    expected = []
    for r in range(repeats):
        x = a[lane_offsets(r, range(lanes), size, *strides[0])]
        y = b[lane_offsets(r, range(lanes), size, *strides[1])]
        expected.append(fn(x, y))
    assert_bits_equal(run.array(0, np.uint8)[:repeats * lanes // 8], packed(np.concatenate(expected)))


@pytest.mark.parametrize("dtype", [F32, F16, np.int32])
def test_compares_mask_form(simtest, dtype):
    size = np.dtype(dtype).itemsize
    lanes, repeats = 256 // size, 2
    a = random_values(np.random.default_rng(7), dtype, 2 * repeats * lanes, -4, 4)
    value, fn = CMPMODES["EQ"]
    scalar = a[0]
    a[lane_offsets(1, [5, 9], size, 1, 16)] = scalar
    run = run_vector(simtest, "Compares", [np.zeros(64, np.uint8), a], [(0, 0, np.uint8), (1, 0, dtype)], 0,
                     cmp_mode=value, scalar=float(scalar), masked=True, mask_lanes=lanes, repeat_time=repeats,
                     repeat_params=[1, 1, 8, 16])
    assert run.ok, run.result["error"]
    chosen = np.concatenate([a[lane_offsets(r, range(lanes), size, 1, 16)] for r in range(repeats)])
    assert_bits_equal(run.array(0, np.uint8)[:repeats * lanes // 8], packed(fn(chosen, scalar)))


@pytest.mark.parametrize("dtype", [F32, F16])
def test_compare_into_the_register_and_get_cmp_mask(simtest, dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    a, b = operands_with_ties(np.random.default_rng(3), dtype, lanes)
    value, fn = CMPMODES["GT"]
    run = run_vector(simtest, "CompareToRegister", [np.full(32, 0xEE, np.uint8), a, b],
                     [(0, 0, np.uint8), (1, 0, dtype), (2, 0, dtype)], 0, cmp_mode=value, masked=True,
                     mask_lanes=28)
    assert run.ok, run.result["error"]
    expected = np.zeros(128, bool)
    expected[:28] = fn(a[:28], b[:28])
    out = run.array(0, np.uint8)
    assert_bits_equal(out[:16], packed(expected))
    assert (out[16:] == 0xEE).all(), "GetCmpMask stores the 16 bytes of the register only"


def select_reference(mode, sel_bits, a, b, lanes, count):
    """dst[i] for i < count: bit (i % lanes) in mode 0, bit i otherwise."""
    index = np.arange(count)
    bit = sel_bits[index % lanes] if mode == SEL_CMPMASK_SPR else sel_bits[index]
    return np.where(bit, a[:count], b[:count] if np.ndim(b) else b)


@pytest.mark.parametrize("dtype", [F32, F16])
@pytest.mark.parametrize("mode", [SEL_CMPMASK_SPR, SEL_TENSOR_SCALAR, SEL_TENSOR_TENSOR],
                         ids=["mode0", "mode1", "mode2"])
@pytest.mark.parametrize("mask_dtype", [np.uint8, np.uint16, np.uint32])
def test_select_count_form(simtest, dtype, mode, mask_dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    count = 3 * lanes - 5  # a partial last repeat
    rng = np.random.default_rng(count + mode)
    a, b = random_values(rng, dtype, 3 * lanes), random_values(rng, dtype, 3 * lanes)
    sel_bits = rng.integers(0, 2, 3 * lanes).astype(bool)
    sel = packed(sel_bits).view(mask_dtype)
    dst = np.full(3 * lanes, 9, dtype)
    buffers = [dst, sel, a] + ([] if mode == SEL_TENSOR_SCALAR else [b])
    operands = [(0, 0, dtype), (1, 0, mask_dtype), (2, 0, dtype)] + ([] if mode == SEL_TENSOR_SCALAR else [(3, 0, dtype)])
    scalar = -2.5
    run = run_vector(simtest, "Select", buffers, operands, count, sel_mode=mode, scalar=scalar)
    assert run.ok, run.result["error"]
    other = np.asarray(scalar, dtype) if mode == SEL_TENSOR_SCALAR else b
    out = run.array(0, dtype)
    assert_bits_equal(out[:count], select_reference(mode, sel_bits, a, other, lanes, count))
    assert_bits_equal(out[count:], dst[count:])


@pytest.mark.parametrize("dtype", [F32, F16])
@pytest.mark.parametrize("mode", [SEL_CMPMASK_SPR, SEL_TENSOR_SCALAR, SEL_TENSOR_TENSOR],
                         ids=["mode0", "mode1", "mode2"])
def test_select_mask_form_keeps_dst_outside_the_mask(simtest, dtype, mode):
    size = np.dtype(dtype).itemsize
    lanes, repeats, active = 256 // size, 2, 37
    rng = np.random.default_rng(lanes + mode)
    a = random_values(rng, dtype, 2 * repeats * lanes)
    b = random_values(rng, dtype, repeats * lanes)
    sel_bits = rng.integers(0, 2, repeats * lanes).astype(bool)
    dst = np.full(repeats * lanes, 9, dtype)
    scalar = 1.25
    tensors = mode != SEL_TENSOR_SCALAR
    buffers = [dst, packed(sel_bits), a] + ([b] if tensors else [])
    operands = [(0, 0, dtype), (1, 0, np.uint8), (2, 0, dtype)] + ([(3, 0, dtype)] if tensors else [])
    # src0 every other repeat block (repStride 16): lane l of repeat r at r * lanes * 2 + l
    run = run_vector(simtest, "Select", buffers, operands, 0, sel_mode=mode, scalar=scalar, masked=True,
                     mask_lanes=active, repeat_time=repeats, repeat_params=[1, 1, 1, 8, 16, 8])
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        lane = np.arange(active)
        bit = sel_bits[lane] if mode == SEL_CMPMASK_SPR else sel_bits[r * lanes + lane]
        other = b[r * lanes + lane] if tensors else np.asarray(scalar, dtype)
        expected[r * lanes + lane] = np.where(bit, a[r * 2 * lanes + lane], other)
    assert_bits_equal(run.array(0, dtype), expected)


def test_compare_then_select_after_a_dma(simtest):
    x = np.linspace(-3, 3, 64, dtype=F32)
    outputs = [("x", x.tobytes()), ("y", bytes(32)), ("z", bytes(256))]
    ok = simtest.launch("compare_select_synced", 1, outputs)
    assert ok["ok"], ok["error"]
    assert_bits_equal(np.frombuffer(ok["outputs"]["y"], np.uint8)[:8], packed(x > 0))
    assert_bits_equal(np.frombuffer(ok["outputs"]["z"], F32), np.where(x > 0, x, F32(0)))
    bad = simtest.launch("compare_select_missing_mte2_v_sync", 1, outputs)
    assert bad["error_kind"] == "pipe-hazard", bad.get("error")
    for word in ("Compare (pipe V)", "operand src0", "read-after-write", "written by pipe MTE2"):
        assert word in bad["error"], bad["error"]


# ---- bad calls ----

def test_int32_compare_other_than_eq_is_reported(simtest):
    a = np.arange(64, dtype=np.int32)
    run = run_vector(simtest, "Compare", [np.zeros(32, np.uint8), a, a], [(0, 0, np.uint8), (1, 0, np.int32),
                                                                          (2, 0, np.int32)], 64,
                     cmp_mode=CMPMODES["LT"][0])
    assert_reported(run, "api-misuse", "Compare", "cmpMode 0", "int32_t", "CMPMODE::EQ only")


def test_count_not_filling_whole_repeats_is_reported(simtest):
    a = np.ones(128, F32)
    run = run_vector(simtest, "Compare", [np.zeros(32, np.uint8), a, a], [(0, 0, np.uint8), (1, 0, F32),
                                                                          (2, 0, F32)], 100, cmp_mode=2)
    assert_reported(run, "api-misuse", "Compare", "count 100", "not a multiple of 256 bytes")


def test_misaligned_source_is_reported(simtest):
    a = np.ones(128, F32)
    run = run_vector(simtest, "Compares", [np.zeros(32, np.uint8), a], [(0, 0, np.uint8), (1, 4, F32)], 64,
                     cmp_mode=2, scalar=1.0)
    assert_reported(run, "ub-alignment", "Compares", "operand src0", "not 32-byte aligned")


def test_dst_too_small_for_the_bits_is_reported(simtest):
    a = np.ones(256, F32)
    run = run_vector(simtest, "Compare", [np.zeros(32, np.uint8), a, a],
                     [(0, 0, np.uint8, 16), (1, 0, F32), (2, 0, F32)], 256, cmp_mode=2)
    assert_reported(run, "operand-bounds", "Compare", "dst")


def test_selmask_shorter_than_the_elements_is_reported(simtest):
    lanes = 64
    a = np.ones(4 * lanes, F32)
    run = run_vector(simtest, "Select", [np.zeros(4 * lanes, F32), np.zeros(32, np.uint8), a, a],
                     [(0, 0, F32), (1, 0, np.uint8, 16), (2, 0, F32), (3, 0, F32)], 4 * lanes,
                     sel_mode=SEL_TENSOR_TENSOR)
    assert_reported(run, "operand-bounds", "Select", "selMask")


def test_undefined_selmask_is_reported(simtest):
    from sim.tests.vector_harness import Poisoned
    a = np.ones(64, F32)
    run = run_vector(simtest, "Select", [np.zeros(64, F32), Poisoned(32), a, a],
                     [(0, 0, F32), (1, 0, np.uint8), (2, 0, F32), (3, 0, F32)], 64, sel_mode=SEL_TENSOR_TENSOR)
    assert_reported(run, "uninitialized-read", "Select", "selMask")


def test_scalar_mode_with_a_tensor_src1_is_reported(simtest):
    a = np.ones(64, F32)
    run = run_vector(simtest, "Select", [np.zeros(64, F32), np.zeros(32, np.uint8), a, a],
                     [(0, 0, F32), (1, 0, np.uint8), (2, 0, F32), (3, 0, F32)], 64, sel_mode=SEL_TENSOR_SCALAR)
    assert_reported(run, "api-misuse", "Select", "VSEL_TENSOR_SCALAR_MODE with a src1 tensor")


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int16_t> s, LocalTensor<uint8_t> m, LocalTensor<float> f, LocalTensor<int32_t> i,
         LocalTensor<half> h) {
    Compare(m, s, s, CMPMODE::EQ, 128);
    Compare(i, f, f, CMPMODE::EQ, 64);
    Compares(s.ReinterpretCast<int8_t>(), f, 1.0f, CMPMODE::EQ, 64);
    Select(i, m, i, i, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
    Select(h, h, h, h, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
}
""")
    for message in ("Compare: source type must be half, float or int32_t", "Compare: dst type must be int8_t or uint8_t",
                    "Compares: dst type must be uint8_t", "Select: element type must be half or float",
                    "Select: selMask type must be uint8_t, uint16_t, uint32_t or uint64_t"):
        assert message in stderr, f"{message!r} missing from the compiler's errors"
