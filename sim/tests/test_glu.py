"""The high-level SwiGLU, GeGLU and ReGlu (vector_glu.h).

Two references each. (1) The A2/A3 steps (asc-devkit impl/adv_api/detail/activation/swiglu,
geglu, reglu) replayed in numpy float32, each step rounded once (half: inputs widened exactly,
the float result rounded to nearest even); the sim must agree bit for bit. (2) The formula in
float64 with the tolerance the steps give, u = 2^-24:
  SwiGLU y = x0 x1 / (1 + e^-b x1): the exponent carries one rounding (u |b x1| absolute), Exp,
    Adds, Div and Mul one each:             |err| <= |y| u (4 + |b x1|);
  GeGLU  y = x0 x1 / (1 + e^z), z = c0 (x1^2 + c1) x1 (c0, c1 as float): z carries 4 roundings
    (4 u |z| absolute), then as SwiGLU:      |err| <= |y| u (4 + 4 |z|);
  ReGlu  y = x0 max(x1, 0): one rounding (float) or none before the narrowing (the product of
    two halves or bfloat16s is exact in float): |err| <= |y| u;
plus, for half, 2^-11 |y| + 2^-25 (bfloat16: 2^-8 |y|). A perturbed constant (the Adds 1 by
1e-6, c1 by 1e-5, the Maxs 0 by 1e-3) fails it (test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (BF16, F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
U = 2.0 ** -24
C0, C1 = np.float32(-0.0713548162726), np.float32(2.2363860002236e1)
ONE = np.float32(1.0)


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def swiglu_replay(x0, x1, beta, dtype, one=ONE):
    x0, x1 = x0.astype(F32), x1.astype(F32)
    t = f(d(x1) * d(np.float32(-beta)))
    t = f(np.exp(d(t)))
    t = f(d(t) + d(one))
    t = f(d(x1) / d(t))
    return f(d(x0) * d(t)).astype(dtype)


def geglu_replay(x0, x1, dtype, c1=C1):
    x0, x1 = x0.astype(F32), x1.astype(F32)
    t = f(d(x1) * d(x1))
    t = f(d(t) + d(c1))
    t = f(d(t) * d(x1))
    t = f(d(t) * d(C0))
    t = f(np.exp(d(t)))
    t = f(d(t) + 1.0)
    t = f(d(x1) / d(t))
    return f(d(x0) * d(t)).astype(dtype)


def reglu_replay(x0, x1, dtype, floor=0.0):
    x0, x1 = x0.astype(F32), x1.astype(F32)
    return f(d(x0) * d(np.maximum(x1, np.float32(floor)))).astype(dtype)


def narrowing(y, dtype):
    if dtype == F16:
        return 2.0 ** -11 * np.abs(y) + 2.0 ** -25
    if dtype == BF16:
        return 2.0 ** -8 * np.abs(y)
    return 0.0


def within(got, truth, tol):
    err = np.abs(d(got.astype(F32)) - truth)
    return bool((err <= tol).all()), err, tol


def swiglu_tolerance(got, x0, x1, beta, dtype):
    a, b = d(x0.astype(F32)), d(x1.astype(F32))
    y = a * b / (1.0 + np.exp(-d(np.float32(beta)) * b))
    return within(got, y, np.abs(y) * U * (4 + np.abs(beta * b)) + narrowing(y, dtype) + 1e-40)


def geglu_tolerance(got, x0, x1, dtype):
    a, b = d(x0.astype(F32)), d(x1.astype(F32))
    z = d(C0) * (b * b + d(C1)) * b
    y = a * b / (1.0 + np.exp(z))
    return within(got, y, np.abs(y) * U * (4 + 4 * np.abs(z)) + narrowing(y, dtype) + 1e-40)


def reglu_tolerance(got, x0, x1, dtype):
    y = d(x0.astype(F32)) * np.maximum(d(x1.astype(F32)), 0.0)
    return within(got, y, np.abs(y) * U + narrowing(y, dtype))


def run_glu(simtest, api, x0, x1, dtype, tmp_bytes, whole=False, beta=None, count=None, **options):
    n = x0.size
    buffers = [np.zeros(n, dtype), x0, x1] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = n if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length), (2, 0, dtype, length)]
    operands += [(3, 0, np.uint8)] if tmp_bytes else []
    if beta is not None:
        options["scalar"] = beta
    name = api + ("/whole" if whole else "")
    return run_vector(Misc(simtest), name, buffers, operands, n if count is None else count,
                      no_temp=not tmp_bytes, **options)


def inputs(seed, dtype, span=3.0):
    rng = np.random.default_rng(seed)
    return random_values(rng, dtype, N, -span, span), random_values(rng, dtype, N, -span, span)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("beta", [1.0, -0.75, 2.5])
def test_swiglu_values(simtest, dtype, beta):
    x0, x1 = inputs(int(beta * 10) + 100, dtype)
    r = run_glu(simtest, "SwiGLU", x0, x1, dtype, 8192, beta=beta)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, swiglu_replay(x0, x1, beta, dtype))
    ok, err, tol = swiglu_tolerance(got, x0, x1, beta, dtype)
    assert ok, f"max error {err.max()}"


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("span", [1.0, 4.0])
def test_geglu_values(simtest, dtype, span):
    x0, x1 = inputs(int(span) + 200, dtype, span)
    r = run_glu(simtest, "GeGLU", x0, x1, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, geglu_replay(x0, x1, dtype))
    ok, err, tol = geglu_tolerance(got, x0, x1, dtype)
    assert ok, f"max error {err.max()}"


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_reglu_values(simtest, dtype):
    x0, x1 = inputs(300, dtype, 10.0)
    r = run_glu(simtest, "ReGlu", x0, x1, dtype, 8192)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, reglu_replay(x0, x1, dtype))
    assert reglu_tolerance(got, x0, x1, dtype)[0]


def test_reglu_bfloat16(simtest):
    x0, x1 = (v.astype(BF16) for v in inputs(301, F32, 10.0))
    buffers = [np.zeros(N, np.uint16), x0.view(np.uint16), x1.view(np.uint16), np.zeros(8192, np.uint8)]
    r = run_vector(Misc(simtest), "ReGlu/bf16", buffers, [(0, 0, np.uint16), (1, 0, np.uint16), (2, 0, np.uint16),
                                                          (3, 0, np.uint8)], N)
    assert r.ok, r.result["error"]
    got = r.array(0, np.uint16).view(BF16)
    assert_bits_equal(got, reglu_replay(x0, x1, BF16))
    assert reglu_tolerance(got, x0, x1, BF16)[0]


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU"])
@pytest.mark.parametrize("with_temp", [True, False])
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_whole_tensor_forms(simtest, api, with_temp, dtype):
    x0, x1 = inputs(5, dtype)
    r = run_glu(simtest, api, x0, x1, dtype, 8192 if with_temp else 0, whole=True, beta=1.0)
    assert r.ok, r.result["error"]
    want = swiglu_replay(x0, x1, 1.0, dtype) if api == "SwiGLU" else geglu_replay(x0, x1, dtype)
    assert_bits_equal(r.array(0, dtype), want)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_reglu_without_temp(simtest, dtype):
    x0, x1 = inputs(6, dtype)
    r = run_glu(simtest, "ReGlu", x0, x1, dtype, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), reglu_replay(x0, x1, dtype))


def test_tolerance_is_tight():
    x0, x1 = inputs(7, F32)
    assert swiglu_tolerance(swiglu_replay(x0, x1, 1.0, F32), x0, x1, 1.0, F32)[0]
    assert not swiglu_tolerance(swiglu_replay(x0, x1, 1.0, F32, one=np.float32(1 + 1e-6)), x0, x1, 1.0, F32)[0]
    assert geglu_tolerance(geglu_replay(x0, x1, F32), x0, x1, F32)[0]
    assert not geglu_tolerance(geglu_replay(x0, x1, F32, c1=np.float32(C1 * (1 + 1e-5))), x0, x1, F32)[0]
    assert reglu_tolerance(reglu_replay(x0, x1, F32), x0, x1, F32)[0]
    assert not reglu_tolerance(reglu_replay(x0, x1, F32, floor=1e-3), x0, x1, F32)[0]


# api, dtype, count, tmp bytes, expected instructions
@pytest.mark.parametrize("api,dtype,count,steps", [
    ("SwiGLU", F32, 1000, 5), ("SwiGLU", F32, 1003, 10), ("SwiGLU", F32, 5, 5),
    ("SwiGLU", F16, 1000, 6 * 8),   # 2400 / 4 / 3 = 200 -> 192 per chunk
    ("GeGLU", F32, 1000, 8), ("GeGLU", F16, 1000, 4 * 11),  # 2400 / 8 = 300 -> 288
    ("ReGlu", F32, 1000, 2), ("ReGlu", F16, 1000, 6 * 5),  # 200 -> 192
])
def test_chunks_and_instructions(simtest, api, dtype, count, steps):
    rng = np.random.default_rng(8)
    x0, x1 = random_values(rng, dtype, count, -3, 3), random_values(rng, dtype, count, -3, 3)
    r = run_glu(simtest, api, x0, x1, dtype, 2400, beta=1.0)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == steps
    want = {"SwiGLU": lambda: swiglu_replay(x0, x1, 1.0, dtype), "GeGLU": lambda: geglu_replay(x0, x1, dtype),
            "ReGlu": lambda: reglu_replay(x0, x1, dtype)}[api]()
    assert_bits_equal(r.array(0, dtype), want)


def test_tmp_sizes(simtest):
    assert simtest.glu_tmp_sizes("SwiGLU", [1000], 2, False) == (12000, 1536, 6, 0)
    assert simtest.glu_tmp_sizes("SwiGLU", [1000], 4, False) == (0, 0, 0, 0)
    assert simtest.glu_tmp_sizes("SwiGLU", [10], 2, False) == (1536, 1536, 6, 0)
    assert simtest.glu_tmp_sizes("GeGLU", [1000], 2, False) == (8000, 1024, 4, 0)
    assert simtest.glu_tmp_sizes("GeGLU", [1000], 4, False) == (0, 0, 0, 0)
    assert simtest.glu_tmp_sizes("ReGlu", [1000], 2, False)[:2] == (12000, 1536)
    assert simtest.glu_tmp_sizes("ReGlu", [1000], 4, False)[:2] == (256, 256)
    assert simtest.glu_tmp_sizes("ReGlu", [1000], 2, True)[:2] == (0, 0)
    assert simtest.glu_tmp_sizes("SwiGLU", [0], 2, False)[:2] == (0, 0)


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU", "ReGlu"])
def test_min_tmp_size_is_enough(simtest, api):
    _, minimum, _, _ = simtest.glu_tmp_sizes(api, [N], 2, False)
    x0, x1 = inputs(9, F16)
    r = run_glu(simtest, api, x0, x1, F16, minimum, beta=1.0)
    assert r.ok, r.result["error"]


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("api,tmp,minimum", [("SwiGLU", 160, 192), ("GeGLU", 96, 128), ("ReGlu", 352, 384)])
def test_too_small_temp(simtest, api, tmp, minimum):
    x = np.ones(64, F16)
    r = run_glu(simtest, api, x, x.copy(), F16, tmp, beta=1.0)
    assert_reported(r, "api-misuse", f"{api}: the temp (sharedTmpBuffer", f"{minimum} bytes",
                    f"Get{api}MaxMinTmpSize")


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU", "ReGlu"])
@pytest.mark.parametrize("src", [1, 2])
def test_dst_overlapping_a_source(simtest, api, src):
    buffers = [np.ones(64, F32), np.ones(64, F32), np.zeros(1024, np.uint8)]
    operands = [(0, 0, F32), (0, 0, F32) if src == 1 else (1, 0, F32), (0, 0, F32) if src == 2 else (1, 0, F32),
                (2, 0, np.uint8)]
    r = run_vector(Misc(simtest), api, buffers, operands, 64, scalar=1.0)
    assert_reported(r, "api-misuse", api, "dstTensor", f"srcTensor{src - 1}")


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU", "ReGlu"])
def test_temp_overlapping_src1(simtest, api):
    buffers = [np.zeros(64, F16), np.ones(64, F16), np.zeros(8192, np.uint8)]
    operands = [(0, 0, F16), (1, 0, F16), (2, 0, F16, 64), (2, 0, np.uint8)]
    r = run_vector(Misc(simtest), api, buffers, operands, 64, scalar=1.0)
    assert_reported(r, "api-misuse", api, "srcTensor1", "sharedTmpBuffer")


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU", "ReGlu"])
def test_count_beyond_dst(simtest, api):
    buffers = [np.zeros(128, F16), np.ones(256, F16), np.ones(256, F16), np.zeros(8192, np.uint8)]
    r = run_vector(Misc(simtest), api, buffers, [(0, 0, F16), (1, 0, F16), (2, 0, F16), (3, 0, np.uint8)], 256,
                   scalar=1.0)
    assert_reported(r, "operand-bounds", api, "dstTensor")


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU", "ReGlu"])
def test_sources_of_different_sizes(simtest, api):
    buffers = [np.zeros(256, F32), np.ones(256, F32), np.ones(128, F32)]
    r = run_vector(Misc(simtest), api, buffers, [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 64, scalar=1.0,
                   no_temp=True)
    assert_reported(r, "api-misuse", api, "srcTensor1 (128)")


def test_reglu_dst_size_must_match(simtest):
    buffers = [np.zeros(512, F32), np.ones(256, F32), np.ones(256, F32)]
    r = run_vector(Misc(simtest), "ReGlu", buffers, [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 64, no_temp=True)
    assert_reported(r, "api-misuse", "ReGlu", "dstTensor (512")


@pytest.mark.parametrize("api", ["SwiGLU", "GeGLU", "ReGlu"])
def test_reuse_source_is_reserved(simtest, api):
    x0, x1 = inputs(10, F32)
    r = run_glu(simtest, api, x0, x1, F32, 1024, beta=1.0, reuse_source=True)
    assert_reported(r, "api-misuse", api, "isReuseSource")


@pytest.mark.parametrize("call,message", [
    ("SwiGLU(d, s, s, 1.0f)", "SwiGLU: element type must be half or float"),
    ("GeGLU(d, s, s)", "GeGLU: element type must be half or float"),
    ("ReGlu(d, s, s, 32u)", "ReGlu: element type must be half, float or bfloat16_t"),
    ("GeGLU(b, b, b)", "GeGLU: element type must be half or float"),
])
def test_wrong_type_does_not_compile(tmp_path, call, message):
    errors = compile_errors(tmp_path, f"""
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& s, LocalTensor<bfloat16_t>& b) {{ {call}; }}
""")
    assert message in errors
