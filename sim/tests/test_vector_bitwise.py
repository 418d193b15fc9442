"""The bitwise and compound vector APIs (vector_bitwise.h, vector_compound.h): bit-exact against
independent numpy references, and each check proven by a call that is wrong on purpose."""
from __future__ import annotations


import numpy as np
import pytest

from sim.tests.vector_harness import F16, F32, assert_bits_equal, compile_errors, random_values, run_vector

N = 200  # not a multiple of a repeat, so the last repeat is partial


class Misc:
    """run_vector's protocol, served by _simtest.run_vector_misc."""

    def __init__(self, simtest):
        self.run_vector = simtest.run_vector_misc


def run(simtest, api, buffers, operands, count, **options):
    return run_vector(Misc(simtest), api, buffers, operands, count, **options)


def ops(*dtypes):
    return [(i, 0, d) for i, d in enumerate(dtypes)]


@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32, np.uint32])
@pytest.mark.parametrize("api,fn", [("And", np.bitwise_and), ("Or", np.bitwise_or)])
def test_and_or(simtest, api, fn, dtype):
    rng = np.random.default_rng(1)
    a, b = random_values(rng, dtype, N), random_values(rng, dtype, N)
    out = np.zeros(N, dtype)
    r = run(simtest, api, [out, a, b], ops(dtype, dtype, dtype), N)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    if np.dtype(dtype).itemsize == 2:
        np.testing.assert_array_equal(got, fn(a, b))
    else:
        # The 2201 count form runs 16-bit lanes: `count` of them are the first count / 2 elements.
        np.testing.assert_array_equal(got[:N // 2], fn(a, b)[:N // 2])
        np.testing.assert_array_equal(got[N // 2:], 0)


@pytest.mark.parametrize("dtype", [np.int16, np.uint16])
def test_not(simtest, dtype):
    a = random_values(np.random.default_rng(2), dtype, N)
    r = run(simtest, "Not", [np.zeros(N, dtype), a], ops(dtype, dtype), N)
    assert r.ok, r.result["error"]
    np.testing.assert_array_equal(r.array(0, dtype), np.invert(a))


def reference_shift(values, bits, left):
    """Per the ShiftLeft/ShiftRight pages, in Python integers."""
    width = values.dtype.itemsize * 8
    signed = np.issubdtype(values.dtype, np.signedinteger)
    out = []
    for v in values.tolist():
        if left:
            u = v & ((1 << width) - 1)
            shifted = (u << bits) & ((1 << width) - 1)
            if signed:  # the sign bit stays, the bits below it shift
                sign = u & (1 << (width - 1))
                shifted = sign | (shifted & ((1 << (width - 1)) - 1))
                shifted -= (1 << width) if shifted & (1 << (width - 1)) else 0
            out.append(shifted)
        else:
            out.append(v >> bits)  # Python's >> is arithmetic for negatives, logical for unsigned values
    return np.array(out, dtype=values.dtype)


@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32, np.uint32])
@pytest.mark.parametrize("left", [True, False])
def test_shifts(simtest, dtype, left):
    a = random_values(np.random.default_rng(3), dtype, N)
    width = np.dtype(dtype).itemsize * 8
    for bits in (0, 1, 3, width - 1, width):
        r = run(simtest, "ShiftLeft" if left else "ShiftRight", [np.zeros(N, dtype), a], ops(dtype, dtype), N,
                scalar=bits)
        assert r.ok, r.result["error"]
        np.testing.assert_array_equal(r.array(0, dtype), reference_shift(a, bits, left), err_msg=f"shift {bits}")


def test_shift_examples_of_the_reference_pages(simtest):
    a = np.array([0b1010101010101010] * 16, dtype=np.uint16).view(np.int16)
    left = run(simtest, "ShiftLeft", [np.zeros(16, np.int16), a], ops(np.int16, np.int16), 16, scalar=3)
    right = run(simtest, "ShiftRight", [np.zeros(16, np.int16), a], ops(np.int16, np.int16), 16, scalar=3)
    assert left.array(0, np.int16).view(np.uint16)[0] == 0b1101010101010000
    assert right.array(0, np.int16).view(np.uint16)[0] == 0b1111010101010101


@pytest.mark.parametrize("api", ["ShiftLeft", "ShiftRight"])
def test_shift_count_out_of_range(simtest, api):
    a = np.ones(16, np.int16)
    r = run(simtest, api, [np.zeros(16, np.int16), a], ops(np.int16, np.int16), 16, scalar=17)
    assert not r.ok
    assert r.result["error_kind"] == "api-misuse"
    assert api in r.result["error"] and "17 is outside [0, 16]" in r.result["error"]


def fma32(a, b, c):
    """float32 a * b + c from the exact rational value: rounded to double, then to float32 (a
    double-rounding miss needs the double to land on a float32 tie, absent from random data)."""
    from fractions import Fraction
    return np.array([np.float32(float(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z))))
                     for x, y, z in zip(a.tolist(), b.tolist(), c.tolist())], dtype=np.float32)


def mul_add(a, b, c, out_dtype):
    if np.dtype(out_dtype) == np.float32:
        return fma32(a, b, c)
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(out_dtype)


@pytest.mark.parametrize("dtype", [F16, F32])
def test_fused_mul_add(simtest, dtype):
    rng = np.random.default_rng(4)
    acc, s0, s1 = (random_values(rng, dtype, N) for _ in range(3))
    r = run(simtest, "FusedMulAdd", [acc, s0, s1], ops(dtype, dtype, dtype), N)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), mul_add(s0, acc, s1, dtype))


