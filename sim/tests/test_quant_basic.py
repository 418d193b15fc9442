"""SetDeqScale, CastDequant and AddDeqRelu (vector_deq_basic.h).

The 2201 steps replayed in numpy, bit for bit: CastDequant int32 -> half one rounding of the
exact product (f64 -> f16, nearest even); int16 -> b8 rint(x * scale' + offset) saturated, scale'
the float cut to (1,8,10), 16 results per 32-B block in the half halfBlock selects; AddDeqRelu's
8 steps (int32 add, float cast, three Muls, half cast, Max with 0), including what it leaves in
src0 and src1. A float64 reference bounds AddDeqRelu by one half rounding (2^-11 relative) plus
the float steps (4 * 2^-24)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector


def fbits(x):
    return int(np.float32(x).view(np.uint32))


def run(simtest, api, buffers, operands, count, ints, scalar=1.0):
    return run_vector(Misc(simtest), api, buffers, operands, count, ints=ints, scalar=scalar)


# ---- CastDequant -------------------------------------------------------------------------------

def cast_ints(form=0, vec=0, half_block=1, signed=1, mask=(0, 0), repeat=0, strides=(1, 1, 8, 8), setting=(1,)):
    return [form, vec, half_block, signed, mask[0], mask[1], repeat, *strides, *setting]


def deq_b8(x, scale, offset, signed):
    s = np.float32(scale).view(np.uint32) & np.uint32(0xFFFFE000)
    v = np.rint(x.astype(np.float64) * np.float64(s.view(np.float32)) + offset)
    lo, hi = (-128, 127) if signed else (0, 255)
    return np.clip(v, lo, hi).astype(np.int64).astype(np.int8 if signed else np.uint8).view(np.uint8)


def place_b8(values, lanes, half_block, nbytes):
    """dst bytes: the result of source element i at block i // 16, half half_block, byte i % 16."""
    out = np.zeros(nbytes, np.uint8)
    for i, v in zip(lanes, values):
        out[(i // 16) * 32 + 16 * half_block + i % 16] = v
    return out


def test_s32_to_half(simtest):
    rng = np.random.default_rng(1)
    x = rng.integers(-2**28, 2**28, 512, dtype=np.int32)
    x[:4] = [0, 1, -70000, 2**27 + 3]
    scale = np.float16(0.000123)
    r = run(simtest, "CastDequant", [np.zeros(512, F16), x], [(0, 0, F16), (1, 0, np.int32)], 500,
            cast_ints(setting=(0,)), scalar=float(scale))
    assert r.ok, r.result["error"]
    expected = (x.astype(np.float64) * np.float64(scale)).astype(F16)
    got = r.array(0, F16)
    assert_bits_equal(got[:500], expected[:500])
    assert (got[500:] == 0).all()


@pytest.mark.parametrize("signed", [1, 0])
@pytest.mark.parametrize("half_block", [1, 0])
def test_s16_to_b8_scalar(simtest, signed, half_block):
    rng = np.random.default_rng(2)
    x = rng.integers(-3000, 3000, 256, dtype=np.int16)
    scale, offset = 0.0731, -37 if signed else 20
    r = run(simtest, "CastDequant", [np.zeros(512, np.uint8), x], [(0, 0, np.uint8), (1, 0, np.int16)], 256,
            cast_ints(vec=0, half_block=half_block, signed=signed, setting=(1, fbits(scale), offset, signed)))
    assert r.ok, r.result["error"]
    expected = place_b8(deq_b8(x, scale, offset, signed), range(256), half_block, 512)
    assert_bits_equal(r.array(0, np.uint8), expected)


def test_scale_is_cut_to_10_mantissa_bits(simtest):
    def one(value, scale):
        x = np.full(16, value, np.int16)
        r = run(simtest, "CastDequant", [np.zeros(32, np.uint8), x], [(0, 0, np.uint8), (1, 0, np.int16)], 16,
                cast_ints(signed=0, half_block=0, setting=(1, fbits(scale), 0, 0)))
        assert r.ok, r.result["error"]
        return r.array(0, np.uint8)[:16]
    # 1.00505 cut to 10 mantissa bits is 1 + 5/1024: 100 * that = 100.49 -> 100 (uncut 100.505 -> 101)
    assert (one(100, 1.00505) == 100).all()
    assert (one(1000, 1.0) == 255).all()  # saturates to uint8
    assert (one(-7, 1.0) == 0).all()


def test_s16_to_b8_vector(simtest):
    rng = np.random.default_rng(3)
    x = rng.integers(-500, 500, 128, dtype=np.int16)
    scales = rng.uniform(0.01, 1.0, 16).astype(F32)
    offsets = rng.integers(-100, 100, 16)
    signs = [1] * 16
    setting = (2, *[fbits(s) for s in scales], *offsets.tolist(), *signs)
    r = run(simtest, "CastDequant", [np.zeros(256, np.uint8), x, np.zeros(32, np.uint32)],
            [(0, 0, np.uint8), (1, 0, np.int16), (2, 0, np.uint32)], 128, cast_ints(vec=1, setting=setting))
    assert r.ok, r.result["error"]
    vals = np.concatenate([deq_b8(x[i:i + 1], scales[i % 16], offsets[i % 16], 1) for i in range(128)])
    assert_bits_equal(r.array(0, np.uint8), place_b8(vals, range(128), 1, 256))
    # the vdeq words SetDeqScale wrote
    words = r.array(2, np.uint64)
    assert int(words[3]) == (1 << 46) | ((int(offsets[3]) & 0x1FF) << 37) | fbits(scales[3])


@pytest.mark.parametrize("form", [1, 2])
def test_s16_to_b8_mask_forms(simtest, form):
    rng = np.random.default_rng(4)
    x = rng.integers(-1000, 1000, 256, dtype=np.int16)
    mask = (-1, 0x00FF00FF00FF00FF) if form == 1 else (100, 0)  # -1: all 64 bits
    r = run(simtest, "CastDequant", [np.zeros(512, np.uint8), x], [(0, 0, np.uint8), (1, 0, np.int16)], 0,
            cast_ints(form=form, mask=mask, repeat=2, setting=(1, fbits(0.25), 3, 1)))
    assert r.ok, r.result["error"]
    if form == 1:
        active = list(range(64)) + [l for l in range(64, 128) if mask[1] >> (l - 64) & 1]
    else:
        active = list(range(100))
    lanes = [rep * 128 + l for rep in range(2) for l in active]
    expected = place_b8(deq_b8(x[lanes], 0.25, 3, 1), lanes, 1, 512)
    assert_bits_equal(r.array(0, np.uint8), expected)


# ---- AddDeqRelu --------------------------------------------------------------------------------

def add_deq_relu(a, b, scale):
    t = (a.astype(np.int64) + b.astype(np.int64)).astype(np.int32)  # wraps
    f = t.astype(F32)
    f = (f * F32(2.0 ** -17)).astype(F32)
    f = (f * F32(np.float16(scale))).astype(F32)
    f = (f * F32(2.0 ** 17)).astype(F32)
    h = f.astype(F16)
    return np.where((h > 0) | np.isnan(h), h, F16(0)), f, h


@pytest.mark.parametrize("form", [0, 3])
@pytest.mark.parametrize("n", [300, 5000])
def test_add_deq_relu_count(simtest, form, n):
    rng = np.random.default_rng(n)
    a = rng.integers(-10**6, 10**6, n, dtype=np.int32)
    b = rng.integers(-10**6, 10**6, n, dtype=np.int32)
    scale = 0.0123
    r = run(simtest, "AddDeqRelu", [np.zeros(n, F16), a, b], [(0, 0, F16), (1, 0, np.int32), (2, 0, np.int32)], n,
            [form], scalar=scale)
    assert r.ok, r.result["error"]
    expected, f, h = add_deq_relu(a, b, scale)
    got = r.array(0, F16)
    assert_bits_equal(got, expected)
    # src0 and src1 are overwritten, as on the hardware: src0 holds the float steps' result, src1's
    # first half of each chunk the half cast
    assert_bits_equal(r.array(1, F32), f)
    chunk = 2048
    src1 = r.array(2, F16)
    for off in range(0, n, chunk):
        m = min(chunk, n - off)
        assert_bits_equal(src1[2 * off:2 * off + m], h[off:off + m])
    ref = np.maximum(a.astype(np.float64) + b, 0) * np.float64(np.float16(scale))
    assert (np.abs(got.astype(np.float64) - ref) <= np.abs(ref) * (2.0 ** -11 + 2.0 ** -22) + 2.0 ** -24).all()


def test_add_deq_relu_mask(simtest):
    rng = np.random.default_rng(7)
    n = 64 * 3
    a = rng.integers(-10**5, 10**5, n, dtype=np.int32)
    b = rng.integers(-10**5, 10**5, n, dtype=np.int32)
    # continuous mask 64, 3 repeats, default strides for int32 sources, dst repeat stride 4 blocks
    r = run(simtest, "AddDeqRelu", [np.zeros(n, F16), a, b], [(0, 0, F16), (1, 0, np.int32), (2, 0, np.int32)], 0,
            [2, 64, 0, 3, 1, 1, 1, 4, 8, 8, 1], scalar=0.5)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), add_deq_relu(a, b, 0.5)[0])


