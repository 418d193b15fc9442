"""AscendC::Std's type traits (utils/std/type_traits.h, reached through kernel_operator.h) answer
as CANN's: half is a floating-point type, bfloat16_t is not, an integral_constant is integral,
wchar_t is not; the rest as <type_traits>. What CANN's lacks (is_arithmetic) the sim lacks too. Checked by g++ itself: each claim is a static_assert
(one that holds compiles; its negation must not)."""
from sim.tests.vector_harness import compile_errors

HOLDS = [
    "S::is_floating_point_v<half>", "S::is_floating_point_v<const float>", "!S::is_floating_point_v<bfloat16_t>",
    "S::is_integral_v<unsigned char>", "S::is_integral_v<S::integral_constant<int, 3>>", "!S::is_integral_v<wchar_t>",
    "S::is_void<void>::value", "S::is_same_v<S::remove_pointer_t<int*>, int>",
    "S::is_same_v<S::add_cv_t<int>, const volatile int>", "S::is_same_v<S::add_lvalue_reference_t<int>, int&>",
]


def source(claims) -> str:
    asserts = "\n".join(f"static_assert({c}, \"{c}\");" for c in claims)
    return f'#include "kernel_operator.h"\nnamespace S = AscendC::Std;\n{asserts}\nint main() {{ return 0; }}\n'


def test_each_negated_claim_fails(tmp_path):
    # g++ reports every failed static_assert of a translation unit: one compile checks them all.
    errors = compile_errors(tmp_path, source([f"!({claim})" for claim in HOLDS]))
    for claim in HOLDS:
        assert f"!({claim})" in errors, f"{claim}: its negation compiled"


def test_every_claim_compiles(tmp_path):
    import shutil
    import subprocess
    from sim.tests.sim_build import SIM_ROOT
    path = tmp_path / "traits.cpp"
    path.write_text(source(HOLDS))
    result = subprocess.run([shutil.which("g++") or "g++", "-std=c++17", "-fsyntax-only", f"-I{SIM_ROOT / 'include'}",
                             str(path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_what_cann_lacks_does_not_compile(tmp_path):
    # asc-devkit's include/utils/std/type_traits.h and the impl headers it includes declare no
    # is_arithmetic: a kernel using it must fail on the sim as it would with CANN.
    errors = compile_errors(tmp_path, source(["S::is_arithmetic_v<half>"]))
    assert "is_arithmetic" in errors


def test_std_min_and_max_are_cann_s(tmp_path):
    # asc-devkit include/utils/std/algorithm.h: mixed argument types, the conditional's common
    # type, constexpr (ops-nn's ada_layer_norm sizes its buffers with AscendC::Std::max)
    import shutil
    import subprocess
    from sim.tests.sim_build import SIM_ROOT
    claims = ["S::max(3, 7) == 7", "S::min(3, 7) == 3", "S::max(2, 2.5) == 2.5",
              "std::is_same_v<decltype(S::max(1u, 2.0f)), float>", "S::min(-1, 0u) == 0u"]
    path = tmp_path / "algorithm.cpp"
    path.write_text("#include <type_traits>\n" + source(claims))
    result = subprocess.run([shutil.which("g++") or "g++", "-std=c++17", "-fsyntax-only", f"-I{SIM_ROOT / 'include'}",
                             str(path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
