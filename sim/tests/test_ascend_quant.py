"""The high-level AscendQuant, int8_t output (vector_quant.h).

Two references. (1) The 2201 steps (asc-devkit impl/adv_api/detail/quantization/quant/
ascend_quant_pre_impl.h) in numpy: [float src -> half, nearest even], Muls/Mul by the half scale,
Adds/Add the half offset (each half op computed in float and rounded once to half, as the sim's
half arithmetic), Cast half -> int8_t to nearest even with saturation; bit for bit. (2) float64
x * scale + offset, rounded and saturated: away from saturation the result is within
0.5 + 2^-11 (4 |x s| + 2 |o| + 1) of the exact value (half roundings of x, s, the product, o and
the sum), which an offset off by 1 fails (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector


def fbits(x):
    return int(np.float32(x).view(np.uint32))


def h(v):
    return np.asarray(v, F32).astype(F16)


def hop(a, b, op):
    return op(np.asarray(a, F16).astype(F32), np.asarray(b, F16).astype(F32)).astype(F16)


def to_int8(t):
    t = t.astype(np.float64)
    return np.where(np.isnan(t), 0, np.clip(np.rint(t), -128, 127)).astype(np.int8)


def replay_tensor(x, scale, offset):
    xh = h(x) if x.dtype == F32 else x
    t = hop(xh, np.float16(np.float32(scale)), np.multiply)
    t = hop(t, np.float16(np.float32(offset)), np.add)
    return to_int8(t)


def replay_channel(x, scale, offset, rows):
    xh = h(x) if x.dtype == F32 else x
    s = np.tile(h(scale) if scale.dtype == F32 else scale, rows)
    t = hop(xh, s, np.multiply)
    if isinstance(offset, np.ndarray):
        o = np.tile(h(offset) if offset.dtype == F32 else offset, rows)
    else:
        o = np.float16(np.float32(offset))
    return to_int8(hop(t, o, np.add))


def within(got, x, scale, offset):
    v = x.astype(np.float64) * scale + offset
    keep = np.abs(v) < 127
    err = np.abs(got.astype(np.float64) - v)
    tol = 0.5 + 2.0 ** -11 * (4 * np.abs(x * scale) + 2 * np.abs(offset) + 1)
    return (err[keep] <= tol[keep]).all() and (got[v >= 128] == 127).all() and (got[v <= -129] == -128).all()


def run_quant(simtest, form, x, tmp_bytes, scale=0.0, offset=0.0, params=(), counts=(0, 0), count=None):
    n = x.size
    buffers = [np.zeros(n, np.uint8), x]
    ops = [(0, 0, np.uint8, n), (1, 0, x.dtype, n)]
    if form % 4 < 2:
        buffers.append(np.zeros(tmp_bytes, np.uint8))
        ops.append((2, 0, np.uint8))
    for p in params:
        ops.append((len(buffers), 0, p.dtype, p.size))
        buffers.append(p)
    return run_vector(Misc(simtest), "AscendQuant", buffers, ops, n if count is None else count,
                      ints=[form, counts[0], counts[1], fbits(offset)], scalar=float(scale))


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("form", [0, 1, 2, 3])
def test_per_tensor(simtest, dtype, form):
    rng = np.random.default_rng(form)
    x = rng.uniform(-300, 300, 1024).astype(dtype)
    x[:4] = [0.0, 0.5, -1.5, 2.5]
    scale, offset = 0.37, -3.25
    r = run_quant(simtest, form, x, 1024, scale, offset)
    assert r.ok, r.result["error"]
    got = r.array(0, np.int8)
    assert_bits_equal(got, replay_tensor(x, scale, offset))
    assert within(got, x.astype(np.float64), scale, offset)


def test_tolerance_is_tight():
    x = np.random.default_rng(9).uniform(-200, 200, 2000).astype(F32)
    got = replay_tensor(x, 0.37, 1.0)
    assert within(got, x.astype(np.float64), 0.37, 1.0)
    assert not within(got, x.astype(np.float64), 0.37, 2.0)


def test_chunks_and_instructions(simtest):
    x = np.random.default_rng(3).uniform(-100, 100, 1000).astype(F32)
    r = run_quant(simtest, 0, x, 512, 1.5, 0.0)  # 256 halves per chunk: 4 chunks of 4 steps
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == 4 * 4
    assert_bits_equal(r.array(0, np.int8), replay_tensor(x, 1.5, 0.0))


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("form", [4, 5, 6, 7, 8, 9, 10, 11])
def test_per_channel(simtest, dtype, form):
    rng = np.random.default_rng(form + 20)
    rows, channels = 4, 64
    x = rng.uniform(-50, 50, rows * channels).astype(dtype)
    scale = rng.uniform(0.1, 3, channels).astype(dtype)
    offset_t = rng.uniform(-5, 5, channels).astype(dtype)
    with_tensor = form >= 8
    params = (scale, offset_t) if with_tensor else (scale,)
    r = run_quant(simtest, form, x, 256, offset=1.75, params=params, counts=(channels, channels))
    assert r.ok, r.result["error"]
    got = r.array(0, np.int8)
    expected = replay_channel(x, scale, offset_t if with_tensor else 1.75, rows)
    assert_bits_equal(got, expected)
    if dtype == F32:  # the float scale was cast to half in place, as the implementation does
        assert_bits_equal(r.array(3 if form % 4 < 2 else 2, F16)[:channels], h(scale))


def test_tmp_sizes(simtest):
    assert simtest.quant_tmp_sizes("AscendQuant", [1024], 2) == (2048, 512, 2, 0)
    assert simtest.quant_tmp_sizes("AscendQuant", [64], 4) == (512, 512, 2, 0)
    assert simtest.quant_tmp_sizes("AscendQuant", [0], 2)[:2] == (0, 0)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.quant_tmp_sizes("AscendQuant", [1024], 4)
    x = np.random.default_rng(5).uniform(-9, 9, 1024).astype(F32)
    r = run_quant(simtest, 0, x, minimum, 2.0, 0.0)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_quant(simtest, 0, np.ones(256, F16), 32, 1.0, 0.0)
    assert_reported(r, "api-misuse", "AscendQuant", "GetAscendQuantMaxMinTmpSize")


def test_count_beyond_src(simtest):
    x = np.ones(256, F16)
    r = run_vector(Misc(simtest), "AscendQuant", [np.zeros(512, np.uint8), x, np.zeros(1024, np.uint8)],
                   [(0, 0, np.uint8), (1, 0, F16, 256), (2, 0, np.uint8)], 512, ints=[0, 0, 0, 0], scalar=1.0)
    assert_reported(r, "operand-bounds", "AscendQuant", "srcTensor")


def test_scale_offset_count_mismatch(simtest):
    x = np.ones(128, F16)
    r = run_quant(simtest, 8, x, 512, params=(np.ones(64, F16), np.ones(64, F16)), counts=(64, 32))
    assert_reported(r, "api-misuse", "AscendQuant", "scaleCount 64 must equal offsetCount 32")


def test_count_not_multiple_of_scale_count(simtest):
    x = np.ones(128, F16)
    r = run_quant(simtest, 4, x, 512, params=(np.ones(96, F16),), counts=(96, 96))
    assert_reported(r, "api-misuse", "AscendQuant", "multiple of scaleCount 96")


def test_scale_count_beyond_scale(simtest):
    x = np.ones(128, F16)
    r = run_quant(simtest, 4, x, 512, params=(np.ones(32, F16),), counts=(64, 64))
    assert_reported(r, "operand-bounds", "AscendQuant", "scaleTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int8_t>& d, LocalTensor<int32_t>& s) { AscendQuant<int32_t>(d, s, 1.0f, 0.0f); }
""")
    assert "AscendQuant: source type must be half or float" in errors
