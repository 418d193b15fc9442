"""The high-level Xor and Fmod (vector_math_xor_fmod.h).

Xor (asc-devkit impl/adv_api/detail/math/xor/xor_membase_impl.h): (a | b) & ~(a & b) in four
bitwise instructions per chunk; exact, so the replay and the reference are np.bitwise_xor (no
constant to perturb: a replay with the Or dropped, (~(a & b)) alone, must fail).
Fmod (fmod/fmod_common_impl.h): y = a - Trunc(a / b) * b, replayed in numpy float32 bit for bit,
and against np.fmod in float64 with the tolerance the sequence gives, u = 2^-24: the Mul and the
Sub round once each, 2u (|a| + |t b|) with t the truncated quotient; where a / b lies within u of
an integer, the rounded quotient may truncate to the neighbour, |b| more. half adds its last Cast,
2^-11 |y| + 2^-25. A replay that floors instead of truncating fails it."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
U = 2.0 ** -24
I16, U16 = np.int16, np.uint16


def d(v):
    return np.asarray(v, np.float64)


def run_binary(simtest, api, a, b, dtype, tmp_bytes, whole=False, count=None):
    buffers = [np.zeros(a.size, dtype), a, b] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)] + ([(3, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), f"{api}/whole" if whole else api, buffers, operands,
                      a.size if count is None else count, no_temp=not tmp_bytes)


# ---- Xor ---------------------------------------------------------------------------------------

def ints(seed, dtype):
    info = np.iinfo(dtype)
    return np.random.default_rng(seed).integers(info.min, info.max, N, endpoint=True).astype(dtype)


@pytest.mark.parametrize("dtype", [I16, U16], ids=["int16", "uint16"])
@pytest.mark.parametrize("whole,with_temp", [(False, True), (False, False), (True, True), (True, False)])
def test_xor_values(simtest, dtype, whole, with_temp):
    a, b = ints(1, dtype), ints(2, dtype)
    r = run_binary(simtest, "Xor", a, b, dtype, 1024 if with_temp else 0, whole=whole)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, np.bitwise_xor(a, b))
    assert not np.array_equal(got, ~(a & b))


def test_xor_chunks_and_instructions(simtest):
    tmp = 200  # 200 / 2 / 32 * 32 = 96 elements
    a, b = ints(3, I16), ints(4, I16)
    r = run_binary(simtest, "Xor", a, b, I16, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // 96) * 4
    assert_bits_equal(r.array(0, I16), np.bitwise_xor(a, b))


def test_xor_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes_arc("Xor", [1000], 2) == (2000, 256, 1, 0)
    assert simtest.math_tmp_sizes_arc("Xor", [10], 2) == (256, 256, 1, 0)
    assert simtest.math_tmp_sizes_arc("Xor", [0], 2)[:2] == (256, 256)


def test_xor_too_small_temp(simtest):
    r = run_binary(simtest, "Xor", ints(5, I16)[:64], ints(6, I16)[:64], I16, 32)  # 16 elements < 32
    assert_reported(r, "api-misuse", "Xor: the temp (sharedTmpBuffer", "64 bytes", "GetXorMaxMinTmpSize")


def test_xor_dst_overlapping_src1(simtest):
    a = ints(7, I16)[:64]
    r = run_vector(Misc(simtest), "Xor", [a, a.copy(), np.zeros(256, np.uint8)],
                   [(0, 0, I16), (1, 0, I16), (0, 0, I16), (2, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Xor", "dstTensor", "src1Tensor")


def test_xor_temp_overlapping_src1(simtest):
    a = ints(8, I16)[:64]
    r = run_vector(Misc(simtest), "Xor", [np.zeros(64, I16), a, np.zeros(512, I16)],
                   [(0, 0, I16), (1, 0, I16), (2, 0, I16), (2, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "src1Tensor", "sharedTmpBuffer")


def test_xor_count_beyond_src1(simtest):
    r = run_vector(Misc(simtest), "Xor", [np.zeros(256, I16), ints(9, I16)[:256], np.zeros(128, I16),
                                          np.zeros(1024, np.uint8)],
                   [(0, 0, I16), (1, 0, I16), (2, 0, I16), (3, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Xor", "src1Tensor")


def test_xor_whole_sizes_differ(simtest):
    r = run_vector(Misc(simtest), "Xor/whole", [np.zeros(128, I16), ints(10, I16)[:128], np.zeros(64, I16),
                                                np.zeros(1024, np.uint8)],
                   [(0, 0, I16), (1, 0, I16), (2, 0, I16), (3, 0, np.uint8)], 128)
    assert_reported(r, "api-misuse", "Xor", "src0Tensor has 128", "src1Tensor 64")


def test_xor_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<half>& d, LocalTensor<half>& a, LocalTensor<half>& b) { Xor(d, a, b); }
""")
    assert "Xor: element type must be int16_t or uint16_t" in errors


# ---- Fmod --------------------------------------------------------------------------------------

def fmod_float(a, b, trunc_chunk, trunc=np.trunc):
    y = a / b
    y = trunc(y).astype(F32)
    y = y * b
    return a - y


