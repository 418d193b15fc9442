"""SetAtomicMax / SetAtomicMin: every core writes its own row to the same GM bytes with the
atomic operation set; GM must end as the elementwise max/min (numpy) of its initial value and
all rows, for every element type A2/A3 takes (int8_t, int16_t, half, bfloat16_t, int32_t,
float), with no GM race reported. Wrong element types do not compile."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from sim.tests.vector_harness import compile_errors

CASES = [("atomic_max_float", np.float32, 64, np.maximum), ("atomic_min_float", np.float32, 64, np.minimum),
         ("atomic_max_half", np.float16, 128, np.maximum), ("atomic_min_int16", np.int16, 128, np.minimum),
         ("atomic_max_int32", np.int32, 64, np.maximum), ("atomic_max_int8", np.int8, 256, np.maximum),
         ("atomic_min_bf16", ml_dtypes.bfloat16, 128, np.minimum)]


@pytest.mark.parametrize("kernel,dtype,n,fn", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("cores", [1, 4])
def test_extreme_of_every_core(simtest, kernel, dtype, n, fn, cores):
    rng = np.random.default_rng(cores * 7 + n)
    if np.issubdtype(np.dtype(dtype), np.integer):
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, cores * n, endpoint=True).astype(dtype)
        z0 = rng.integers(info.min, info.max, n, endpoint=True).astype(dtype)
    else:
        x = rng.uniform(-8, 8, cores * n).astype(dtype)
        z0 = rng.uniform(-8, 8, n).astype(dtype)
    r = simtest.launch(kernel, cores, [("x", x.tobytes()), ("z", z0.tobytes())])
    assert r["ok"], r["error"]
    expected = z0.astype(np.float64) if not np.issubdtype(np.dtype(dtype), np.integer) else z0.copy()
    for b in range(cores):
        row = x[b * n:(b + 1) * n]
        expected = fn(expected, row.astype(expected.dtype))
    got = np.frombuffer(r["outputs"]["z"], dtype)
    np.testing.assert_array_equal(got.astype(np.float64), np.asarray(expected).astype(np.float64))


def test_nan_in_ub_does_not_replace_gm(simtest):
    x = np.full(64, np.nan, np.float32)
    z0 = np.arange(64, dtype=np.float32)
    r = simtest.launch("atomic_max_float", 1, [("x", x.tobytes()), ("z", z0.tobytes())])
    assert r["ok"], r["error"]
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.float32), z0)


def test_wrong_types_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
void k() { AscendC::SetAtomicMax<uint32_t>(); AscendC::SetAtomicMin<double>(); }
""")
    assert "SetAtomicMax: element type must be int8_t, int16_t, half, bfloat16_t, int32_t or float" in errors
    assert "SetAtomicMin: element type must be" in errors
