"""APIs ops-nn's activation and norm kernels use, held to CANN's declarations and semantics:
InitOutput (include/basic_api/kernel_operator_common_intf.h) ..."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import numpy as np
import pytest
from sim.tests.vector_harness import compile_errors


def counts(elements, capacity):
    return np.array([elements, capacity], np.int32).tobytes()


@pytest.mark.parametrize("elements", [8, 100, 16320, 16321, 40000])
def test_init_output_fills_the_count(simtest, elements):
    capacity = 40000
    z = np.full(capacity, -1.0, np.float32)
    r = simtest.launch("init_output_fill", 2, [("x", counts(elements, capacity)), ("z", z.tobytes())])
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["z"], np.float32)
    np.testing.assert_array_equal(out[:elements], 2.5)
    np.testing.assert_array_equal(out[elements:], -1.0)


def test_init_output_default_value_is_zero(simtest):
    z = np.full(300, 7.0, np.float16)
    r = simtest.launch("init_output_default", 1, [("x", counts(257, 300)), ("z", z.tobytes())])
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["z"], np.float16)
    np.testing.assert_array_equal(out[:257], 0.0)
    np.testing.assert_array_equal(out[257:], 7.0)


def test_init_output_past_the_tensor_is_reported(simtest):
    z = np.zeros(64, np.float32)
    r = simtest.launch("init_output_fill", 1, [("x", counts(100, 64)), ("z", z.tobytes())])
    assert not r["ok"]
    assert "InitOutput" in r["error"] or "DataCopyPad" in r["error"], r["error"]


def test_init_output_needs_a_sync_before_reading_back(simtest):
    z = np.zeros(64, np.float32)
    r = simtest.launch("init_output_read_back", 1, [("x", counts(64, 64)), ("z", z.tobytes())])
    assert not r["ok"] and r["error_kind"] == "pipe-hazard", r["error"]


def test_init_output_rejects_types_duplicate_lacks(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(GlobalTensor<int8_t> g) { InitOutput<int8_t>(g, 16); }
""")
    assert "InitOutput: element type must be" in stderr


def test_to_float_widens_bfloat16_exactly(simtest):
    rng = np.random.default_rng(5)
    f = rng.uniform(-1e4, 1e4, 64).astype(np.float32)
    f[:4] = [0.0, -0.0, np.inf, 1e-40]
    bf16 = (f.view(np.uint32) >> 16).astype(np.uint16)  # truncated: any bfloat16 bit pattern
    r = simtest.launch("to_float_scalars", 1, [("x", bf16.tobytes()), ("z", bytes(256))])
    assert r["ok"], r["error"]
    expected = (bf16.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.uint32), expected.view(np.uint32))


def test_scalar_helpers_have_cann_signatures(tmp_path):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[2] / "sim" / "include"
    source = tmp_path / "helpers.cpp"
    source.write_text("""
#include <type_traits>
#include "kernel_operator.h"
#include "kernel_type.h"
using namespace AscendC;
static_assert(AlignUp(17, 8) == 24 && AlignUp(16, 8) == 16 && AlignUp(0, 8) == 0, "AlignUp");
static_assert(std::is_same_v<decltype(AlignUp(1u, 2u)), uint32_t>, "AlignUp returns uint32_t");
static_assert(ConstCeil(17, 8) == 3, "ConstCeil");
void Preload() { PRELOAD(8); }
static_assert(std::is_same_v<decltype(ToFloat(bfloat16_t{})), float>, "ToFloat returns float");
static_assert(DT_FLOAT == 0 && DT_FLOAT16 == 1 && DT_BF16 == 27 && DT_UINT32 == 8 && DT_INT64 == 9, "DT codes");
static_assert(FORMAT_ND == 2 && FORMAT_NC1HWC0 == 3, "format codes");
""")
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(source)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_a_tpipe_member_assigned_from_the_kernels_pipe(simtest):
    x = np.linspace(-3, 3, 64).astype(np.float32)
    r = simtest.launch("pipe_assigned_member", 2, [("x", x.tobytes()), ("z", bytes(256))])
    assert r["ok"], r["error"]
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.float32), x + np.float32(1))
