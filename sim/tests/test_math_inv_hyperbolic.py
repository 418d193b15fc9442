"""The high-level Asinh, Acosh, Atanh (vector_math_inv_hyperbolic.h).

Two references. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/asinh/asinh_common_impl.h,
acosh/acosh_common_impl.h, atanh/atanh_common_impl.h) replayed in numpy float32, each step rounded
once (Ln: the float64 log rounded to float, as the sim's Ln); the sim must agree bit for bit. (2)
float64 arcsinh/arccosh/arctanh with the tolerance the sequence gives, u = 2^-24:
  Asinh: a^2 + 1 (2 roundings), Sqrt (halves them, one more), + a (one more): the Ln argument S
  is off by <= 3u relative, so Ln(S) by 3u (1 + 3u) absolute, plus Ln's own u |y|; the sign is
  exactly +-1, its Mul exact.
  Acosh: x^2 - 1 is off by <= u (2x^2 - 1), r = Sqrt of it by dr <= min(that / 2r, sqrt(that))
  + u r, s = x + r by u s more; s / s is exactly 1; Ln(s): (dr + u s) / s + u |y|.
  Atanh: x + 1, 1 - x and the Div, 3u relative: 3u (1 + 3u) + u |y| (the Muls by 0.5 exact).
  half adds its last Cast, 2^-11 |y|.
A constant off by 1e-5 (relative) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
U, H = 2.0 ** -24, 2.0 ** -11
APIS = ["Asinh", "Acosh", "Atanh"]


def d(v):
    return np.asarray(v, np.float64)


def ln(v):
    return np.log(d(v)).astype(F32)


def sign(x):
    num = x * F32(2.0 ** 62)
    return num / (np.abs(num) + F32(2.168404344971009e-19))


def replay(api, x, dtype, c=None):
    """c: the API's constant (1 in Asinh's a^2 + 1, -1 in Acosh's x^2 - 1, 0.5 in Atanh)."""
    c = (0.5 if api == "Atanh" else 1.0) if c is None else c
    with np.errstate(all="ignore"):
        x = x.astype(F32)
        if api == "Asinh":
            a = np.abs(x)
            s = a * a
            s = s + F32(c)
            s = np.sqrt(s)
            s = s + a
            y = ln(s) * sign(x)
        elif api == "Acosh":
            s = x * x
            s = s + F32(-c)
            s = np.sqrt(s)
            s = x + s
            q = s / s
            y = ln(s * q)
        else:
            p = x + F32(1)
            q = x * F32(-1)
            q = q + F32(1)
            y = ln(p / q) * F32(c)
        return y.astype(F16) if dtype == F16 else y


def within_tolerance(api, got, x, dtype):
    x64 = d(x.astype(F32))
    if api == "Asinh":
        truth = np.arcsinh(x64)
        tol = 3 * U * (1 + 3 * U) + U * np.abs(truth)
    elif api == "Acosh":
        truth = np.arccosh(x64)
        r = np.sqrt(x64 * x64 - 1)
        e = U * (2 * x64 * x64 - 1)
        dr = np.minimum(e / np.maximum(2 * r, 1e-300), np.sqrt(e)) + U * r
        s = x64 + r
        tol = (dr + U * s) / s + U * np.abs(truth)
    else:
        truth = np.arctanh(x64)
        tol = 3 * U * (1 + 3 * U) + U * np.abs(truth)
    if dtype == F16:
        tol = tol + H * np.abs(truth)
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def inputs(api, seed, dtype):
    rng = np.random.default_rng(seed)
    if api == "Asinh":
        x = random_values(rng, dtype, N, -100, 100)
        x[N // 2:] = random_values(rng, dtype, N - N // 2, -1, 1)
        x[:6] = [0.0, 1.0, -1.0, 1e-3, -2000.0, 60000.0 if dtype == F16 else 1e15]
    elif api == "Acosh":
        x = random_values(rng, dtype, N, 1, 50)
        x[N // 2:] = random_values(rng, dtype, N - N // 2, 1, 1.1)
        x[:4] = [1.0, 1.001, 2.0, 30000.0 if dtype == F16 else 1e15]
    else:
        x = random_values(rng, dtype, N, -0.999, 0.999)
        x[:4] = [0.0, 0.5, -0.99, 1e-4]
    return x


def run_api(simtest, api, x, dtype, tmp_bytes, whole=False):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), f"{api}/whole" if whole else api, buffers, operands, x.size,
                      no_temp=not tmp_bytes)


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, api, dtype):
    x = inputs(api, 1, dtype)
    r = run_api(simtest, api, x, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(api, x, dtype))
    ok, err, tol = within_tolerance(api, got, x, dtype)
    assert ok, f"max error {err.max()} at x={x[np.argmax(err - tol)]}"


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, api, with_temp):
    x = inputs(api, 2, F16)
    r = run_api(simtest, api, x, F16, 8192 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), replay(api, x, F16))


