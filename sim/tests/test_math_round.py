"""High-level Floor, Ceil, Round, Trunc and Frac (vector_math_round.h).

The A2/A3 implementations (asc-devkit impl/adv_api/detail/math/<api>/<api>_v220_impl.h) are one
float->float Cast in the API's rounding (half: through a float temp, Cast half->float exact, the
Cast, Cast back to half, exact for an integral value); Frac is x - trunc(x), which is exact in
float and, for a half x, representable in half. So the tolerance against numpy float64 is 0: the
results must equal np.floor / np.ceil / np.rint / np.trunc / x - np.trunc(x) bit for bit (a
wrong rounding mode, e.g. Round as ties-away, fails it: see test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import (F16, F32, assert_bits_equal, assert_reported, compile_errors,
                                      random_values, run_vector)

N = 1000
APIS = ["Floor", "Ceil", "Round", "Trunc", "Frac"]
TRUTH = {"Floor": np.floor, "Ceil": np.ceil, "Round": np.rint, "Trunc": np.trunc,
         "Frac": lambda x: x - np.trunc(x)}


def inputs(dtype, seed):
    x = random_values(np.random.default_rng(seed), dtype, N, -300.0, 300.0)
    specials = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999997, 3.0, -7.0, 1e-3, -1e-3]
    x[:len(specials)] = np.asarray(specials, np.float64).astype(dtype)
    x[20:40] = (np.arange(20) - 10 + 0.5).astype(dtype)  # ties
    return x


def expected(api, x, dtype):
    return TRUTH[api](x.astype(np.float64)).astype(dtype)


def run_math(simtest, api, x, dtype, tmp_bytes, whole=False, dst_offset=0, **options):
    buffers = [np.zeros(x.size + dst_offset, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, dst_offset, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    name = f"{api}/whole" if whole else api  # "/whole": the overload without calCount
    return run_vector(Misc(simtest), name, buffers, operands, x.size, no_temp=not tmp_bytes, **options)


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_values(simtest, api, dtype):
    x = inputs(dtype, 1)
    r = run_math(simtest, api, x, dtype, 2048)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), expected(api, x, dtype))


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
def test_without_temp(simtest, api, dtype):
    x = inputs(dtype, 2)
    r = run_math(simtest, api, x, dtype, 0)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, dtype), expected(api, x, dtype))


@pytest.mark.parametrize("api", ["Trunc", "Frac"])
@pytest.mark.parametrize("with_temp", [True, False])
def test_whole_tensor_forms(simtest, api, with_temp):
    x = inputs(F16, 3)
    r = run_math(simtest, api, x, F16, 2048 if with_temp else 0, whole=True)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), expected(api, x, F16))


def test_tolerance_is_tight():
    """Zero tolerance tells the roundings apart: ties-away instead of Round's ties-to-even, or
    floor in place of trunc for Frac, differ from the reference."""
    x = inputs(F32, 4).astype(np.float64)
    ties_away = np.sign(x) * np.floor(np.abs(x) + 0.5)
    assert not np.array_equal(ties_away, np.rint(x))
    assert not np.array_equal(x - np.floor(x), TRUTH["Frac"](x))


# instructions per chunk (half: Cast in, the float steps, Cast out); float Floor, Round and Frac
# run once over all elements
@pytest.mark.parametrize("api,dtype,pieces,per_chunk,once", [
    ("Floor", F32, 1, 0, 1), ("Round", F32, 1, 0, 1), ("Frac", F32, 1, 0, 2),
    ("Ceil", F32, 1, 1, 0), ("Trunc", F32, 1, 1, 0),
    ("Floor", F16, 1, 3, 0), ("Ceil", F16, 1, 3, 0), ("Round", F16, 1, 3, 0), ("Trunc", F16, 1, 3, 0),
    ("Frac", F16, 2, 4, 0)])
def test_chunks_and_instructions(simtest, api, dtype, pieces, per_chunk, once):
    tmp = 1504
    chunk = tmp // 4 // pieces // 32 * 32
    x = inputs(dtype, 5)
    r = run_math(simtest, api, x, dtype, tmp)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == once + -(-N // chunk) * per_chunk
    assert_bits_equal(r.array(0, dtype), expected(api, x, dtype))


def test_round_and_trunc_in_place(simtest):
    """Round and Trunc allow dst = src (their pages; CANN's checks only pair the temp)."""
    for api in ("Round", "Trunc"):
        x = inputs(F16, 6)
        r = run_vector(Misc(simtest), api, [x, np.zeros(1024, np.uint8)], [(0, 0, F16), (0, 0, F16), (1, 0, np.uint8)],
                       N)
        assert r.ok, r.result["error"]
        assert_bits_equal(r.array(0, F16), expected(api, x, F16))


def test_tmp_sizes(simtest):
    # (max, min, maxLiveNodeCount, extraBuf): f x max(bytes, 256), f x 256, f, 0
    assert simtest.math_tmp_sizes("Floor", [1000], 2) == (4000, 512, 2, 0)
    assert simtest.math_tmp_sizes("Floor", [1000], 4) == (0, 0, 0, 0)
    assert simtest.math_tmp_sizes("Ceil", [1000], 4) == (4000, 256, 1, 0)
    assert simtest.math_tmp_sizes("Ceil", [10], 2) == (512, 512, 2, 0)
    assert simtest.math_tmp_sizes("Trunc", [1000], 2) == (4000, 512, 2, 0)
    assert simtest.math_tmp_sizes("Trunc", [1000], 4) == (4000, 256, 1, 0)
    assert simtest.math_tmp_sizes("Frac", [1000], 2) == (8000, 1024, 4, 0)
    assert simtest.math_tmp_sizes("Frac", [1000], 4) == (0, 0, 0, 0)
    assert simtest.math_tmp_sizes("Round", [1000], 2) == (2000, 256, 1, 0)
    assert simtest.math_tmp_sizes("Round", [1000], 4) == (0, 0, 0, 0)
    assert simtest.math_tmp_sizes("Floor", [0], 2)[:2] == (0, 0)  # an error: outputs untouched


@pytest.mark.parametrize("api", APIS)
def test_min_tmp_size_is_enough(simtest, api):
    _, minimum, _, _ = simtest.math_tmp_sizes(api, [N], 2)
    x = inputs(F16, 7)
    r = run_math(simtest, api, x, F16, minimum)
    assert r.ok, r.result["error"]
    assert_bits_equal(r.array(0, F16), expected(api, x, F16))


# ---- bad calls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("api,tmp", [("Floor", 96), ("Ceil", 96), ("Trunc", 96), ("Round", 96), ("Frac", 224)])
def test_too_small_temp(simtest, api, tmp):
    r = run_math(simtest, api, np.ones(64, F16), F16, tmp)
    assert_reported(r, "api-misuse", f"{api}: the temp (sharedTmpBuffer", f"Get{api}MaxMinTmpSize")


def test_float_ceil_needs_a_chunk_of_temp(simtest):
    r = run_math(simtest, "Ceil", np.ones(64, F32), F32, 96)
    assert_reported(r, "api-misuse", "Ceil: the temp", "128 bytes")


@pytest.mark.parametrize("api", ["Floor", "Ceil", "Frac"])
def test_dst_overlapping_src(simtest, api):
    x = inputs(F32, 8)
    r = run_vector(Misc(simtest), api, [x, np.zeros(1024, np.uint8)], [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)], N)
    assert_reported(r, "api-misuse", api, "dstTensor", "srcTensor")


