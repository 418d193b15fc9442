"""AddReluCast, SubReluCast and MulCast (vector_fused_cast.h): every A2/A3 (src, dst) pair
against a numpy reference (the sum / difference / product rounded to the source type, Relu,
then round-to-nearest-even with saturation into dst), the count form and both mask/repeat
forms, and each check proven by a call that is wrong on purpose."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors, random_values,
                                      run_vector)

N = 300  # not a multiple of a repeat: the last repeat is partial

RELU_PAIRS = [(F16, np.int8), (F32, F16), (np.int16, np.int8)]
MUL_PAIRS = [(F16, np.int8), (F16, np.uint8)]


class Fused:
    """run_vector's protocol, served by _simtest.run_vector_fused."""

    def __init__(self, simtest):
        self.run_vector = simtest.run_vector_fused


def run(simtest, api, buffers, operands, count, **options):
    return run_vector(Fused(simtest), api, buffers, operands, count, **options)


def convert(values: np.ndarray, dst) -> np.ndarray:
    """The fused conversion: RINT and saturation into an integer dst (NaN -> 0), RNE into half."""
    if np.dtype(dst) == np.dtype(F16):
        return values.astype(F16)
    info = np.iinfo(dst)
    x = values.astype(np.float64)
    out = np.clip(np.rint(np.nan_to_num(x, nan=0.0)), info.min, info.max)
    return out.astype(dst)


def relu(x: np.ndarray) -> np.ndarray:
    return np.where(x < 0, np.zeros_like(x), x)  # NaN compares false: it passes


def reference(api, a, b, dst):
    with np.errstate(over="ignore", invalid="ignore"):
        if api == "AddReluCast":
            return convert(relu((a + b).astype(a.dtype)), dst)
        if api == "SubReluCast":
            return convert(relu((a - b).astype(a.dtype)), dst)
        return convert((a * b).astype(a.dtype), dst)


def inputs(src, n, seed):
    rng = np.random.default_rng(seed)
    if np.issubdtype(np.dtype(src), np.integer):
        return random_values(rng, src, n), random_values(rng, src, n)
    scale = 40.0 if np.dtype(src) == np.dtype(F16) else 4e4  # reaches past int8_t's range / half's
    a = rng.uniform(-scale, scale, n).astype(src)
    b = rng.uniform(-scale, scale, n).astype(src)
    a[:6] = np.array([0.5, 1.5, 2.5, np.nan, np.inf, -np.inf], src)  # ties and specials
    b[:6] = np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0], src)
    return a, b


CASES = [(api, src, dst) for api in ("AddReluCast", "SubReluCast") for src, dst in RELU_PAIRS] + \
        [("MulCast", src, dst) for src, dst in MUL_PAIRS]


@pytest.mark.parametrize("api,src,dst", CASES)
def test_count_form(simtest, api, src, dst):
    a, b = inputs(src, N, 1)
    r = run(simtest, api, [np.zeros(N, dst), a, b], [(0, 0, dst), (1, 0, src), (2, 0, src)], N)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dst), reference(api, a, b, dst))
    assert r.vector_pipe()["instructions"] == 1


