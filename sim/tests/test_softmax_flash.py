"""SoftmaxFlashV2 (vector_softmax_flash.h) and its host tiling (tiling/softmax_flashv2_tiling.h).

The kernel against a replay of its instruction steps in numpy (float64, rounded once to float32
per step; the row sum in the sim's order, test_softmax.row_sum), bit for bit, and against the
doc's formula in float64; the tiling against the A2/A3 formulas of asc-devkit
impl/adv_api/tiling/activation/softmax_tiling.cpp, restated here."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_softmax import f32, ints, row_sum
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, random_values, run_vector


def replay(x, m, k, in_max=None, in_sum=None):
    """(y, max, expSum, expMax, reduceMax) in float32 as the sim's steps compute them."""
    x = x.reshape(m, k).astype(F32)
    rmax = x.max(axis=1)
    if in_max is None:
        new_max, exp_max = rmax, None
    else:
        new_max = np.maximum(rmax, in_max.astype(F32))
        exp_max = f32(np.exp(f32(in_max.astype(np.float64) - new_max.astype(np.float64)).astype(np.float64)))
    y = f32(np.exp(f32(x.astype(np.float64) - new_max[:, None].astype(np.float64)).astype(np.float64)))
    s = np.array([row_sum(r, k) for r in y], F32)
    if in_max is not None:
        s = f32(f32(exp_max.astype(np.float64) * in_sum.astype(F32).astype(np.float64)).astype(np.float64)
                + s.astype(np.float64))
    return y, new_max, s, exp_max, rmax


def formula(x, m, k, in_max=None, in_sum=None):
    v = x.reshape(m, k).astype(np.float64)
    if in_max is None:
        mx = v.max(axis=1)
        y = np.exp(v - mx[:, None])
        return y, mx, y.sum(axis=1), None
    mx = np.maximum(v.max(axis=1), in_max.astype(np.float64))
    y = np.exp(v - mx[:, None])
    e = np.exp(in_max.astype(np.float64) - mx)
    return y, mx, e * in_sum.astype(np.float64) + y.sum(axis=1), e


def run_flash(simtest, x, m, k, dtype, stat, update, in_max=None, in_sum=None, reduce_max=False, tmp_bytes=None,
              basic=False, in_place=False):
    w = 32 // np.dtype(stat).itemsize
    we = 32 // np.dtype(dtype).itemsize if stat != dtype else w  # expMax: 32 B a row of T
    rows = lambda v: np.repeat(v.astype(stat), w) if v is not None else np.zeros(m * w, stat)
    tmp_bytes = m * (2 * w + k + 64) * 4 if tmp_bytes is None else tmp_bytes
    buffers = [np.zeros(m * k, dtype), rows(in_sum) if in_place else np.zeros(m * w, stat),
               rows(in_max) if in_place else np.zeros(m * w, stat), x.astype(dtype), np.zeros(m * we, dtype),
               rows(in_sum), rows(in_max)]
    operands = [(0, 0, dtype), (1, 0, stat), (2, 0, stat), (3, 0, dtype), (4, 0, dtype), (5, 0, stat), (6, 0, stat)]
    if in_place:  # the sample's call: dst = src, expSum = inExpSum, max = inMax
        operands = [(3, 0, dtype), (1, 0, stat), (2, 0, stat), (3, 0, dtype), (4, 0, dtype), (1, 0, stat),
                    (2, 0, stat)]
    if reduce_max:
        buffers.append(np.zeros(m * w, stat))
        operands.append((len(buffers) - 1, 0, stat))
    if tmp_bytes:
        buffers.append(np.zeros(tmp_bytes, np.uint8))
        operands.append((len(buffers) - 1, 0, np.uint8))
    return run_vector(Misc(simtest), "SoftmaxFlashV2", buffers, operands, m * k, no_temp=not tmp_bytes,
                      ints=ints(m, k, work=tmp_bytes or (1 << 16), basic=basic) + [int(update), int(reduce_max)])


