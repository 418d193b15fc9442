"""The scalar-unit APIs (kernel/scalar_ops.h: GetBitCount, CountLeadingZero,
CountBitsCntSameAsSignBit, GetSFFValue, the scalar Casts, Read/WriteGmByPassDCache) and the
store-atomic configuration (atomic.h: SetStoreAtomicConfig / GetStoreAtomicConfig): exact
against Python integer / numpy references, and the misuse proven reported."""
from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest

from sim.tests.vector_harness import compile_errors

MASK64 = (1 << 64) - 1
EDGES = [0, 1, 2, 3, 0xFF, 0xFF00, 0x00FF, 0xFFFF, 0x00F0000000000000, 0x7FFFFFFFFFFFFFFF,
         0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFE, 0x4000000000000000, 0xC000000000000000]


def values64():
    rng = np.random.default_rng(5)
    return EDGES + [int(v) for v in rng.integers(0, 1 << 63, 200, dtype=np.int64)] + \
        [int(v) | (1 << 63) for v in rng.integers(0, 1 << 62, 200, dtype=np.int64)] + \
        [1 << k for k in range(64)] + [MASK64 ^ (1 << k) for k in range(64)]


def ref_clz(v):
    return 64 - v.bit_length()


def ref_sign_run(v):
    """Bits below the sign bit, from bit 62 down, equal to it (-1 for 0 and -1), per the page."""
    if v in (0, MASK64):
        return -1
    sign = v >> 63
    n = 0
    for bit in range(62, -1, -1):
        if (v >> bit) & 1 != sign:
            break
        n += 1
    return n


def ref_sff(v, wanted):
    for bit in range(64):
        if (v >> bit) & 1 == wanted:
            return bit
    return -1


@pytest.mark.parametrize("api,ref", [
    ("GetBitCount<1>", lambda v: bin(v).count("1")),
    ("ScalarGetCountOfValue<1>", lambda v: bin(v).count("1")),
    ("GetBitCount<0>", lambda v: 64 - bin(v).count("1")),
    ("CountLeadingZero", ref_clz),
    ("ScalarCountLeadingZero", ref_clz),
    ("CountBitsCntSameAsSignBit", ref_sign_run),
    ("GetSFFValue<0>", lambda v: ref_sff(v, 0)),
    ("GetSFFValue<1>", lambda v: ref_sff(v, 1)),
    ("ScalarGetSFFValue<1>", lambda v: ref_sff(v, 1)),
])
def test_bit_apis(simtest, api, ref):
    values = values64()
    assert simtest.scalar_bits(api, values) == [ref(v) for v in values]


def test_documented_examples(simtest):
    # The calls of the pages' examples and the values they state.
    assert simtest.scalar_bits("CountLeadingZero", [0xFFFF, 0, MASK64]) == [48, 64, 0]
    assert simtest.scalar_bits("CountBitsCntSameAsSignBit",
                               [0, MASK64, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 1, 0x00F0000000000000]) == \
        [-1, -1, 0, 0, 62, 7]
    assert simtest.scalar_bits("GetSFFValue<0>", [MASK64, 0xFF00, 0x00FF]) == [-1, 0, 8]
    assert simtest.scalar_bits("GetSFFValue<1>", [0, 0xFF00, 0x00FF]) == [-1, 8, 0]
    assert simtest.scalar_bits("GetBitCount<1>", [0xFFFF]) == [16]
    assert simtest.scalar_bits("GetBitCount<0>", [0xFFFF]) == [48]


def float_inputs():
    rng = np.random.default_rng(9)
    special = [0.0, -0.0, 1.5, 2.5, -1.5, -2.5, 0.5, -0.5, 3.14159, 65504.0, 65520.0, 1e6, -1e6, 1e-8, 6e-8,
               3e-5, 2.0 ** 31, -(2.0 ** 31), 2.0 ** 31 - 128, 3e9, -3e9, math.inf, -math.inf, 1e38, 3.4e38]
    x = np.concatenate([np.array(special, np.float32), rng.uniform(-1000, 1000, 300).astype(np.float32),
                        rng.standard_normal(200).astype(np.float32) * np.float32(1e-4),
                        (rng.integers(-1 << 20, 1 << 20, 100) + 0.5).astype(np.float32)])
    return x


