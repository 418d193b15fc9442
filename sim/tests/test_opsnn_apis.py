"""APIs ops-nn's activation and norm kernels use, held to CANN's declarations and semantics:
InitOutput (include/basic_api/kernel_operator_common_intf.h) ..."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import numpy as np
import pytest
from sim.tests.vector_harness import assert_bits_equal, compile_errors


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
    r = simtest.launch("pipe_assigned_member", 1, [("x", x.tobytes()), ("z", bytes(256))])
    assert r["ok"], r["error"]
    np.testing.assert_array_equal(np.frombuffer(r["outputs"]["z"], np.float32), x + np.float32(1))


TPL_DECL = """
ASCENDC_TPL_ARGS_DECL(Op,
    ASCENDC_TPL_DTYPE_DECL(dtype, DT_FLOAT, DT_FLOAT16),
    ASCENDC_TPL_UINT_DECL(mode, 2, ASCENDC_TPL_UI_LIST, 3, 7, 9),
    ASCENDC_TPL_UINT_DECL(split, 4, ASCENDC_TPL_UI_MIX, 1, 10, 12, 40),
    ASCENDC_TPL_BOOL_DECL(flag, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(mode, ASCENDC_TPL_UI_LIST, 3)));
"""


def _run_program(tmp_path, source_text, *flags):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[2] / "sim" / "include"
    source = tmp_path / "prog.cpp"
    source.write_text(source_text)
    exe = tmp_path / "prog"
    built = subprocess.run([compiler, "-std=c++17", *flags, f"-I{include}", str(source), "-o", str(exe)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=60).stdout


def test_template_argument_host_encodes_tiling_keys(tmp_path):
    out = _run_program(tmp_path, '#include <cstdio>\n#include "ascendc/host_api/tiling/template_argument.h"\n'
                       "#define DT_FLOAT 0\n#define DT_FLOAT16 1\n" + TPL_DECL + """
int main() {
    std::printf("%llu %llu %llu %llu\\n", (unsigned long long)GET_TPL_TILING_KEY(1, 7, 40, 1),
                (unsigned long long)GET_TPL_TILING_KEY(0, 3, 12, 0), (unsigned long long)GET_TPL_TILING_KEY(0, 8, 1, 0),
                (unsigned long long)GET_TPL_TILING_KEY(0, 9, 11, 1));
}
""")
    # dtype: 8 bits (value as is); mode: 2 bits, index in [3, 7, 9]; split: 4 bits, index in
    # [10, 11, 12, 40] (range 10..12 then the list); flag: 1 bit.
    def key(dtype, mode_index, split_index, flag):
        return dtype | mode_index << 8 | split_index << 10 | flag << 14
    lines = out.splitlines()
    assert "[ERROR] ASCENDC_TPL_UINT_SEL mode value 8 does not exist" in out
    assert lines[-1].split() == [str(key(1, 1, 3, 1)), str(key(0, 0, 2, 0)), str(0xFFFFFFFFFFFFFFFF),
                                 str(key(0, 2, 1, 1))]


def test_template_argument_kernel_side_declares_nothing(tmp_path):
    compiler = shutil.which("g++")
    include = pathlib.Path(__file__).resolve().parents[2] / "sim" / "include"
    source = tmp_path / "kernel.cpp"
    source.write_text('#include <type_traits>\n#include "ascendc/host_api/tiling/template_argument.h"\n' + TPL_DECL + """
static_assert(std::is_same_v<TypeFromId<DT_FLOAT16>::type, half>, "TypeFromId");
static_assert(std::is_same_v<TypeFromId<DT_BF16>::type, bfloat16_t>, "TypeFromId bf16");
""")
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", "-DASCENDC_TPL_KERNEL", f"-I{include}", str(source)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


ARANGE_TYPES = {"float": np.float32, "half": np.float16, "int32": np.int32, "int16": np.int16}


def arange_replay(dtype, first, diff, count):
    """CANN's dav-2201 steps (arithprogression_common_impl.h): one block by scalars (half in
    float), then block-to-block Adds up to a repeat, then repeat-to-repeat Adds (the tail too)."""
    block, rep = 32 // np.dtype(dtype).itemsize, 256 // np.dtype(dtype).itemsize
    out = np.zeros(1024, dtype)
    first_t, diff_t = dtype(first), dtype(diff)
    scalar_count = min(count, block)
    for i in range(scalar_count):
        out[i] = dtype(np.float32(first_t) + np.float32(diff_t) * np.float32(i)) if dtype == np.float16 else \
            dtype(first_t + diff_t * dtype(i))
    if count <= block:
        return out[:count]
    step = (lambda n: dtype(int(diff_t) * n)) if np.issubdtype(dtype, np.integer) else \
        (lambda n: dtype(np.float32(diff_t) * np.float32(n)))
    blocks = min(-(-count // block), 8) if count <= rep else 8
    for b in range(1, blocks):
        out[b * block:(b + 1) * block] = (out[(b - 1) * block:b * block] + step(block)).astype(dtype)
    if count > rep:
        repeats, tail = divmod(count, rep)
        for r in range(1, repeats):
            out[r * rep:(r + 1) * rep] = (out[(r - 1) * rep:r * rep] + step(rep)).astype(dtype)
        if tail:
            n = -(-tail // block) * block
            out[repeats * rep:repeats * rep + n] = (out[(repeats - 1) * rep:(repeats - 1) * rep + n] + step(rep)).astype(dtype)
    return out[:count]


def arange_args(count, first, diff):
    return np.array([count], np.int32).tobytes() + np.array([first, diff], np.float32).tobytes()


@pytest.mark.parametrize("name", list(ARANGE_TYPES))
@pytest.mark.parametrize("count", [5, 8, 40, 64, 200, 1000])
def test_arange_matches_the_replay_and_the_sequence(simtest, name, count):
    dtype = ARANGE_TYPES[name]
    first, diff = (3.0, 2.0) if np.issubdtype(dtype, np.integer) else (-1.25, 0.375)
    r = simtest.launch(f"arange_{name}", 1, [("x", arange_args(count, first, diff)), ("z", bytes(1024 * np.dtype(dtype).itemsize))])
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["z"], dtype)[:count]
    assert_bits_equal(out, arange_replay(dtype, first, diff, count))
    exact = first + diff * np.arange(count, dtype=np.float64)
    tolerance = 0 if np.issubdtype(dtype, np.integer) else (np.abs(exact).max() * (2e-3 if dtype == np.float16 else 1e-6) + 1e-6)
    assert np.abs(out.astype(np.float64) - exact).max() <= tolerance


def test_arange_replay_catches_a_wrong_step():
    good = arange_replay(np.float32, -1.25, 0.375, 200)
    bad = arange_replay(np.float32, -1.25, 0.376, 200)
    assert not np.array_equal(good, bad)


@pytest.mark.parametrize("count,first,diff,kind,word", [(0, 1.0, 1.0, "api-misuse", "count"),
                                                        (16, 1.0, -1.0, "api-misuse", "diffValue"),
                                                        (2000, 1.0, 1.0, "operand-bounds", "exceeds")])
def test_arange_misuse_is_reported(simtest, count, first, diff, kind, word):
    r = simtest.launch("arange_float", 1, [("x", arange_args(count, first, diff)), ("z", bytes(4096))])
    assert not r["ok"] and r["error_kind"] == kind, r["error"]
    assert "Arange" in r["error"] and word in r["error"]


def test_arange_rejects_undocumented_types(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<uint8_t> t) { ArithProgression<uint8_t>(t, 1, 1, 8); }
""")
    assert "Arange/ArithProgression: element type must be" in stderr