@pytest.mark.parametrize("pair", [(F16, F16), (F32, F32), (F32, F16)])
def test_mul_add_dst(simtest, pair):
    dst_t, src_t = pair
    rng = np.random.default_rng(5)
    acc, s0, s1 = random_values(rng, dst_t, N), random_values(rng, src_t, N), random_values(rng, src_t, N)
    api = "MulAddDst" if dst_t == src_t else "MulAddDstMixed"
    r = run(simtest, api, [acc, s0, s1], ops(dst_t, src_t, src_t), N)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dst_t), mul_add(s0, s1, acc, dst_t))


@pytest.mark.parametrize("pair", [(F16, F16), (F32, F32), (F32, F16)])
def test_axpy(simtest, pair):
    dst_t, src_t = pair
    rng = np.random.default_rng(6)
    acc, x = random_values(rng, dst_t, N), random_values(rng, src_t, N)
    scalar = 0.7314453125  # exact in half
    api = "Axpy" if dst_t == src_t else "AxpyMixed"
    r = run(simtest, api, [acc, x], ops(dst_t, src_t), N, scalar=scalar)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dst_t), mul_add(np.full(N, scalar, src_t), x, acc, dst_t))


@pytest.mark.parametrize("dtype", [np.int16, F16, F32])
@pytest.mark.parametrize("api,fn", [("AddRelu", np.add), ("SubRelu", np.subtract)])
def test_add_sub_relu(simtest, api, fn, dtype):
    rng = np.random.default_rng(7)
    a, b = random_values(rng, dtype, N), random_values(rng, dtype, N)
    r = run(simtest, api, [np.zeros(N, dtype), a, b], ops(dtype, dtype, dtype), N)
    assert r.ok, r.result["error"]
    if np.issubdtype(dtype, np.integer):
        with np.errstate(over="ignore"):
            expected = np.maximum(fn(a, b), 0).astype(dtype)  # numpy wraps int16 too
    else:
        expected = np.maximum(fn(a.astype(np.float64), b.astype(np.float64)).astype(dtype), 0).astype(dtype)
    assert_bits_equal(r.array(0, dtype), expected)


@pytest.mark.parametrize("dtype", [F16, F32])
def test_leaky_relu(simtest, dtype):
    a = random_values(np.random.default_rng(8), dtype, N)
    slope = 0.125
    r = run(simtest, "LeakyRelu", [np.zeros(N, dtype), a], ops(dtype, dtype), N, scalar=slope)
    assert r.ok, r.result["error"]
    expected = np.where(a >= 0, a, (a.astype(np.float64) * slope).astype(dtype))
    assert_bits_equal(r.array(0, dtype), expected)


@pytest.mark.parametrize("dtype", [F16, F32])
def test_rsqrt(simtest, dtype):
    a = random_values(np.random.default_rng(9), dtype, N, low=1e-3, high=1e4)
    a[:4] = [0.0, -1.0, np.inf, 4.0]
    r = run(simtest, "Rsqrt", [np.zeros(N, dtype), a], ops(dtype, dtype), N)
    assert r.ok, r.result["error"]
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = (1.0 / np.sqrt(a.astype(np.float64))).astype(dtype)
    assert_bits_equal(r.array(0, dtype), expected)
    assert r.vector_pipe()["instructions"] == 1


@pytest.mark.parametrize("api", ["FusedMulAdd", "Axpy", "MulAddDst"])
def test_misaligned_accumulator_is_named_dst(simtest, api):
    n = 64
    buffers = [np.zeros(n + 8, F32), np.ones(n, F32), np.ones(n, F32)]
    operands = [(0, 4, F32), (1, 0, F32), (2, 0, F32)][:2 if api == "Axpy" else 3]
    r = run(simtest, api, buffers[:len(operands)], operands, 32, scalar=1.0)
    assert not r.ok
    assert r.result["error_kind"] == "ub-alignment"
    assert f"{api}: operand dst" in r.result["error"]


@pytest.mark.parametrize("api,count", [("FusedMulAdd", 80), ("AddRelu", 80), ("Rsqrt", 80), ("And", 80)])
def test_operand_too_small(simtest, api, count):
    dtype = np.int16 if api == "And" else F32
    n_ops = 2 if api == "Rsqrt" else 3
    buffers = [np.zeros(64, dtype) for _ in range(n_ops)]
    r = run(simtest, api, buffers, ops(*[dtype] * n_ops), count if dtype == F32 else 200)
    assert not r.ok
    assert r.result["error_kind"] == "operand-bounds", r.result["error"]
    assert api in r.result["error"]


def test_partial_overlap_is_reported(simtest):
    a = np.ones(128, F32)
    r = run(simtest, "AddRelu", [a, a], [(0, 8, F32), (0, 0, F32), (1, 0, F32)], 64)
    assert not r.ok and r.result["error_kind"] == "api-misuse" and "overlap partially" in r.result["error"]


def test_unsupported_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<float> f, LocalTensor<half> h, LocalTensor<int32_t> i) {
    Not(f, f, 16);
    And(f, f, f, 16);
    ShiftLeft(f, f, 1, 16);
    Axpy(h, f, 1.0f, 16);
    FusedMulAdd(i, i, i, 16);
    MulAddDst(h, f, f, 16);
    AddRelu(i, i, i, 16);
    LeakyRelu(i, i, 1, 16);
    Rsqrt(i, i, 16);
}
""")
    for message in ("Not: element type must be", "And: element type must be", "ShiftLeft: element type must be",
                    "Axpy: (dst, src) element types", "FusedMulAdd: element type must be",
                    "MulAddDst: (dst, src) element types", "AddRelu: element type must be",
                    "LeakyRelu: element type must be", "Rsqrt: element type must be"):
        assert message in stderr, f"{message!r} missing from the compiler's errors"
