"""High-level Silu and Swish (vector_highlevel.h): bit for bit against the documented steps
replayed in numpy, the instructions the 2201 implementation issues, and their checks."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc, ops
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, random_values, run_vector


def swish_reference(x, beta, dtype):
    """Muls(-beta), Exp, Adds(1), Div(x, .): each step in float32 (Exp in float64), rounded to T."""
    minus_beta = np.float32(dtype(np.float32(-1.0) * np.float32(beta)))
    y = (x.astype(np.float32) * minus_beta).astype(dtype)
    y = np.exp(y.astype(np.float64)).astype(dtype)
    y = (y.astype(np.float32) + np.float32(1.0)).astype(dtype)
    return (x.astype(np.float32) / y.astype(np.float32)).astype(dtype)


@pytest.mark.parametrize("dtype", [F16, F32])
@pytest.mark.parametrize("api,beta", [("Silu", 1.0), ("Swish", 1.5), ("Swish", -0.75)])
def test_values(simtest, api, beta, dtype):
    n = 200
    x = random_values(np.random.default_rng(21), dtype, n, low=-12, high=12)
    r = run_vector(Misc(simtest), api, [np.zeros(n, dtype), x], ops(dtype, dtype), n, scalar=beta)
    assert r.ok, r.result["error"]
    with np.errstate(over="ignore"):
        assert_bits_equal(r.array(0, dtype), swish_reference(x, beta, dtype))


@pytest.mark.parametrize("dtype,n,passes", [(F32, 200, 3), (F32, 64 * 255, 2), (F32, 64 * 256 + 8, 4),
                                            (F16, 128, 2)])
def test_both_passes_are_issued(simtest, dtype, n, passes):
    """A counter-mode pass over everything, then 255-repeat pieces, the remaining repeats, the tail."""
    x = np.ones(n, dtype)
    r = run_vector(Misc(simtest), "Silu", [np.zeros(n, dtype), x], ops(dtype, dtype), n)
    assert r.ok, r.result["error"]
    assert r.vector_pipe()["instructions"] == 4 * passes


def test_overlap_is_reported(simtest):
    x = np.ones(128, F32)
    r = run_vector(Misc(simtest), "Silu", [x], [(0, 0, F32), (0, 0, F32)], 64)
    assert_reported(r, "api-misuse", "Silu", "overlap")


def test_dst_too_small(simtest):
    r = run_vector(Misc(simtest), "Swish", [np.zeros(32, F32), np.ones(64, F32)], ops(F32, F32), 64, scalar=1.0)
    assert_reported(r, "operand-bounds", "Swish", "dstLocal")


def test_misaligned_src_names_the_step(simtest):
    r = run_vector(Misc(simtest), "Silu", [np.zeros(64, F32), np.ones(72, F32)], [(0, 0, F32), (1, 4, F32)], 64)
    assert_reported(r, "ub-alignment", "Silu (Muls -1 step)")