CASES = [(F32, F32), (F16, F16), (F16, F32)]


@pytest.mark.parametrize("dtype,stat", CASES, ids=["float", "half", "half-float"])
@pytest.mark.parametrize("update", [False, True], ids=["", "isUpdate"])
@pytest.mark.parametrize("m,k", [(8, 64), (5, 160), (3, 32)])
def test_flashv2_values(simtest, dtype, stat, update, m, k):
    rng = np.random.default_rng(m * 7 + k)
    x = random_values(rng, dtype, m * k, -6, 6)
    in_max = random_values(rng, stat, m, -2, 8) if update else None
    in_sum = random_values(rng, stat, m, 1, 20) if update else None
    r = run_flash(simtest, x, m, k, dtype, stat, update, in_max, in_sum)
    assert r.ok, r.result["error"]
    w = 32 // np.dtype(stat).itemsize
    y, mx, s, e, _ = replay(x, m, k, in_max, in_sum)
    assert_bits_equal(r.array(0, dtype), y.astype(dtype).ravel())
    assert_bits_equal(r.array(2, stat), np.repeat(mx.astype(stat), w))
    assert_bits_equal(r.array(1, stat), np.repeat(s.astype(stat), w))
    fy, fmx, fs, fe = formula(x, m, k, in_max, in_sum)
    eps = np.finfo(dtype).eps
    # x - max rounds to float (|x - max| < 16: up to 8 float eps of exp), then exp, sum and div
    tol = 16 * np.finfo(F32).eps + (2 * eps if dtype == F16 else 0.0)
    np.testing.assert_allclose(r.array(0, dtype).astype(np.float64).reshape(m, k), fy, rtol=tol, atol=tol * 1e-3)
    np.testing.assert_allclose(r.array(1, stat).reshape(m, w)[:, 0].astype(np.float64), fs,
                               rtol=k * np.finfo(F32).eps + 2 * np.finfo(stat).eps)
    if update:
        we = 32 // np.dtype(dtype).itemsize
        assert_bits_equal(r.array(4, dtype), np.repeat(e.astype(dtype), we))
        np.testing.assert_allclose(r.array(4, dtype).reshape(m, we)[:, 0].astype(np.float64), fe, rtol=tol)


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
def test_flashv2_in_place_reduce_max_and_stack_temp(simtest, dtype):
    m, k = 16, 128
    rng = np.random.default_rng(11)
    x = random_values(rng, dtype, m * k, -6, 6)
    in_max, in_sum = random_values(rng, dtype, m, -2, 8), random_values(rng, dtype, m, 1, 20)
    y, mx, s, _, rmax = replay(x, m, k, in_max, in_sum)
    w = 32 // np.dtype(dtype).itemsize
    r = run_flash(simtest, x, m, k, dtype, dtype, True, in_max, in_sum, in_place=True, basic=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(3, dtype), y.astype(dtype).ravel())
    assert_bits_equal(r.array(2, dtype), np.repeat(mx.astype(dtype), w))
    assert_bits_equal(r.array(1, dtype), np.repeat(s.astype(dtype), w))
    r = run_flash(simtest, x, m, k, dtype, dtype, True, in_max, in_sum, reduce_max=True, tmp_bytes=0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(7, dtype), np.repeat(rmax.astype(dtype), w))
    assert_bits_equal(r.array(0, dtype), y.astype(dtype).ravel())


def test_flashv2_temp_too_small(simtest):
    r = run_flash(simtest, np.ones(8 * 64, F32), 8, 64, F32, F32, False, tmp_bytes=128)
    assert_reported(r, "api-misuse", "SoftmaxFlashV2", "GetSoftMaxFlashV2MinTmpSize")


