"""`build.py check-cann` (tools/check_cann): the op built and run against CANN's own sources.

Without CANN checkouts the command's own logic is tested (the kernel's tiling struct read from the
tiling header as CANN's op build reads it; what the intrinsic-shim generator learns from g++'s
diagnostics, and that it never declares a name missing from our sources). With CANN_SOURCES_DIR
the whole command runs for ours and the ops-nn control and every step must pass."""
import pathlib
import re
import subprocess
import sys

import pytest

from tests.build_support import ROOT
from tests.cann.cann_sources import cann_checkout
from tools.check_cann import intrinsic_shim, kernel_tiling
from tools.check_cann.checkouts import REPOSITORIES

TILING_HEADER = ROOT / "op_host" / "thnn_fused_lstm_cell_backward_tiling.h"


def test_kernel_struct_has_every_field_of_the_tiling_header_in_order():
    [(name, fields)] = kernel_tiling.tiling_structs(TILING_HEADER.read_text()).items()
    assert name == "ThnnFusedLstmCellBackwardTilingData"
    declared = re.findall(r"TILING_DATA_FIELD_DEF\((\w+), (\w+)\)", TILING_HEADER.read_text())
    assert fields == declared and len(fields) == 12


def test_kernel_struct_header_compiles_and_lists_the_fields(tmp_path):
    header = kernel_tiling.write_kernel_tiling_header(TILING_HEADER, tmp_path / "k.h", namespace="kv")
    probe = tmp_path / "probe.cpp"
    probe.write_text(f'#include "{header}"\n#define ONE(t, n) +1\n'
                     "static_assert(0 CHECK_CANN_TILING_FIELDS(ONE) == 12, \"fields\");\n"
                     "static_assert(sizeof(kv::CHECK_CANN_TILING_STRUCT) == 2 * 8 + 10 * 4, \"layout\");\n")
    result = subprocess.run(["g++", "-std=c++11", "-fsyntax-only", str(probe)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_header_without_a_tiling_block_is_refused(tmp_path):
    header = tmp_path / "empty_tiling.h"
    header.write_text("#pragma once\n")
    with pytest.raises(ValueError, match="empty_tiling.h: no BEGIN_TILING_DATA_DEF"):
        kernel_tiling.write_kernel_tiling_header(header, tmp_path / "out.h")


def diagnostics(path: pathlib.Path, entries) -> str:
    return "\n".join(f"{path}:{line}:{col}: error: {text}" for line, col, text in entries)


def test_shim_learns_types_constants_functions_and_members_from_cann_headers(tmp_path):
    cann = tmp_path / "asc-devkit"
    cann.mkdir()
    header = cann / "impl.h"
    header.write_text("pipe_t p = PIPE_V;\n    vadd(dst, src);\nmode_t m = inc;\nQuantMode_t::DEQF16;\n")
    shim = intrinsic_shim.Shim(tmp_path / "stub_fun.h")
    learned = shim.learn(diagnostics(header, [
        (1, 1, "‘pipe_t’ does not name a type"),
        (1, 12, "‘PIPE_V’ was not declared in this scope"),
        (2, 9, "‘vadd’ was not declared in this scope; did you mean ‘vaddr’?"),  # caret on the paren
        (3, 12, "‘inc’ was not declared in this scope"),
    ]), [cann])
    assert learned == 4
    assert set(shim.types) == {"pipe_t"} and shim.constants == ["PIPE_V", "inc"] and shim.functions == {"vadd"}
    shim.types["QuantMode_t"] = []
    assert shim.learn(diagnostics(header, [(4, 1, "‘DEQF16’ is not a member of ‘QuantMode_t’")]), [cann]) == 1
    shim.write()
    probe = tmp_path / "probe.cpp"
    probe.write_text(f'#include "{shim.path}"\n'
                     "void f(pipe_t p) { if (p == PIPE_V) {} int x = vadd(1, 2.0) + 1; (void)x; }\n"
                     "QuantMode_t q = QuantMode_t::DEQF16;\n")
    result = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", str(probe)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_shim_never_declares_a_name_missing_from_our_sources(tmp_path):
    ours = tmp_path / "op_kernel"
    ours.mkdir()
    kernel = ours / "k.cpp"
    kernel.write_text("    sim_only_api(x);\n")
    shim = intrinsic_shim.Shim(tmp_path / "stub_fun.h")
    assert shim.learn(diagnostics(kernel, [(1, 17, "‘sim_only_api’ was not declared in this scope")]),
                      [tmp_path / "asc-devkit"]) == 0
    assert not shim.functions


def test_shim_turns_a_called_constant_into_a_function(tmp_path):
    cann = tmp_path / "asc-devkit"
    cann.mkdir()
    header = cann / "h.h"
    header.write_text("x\n")
    shim = intrinsic_shim.Shim(tmp_path / "stub_fun.h")
    shim.constants = ["A", "vcmax"]
    shim.learn(diagnostics(header, [(1, 1, "no match for call to ‘(const check_cann_shim::Constant<2>) (float*&)’")]),
               [cann])
    assert shim.constants == ["A"] and "vcmax" in shim.functions


def test_check_cann_without_sources_says_what_to_pass():
    env = {k: v for k, v in __import__("os").environ.items() if k != "CANN_SOURCES_DIR"}
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "check-cann"], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 2
    assert "--sources DIR" in result.stderr and "CANN_SOURCES_DIR" in result.stderr


@pytest.mark.slow
def test_check_cann_passes_for_ours_and_the_ops_nn_control(tmp_path):
    root = cann_checkout(REPOSITORIES[0]).parent
    for repository in REPOSITORIES:
        cann_checkout(repository)
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "check-cann", "--sources", str(root),
                             "--build-dir", str(tmp_path)], capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith(("ours ", "ops-nn "))]
    assert len(rows) == 8 and all(row[2].strip() == "PASS" for row in rows), result.stdout
