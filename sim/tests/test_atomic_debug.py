"""DMA atomics (SetAtomicAdd / SetAtomicNone) and InitGlobalMemory: the values GM ends with, and
the GM race check, which allows two cores' atomic adds to the same bytes but not a plain write
meeting them."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import numpy as np
import pytest
from sim.tests.vector_harness import compile_errors

ROW = 64


def launch(simtest, kernel, cores, x, z):
    return simtest.launch(kernel, cores, [("x", x.tobytes()), ("z", z.tobytes())])


@pytest.mark.parametrize("cores", [1, 2, 8])
def test_atomic_add_accumulates_every_core(simtest, cores):
    rng = np.random.default_rng(11)
    x = rng.uniform(-4, 4, ROW).astype(np.float32)
    z0 = rng.uniform(-4, 4, ROW).astype(np.float32)
    r = launch(simtest, "atomic_add_rows", cores, x, z0)
    assert r["ok"], r["error"]
    expected = z0.copy()
    for _ in range(cores):
        expected = (expected + x).astype(np.float32)  # each core's add rounds in float32
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.float32), expected)


def test_atomic_add_half(simtest):
    x = np.linspace(-2, 2, 2 * ROW).astype(np.float16)
    z0 = np.full(2 * ROW, 0.1, np.float16)
    r = launch(simtest, "atomic_half_rows", 3, x, z0)
    assert r["ok"], r["error"]
    expected = z0.copy()
    for _ in range(3):
        expected = (expected.astype(np.float64) + x.astype(np.float64)).astype(np.float16)
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.float16), expected)


def test_plain_writes_of_the_same_bytes_still_race(simtest):
    # each core stores its own row of x to the same bytes: GM depends on which lands last
    x = np.concatenate([np.ones(ROW, np.float32), np.full(ROW, 2.0, np.float32)])
    r = launch(simtest, "plain_rows_race", 2, x, np.zeros(ROW, np.float32))
    assert not r["ok"] and r["error_kind"] == "gm-race", r["error"]


def test_a_plain_write_meeting_atomic_adds_races(simtest):
    x = np.ones(ROW, np.float32)
    r = launch(simtest, "atomic_mixed_race", 2, x, np.zeros(ROW, np.float32))
    assert not r["ok"] and r["error_kind"] == "gm-race", r["error"]
    assert "DataCopy" in r["error"]


@pytest.mark.parametrize("elements", [8, 100, 16320, 16321, 40000])
def test_init_global_memory(simtest, elements):
    capacity = 40000
    counts = np.array([elements, capacity], np.int32)
    z = np.full(capacity, -1.0, np.float32)
    r = simtest.launch("init_global_memory_fill", 1, [("x", counts.tobytes()), ("z", z.tobytes())])
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["z"], np.float32)
    np.testing.assert_array_equal(out[:elements], 3.5)
    np.testing.assert_array_equal(out[elements:], -1.0)


def test_unsupported_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(GlobalTensor<int8_t> g, LocalTensor<int32_t> i) {
    SetAtomicAdd<uint32_t>();
    InitGlobalMemory(g, 16, int8_t(0));
    Silu(i, i, 16);
    Swish(i, i, 16, 1);
}
""")
    for message in ("SetAtomicAdd: element type must be", "InitGlobalMemory: element type must be",
                    "Silu: element type must be", "Swish: element type must be"):
        assert message in stderr, f"{message!r} missing from the compiler's errors"


def test_type_utilities_compile_as_cann_defines_them(tmp_path):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[2] / "sim" / "include"
    source = tmp_path / "traits.cpp"
    source.write_text("""
#include "kernel_operator.h"
using namespace AscendC;
static_assert(IsSameType<half, half>::value && !IsSameType<half, float>::value, "IsSameType");
static_assert(SupportType<float, half, float>() && !SupportType<int8_t, half, float>(), "SupportType");
static_assert(SupportType<Tuple<float, half>, Tuple<half, half>, Tuple<float, half>>(), "Tuple pairs");
static_assert(!SupportType<Tuple<half, float>, Tuple<half, half>, Tuple<float, half>>(), "Tuple order");
static_assert(TrueType::value && !FalseType::value, "BoolInst");
""")
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(source)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_printf_and_dump_tensor(simtest, capfd):
    x = np.arange(8, dtype=np.float32)
    r = simtest.launch("print_and_dump", 2, [("x", x.tobytes()), ("z", bytes(32))])
    assert r["ok"], r["error"]
    out = capfd.readouterr().out
    for block in (0, 1):
        assert f"[AIV Block {block}/2] fmt string int: 291, half: 1.500000\n" in out
        assert f"[AIV Block {block}/2] block {block}\n" in out
        assert (f"[AIV Block {block}/2] DumpTensor: desc=5, addr=0, data_type=float32, position=UB, dump_size=8\n"
                "[2.500000, 2.500000, 2.500000, 2.500000, 2.500000, 2.500000, 2.500000, 2.500000]\n") in out
    assert "data_type=float32, position=GM, dump_size=4\n[0.000000, 1.000000, 2.000000, 3.000000]\n" in out


def test_dump_without_sync_is_a_pipe_hazard(simtest):
    r = simtest.launch("dump_without_sync", 1, [("x", bytes(32)), ("z", bytes(32))])
    assert not r["ok"] and r["error_kind"] == "pipe-hazard", r["error"]
    assert "DumpTensor" in r["error"]


def test_dump_past_the_tensor(simtest):
    r = simtest.launch("dump_past_tensor", 1, [("x", bytes(32)), ("z", bytes(32))])
    assert not r["ok"] and r["error_kind"] == "operand-bounds", r["error"]
    assert "DumpTensor" in r["error"]