def test_perturbed_scale_fails():
    a = np.arange(1, 100, dtype=np.int32) * 977
    good = add_deq_relu(a, a, 0.0123)[0]
    bad = add_deq_relu(a, a, 0.0124)[0]
    assert (good.view(np.uint16) != bad.view(np.uint16)).any()


# ---- bad calls ---------------------------------------------------------------------------------

def test_add_deq_relu_count_beyond_dst(simtest):
    r = run(simtest, "AddDeqRelu", [np.zeros(128, F16), np.ones(256, np.int32), np.ones(256, np.int32)],
            [(0, 0, F16), (1, 0, np.int32), (2, 0, np.int32)], 256, [0])
    assert_reported(r, "operand-bounds", "AddDeqRelu", "dst")


def test_cast_dequant_vec_mode_without_vdeq(simtest):
    r = run(simtest, "CastDequant", [np.zeros(64, np.uint8), np.ones(32, np.int16)], [(0, 0, np.uint8), (1, 0, np.int16)],
            32, cast_ints(vec=1, setting=(1, fbits(1.0), 0, 1)))
    assert_reported(r, "api-misuse", "CastDequant", "isVecDeq = true", "SetDeqScale(vdeq, vdeqInfo)")


def test_cast_dequant_sign_mode_mismatch(simtest):
    r = run(simtest, "CastDequant", [np.zeros(64, np.uint8), np.ones(32, np.int16)], [(0, 0, np.uint8), (1, 0, np.int16)],
            32, cast_ints(vec=0, signed=0, setting=(1, fbits(1.0), 0, 1)))
    assert_reported(r, "api-misuse", "CastDequant", "uint8_t", "signMode")


def test_cast_dequant_count_beyond_src(simtest):
    r = run(simtest, "CastDequant", [np.zeros(512, np.uint8), np.ones(64, np.int16)], [(0, 0, np.uint8), (1, 0, np.int16)],
            256, cast_ints(vec=0, signed=1, setting=(1, fbits(1.0), 0, 1)))
    assert_reported(r, "operand-bounds", "CastDequant", "src")


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<half>& h, LocalTensor<int16_t>& s, LocalTensor<float>& f, LocalTensor<int32_t>& i,
       LocalTensor<uint32_t>& v) {
    CastDequant<half, int16_t>(h, s, 32);
    AddDeqRelu<float, int32_t>(f, i, i, 64);
    SetDeqScale<uint32_t>(v, VdeqInfo());
}
""")
    assert "CastDequant: (src, dst) element types must be (int32_t, half)" in errors
    assert "AddDeqRelu: (src, dst) element types must be (int32_t, half)" in errors
    assert "SetDeqScale: the vdeq tensor's element type must be uint64_t" in errors
