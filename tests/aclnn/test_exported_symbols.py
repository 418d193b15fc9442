"""libcust_opapi.so exports exactly the two-phase API, and what that means next to CANN's own
libopapi.so, which has an aclnnThnnFusedLstmCellBackward too (docs/cann_packaging.md, "The name
clash"): the dynamic linker binds each call to the first library in link order that defines it."""
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from tests.build_support import BUILD, ROOT, build_path

TWO_PHASE_API = {"aclnnThnnFusedLstmCellBackwardGetWorkspaceSize", "aclnnThnnFusedLstmCellBackward"}


def defined_dynamic_symbols(library):
    nm = shutil.which("nm")
    assert nm, "nm (binutils) is needed: it comes with g++"
    result = subprocess.run([nm, "-D", "--defined-only", str(library)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return {line.split()[-1] for line in result.stdout.splitlines() if line.strip()}


def test_libcust_opapi_exports_exactly_the_two_phase_api():
    assert defined_dynamic_symbols(build_path("libcust_opapi.so")) == TWO_PHASE_API


# A stand-in for CANN's libopapi.so: the same first-phase symbol, answering a status of its own.
BUILT_IN = textwrap.dedent("""
    #include <stdint.h>
    extern "C" int aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(void*, void*, void*, void*, void*, bool, void*,
                                                                  void*, void*, uint64_t*, void**) {
        return 424242;
    }
""")
# A host program: which library answers its call? Ours checks the arguments first: a null cx
# is 161001 (ACLNN_ERR_PARAM_NULLPTR).
PROGRAM = textwrap.dedent("""
    #include <cstdio>
    #include "aclnn_thnn_fused_lstm_cell_backward.h"
    int main() {
        uint64_t workspace = 0;
        aclOpExecutor* executor = nullptr;
        std::printf("%d\\n", static_cast<int>(aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(
            nullptr, nullptr, nullptr, nullptr, nullptr, true, nullptr, nullptr, nullptr, &workspace, &executor)));
        return 0;
    }
""")


@pytest.fixture(scope="module")
def built_in_opapi(tmp_path_factory):
    work = tmp_path_factory.mktemp("opapi")
    (work / "builtin.cpp").write_text(BUILT_IN)
    compiler = shutil.which("g++")
    result = subprocess.run([compiler, "-shared", "-fPIC", "-o", str(work / "libopapi.so"), str(work / "builtin.cpp")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    (work / "main.cpp").write_text(PROGRAM)
    return work


@pytest.mark.parametrize("first,answer", [("cust_opapi", "161001"), ("opapi", "424242")])
def test_the_first_library_in_link_order_wins(built_in_opapi, first, answer):
    flags = subprocess.run([sys.executable, str(ROOT / "build.py"), "flags"], capture_output=True, text=True,
                           timeout=120, env={**os.environ, "ASCEND_SIM_BUILD_DIR": str(BUILD)})
    assert flags.returncode == 0, flags.stderr
    order = ["-lcust_opapi", "-lopapi"] if first == "cust_opapi" else ["-lopapi", "-lcust_opapi"]
    rest = [f for f in flags.stdout.split() if f != "-lcust_opapi"]
    program = built_in_opapi / f"main_{first}"
    compiled = subprocess.run([shutil.which("g++"), str(built_in_opapi / "main.cpp"), "-o", str(program),
                               f"-L{built_in_opapi}", *order, *rest, f"-Wl,-rpath,{built_in_opapi}"],
                              capture_output=True, text=True, timeout=300)
    assert compiled.returncode == 0, compiled.stderr  # two definitions in two libraries: no link error
    run = subprocess.run([str(program)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == answer