def test_temp_overlapping_src(simtest):
    r = run_vector(Misc(simtest), "Round", [np.zeros(64, F16), np.ones(1024, F16)],
                   [(0, 0, F16), (1, 0, F16), (1, 0, np.uint8)], 64)
    assert_reported(r, "api-misuse", "srcTensor", "sharedTmpBuffer")


@pytest.mark.parametrize("api", APIS)
def test_count_beyond_dst(simtest, api):
    r = run_vector(Misc(simtest), api, [np.zeros(128, F32), np.ones(256, F32), np.zeros(4096, np.uint8)],
                   [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8)], 256)
    assert_reported(r, "operand-bounds", api, "dstTensor")


def test_reuse_source_is_reserved(simtest):
    r = run_math(simtest, "Trunc", inputs(F32, 9), F32, 1024, reuse_source=True)
    assert_reported(r, "api-misuse", "Trunc", "isReuseSource")


def test_misaligned_dst_names_the_step(simtest):
    r = run_math(simtest, "Floor", np.ones(64, F16), F16, 1024, dst_offset=2)
    assert_reported(r, "ub-alignment", "Floor (Cast float->half step)", "dst")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& s, LocalTensor<uint8_t>& tmp) {
    Floor(s, s, tmp, 16); Ceil(s, s, 16); Round(s, s, tmp, 16); Trunc(s, s); Frac(s, s, tmp);
}
""")
    assert "Floor, Ceil, Round, Trunc, Frac: element type must be half or float" in errors
