"""High-level Tanh (vector_activation.h): the four forms of the page (with and without
sharedTmpBuffer and calCount), TanhConfig, and GetTanhMaxMinTmpSize / GetTanhTmpBufferFactorSize
against the formulas of asc-devkit impl/adv_api/tiling/math/tanh_tiling_impl.cpp.

The A2/A3 formula (impl/adv_api/detail/math/tanh/tanh_common_impl.h): c = clip(x, +-8.8);
e = exp(2c); y = (e - 1) / (e + 1), in float. Tolerance against np.tanh in float64: e carries
1/2 ulp of e (absolute 2^-24 e), so e - 1 is good to about 2^-24 (1 + e) absolute, halved by the
division by e + 1 > 2 for small x, plus the Div's and the subtraction's roundings:
|err| <= 2^-23 (absolute) + 2^-23 |y|; the clip costs at most 1 - tanh(8.8) = 4.6e-8 < 2^-23.
Half adds its final rounding, 2^-11 |y| + 2^-25. A clip of 4 instead of 8.8 fails this
(test_tolerance_is_tight)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, compile_errors, random_values, run_vector

N = 1000


def tol(x, dtype):
    y = np.abs(np.tanh(x.astype(np.float64)))
    t = 2.0 ** -23 + 2.0 ** -23 * y
    return t + (2.0 ** -11 * y + 2.0 ** -25 if dtype == F16 else 0.0)


def clipped_formula(x, clip):
    c = np.clip(x.astype(np.float64), -clip, clip)
    e = np.exp(2 * c)
    return (e - 1) / (e + 1)


def run_tanh(simtest, x, dtype, tmp_bytes, whole):
    buffers = [np.zeros(x.size, dtype), x] + ([np.zeros(tmp_bytes, np.uint8)] if tmp_bytes else [])
    length = x.size if whole else -1
    operands = [(0, 0, dtype, length), (1, 0, dtype, length)] + ([(2, 0, np.uint8)] if tmp_bytes else [])
    return run_vector(Misc(simtest), "Tanh/whole" if whole else "Tanh", buffers, operands, x.size,
                      no_temp=not tmp_bytes)


@pytest.mark.parametrize("dtype", [F16, F32], ids=["half", "float"])
@pytest.mark.parametrize("with_temp", [True, False])
def test_all_forms_agree_and_are_within_tolerance(simtest, dtype, with_temp):
    x = random_values(np.random.default_rng(1), dtype, N, -12, 12)
    x[:4] = [0.0, 1e-4, -1e-4, 8.8]
    counted = run_tanh(simtest, x, dtype, 2048 if with_temp else 0, False)
    whole = run_tanh(simtest, x, dtype, 2048 if with_temp else 0, True)
    assert counted.ok and whole.ok, (counted.result["error"], whole.result["error"])
    got = whole.array(0, dtype)
    assert_bits_equal(got, counted.array(0, dtype))
    err = np.abs(got.astype(np.float64) - np.tanh(x.astype(np.float64)))
    assert (err <= tol(x, dtype)).all(), f"max error {err.max()}"


def test_tolerance_is_tight():
    x = random_values(np.random.default_rng(2), F32, N, -12, 12)
    assert (np.abs(clipped_formula(x, 8.8) - np.tanh(x.astype(np.float64))) <= tol(x, F32)).all()
    assert not (np.abs(clipped_formula(x, 4.0) - np.tanh(x.astype(np.float64))) <= tol(x, F32)).all()


def test_tmp_sizes(simtest):
    # float: 1 x max(bytes, 256), min 256; half: 4 x max(bytes, 256), min 1024
    assert simtest.math_tmp_sizes("Tanh", [1000], 4) == (4000, 256, 1, 0)
    assert simtest.math_tmp_sizes("Tanh", [1000], 2) == (8000, 1024, 4, 0)
    assert simtest.math_tmp_sizes("Tanh", [10], 2) == (1024, 1024, 4, 0)


def test_config_is_accepted(tmp_path):
    """TanhConfig compiles (A2/A3 run the INTRINSIC formula whatever it says); int32 does not."""
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
static constexpr TanhConfig kConfig = {TanhAlgo::SUBSECTION_COMPENSATION};
void ok(LocalTensor<half>& d, LocalTensor<half>& s, LocalTensor<uint8_t>& tmp) {
    Tanh<half, false, kConfig>(d, s, tmp, 16); Tanh<half, false, kConfig>(d, s); Tanh(d, s, tmp);
}
void bad(LocalTensor<int32_t>& d) { Tanh(d, d); }
""")
    assert "Tanh: element type must be half or float" in errors
    assert errors.count("error") == 1, errors