def to_odd_half(x: np.float32) -> int:
    """float -> half rounding to odd, from the exact value (the CAST_ODD rule)."""
    with np.errstate(over="ignore"):
        return _to_odd_half(float(x))


def _to_odd_half(x64: float) -> int:
    if math.isnan(x64):
        return 0x7E00
    nearest = np.float16(x64)
    if float(nearest) == x64:
        return int(np.array(nearest).view(np.uint16))
    # the two halves around x: truncation and its neighbour away from zero
    toward_zero = np.float16(x64)
    if abs(float(toward_zero)) > abs(x64) or math.isinf(float(toward_zero)):
        toward_zero = np.nextafter(toward_zero, np.float16(0))
    bits = int(np.array(toward_zero).view(np.uint16))
    if bits & 1:
        return bits
    if int(np.array(np.abs(toward_zero)).view(np.uint16)) == 0x7BFF:  # max finite stays (no overflow to Inf)
        return bits
    return bits + 1  # the odd neighbour away from zero (same sign, magnitude one ulp up)


def test_cast_float_to_half_odd(simtest):
    x = float_inputs()
    expected = [to_odd_half(v) for v in x]
    assert simtest.scalar_cast("half_odd", x.tolist()) == expected
    assert simtest.scalar_cast("ScalarCast_half_odd", x.tolist()) == expected
    # The page's example: 3.14159f -> 3.142578.
    assert np.array(simtest.scalar_cast("half_odd", [3.14159]), np.uint16).view(np.float16)[0] == np.float16(3.142578)


def sat_int32(v):
    return max(-(1 << 31), min((1 << 31) - 1, v))


@pytest.mark.parametrize("kind,fn", [
    ("int32_rint", lambda v: round(v)),                           # Python's round is ties-to-even
    ("int32_floor", math.floor),
    ("int32_ceil", math.ceil),
    ("int32_round", lambda v: int(math.copysign(math.floor(abs(v) + 0.5), v))),
])
def test_cast_float_to_int32(simtest, kind, fn):
    x = float_inputs()
    expected = [sat_int32(fn(float(v))) if math.isfinite(v) else ((1 << 31) - 1 if v > 0 else -(1 << 31))
                for v in x]
    assert [int(r) for r in simtest.scalar_cast(kind, x.tolist())] == expected
    # The page's examples: 1.5 -> 2, 2, 1, 2 and 2.5 -> 3, 3, 2, 2 (ROUND, CEIL, FLOOR, RINT).
    page = {"int32_round": [2, 3], "int32_ceil": [2, 3], "int32_floor": [1, 2], "int32_rint": [2, 2]}
    assert [int(r) for r in simtest.scalar_cast(kind, [1.5, 2.5])] == page[kind]


def test_cast_nan_to_int32_is_zero(simtest):
    assert simtest.scalar_cast("int32_rint", [math.nan]) == [0]


def test_cast_float_bfloat16_round_trip(simtest):
    x = float_inputs()
    expected = np.array(x, np.float32).astype(ml_dtypes.bfloat16).view(np.uint16).tolist()
    assert [int(b) for b in simtest.scalar_cast("bf16", x.tolist())] == expected
    assert [int(b) for b in simtest.scalar_cast("ToBfloat16", x.tolist())] == expected
    # Every NaN becomes 0x7FFF (kernel_scalar_convert.h), the page's example 3.14159 -> 3.140625.
    assert simtest.scalar_cast("bf16", [math.nan, -math.nan]) == [0x7FFF, 0x7FFF]
    assert np.array(simtest.scalar_cast("bf16", [3.14159]), np.uint16).view(ml_dtypes.bfloat16)[0] == 3.140625
    bits = list(range(0, 0x10000, 7))
    got = simtest.scalar_cast("bf16_to_float", [float(b) for b in bits])
    with np.errstate(invalid="ignore"):
        want = np.array(bits, np.uint16).view(ml_dtypes.bfloat16).astype(np.float64)
    np.testing.assert_array_equal(np.array(got), want)


