"""sim/include held against CANN's headers (tools/check_cann/compare_headers.py).

The host-side differences the comparison found and the sim fixed are pinned here with CANN's
facts named (they run without CANN); with CANN_SOURCES_DIR, docs/sim_vs_cann_headers.md must be
what the generator writes now, with no unjustified difference."""
import re
import subprocess

import pytest

from tests.build_support import ROOT
from tests.cann.cann_sources import cann_checkout
from tools.check_cann import compare_headers
from tools.check_cann.checkouts import Checkouts


def compiles(tmp_path, source: str) -> subprocess.CompletedProcess:
    program = tmp_path / "probe.cpp"
    program.write_text(source)
    return subprocess.run(["g++", "-std=c++17", f"-I{ROOT}/sim/include", "-o", str(tmp_path / "probe"), str(program)],
                          capture_output=True, text=True, timeout=120)


def test_soc_version_values_are_cann_s(tmp_path):
    """asc-devkit's tiling/platform/platform_ascendc.h: ASCEND910_95 is an alias of ASCEND950, and the
    members after it count on from it (so AS31XM1 == 5); MC62, MC32DM11A and ASCEND350 exist."""
    expected = {"ASCEND910B": 1, "ASCEND950": 4, "ASCEND910_55": 5, "ASCEND910_95": 4, "AS31XM1": 5,
                "ASCEND910_93": 11, "MC62": 17, "SD3403": 18, "KIRIN9030": 20, "MC32DM11A": 21, "ASCEND350": 22,
                "RESERVED_VERSION": 99999}
    asserts = "\n".join(f"static_assert(static_cast<int>(platform_ascendc::SocVersion::{k}) == {v}, \"{k}\");"
                        for k, v in expected.items())
    result = compiles(tmp_path, f'#include "tiling/platform/platform_ascendc.h"\n{asserts}\nint main() {{}}\n')
    assert result.returncode == 0, result.stderr


def test_uint32_is_global_as_in_cann(tmp_path):
    """metadef's exe_graph/runtime/base_type.h: `typedef unsigned int UINT32;` and KernelStatus, global."""
    result = compiles(tmp_path, '#include "exe_graph/runtime/base_type.h"\n#include <type_traits>\n'
                                "static_assert(std::is_same<::UINT32, unsigned int>::value, \"\");\n"
                                "static_assert(std::is_same<::KernelStatus, unsigned int>::value, \"\");\n"
                                "static_assert(std::is_same<gert::UINT32, unsigned int>::value, \"\");\n"
                                "int main() {}\n")
    assert result.returncode == 0, result.stderr


def test_continuous_vector_create_has_cann_s_signature(tmp_path):
    """metadef's exe_graph/runtime/continuous_vector.h: Create<T>(capacity, total_size&) sets the
    allocation's size and returns nullptr when it overflows."""
    result = compiles(tmp_path, '#include "exe_graph/runtime/continuous_vector.h"\n#include <cstdio>\n'
                                "int main() {\n"
                                "    size_t total = 0;\n"
                                "    auto v = gert::ContinuousVector::Create<int64_t>(5, total);\n"
                                "    if (!v || total != sizeof(gert::ContinuousVector) + 5 * sizeof(int64_t)) return 1;\n"
                                "    auto* cv = reinterpret_cast<gert::ContinuousVector*>(v.get());\n"
                                "    if (cv->GetCapacity() != 5 || cv->GetSize() != 0) return 2;\n"
                                "    if (gert::ContinuousVector::Create<int64_t>(SIZE_MAX / 4, total)) return 3;\n"
                                "    return 0;\n}\n")
    assert result.returncode == 0, result.stderr
    run = subprocess.run([str(tmp_path / "probe")], timeout=60)
    assert run.returncode == 0


def test_doc_is_current_and_every_difference_is_justified():
    checkouts = Checkouts(cann_checkout("metadef").parent)
    for repository in ("asc-devkit", "runtime", "opbase", "ge", "asc-tools"):
        cann_checkout(repository)
    committed = compare_headers.DOC.read_text()
    date = re.search(r" on (\d{4}-\d{2}-\d{2}) ", committed)
    assert date, "the page names no date"
    text, unjustified = compare_headers.render(checkouts, date.group(1))
    assert unjustified == 0, [line for line in text.splitlines() if "unjustified" in line][1:5]
    assert text == committed, f"{compare_headers.DOC} is stale: run `{compare_headers.COMMAND}`"
