"""The high-level Sign (vector_math_sign.h).

The A2/A3 sequence (asc-devkit impl/adv_api/detail/math/sign/sign_common_impl.h) runs through the
sim's Duplicate, Compare (bit masks, Normal mode, whole repeats), SetCmpMask, Select (mode 1) and
Add, so its result is exact: 1 for x > 0, -1 for x < 0, +0 for +-0 and NaN. The replay is that
rule (numpy's sign with NaN as 0); the float64 reference is the same, so the "tolerance" is 0, and
a replay with one of the sequence's constants changed (the 1 Duplicate'd for the Select as 0.5)
fails it. The Compare steps read whole 256-byte repeats of src and dst, as the implementation
does, so the tests keep that range inside the tensors."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1024


def replay(x, dtype, one=1.0):
    x64 = x.astype(np.float64)
    y = np.where(x64 > 0, one, np.where(x64 < 0, -1.0, 0.0))
    return y.astype(dtype)


def run_sign(simtest, x, dtype, tmp_bytes, whole=False, count=None):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    operands = [(0, 0, dtype), (1, 0, dtype)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "Sign/whole" if whole else "Sign", buffers, operands,
                      x.size if count is None else count, no_temp=not tmp_bytes)


def inputs(seed, dtype):
    x = random_values(np.random.default_rng(seed), dtype, N, -3, 3)
    x[:6] = [0.0, -0.0, np.nan, np.inf, -np.inf, 1e-4]
    return x


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("whole,with_temp", [(False, True), (False, False), (True, True), (True, False)])
def test_values(simtest, dtype, whole, with_temp):
    x = inputs(1, dtype)
    r = run_sign(simtest, x, dtype, 4608 if with_temp else 0, whole=whole)
    assert r.ok, r.result["error"]
    got = r.array(0, dtype)
    assert_bits_equal(got, replay(x, dtype))
    assert not np.array_equal(got, replay(x, dtype, one=0.5))


def test_partial_count(simtest):
    x = inputs(2, F32)
    r = run_sign(simtest, x, F32, 1024, count=1000)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_bits_equal(got[:1000], replay(x[:1000], F32))


@pytest.mark.parametrize("dtype,tmp", [(F32, 1536), (F16, 1536)])
def test_chunks_and_instructions(simtest, dtype, tmp):
    chunk = tmp // np.dtype(dtype).itemsize // 3 // 32 * 32
    x = inputs(3, dtype)
    one = run_sign(simtest, x[:chunk].copy(), dtype, tmp)
    assert one.ok, one.result["error"]
    per_chunk = one.vector_pipe()["instructions"]
    r = run_sign(simtest, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == -(-N // chunk) * per_chunk
    assert_bits_equal(r.array(0, dtype), replay(x, dtype))


def test_tmp_sizes(simtest):
    assert simtest.math_tmp_sizes_arc("Sign", [1000], 4) == (12000, 768, 3, 0)
    assert simtest.math_tmp_sizes_arc("Sign", [1000], 2) == (6000, 768, 3, 0)
    assert simtest.math_tmp_sizes_arc("Sign", [10], 2) == (768, 768, 3, 0)
    assert simtest.math_tmp_sizes_arc("Sign", [0], 2)[:2] == (768, 768)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_min_tmp_size_is_enough(simtest, dtype):
    _, minimum, _, _ = simtest.math_tmp_sizes_arc("Sign", [N], np.dtype(dtype).itemsize)
    x = inputs(4, dtype)
    r = run_sign(simtest, x, dtype, minimum)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), replay(x, dtype))


# ---- bad calls ---------------------------------------------------------------------------------

def test_too_small_temp(simtest):
    r = run_sign(simtest, inputs(5, F32)[:64], F32, 352)  # 352 / 4 / 3 = 29 < 32
    assert_reported(r, "api-misuse", "Sign: the temp (sharedTmpBuffer", "384 bytes", "GetSignMaxMinTmpSize")


def test_dst_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Sign", [inputs(6, F32)[:64], np.zeros(1024, np.uint8)],
                   [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "Sign", "dstTensor", "srcTensor")


def test_temp_overlapping_dst(simtest):
    r = run_vector(Misc(simtest), "Sign", [np.zeros(1024, F16), inputs(7, F16)[:128]],
                   [(0, 0, F16), (1, 0, F16), (0, 0, np.uint8)], 128)
    assert_reported(r, "api-misuse", "dstTensor", "sharedTmpBuffer")


def test_count_beyond_src(simtest):
    r = run_vector(Misc(simtest), "Sign", [np.zeros(256, F32), np.ones(128, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", "Sign", "srcTensor")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int16_t>& d, LocalTensor<int16_t>& s) { Sign(d, s); }
""")
    assert "Sign: element type must be half or float" in errors


def test_whole_repeat_read_past_the_tensor_is_reported(simtest):
    """CANN's Compare steps read whole 256-byte repeats; where the tensors end before the last
    chunk's repeat does (4096-byte temp, half: chunks of 672, the last of 352 elements = 704
    bytes, read as 768), the sim reports the read past the tensor rather than inventing the bytes
    beyond it."""
    r = run_sign(simtest, inputs(8, F16), F16, 4096)
    assert_reported(r, "operand-bounds", "Compare", "past the end of its tensor")
