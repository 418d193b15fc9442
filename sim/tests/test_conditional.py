"""AscendC::Conditional, ConditionalMulti (std_type_traits.h) and CANN's Std::is_one_of, as
kernels use them: checked at compile time by static_asserts in a kernel source, and a wrong use
(reading ::type of a trait that has none) proven rejected."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

from sim.tests.vector_harness import compile_errors


def test_traits_select_as_cann_defines_them(tmp_path):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[1] / "include"
    source = tmp_path / "traits.cpp"
    source.write_text("""
#include "kernel_operator.h"
#include "utils/std/type_traits.h"
using namespace AscendC;
static_assert(Std::is_same_v<Conditional<true, half, float>::type, half>, "");
static_assert(Std::is_same_v<Conditional<false, half, float>::type, float>, "");
static_assert(Std::is_same_v<ConditionalMulti<true, false, int8_t, int16_t, int32_t, int64_t>::type, int16_t>, "");
static_assert(Std::is_same_v<ConditionalMulti<false, true, int8_t, int16_t, int32_t, int64_t>::type, int32_t>, "");
static_assert(Std::is_same_v<Std::conditional_t<sizeof(half) == 2, uint16_t, uint32_t>, uint16_t>, "");
static_assert(Std::is_one_of_v<half, float, half> && !Std::is_one_of_v<int32_t, float, half>, "");
static_assert(Std::is_one_of_value_v<int, 3, 1, 2, 3> && !Std::is_one_of_value_v<int, 4, 1, 2, 3>, "");
template <typename T, typename Std::enable_if<Std::is_same<T, float>::value, int>::type = 0>
int OnlyFloat() { return 1; }
int main() { return OnlyFloat<float>() - 1; }
""")
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(source)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_enable_if_rejects(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
template <typename T, typename Std::enable_if<Std::is_same<T, float>::value, int>::type = 0>
int OnlyFloat() { return 1; }
int k() { return OnlyFloat<half>(); }
""")
    assert "OnlyFloat" in errors
