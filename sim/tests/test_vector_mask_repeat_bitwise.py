"""The mask/repeat forms of the bitwise and compound vector APIs (And, Or, Not, ShiftLeft,
ShiftRight, AddRelu, SubRelu, Rsqrt, LeakyRelu, Axpy, FusedMulAdd, MulAddDst, MulAddRelu and
its old name FusedMulAddRelu) against numpy; and MulAddRelu's count form.

The lane layout is the reference of test_vector_mask_repeat.py (written from CANN's 高维切分 and
掩码 pages); element values come from the count forms' numpy references (test_vector_bitwise.py),
so both forms agree bit for bit. A multiply-add reads dst as its accumulator through dst's own
strides: lanes outside the mask keep the sentinel and are not read."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import mul_add, reference_shift
from sim.tests.test_vector_mask_repeat import SENTINEL, active_lanes, extent, reference
from sim.tests.vector_harness import F16, F32, assert_bits_equal, compile_errors, random_values, run_vector

BITS = [0xF0F0_F0F0_0F0F_0F0F, 0x1234_5678_9ABC_DEF0]


def mask_options(mask, repeats, params):
    options = dict(masked=True, repeat_time=repeats, repeat_params=params)
    if "bits" in mask:
        options["bit_mask"] = mask["bits"]
    else:
        options["mask_lanes"] = mask["mask_lanes"]
    return options


def layout(lane_bytes, itemsizes, mask, repeats, strides):
    lanes = 256 // lane_bytes
    active = active_lanes(lanes, mask.get("mask_lanes"), mask.get("bits"))
    size = max(extent(s, active, repeats, *st) for s, st in zip(itemsizes, strides)) + 32
    return active, size


BINARY_CASES = [("And", np.int16, np.bitwise_and), ("And", np.uint16, np.bitwise_and),
                ("Or", np.int16, np.bitwise_or), ("Or", np.uint16, np.bitwise_or)]


def relu_reference(op):
    def fn(a, b):
        if np.issubdtype(a.dtype, np.integer):
            with np.errstate(over="ignore"):
                v = op(a, b).astype(a.dtype)  # int16 wraps, then clamps
            return np.maximum(v, 0).astype(a.dtype)
        v = op(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype)  # one rounding to T
        return np.where(v < 0, np.zeros_like(v), v)
    return fn


BINARY_CASES += [(api, t, relu_reference(op)) for api, op in (("AddRelu", np.add), ("SubRelu", np.subtract))
                 for t in (np.int16, F16, F32)]


@pytest.mark.parametrize("api,dtype,fn", BINARY_CASES, ids=lambda v: getattr(v, "__name__", str(v)))
@pytest.mark.parametrize("mask,repeats,params", [
    pytest.param(dict(mask_lanes=37), 3, [2, 1, 3, 16, 8, 24], id="continuous-strided"),
    pytest.param(dict(bits=BITS), 2, [1, 2, 1, 8, 16, 8], id="bits"),
])
def test_binary_mask_forms(simtest, api, dtype, fn, mask, repeats, params):
    size_of = np.dtype(dtype).itemsize
    strides = [(params[0], params[3]), (params[1], params[4]), (params[2], params[5])]
    active, size = layout(size_of, [size_of] * 3, mask, repeats, strides)
    rng = np.random.default_rng(size)
    a, b = random_values(rng, dtype, size, -4, 4), random_values(rng, dtype, size, -4, 4)
    dst = np.full(size, SENTINEL, dtype)
    r = run_vector(simtest, api, [dst, a, b], [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], 0,
                   **mask_options(mask, repeats, params))
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), reference(fn, dst, [a, b], strides, repeats, lambda _: active))
    assert r.vector_pipe()["instructions"] == 1


def test_add_relu_accumulates_into_src1_with_rep_stride_0(simtest):
    """dst = src1 with src1RepStride 0 (the accumulation CANN documents for Add applies to AddRelu)."""
    x = np.arange(1, 129, dtype=F16) / F16(64)
    acc = np.zeros(128, F16)
    r = run_vector(simtest, "AddRelu", [acc, x], [(0, 0, F16), (1, 0, F16), (0, 0, F16)], 0, masked=True,
                   mask_lanes=128, repeat_time=1, repeat_params=[1, 1, 1, 8, 8, 0])
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), x)


@pytest.mark.parametrize("api,dtype,fn,low", [
    ("Not", np.int16, np.invert, None), ("Not", np.uint16, np.invert, None),
    ("Rsqrt", F32, None, 0.01), ("Rsqrt", F16, None, 0.01),
])
def test_unary_mask_forms(simtest, api, dtype, fn, low):
    params, repeats = [3, 1, 30, 9], 3
    size_of = np.dtype(dtype).itemsize
    strides = [(params[0], params[2]), (params[1], params[3])]
    active, size = layout(size_of, [size_of] * 2, dict(bits=BITS), repeats, strides)
    rng = np.random.default_rng(7)
    x = random_values(rng, dtype, size, low or 0, 100)
    if fn is None:  # 1 / sqrt(x) in double, rounded once (the count form's definition)
        fn = lambda v: (1.0 / np.sqrt(v.astype(np.float64))).astype(dtype)  # noqa: E731
    dst = np.full(size, SENTINEL, dtype)
    r = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, masked=True, bit_mask=BITS,
                   repeat_time=repeats, repeat_params=params)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), reference(fn, dst, [x], strides, repeats, lambda _: active))


@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32, np.uint32])
@pytest.mark.parametrize("left", [True, False])
def test_shift_mask_forms(simtest, dtype, left):
    params, repeats, mask = [1, 2, 8, 16], 2, 50
    size_of = np.dtype(dtype).itemsize
    strides = [(params[0], params[2]), (params[1], params[3])]
    active, size = layout(size_of, [size_of] * 2, dict(mask_lanes=mask), repeats, strides)
    x = random_values(np.random.default_rng(11), dtype, size)
    for bits in (0, 5, size_of * 8):
        dst = np.full(size, SENTINEL, dtype)
        r = run_vector(simtest, "ShiftLeft" if left else "ShiftRight", [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0,
                       masked=True, mask_lanes=mask, repeat_time=repeats, repeat_params=params, scalar=bits)
        assert r.ok, r.result["error"]
        expected = reference(lambda v: reference_shift(v, bits, left), dst, [x], strides, repeats, lambda _: active)
        assert_bits_equal(r.array(0, dtype), expected)


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.uint16])
def test_shift_right_round_en(simtest, dtype):
    """roundEn adds the last bit shifted out (the page's example: 17 >> 5 is 1); unsigned types ignore it."""
    x = random_values(np.random.default_rng(12), dtype, 256 // np.dtype(dtype).itemsize)
    x[0] = 17
    dst = np.full(x.size, SENTINEL, dtype)
    r = run_vector(simtest, "ShiftRight", [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, masked=True,
                   mask_lanes=x.size, repeat_time=1, scalar=5, round_en=True)
    assert r.ok, r.result["error"]
    expected = [(v >> 5) + ((v >> 4) & 1 if np.issubdtype(dtype, np.signedinteger) else 0) for v in x.tolist()]
    expected = np.array([e & ((1 << (8 * x.itemsize)) - 1) for e in expected], dtype=np.uint64).astype(
        np.dtype(dtype).str.replace("i", "u"))
    assert_bits_equal(r.array(0, dtype), expected.view(dtype))
    if np.issubdtype(dtype, np.signedinteger):
        assert r.array(0, dtype)[0] == 1


def test_shift_mask_form_count_out_of_range(simtest):
    r = run_vector(simtest, "ShiftRight", [np.zeros(128, np.int16), np.ones(128, np.int16)],
                   [(0, 0, np.int16), (1, 0, np.int16)], 0, masked=True, mask_lanes=128, repeat_time=1, scalar=17)
    assert not r.ok and r.result["error_kind"] == "api-misuse"
    assert "17 is outside [0, 16]" in r.result["error"]


@pytest.mark.parametrize("dtype", [F16, F32])
def test_leaky_relu_mask_form(simtest, dtype):
    params, repeats = [1, 1, 8, 8], 2
    size_of = np.dtype(dtype).itemsize
    strides = [(1, 8), (1, 8)]
    active, size = layout(size_of, [size_of] * 2, dict(bits=BITS), repeats, strides)
    x = random_values(np.random.default_rng(13), dtype, size, -8, 8)
    dst = np.full(size, SENTINEL, dtype)
    r = run_vector(simtest, "LeakyRelu", [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, masked=True, bit_mask=BITS,
                   repeat_time=repeats, repeat_params=params, scalar=0.125)

    def fn(v):  # x >= 0 ? x : slope * x, the product rounded to T (0.125: exact)
        return np.where(v >= 0, v, (v.astype(np.float64) * 0.125).astype(dtype))

    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), reference(fn, dst, [x], strides, repeats, lambda _: active))


@pytest.mark.parametrize("api,dst_type,src_type", [
    ("FusedMulAdd", F16, F16), ("FusedMulAdd", F32, F32), ("MulAddRelu", F16, F16), ("MulAddRelu", F32, F32),
    ("FusedMulAddRelu", F32, F32), ("MulAddDst", F16, F16), ("MulAddDst", F32, F32),
    ("MulAddDstMixed", F32, F16), ("Axpy", F16, F16), ("Axpy", F32, F32), ("AxpyMixed", F32, F16),
])
def test_multiply_add_mask_forms(simtest, api, dst_type, src_type):
    lane_bytes = max(np.dtype(dst_type).itemsize, np.dtype(src_type).itemsize)
    repeats, mask = 2, dict(mask_lanes=40)
    scalar_form = api.startswith("Axpy")
    params = [1, 1, 8, 8 if lane_bytes == 2 or src_type == dst_type else 4] if scalar_form else \
        [1, 1, 1, 8, 8 if src_type == dst_type else 4, 8 if src_type == dst_type else 4]
    if scalar_form:
        strides = [(params[0], params[2]), (params[1], params[3])]
        itemsizes = [np.dtype(dst_type).itemsize, np.dtype(src_type).itemsize]
    else:
        strides = [(params[0], params[3]), (params[1], params[4]), (params[2], params[5])]
        itemsizes = [np.dtype(dst_type).itemsize] + [np.dtype(src_type).itemsize] * 2
    active, size = layout(lane_bytes, itemsizes, mask, repeats, strides)
    rng = np.random.default_rng(17)
    acc = random_values(rng, dst_type, size, -4, 4)
    acc_masked = acc.copy()
    s0, s1 = random_values(rng, src_type, size, -4, 4), random_values(rng, src_type, size, -4, 4)
    options = mask_options(mask, repeats, params)
    if scalar_form:
        r = run_vector(simtest, api, [acc, s0], [(0, 0, dst_type), (1, 0, src_type)], 0, scalar=0.75, **options)
        fn = lambda x, d: mul_add(np.full(x.size, 0.75, src_type), x, d, dst_type)  # noqa: E731
        srcs, dst_strides = [s0, acc_masked], [strides[0], strides[1], strides[0]]
    else:
        r = run_vector(simtest, api, [acc, s0, s1], [(0, 0, dst_type), (1, 0, src_type), (2, 0, src_type)], 0,
                       **options)
        if api == "FusedMulAdd":  # dst = src0 * dst + src1
            fn = lambda a, d, b: mul_add(a, d, b, dst_type)  # noqa: E731
            srcs, dst_strides = [s0, acc_masked, s1], [strides[0], strides[1], strides[0], strides[2]]
        elif api.endswith("MulAddRelu"):  # dst = relu(src0 * dst + src1)
            fn = lambda a, d, b: relu(mul_add(a, d, b, dst_type))  # noqa: E731
            srcs, dst_strides = [s0, acc_masked, s1], [strides[0], strides[1], strides[0], strides[2]]
        else:  # dst = src0 * src1 + dst
            fn = lambda a, b, d: mul_add(a, b, d, dst_type)  # noqa: E731
            srcs, dst_strides = [s0, s1, acc_masked], [strides[0], strides[1], strides[2], strides[0]]
    assert r.ok, r.result["error"]
    expected = reference(fn, acc_masked, srcs, dst_strides, repeats, lambda _: active)
    assert_bits_equal(r.array(0, dst_type), expected)


def relu(v):
    return np.where(v < 0, np.zeros_like(v), v)


@pytest.mark.parametrize("api", ["MulAddRelu", "FusedMulAddRelu"])
@pytest.mark.parametrize("dtype", [F16, F32])
def test_mul_add_relu_count_form(simtest, api, dtype):
    from sim.tests.test_vector_bitwise import Misc
    n = 200
    rng = np.random.default_rng(23)
    acc, s0, s1 = (random_values(rng, dtype, n, -4, 4) for _ in range(3))
    r = run_vector(Misc(simtest), api, [acc, s0, s1], [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], n)
    assert r.ok, r.result["error"]
    expected = relu(mul_add(s0, acc, s1, dtype))
    assert (expected == 0).any() and (expected > 0).any()
    assert_bits_equal(r.array(0, dtype), expected)


def test_multiply_add_mask_form_reports_accumulator_outside_its_tensor(simtest):
    acc = np.zeros(64, F32)  # 2 repeats of 64 lanes need 128 floats
    r = run_vector(simtest, "FusedMulAdd", [acc, np.ones(128, F32), np.ones(128, F32)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 0, masked=True, mask_lanes=64, repeat_time=2,
                   repeat_params=[1, 1, 1, 8, 8, 8])
    assert not r.ok
    assert "FusedMulAdd" in r.result["error"] and "dst" in r.result["error"]


def test_mask_forms_reject_wrong_types_at_compile_time(tmp_path):
    source = """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<float>& f, LocalTensor<int32_t>& i, LocalTensor<half>& h, LocalTensor<int16_t>& s) {
    uint64_t mask[2] = {~0ull, ~0ull};
    BinaryRepeatParams b; UnaryRepeatParams u;
    And(f, f, f, mask, 1, b);
    Not(i, i, 64, 1, u);
    Rsqrt(i, i, 64, 1, u);
    AddRelu(i, i, i, 64, 1, b);
    LeakyRelu(s, s, 1, 64, 1, u);
    FusedMulAdd(s, s, s, 64, 1, b);
    MulAddDst(h, f, f, 64, 1, b);
    MulAddRelu(i, i, i, 64);
    FusedMulAddRelu(s, s, s, 64, 1, b);
}
"""
    errors = compile_errors(tmp_path, source)
    for text in ("And: element type must be int16_t or uint16_t", "Not: element type must be",
                 "Rsqrt: element type must be half or float", "AddRelu: element type must be",
                 "LeakyRelu: element type must be half or float", "FusedMulAdd: element type must be",
                 "MulAddDst: (dst, src) element types must be", "MulAddRelu: element type must be half or float",
                 "FusedMulAddRelu: element type must be half or float"):
        assert text in errors, text