BYPASS_TYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
C_NAMES = {np.int8: "int8_t", np.uint8: "uint8_t", np.int16: "int16_t", np.uint16: "uint16_t",
           np.int32: "int32_t", np.uint32: "uint32_t", np.int64: "int64_t", np.uint64: "uint64_t"}


@pytest.mark.parametrize("dtype", BYPASS_TYPES)
def test_gm_bypass_dcache_read_write(simtest, dtype):
    info = np.iinfo(dtype)
    x = np.random.default_rng(3).integers(info.min, info.max, 16, endpoint=True, dtype=dtype)
    r = simtest.launch(f"bypass_copy_{C_NAMES[dtype]}", 1, [("x", x.tobytes()), ("z", np.zeros(16, dtype).tobytes())])
    assert r["ok"], r["error"]
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], dtype), (x * dtype(2)).astype(dtype))


def test_gm_bypass_outside_allocation_reported(simtest):
    x = np.arange(16, dtype=np.int32)
    r = simtest.launch("bypass_read_past_end", 1, [("x", x.tobytes()), ("z", np.zeros(16, np.int32).tobytes())])
    assert not r["ok"] and r["error_kind"] == "gm-allocation", r["error"]
    assert "ReadGmByPassDCache" in r["error"] and "addr" in r["error"]


def test_store_atomic_config(simtest):
    x = np.linspace(-3, 3, 64).astype(np.float32)
    z0 = np.full(64, 0.25, np.float32)
    r = simtest.launch("store_atomic_config", 1, [("x", x.tobytes()), ("z", z0.tobytes()),
                                                   ("codes", np.full(22, -1, np.int32).tobytes())])
    assert r["ok"], r["error"]
    codes = np.frombuffer(r["outputs"]["codes"], np.int32).reshape(-1, 2).tolist()
    # none, F16, S16, S32, S8, BF16, NONE, SetAtomicMax<float>, SetAtomicAdd<half>, DisableDmaAtomic, F32
    assert codes == [[0, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [0, 0], [1, 1], [2, 0], [0, 0], [1, 0]]
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.float32), (z0 + x).astype(np.float32))


@pytest.mark.parametrize("call,words", [
    ("(void)AscendC::GetBitCount<2>(v);", "GetBitCount: countValue must be 0 or 1"),
    ("(void)AscendC::GetSFFValue<3>(v);", "GetSFFValue: countValue must be 0 or 1"),
    ("(void)AscendC::Cast<float, half, AscendC::RoundMode::CAST_RINT>(f);", "float -> half takes CAST_ODD only"),
    ("(void)AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_TRUNC>(f);", "CAST_ROUND, CAST_CEIL"),
    ("(void)AscendC::Cast<float, float, AscendC::RoundMode::CAST_RINT>(f);", "must be half or int32_t"),
    ("(void)AscendC::Cast<half, int32_t, AscendC::RoundMode::CAST_RINT>(h);", "valueIn must be float"),
    ("(void)AscendC::ReadGmByPassDCache<float>(fp);", "ReadGmByPassDCache: T must be int8_t"),
    ("AscendC::WriteGmByPassDCache<half>(hp, h);", "WriteGmByPassDCache: T must be int8_t"),
])
def test_wrong_calls_do_not_compile(tmp_path, call, words):
    source = ('#include "kernel_operator.h"\n'
              "void k(uint64_t v, float f, half h, __gm__ float* fp, __gm__ half* hp) {\n"
              f"    {call}\n}}\n")
    assert words in compile_errors(tmp_path, source)
