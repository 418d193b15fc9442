"""The high-level AscendDequant (vector_dequant.h).

The 2201 steps (asc-devkit impl/adv_api/detail/quantization/dequant/ascend_dequant_common_impl.h)
in numpy, bit for bit: float(src) (nearest even), times the float scale in each row's first
calCount columns (the rest keep float(src)), then the dst type to nearest even, rows padded to
32 bytes of dst. float64 reference: src * scale within one float product rounding plus the
int32 -> float rounding (2^-23 relative) and the dst rounding (2^-11 half, 2^-8 bfloat16)."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import BF16, F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

DST = {0: F16, 1: F32, 2: BF16}
BUF = {F16: F16, F32: F32, BF16: np.uint16}
REL = {0: 2.0 ** -11, 1: 0.0, 2: 2.0 ** -8}


def replay(src, scale_f32, m, n, cal, dkind, pure=True, count=None):
    x = src[:m * n].astype(F32).reshape(m, n).copy()
    x[:, :cal] = (x[:, :cal] * scale_f32[:cal]).astype(F32)
    d = DST[dkind]
    inner = -(-n * np.dtype(d).itemsize // 32) * 32 // np.dtype(d).itemsize
    out = np.zeros((m, inner), d)
    out[:, :n] = x.astype(d)
    return out.reshape(-1)


def run_dequant(simtest, form, src, dst_elems, dkind, skind, scale=None, m=1, n=8, cal=8, multi=0, old_cal=0,
                tmp_bytes=4096, scalar=0.0):
    d = DST[dkind]
    buffers = [np.zeros(dst_elems, BUF[d]), src]
    ops = [(0, 0, BUF[d]), (1, 0, np.int32)]
    if scale is not None:
        ops.append((2, 0, scale.dtype, scale.size))
        buffers.append(scale)
    if form in (0, 2, 4, 5):
        ops.append((len(buffers), 0, np.uint8))
        buffers.append(np.zeros(tmp_bytes, np.uint8))
    return run_vector(Misc(simtest), "AscendDequant", buffers, ops, 0,
                      ints=[form, m, n, cal, dkind, skind, multi, old_cal], scalar=scalar)


def got(r, dkind):
    return r.array(0, BUF[DST[dkind]]).view(DST[dkind])


@pytest.mark.parametrize("dkind,skind", [(0, 0), (1, 1), (1, 2), (2, 2), (2, 1)],
                         ids=["half-u64", "float-float", "float-bf16", "bf16-bf16", "bf16-float"])
@pytest.mark.parametrize("form", [0, 1])
def test_tensor_scale(simtest, dkind, skind, form):
    rng = np.random.default_rng(dkind * 10 + skind)
    m, n, cal = 5, 64, 48
    src = rng.integers(-30000, 30000, m * n, dtype=np.int32)  # the unscaled columns fit half
    sf = rng.uniform(-0.01, 0.01, n).astype(F32)
    if skind == 0:
        scale = (sf.view(np.uint32).astype(np.uint64) | (np.uint64(0xABC) << np.uint64(32))).view(np.uint32)
    elif skind == 2:
        sf = sf.astype(BF16).astype(F32)
        scale = sf.astype(BF16).view(np.uint16)
    else:
        scale = sf
    r = run_dequant(simtest, form, src, m * n, dkind, skind, scale, m, n, cal, tmp_bytes=2048)
    assert r.ok, r.result["error"]
    g = got(r, dkind)
    assert_bits_equal(g.view(BUF[DST[dkind]]), replay(src, sf, m, n, cal, dkind).view(BUF[DST[dkind]]))
    ref = src.reshape(m, n).astype(np.float64)
    ref[:, :cal] *= sf[:cal].astype(np.float64)
    err = np.abs(g.astype(np.float64).reshape(m, n) - ref)
    assert (err <= np.abs(ref) * (REL[dkind] * 1.01 + 2.0 ** -22)).all()


@pytest.mark.parametrize("dkind,skind", [(1, 1), (2, 2)])
@pytest.mark.parametrize("form", [2, 3])
def test_scalar_scale(simtest, dkind, skind, form):
    src = np.random.default_rng(7).integers(-10**6, 10**6, 256, dtype=np.int32)
    s = np.float32(0.00123) if skind == 1 else np.float32(np.float32(0.00123).astype(BF16))
    r = run_dequant(simtest, form, src, 256, dkind, skind, None, 4, 64, 64, scalar=float(s))
    assert r.ok, r.result["error"]
    assert_bits_equal(got(r, dkind).view(BUF[DST[dkind]]),
                      replay(src, np.full(64, s, F32), 4, 64, 64, dkind).view(BUF[DST[dkind]]))


def test_padded_rows(simtest):
    # bfloat16 dst with n = 8: rows padded to 16 elements
    src = np.arange(1, 33, dtype=np.int32) * 1001
    sf = np.linspace(0.5, 2, 8).astype(F32)
    r = run_dequant(simtest, 1, src, 64, 2, 1, sf, 4, 8, 8)
    assert r.ok, r.result["error"]
    assert_bits_equal(got(r, 2).view(np.uint16), replay(src, sf, 4, 8, 8, 2).view(np.uint16))


def test_single_row_mode(simtest):
    # {1, 128, 32} is {4, 32, 32} in DEQUANT_WITH_SINGLE_ROW, only the first 32 in MULTI_ROW
    src = np.arange(128, dtype=np.int32) * 7
    sf = np.linspace(1, 2, 32).astype(F32)
    single = run_dequant(simtest, 1, src, 128, 1, 1, sf, 1, 128, 32)
    multi = run_dequant(simtest, 1, src, 128, 1, 1, sf, 1, 128, 32, multi=1)
    assert single.ok and multi.ok
    assert_bits_equal(got(single, 1), replay(src, sf, 4, 32, 32, 1))
    assert_bits_equal(got(multi, 1), replay(src, np.concatenate([sf, np.zeros(96, F32)]), 1, 128, 32, 1))


@pytest.mark.parametrize("form", [4, 5, 6, 7])
def test_older_forms(simtest, form):
    src = np.random.default_rng(form).integers(-5000, 5000, 256, dtype=np.int32)
    sf = np.random.default_rng(1).uniform(0.1, 1, 64).astype(F32)
    cal = 200 if form in (4, 6) else 256
    r = run_dequant(simtest, form, src, 256, 1, 1, sf, old_cal=cal)
    assert r.ok, r.result["error"]
    expected = replay(src, sf, 4, 64, 64, 1)
    assert_bits_equal(got(r, 1)[:cal], expected[:cal])


def test_perturbed_scale_fails():
    src = np.arange(-64, 64, dtype=np.int32) * 977
    sf = np.full(8, 0.0123, F32)
    good = replay(src, sf, 16, 8, 8, 0).view(np.uint16)
    bad = replay(src, (sf * F32(1 + 2.0 ** -10)).astype(F32), 16, 8, 8, 0).view(np.uint16)
    assert (good != bad).any()


def test_tmp_sizes(simtest):
    assert simtest.quant_tmp_sizes("AscendDequant", [4, 64], 4) == ((64 + 256 + 72) * 4, (64 + 64 + 72) * 4, 1, 136)
    assert simtest.quant_tmp_sizes("AscendDequant", [64], 4)[2:] == (2, 72)


def test_min_tmp_size_is_enough(simtest):
    _, minimum, _, _ = simtest.quant_tmp_sizes("AscendDequant", [4, 64], 4)
    src = np.arange(256, dtype=np.int32)
    sf = np.ones(64, F32)
    r = run_dequant(simtest, 0, src, 256, 1, 1, sf, 4, 64, 64, tmp_bytes=minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_dequant(simtest, 0, np.ones(256, np.int32), 256, 1, 1, np.ones(64, F32), 4, 64, 64, tmp_bytes=256)
    assert_reported(r, "api-misuse", "AscendDequant", "GetAscendDequantMaxMinTmpSize")


def test_cal_count_beyond_n(simtest):
    r = run_dequant(simtest, 1, np.ones(256, np.int32), 256, 1, 1, np.ones(128, F32), 4, 64, 65)
    assert_reported(r, "api-misuse", "AscendDequant", "params.calCount 65")


def test_scale_shorter_than_cal_count(simtest):
    r = run_dequant(simtest, 1, np.ones(256, np.int32), 256, 1, 1, np.ones(32, F32), 4, 64, 64)
    assert_reported(r, "operand-bounds", "AscendDequant", "deqScale")


def test_rows_beyond_src(simtest):
    r = run_dequant(simtest, 1, np.ones(128, np.int32), 256, 1, 1, np.ones(64, F32), 4, 64, 64)
    assert_reported(r, "operand-bounds", "AscendDequant", "srcTensor")


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<half>& d, LocalTensor<int32_t>& s, LocalTensor<float>& sc) {
    AscendDequant(d, s, sc, DequantParams{1, 64, 64});
    AscendDequant(d, s, 1.0f, DequantParams{1, 64, 64});
}
""")
    assert "AscendDequant: (dstTensor, deqScale tensor) types must be" in errors
    assert "AscendDequant: (dstTensor, deqScale scalar) types must be" in errors
