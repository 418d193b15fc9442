"""High-level WelfordUpdate (vector_welford.h) and GetWelfordUpdateMaxMinTmpSize.

References: (1) the steps replayed in numpy, each rounded once to float32 (d = x - mean;
m = d * nRec; mean' = m + mean; e = x - mean'; var' = d * e + var), bit for bit; (2) the
float64 Welford step mean' = mean + (x - mean) / n, M2' = M2 + (x - mean)(x - mean'), to a
tolerance of a few float32 roundings. A replay with a perturbed nRec must not match."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)


def f32(v):
    return np.asarray(v, np.float64).astype(F32)


def replay(x, mean, var, n_rec):
    x = x.astype(F32).astype(np.float64)
    d = f32(x - mean)
    m = f32(d.astype(np.float64) * np.float64(F32(n_rec)))
    om = f32(m.astype(np.float64) + mean)
    e = f32(x - om)
    ov = f32(f32(d.astype(np.float64) * e).astype(np.float64) + var)
    return om, ov


def run_welford(simtest, x, mean, var, n_rec, ab, compute=None, tmp_bytes=1024, reuse=False, inplace=False,
                out_mean=None, out_var=None, rn=1, temp_operand=None):
    compute = compute or ab
    om = np.zeros(ab, F32) if out_mean is None else out_mean.copy()
    ov = np.zeros(ab, F32) if out_var is None else out_var.copy()
    buffers = [om, ov, mean.astype(F32), var.astype(F32), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, F32), (4, 0, x.dtype)] + (
        [temp_operand or (5, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "WelfordUpdate", buffers, operands, ab, no_temp=not tmp_bytes,
                      scalar=float(n_rec), ints=[rn, ab, compute, int(reuse), int(inplace)])


@pytest.mark.parametrize("dtype", [F32, F16], ids=["float", "half"])
@pytest.mark.parametrize("reuse", [False, True], ids=["", "reuse"])
@pytest.mark.parametrize("ab,tmp", [(64, 1024), (1008, 768), (256, 0)])
def test_welford_update_values(simtest, dtype, reuse, ab, tmp):
    if tmp and tmp < (768 if dtype == F16 else 512):
        tmp = 768
    rng = np.random.default_rng(ab + int(reuse))
    x = random_values(rng, dtype, ab, -5, 5)
    mean = random_values(rng, F32, ab, -1, 1)
    var = random_values(rng, F32, ab, 0, 3)
    n = 7
    r = run_welford(simtest, x, mean, var, 1.0 / n, ab, tmp_bytes=tmp, reuse=reuse)
    assert r.ok, r.result["error"]
    om, ov = replay(x, mean, var, 1.0 / n)
    assert_bits_equal(r.array(0, F32), om)
    assert_bits_equal(r.array(1, F32), ov)
    xd = x.astype(np.float64)
    ref_m = mean + (xd - mean) / n
    ref_v = var + (xd - mean) * (xd - ref_m)
    eps = np.finfo(F32).eps
    np.testing.assert_allclose(r.array(0, F32), ref_m, rtol=4 * eps, atol=8 * eps * np.abs(xd - mean).max())
    np.testing.assert_allclose(r.array(1, F32), ref_v, rtol=8 * eps, atol=16 * eps * (xd - mean).max() ** 2)
    bad_m, _ = replay(x, mean, var, 1.0 / n * 1.0001)
    assert np.any(bad_m != r.array(0, F32))


def test_welford_update_inplace_keeps_the_rest(simtest):
    ab, compute = 64, 50
    rng = np.random.default_rng(3)
    x, mean, var = random_values(rng, F32, ab), random_values(rng, F32, ab), random_values(rng, F32, ab, 0, 2)
    poison = np.full(ab, 99.0, F32)
    r = run_welford(simtest, x, mean, var, 0.25, ab, compute=compute, inplace=True, out_mean=poison, out_var=poison)
    assert r.ok, r.result["error"]
    om, ov = replay(x, mean, var, 0.25)
    got_m, got_v = r.array(0, F32), r.array(1, F32)
    assert_bits_equal(got_m[:compute], om[:compute])
    assert_bits_equal(got_v[:compute], ov[:compute])
    # the last AlignUp(14, 8) = 16 elements come from the inputs, the computed ones overwrite 48, 49
    assert_bits_equal(got_m[compute:], mean[compute:])
    assert_bits_equal(got_v[compute:], var[compute:])
    r = run_welford(simtest, x, mean, var, 0.25, ab, compute=compute, out_mean=poison, out_var=poison)
    assert_bits_equal(r.array(0, F32)[compute:], poison[compute:])  # without isInplace: untouched


def test_welford_update_tmp_size(simtest):
    assert simtest.welford_update_tmp_size([1, 1000], 2, 4, False, False) == (16 * 768, 768)
    assert simtest.welford_update_tmp_size([1, 64], 4, 4, False, False) == (512, 512)
    assert simtest.welford_update_tmp_size([2, 64], 4, 4, True, False) == (512, 256)
    assert simtest.welford_update_tmp_size([64], 4, 4, True, False) == (7, 7)


def test_welford_update_checks(simtest):
    ab = 64
    rng = np.random.default_rng(4)
    x, mean, var = random_values(rng, F32, ab), random_values(rng, F32, ab), random_values(rng, F32, ab, 0, 2)
    assert_reported(run_welford(simtest, x, mean, var, 0.5, ab, tmp_bytes=256), "api-misuse", "WelfordUpdate",
                    "GetWelfordUpdateMaxMinTmpSize")
    assert_reported(run_welford(simtest, x, mean, var, 0.5, ab, rn=2), "api-misuse", "WelfordUpdate", "rnLength")
    assert_reported(run_welford(simtest, x, mean, var, 0.5, ab, compute=65), "api-misuse", "abComputeLength")
    assert_reported(run_welford(simtest, x[:60], mean[:60], var[:60], 0.5, 60), "api-misuse", "32-byte aligned")
    x_big = random_values(rng, F32, 256)  # 1 KiB: room for the temp, which is put on it
    assert_reported(run_welford(simtest, x_big, mean, var, 0.5, ab, temp_operand=(4, 0, np.uint8)),
                    "api-misuse", "WelfordUpdate", "inputX", "sharedTmpBuffer")
    buffers = [np.zeros(ab, F32), np.zeros(ab, F32), mean, var, x[:32]]
    r = run_vector(Misc(simtest), "WelfordUpdate", buffers, [(i, 0, F32) for i in range(5)], ab, no_temp=True,
                   scalar=0.5, ints=[1, ab, ab, 0, 0])
    assert_reported(r, "operand-bounds", "WelfordUpdate", "inputX")


def test_welford_update_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<float>& f, LocalTensor<half>& h, LocalTensor<int32_t>& i, WelfordUpdateParam& p) {
    WelfordUpdate<half, half>(h, h, h, h, h, p);
    WelfordUpdate<int32_t, float>(f, f, f, f, i, p);
}
""")
    assert "mean/variance (U) must be float" in errors
    assert "inputX (T) must be half or float" in errors