def replay_fmod(a, b, dtype, trunc=np.trunc):
    with np.errstate(all="ignore"):
        y = fmod_float(a.astype(F32), b.astype(F32), None, trunc)
        return y.astype(F16) if dtype == F16 else y


def fmod_tolerance(got, a, b, dtype):
    a64, b64 = d(a.astype(F32)), d(b.astype(F32))
    truth = np.fmod(a64, b64)
    q = a64 / b64
    t = np.trunc(q)
    tol = 2 * U * (np.abs(a64) + np.abs(t * b64))
    crosses = np.trunc(q * (1 - U)) != np.trunc(q * (1 + U))
    tol = tol + np.where(crosses, np.abs(b64), 0)
    if dtype == F16:
        tol = tol + 2.0 ** -11 * np.abs(truth) + 2.0 ** -25
    err = np.abs(d(got) - truth)
    return (err <= tol).all(), err, tol


def fmod_inputs(seed, dtype):
    rng = np.random.default_rng(seed)
    a = random_values(rng, dtype, N, -100, 100)
    b = random_values(rng, dtype, N, 0.5, 10) * np.where(rng.random(N) < 0.5, -1, 1).astype(dtype)
    a[:4] = [0.0, 7.5, -7.5, 3.0]
    b[:4] = [1.0, 2.0, 2.0, 3.0]
    return a, b


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("whole,with_temp", [(False, True), (False, False), (True, True), (True, False)])
def test_fmod_values(simtest, dtype, whole, with_temp):
    a, b = fmod_inputs(1, dtype)
    r = run_binary(simtest, "Fmod", a, b, dtype, 8192 if with_temp else 0, whole=whole)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay_fmod(a, b, dtype))
    ok, err, tol = fmod_tolerance(got, a, b, dtype)
    assert ok, f"max error {err.max()} at a={a[np.argmax(err - tol)]}, b={b[np.argmax(err - tol)]}"


def test_fmod_tolerance_is_tight():
    a, b = fmod_inputs(2, F32)
    assert fmod_tolerance(replay_fmod(a, b, F32), a, b, F32)[0]
    assert not fmod_tolerance(replay_fmod(a, b, F32, trunc=np.floor), a, b, F32)[0]


@pytest.mark.parametrize("dtype,tmp", [(F32, 1024), (F16, 2048)])
def test_fmod_chunks_and_instructions(simtest, dtype, tmp):
    a, b = fmod_inputs(3, dtype)
    r = run_binary(simtest, "Fmod", a, b, dtype, tmp)
    assert r.ok, r.result["error"]
    if dtype == F32:
        expected = 3 + -(-N // (tmp // 4 // 32 * 32))
    else:
        chunk = tmp // 2 // 8 // 32 * 32
        trunc_chunk = (tmp - 12 * chunk) // 4 // 32 * 32
        sizes = [min(chunk, N - o) for o in range(0, N, chunk)]
        expected = sum(6 + -(-n // trunc_chunk) for n in sizes)
    assert r.vector_pipe()["instructions"] == expected
    assert_bits_equal(r.array(0, dtype), replay_fmod(a, b, dtype))


def test_fmod_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes_arc("Fmod", [1000], 4) == (4000, 256, 1, 0)
    assert simtest.math_tmp_sizes_arc("Fmod", [1000], 2) == (16000, 2048, 8, 0)
    assert simtest.math_tmp_sizes_arc("Fmod", [0], 2)[:2] == (0, 0)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_fmod_min_tmp_size_is_enough(simtest, dtype):
    _, minimum, _, _ = simtest.math_tmp_sizes_arc("Fmod", [N], np.dtype(dtype).itemsize)
    a, b = fmod_inputs(4, dtype)
    r = run_binary(simtest, "Fmod", a, b, dtype, minimum)
    assert r.ok, r.result["error"]


@pytest.mark.parametrize("dtype,tmp,need", [(F32, 96, 128), (F16, 480, 512)])
def test_fmod_too_small_temp(simtest, dtype, tmp, need):
    a, b = fmod_inputs(5, dtype)
    r = run_binary(simtest, "Fmod", a[:64], b[:64], dtype, tmp)
    assert_reported(r, "api-misuse", "Fmod", f"{need} bytes", "GetFmodMaxMinTmpSize")


def test_fmod_dst_overlapping_src0(simtest):
    a, b = fmod_inputs(6, F32)
    r = run_vector(Misc(simtest), "Fmod", [a[:64], b[:64], np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Fmod", "dstTensor", "src0Tensor")


def test_fmod_temp_overlapping_src1(simtest):
    a, b = fmod_inputs(7, F16)
    r = run_vector(Misc(simtest), "Fmod", [np.zeros(64, F16), a[:64], np.ones(2048, F16)],
                   [(0, 0, F16), (1, 0, F16), (2, 0, F16), (2, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "src1Tensor", "sharedTmpBuffer")


def test_fmod_count_beyond_src1(simtest):
    a, b = fmod_inputs(8, F32)
    r = run_vector(Misc(simtest), "Fmod", [np.zeros(256, F32), a[:256], b[:128], np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, F32), (3, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Fmod", "src1Tensor")


def test_fmod_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<int32_t>& a, LocalTensor<int32_t>& b) { Fmod(d, a, b, 8); }
""")
    assert "Fmod: element type must be half or float" in errors
