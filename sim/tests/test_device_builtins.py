"""The device compiler's scalar min/max (sim/include/ascendc_sim/kernel/device_builtins.h):
kernel code calls them unqualified with mixed types; a kernel's own min/max, std::min under
`using namespace std`, and a namespace's own min keep working beside them. Checked by g++:
each claim is a static_assert; a non-scalar argument must not compile."""
import shutil
import subprocess

import pytest

from sim.tests.sim_build import SIM_ROOT
from sim.tests.vector_harness import compile_errors

PRELUDE = '#include <algorithm>\n#include <type_traits>\n#include "kernel_operator.h"\n'

CLAIMS = """
static_assert(min(3u, 7u) == 3u && max(3u, 7u) == 7u, "equal types");
static_assert(std::is_same_v<decltype(min(uint64_t{5}, 4u)), uint64_t> && min(uint64_t{5}, 4u) == 4u,
              "mixed integers: the usual arithmetic conversions, as `a < b ? a : b`");
static_assert(max(2, 2.5) == 2.5, "int and double");
static_assert(min(-1, 1) == -1, "signed");
__aicore__ inline uint32_t BaseM(uint32_t baseM, uint32_t rowNum) { return min(baseM, rowNum); }  // the sample's call
namespace own {  // ops-nn avg_pool3_d_grad_utils.h: a namespace's own min hides the builtin
__aicore__ inline int64_t min(int64_t a, int64_t b) { return a <= b ? a : b; }
static_assert(std::is_same_v<decltype(min(1u, 2u)), int64_t>, "the namespace's own min");
}  // namespace own
namespace with_std {
using namespace std;
inline uint32_t Pick(uint32_t a, uint32_t b) { return min(a, b); }  // std::min, no ambiguity
}  // namespace with_std
inline int64_t max(int64_t a, int64_t b) { return a < b ? b : a; }  // a kernel's global non-template
static_assert(std::is_same_v<decltype(max(int64_t{1}, int64_t{2})), int64_t>, "the kernel's own max");
int main() { return static_cast<int>(half(min(half(1.0f), half(2.0f))) - half(1.0f)) + BaseM(1, 2) - 1 +
                    static_cast<int>(with_std::Pick(3, 4)) - 3; }
"""


def test_min_and_max_compile_as_the_device_compiler_s(tmp_path):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    path = tmp_path / "builtins.cpp"
    path.write_text(PRELUDE + CLAIMS)
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{SIM_ROOT / 'include'}", str(path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_a_non_scalar_argument_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, PRELUDE + "struct P { int v; };\nint f() { return min(P{1}, P{2}).v; }\n")
    assert "min" in errors