def test_flashv2_in_max_too_small(simtest):
    m, k = 8, 64
    buffers = [np.zeros(m * k, F32), np.zeros(m * 8, F32), np.zeros(m * 8, F32), np.ones(m * k, F32),
               np.zeros(m * 8, F32), np.ones(m * 8, F32), np.zeros(4 * 8, F32), np.zeros(1 << 14, np.uint8)]
    r = run_vector(Misc(simtest), "SoftmaxFlashV2", buffers, [(i, 0, b.dtype) for i, b in enumerate(buffers)], m * k,
                   ints=ints(m, k) + [1, 0])
    assert_reported(r, "operand-bounds", "SoftmaxFlashV2", "inMaxTensor")


# ---- host tiling -------------------------------------------------------------------------------

def tiling_reference(shape, s1, s2, work, basic_flag):
    k = shape[-1]
    m = int(np.prod(shape[:-1]))
    b = 32 // s2

    def per_row(basic):
        extra = 128 if basic and k == 1024 else 64
        if basic:
            return b + k + extra if s1 == 2 else b + extra
        return 2 * b + k + 64 if s1 == 2 else b + 64

    basic = basic_flag and k % 64 == 0 and m % 8 == 0
    base = work // 4 // per_row(basic)
    if basic:
        base = min(base, m)
        if base > 8:
            base = base // 8 * 8
            while m % base:
                base -= 8
            while base * k >= 16384:
                base //= 2
    base = min(base, m)
    if m > base > 8:
        base = base // 8 * 8
    tail = m % base if base else 0
    fields = [m, k, m * k, m, b, m * b, base, k, base * k, base, b, base * b, m // base if base else 0, tail,
              tail * k, tail * b]
    mm = m
    if basic:
        while mm * k >= 16384:
            mm //= 2
    maximum = mm * per_row(basic) * 4
    min_basic = basic_flag and k % 64 == 0
    minimum = (8 if min_basic else 1) * per_row(min_basic) * 4
    return fields, maximum, minimum


@pytest.mark.parametrize("shape,s1,s2,work,basic", [
    ([16, 64], 4, 4, 4096, False),
    ([100, 96], 2, 2, 40000, False),
    ([100, 96], 2, 4, 40000, False),
    ([64, 256], 4, 4, 1 << 16, True),
    ([32, 1024], 2, 2, 1 << 18, True),
    ([2, 5, 32], 4, 4, 3 * 72 * 4, False),
])
def test_flashv2_tiling_formulas(simtest, shape, s1, s2, work, basic):
    for update in (False, True):
        fields, maximum, minimum = simtest.softmax_flashv2_tiling(shape, s1, s2, work, update, basic, False)
        want = tiling_reference(shape, s1, s2, work, basic)
        assert (list(fields), maximum, minimum) == want


def test_flashv2_tiling_bad_arguments(simtest, capfd):
    fields, maximum, minimum = simtest.softmax_flashv2_tiling([8, 64], 3, 4, 4096, False, False, False)
    assert maximum == 0 and minimum == 0 and not any(fields)
    assert "dataTypeSize 3" in capfd.readouterr().err


def test_kernel_side_tiling_is_constexpr(tmp_path):
    """SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo, ...) on the kernel side: the host's formulas with
    localWorkSpaceSize in floats, usable in a constant expression."""
    import pathlib
    import shutil
    import subprocess
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    source = tmp_path / "kernel_tiling.cpp"
    source.write_text("""
#include "kernel_operator.h"
constexpr SoftMaxTiling t = AscendC::SoftMaxFlashV2TilingFunc({20, 64, 20, 64}, 4, 4, 20 * 72);
static_assert(t.splitM == 20 && t.rangeM == 1 && t.tailM == 0 && t.reduceK == 8 && t.splitSize == 1280, "float");
constexpr SoftMaxTiling u = AscendC::SoftMaxFlashV2TilingFunc({20, 64, 20, 64}, 2, 2, 10 * (32 + 64 + 64));
static_assert(u.splitM == 8 && u.rangeM == 2 && u.tailM == 4 && u.reduceK == 16 && u.tailReduceSize == 64, "half");
""")
    include = pathlib.Path(__file__).resolve().parents[1] / "include"
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(source)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
