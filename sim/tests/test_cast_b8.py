"""Cast between half and int8_t/uint8_t (vector_cast.h): the A2/A3 pairs of the Cast page
(int8_t/uint8_t -> half CAST_NONE; half -> int8_t/uint8_t CAST_NONE/RINT/FLOOR/CEIL/ROUND/TRUNC),
against numpy float64 rounding, saturating, NaN -> 0."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import assert_bits_equal, assert_reported, compile_errors, Run

MODES = {"NONE": 0, "RINT": 1, "FLOOR": 2, "CEIL": 3, "ROUND": 4, "TRUNC": 5, "ODD": 6}
ROUNDERS = {"NONE": np.rint, "RINT": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc,
            "ROUND": lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)}


def cast(simtest, pair, mode, src, n):
    out, result = simtest.run_cast_b8(pair, MODES[mode], src.tobytes(), n)
    return out, result


@pytest.mark.parametrize("pair,dtype", [("int8->half", np.int8), ("uint8->half", np.uint8)])
def test_bytes_to_half_exact(simtest, pair, dtype):
    src = np.arange(256).astype(np.uint8).view(dtype)
    out, result = cast(simtest, pair, "NONE", src, 256)
    assert result["ok"], result["error"]
    assert_bits_equal(np.frombuffer(out, np.float16)[:256], src.astype(np.float16))


VALUES = np.array([0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, -3.5, 0.25, 0.75, -0.75, 126.5, 127.4, 127.6, 128.0,
                   200.0, 254.5, 255.5, 300.0, -127.5, -128.5, -129.0, -1000.0, np.inf, -np.inf, np.nan],
                  np.float16)


@pytest.mark.parametrize("mode", ["NONE", "RINT", "FLOOR", "CEIL", "ROUND", "TRUNC"])
@pytest.mark.parametrize("pair,dtype", [("half->int8", np.int8), ("half->uint8", np.uint8)])
def test_half_to_bytes_rounds_and_saturates(simtest, mode, pair, dtype):
    rng = np.random.default_rng(1)
    src = np.concatenate([VALUES, rng.uniform(-300, 300, 230).astype(np.float16)])
    out, result = cast(simtest, pair, mode, src, src.size)
    assert result["ok"], result["error"]
    info = np.iinfo(dtype)
    with np.errstate(invalid="ignore"):
        rounded = ROUNDERS[mode](src.astype(np.float64))
    expected = np.where(np.isnan(rounded), 0, np.clip(np.nan_to_num(rounded, posinf=1e9, neginf=-1e9),
                                                     info.min, info.max)).astype(dtype)
    assert_bits_equal(np.frombuffer(out, dtype)[:src.size], expected)


def test_rounding_step_that_is_wrong_fails():
    """The reference tells RINT from ROUND (2.5 -> 2 against 3), so a wrong mode cannot pass."""
    assert ROUNDERS["RINT"](np.array([2.5]))[0] != ROUNDERS["ROUND"](np.array([2.5]))[0]


@pytest.mark.parametrize("pair,mode", [("half->int8", "ODD"), ("int8->half", "RINT"), ("uint8->half", "FLOOR")])
def test_modes_the_pair_lacks_are_reported(simtest, pair, mode):
    out, result = cast(simtest, pair, mode, np.zeros(32, np.float16 if pair.startswith("half") else np.int8), 32)
    assert_reported(Run([out], [None], result, [0]), "api-misuse", "Cast")


def test_other_byte_pairs_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void k(LocalTensor<int8_t>& d, LocalTensor<float>& s) { Cast(d, s, RoundMode::CAST_RINT, 32); }
""")
    assert "Cast: Atlas A2/A3 has no conversion for this source/destination type pair" in errors