@pytest.mark.parametrize("api", APIS)
def test_count_form_without_temp(simtest, api):
    x = inputs(api, 6, F32)
    r = run_api(simtest, api, x, F32, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F32), replay(api, x, F32))


@pytest.mark.parametrize("api,c", [("Asinh", 1.0), ("Acosh", 1.0), ("Atanh", 0.5)])
def test_tolerance_is_tight(api, c):
    x = inputs(api, 3, F32)
    assert within_tolerance(api, replay(api, x, F32, c), x, F32)[0]
    assert not within_tolerance(api, replay(api, x, F32, c * (1 + 1e-5)), x, F32)[0]


@pytest.mark.parametrize("api,dtype,pieces,steps", [
    ("Asinh", F32, 3, 11), ("Asinh", F16, 3, 14), ("Acosh", F32, 1, 7), ("Acosh", F16, 2, 9),
    ("Atanh", F32, 1, 6), ("Atanh", F16, 2, 8)])
def test_chunks_and_instructions(simtest, api, dtype, pieces, steps):
    tmp = 1184
    chunk = tmp // 4 // pieces // 32 * 32
    x = inputs(api, 4, dtype)
    r = run_api(simtest, api, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * steps
    assert_bits_equal(r.array(0, dtype), replay(api, x, dtype))


@pytest.mark.parametrize("api,float_sizes,half_sizes", [
    ("Asinh", (12000, 768, 3, 0), (6000, 768, 3, 0)),
    ("Acosh", (4000, 256, 1, 0), (4000, 512, 2, 0)),
    ("Atanh", (4000, 256, 1, 0), (8000, 1024, 4, 0))])
def test_tmp_sizes(simtest, api, float_sizes, half_sizes):
    assert simtest.math_tmp_sizes_arc(api, [1000], 4) == float_sizes
    assert simtest.math_tmp_sizes_arc(api, [1000], 2) == half_sizes
    assert simtest.math_tmp_sizes_arc(api, [0], 2)[:2] == (0, 0)


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_min_tmp_size_is_enough(simtest, api, dtype):
    _, minimum, _, _ = simtest.math_tmp_sizes_arc(api, [N], np.dtype(dtype).itemsize)
    r = run_api(simtest, api, inputs(api, 5, dtype), dtype, minimum)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("api,dtype,tmp,need", [("Asinh", F32, 352, 384), ("Acosh", F16, 224, 256),
                                                ("Atanh", F32, 96, 128)])
def test_too_small_temp(simtest, api, dtype, tmp, need):
    r = run_api(simtest, api, np.full(64, 1.5 if api == "Acosh" else 0.5, dtype), dtype, tmp)
    assert_reported(r, "api-misuse", f"{api}: the temp (sharedTmpBuffer", f"{need} bytes", f"Get{api}MaxMinTmpSize")


@pytest.mark.parametrize("api", APIS)
def test_dst_overlapping_src(simtest, api):
    r = run_vector(Misc(simtest), api, [np.full(64, 1.5 if api == "Acosh" else 0.5, F32), np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", api, "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "Acosh", [np.zeros(1024, F16), np.full(64, 2, F16)],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "Atanh", [np.zeros(256, F32), np.zeros(128, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Atanh", "srcTensor")


@pytest.mark.parametrize("api", APIS)
def test_wrong_type_does_not_compile(tmp_path, api):
    errors = compile_errors(tmp_path, f"""
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s) {{ {api}(d, s); }}
""")
    assert "Asinh, Acosh, Atanh: element type must be half or float" in errors
