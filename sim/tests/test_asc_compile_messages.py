"""How the .asc compiler driver (sim/tools/asc/asc_compile.py) names what stops a build: the
API or construct of the first compiler error, in CANN's spelling."""
import sys

import pytest

from sim.tests.sim_build import SIM_ROOT

sys.path.insert(0, str(SIM_ROOT / "tools" / "asc"))
import asc_compile  # noqa: E402


@pytest.mark.parametrize("message, construct", [
    ("\u2018block_idx\u2019 was not declared in this scope", "block_idx"),
    ("\u2018LocalMemAllocator\u2019 is not a member of \u2018AscendC\u2019", "AscendC::LocalMemAllocator"),
    ("\u2018SliceInfo\u2019 in namespace \u2018AscendC\u2019 does not name a type", "AscendC::SliceInfo"),
    ("\u2018class AscendC::TPipe\u2019 has no member named \u2018InitBufPool\u2019", "AscendC::TPipe::InitBufPool"),
    ("\u2018BinaryRepeatParams\u2019 has not been declared", "BinaryRepeatParams"),
    ("lib/matmul_intf.h: No such file or directory", "lib/matmul_intf.h"),
    ("no matching function for call to \u2018Sigmoid(AscendC::LocalTensor<float>&)\u2019", "Sigmoid"),
    ("there are no arguments to \u2018GatherMask\u2019 that depend on a template parameter, so a declaration of "
     "\u2018GatherMask\u2019 must be available [-fpermissive]", "GatherMask"),
])
def test_first_error_names_the_construct(message, construct):
    log = f"In function 'int main()':\n/s/x.asc:3:5: error: {message}\n/s/x.asc:9:1: error: something later\n"
    assert asc_compile.blocking_construct(log) == construct
    assert asc_compile.first_error(log) == f"x.asc:3: {message}"


def test_a_macro_at_file_scope_is_named_from_the_source_line(tmp_path):
    source = tmp_path / "k.asc"
    source.write_text("namespace optiling {\nBEGIN_TILING_DATA_DEF(KTiling)\n}\n")
    log = f"{source}:2:22: error: expected constructor, destructor, or type conversion before \u2018(\u2019 token\n"
    assert asc_compile.blocking_construct(log) == "BEGIN_TILING_DATA_DEF"


def test_a_link_error_names_the_undefined_symbol():
    log = "/usr/bin/ld: k.o: in function `main':\nk.cpp:(.text+0x1): undefined reference to `aclrtFoo'\n"
    assert asc_compile.blocking_construct(log) == "aclrtFoo (undefined at link)"