@pytest.mark.parametrize("api,src,dst", CASES)
@pytest.mark.parametrize("bit_mask", [False, True])
def test_mask_repeat_forms(simtest, api, src, dst, bit_mask):
    lanes = 256 // max(np.dtype(src).itemsize, np.dtype(dst).itemsize)
    repeats = 3
    a, b = inputs(src, lanes * repeats, 2)
    sentinel = np.full(lanes * repeats, 7, dst)
    # dst repeats are the lanes' bytes apart (blocks of 32 B), sources 8 blocks
    dst_rep = lanes * np.dtype(dst).itemsize // 32
    src_rep = lanes * np.dtype(src).itemsize // 32
    params = [1, 1, 1, dst_rep, src_rep, src_rep]
    active = np.zeros(lanes, bool)
    if bit_mask:
        words = [0x5555AAAA0F0F00FF, 0x8000000000000001 if lanes > 64 else 0]
        for lane in range(lanes):
            active[lane] = bool((words[lane // 64] >> (lane % 64)) & 1)
        options = dict(masked=True, bit_mask=words, repeat_time=repeats, repeat_params=params)
    else:
        active[:lanes - 5] = True
        options = dict(masked=True, mask_lanes=lanes - 5, repeat_time=repeats, repeat_params=params)
    r = run(simtest, api, [sentinel, a, b], [(0, 0, dst), (1, 0, src), (2, 0, src)], 0, **options)
    assert r.ok, r.result["error"]
    expected = np.where(np.tile(active, repeats), reference(api, a, b, dst), sentinel)
    assert_bits_equal(r.array(0, dst), expected)
    assert r.vector_pipe()["repeats"] == repeats


def test_mul_cast_page_example(simtest):
    # The MulCast page's example: [1 -2 3 ... -6] * [1 3 -4 ... 5] -> [1 -6 -12 ... -30].
    a = np.array([1, -2, 3, -6] * 32, F16)
    b = np.array([1, 3, -4, 5] * 32, F16)
    r = run(simtest, "MulCast", [np.zeros(128, np.int8), a, b], [(0, 0, np.int8), (1, 0, F16), (2, 0, F16)], 128)
    assert r.ok, r.result["error"]
    assert r.array(0, np.int8)[:4].tolist() == [1, -6, -12, -30]


def test_int16_sum_wraps_before_relu(simtest):
    a = np.array([30000, -30000, 100, 200] * 64, np.int16)
    b = np.array([30000, -30000, 27, -300] * 64, np.int16)
    r = run(simtest, "AddReluCast", [np.zeros(256, np.int8), a, b],
            [(0, 0, np.int8), (1, 0, np.int16), (2, 0, np.int16)], 256)
    assert r.ok, r.result["error"]
    # 60000 wraps to -5536 -> 0; -60000 wraps to 5536 -> saturates to 127; 127; -100 -> 0
    assert r.array(0, np.int8)[:4].tolist() == [0, 127, 127, 0]


# ---- bad calls ----

def test_misaligned_source_reported(simtest):
    a, b = inputs(F16, N + 16, 3)
    r = run(simtest, "MulCast", [np.zeros(N, np.int8), a, b], [(0, 0, np.int8), (1, 1, F16), (2, 0, F16)], N)
    assert_reported(r, "ub-alignment", "MulCast", "src0", "not 32-byte aligned")


def test_dst_too_small_reported(simtest):
    a, b = inputs(F32, N, 4)
    r = run(simtest, "AddReluCast", [np.zeros(64, F16), a, b], [(0, 0, F16), (1, 0, F32), (2, 0, F32)], N)
    assert_reported(r, "operand-bounds", "AddReluCast", "dst")


def test_undefined_source_reported(simtest):
    from sim.tests.vector_harness import Poisoned
    a, _ = inputs(F16, N, 5)
    r = run(simtest, "SubReluCast", [np.zeros(N, np.int8), a, Poisoned(N * 2)],
            [(0, 0, np.int8), (1, 0, F16), (2, 0, F16)], N)
    # the destination of undefined sources is left undefined; reading it back is the test's job
    assert r.ok, r.result["error"]
    assert not r.defined_bytes(0).any()


def test_partial_overlap_reported(simtest):
    a, b = inputs(F16, 512, 6)
    buf = np.concatenate([a, b])
    r = run(simtest, "MulCast", [buf], [(0, 32, np.int8), (0, 0, F16), (0, 256, F16)], 256)
    assert_reported(r, "api-misuse", "MulCast", "dst", "src0")


def test_missing_mte2_v_sync_reported(simtest):
    x = np.linspace(-8, 8, 128).astype(F16)
    ok = simtest.launch("mul_cast_synced", 1, [("x", x.tobytes()), ("z", bytes(128))])
    assert ok["ok"], ok["error"]
    assert_bits_equal(np.frombuffer(ok["outputs"]["z"], np.int8), convert((x * x).astype(F16), np.int8))
    bad = simtest.launch("mul_cast_missing_mte2_v_sync", 1, [("x", x.tobytes()), ("z", bytes(128))])
    assert bad["error_kind"] == "pipe-hazard", bad.get("error")
    for word in ("MulCast (pipe V)", "src0", "read-after-write", "MTE2"):
        assert word in bad["error"], bad["error"]


@pytest.mark.parametrize("call,words", [
    ("AscendC::AddReluCast(i8, f32, f32, 64);", "AddReluCast: (src, dst) element types must be (half, int8_t)"),
    ("AscendC::SubReluCast(u8, f16, f16, 64);", "SubReluCast: (src, dst) element types must be"),
    ("AscendC::MulCast(f16, f32, f32, 64);", "MulCast: (src, dst) element types must be (half, int8_t) or "
                                            "(half, uint8_t)"),
    ("AscendC::MulCast<int8_t, float>(i8, f32, f32, mask, 1, p);", "MulCast: (src, dst) element types"),
    ("AscendC::AddReluCast<uint8_t, half>(u8, f16, f16, bits, 1, p);", "AddReluCast: (src, dst) element types"),
])
def test_wrong_types_do_not_compile(tmp_path, call, words):
    source = ('#include "kernel_operator.h"\n'
              "void k(AscendC::LocalTensor<int8_t> i8, AscendC::LocalTensor<uint8_t> u8, AscendC::LocalTensor<half> f16,\n"
              "       AscendC::LocalTensor<float> f32, uint64_t mask, uint64_t* bits, AscendC::BinaryRepeatParams p) {\n"
              f"    {call}\n}}\n")
    assert words in compile_errors(tmp_path, source)
