"""The declaration reader behind docs/sim_vs_cann_headers.md (tools/check_cann/declarations.py) on
the constructs CANN's headers use: a macro defined one way or another under #if, a global
using-declaration of a namespaced tiling struct, the host tiling API's TensorShape alias. Runs
without CANN: the headers here are written for the test."""
from tools.check_cann import compare_headers, declarations


def test_every_form_of_a_macro_is_kept():
    # template_argument.h: ASCENDC_TPL_UINT_SEL(x, ...) for the op build, (...) for the kernel
    text = "#if A\n#define SEL(x, ...) x\n#else\n#define SEL(...)\n#endif\n#define ONE 1\n"
    flat = compare_headers.flatten(declarations.read(text))
    assert {"macro SEL(1 parameter, ...)", "macro SEL(0 parameters, ...)", "macro ONE"} <= set(flat)


def test_a_using_declaration_of_a_type_declares_it_there():
    # kernel_tiling.h: struct AscendC::tiling::SoftMaxTiling, then a global using-declaration of it
    text = ("namespace AscendC { namespace tiling { struct SoftMaxTiling { int a; }; } }\n"
            "using AscendC::tiling::SoftMaxTiling;\nusing std::max;\n")
    types = declarations.read(text)["types"]
    assert {"SoftMaxTiling", "AscendC::tiling::SoftMaxTiling"} <= types
    assert "max" not in types  # a function's using-declaration declares no type


def test_tensor_shape_is_ge_shape():
    cann = declarations.read("namespace AscendC { void GetX(const TensorShape& s, TensorDataType t); }")
    sim = declarations.read("namespace AscendC { void GetX(const ge::Shape& s, ge::DataType t); }")
    assert cann["functions"] == sim["functions"] == {"AscendC::GetX": {"(const ge::Shape&, ge::DataType)"}}


def test_the_split_tiling_headers_are_parts_of_tiling_api():
    assert compare_headers.is_tiling_part("tiling/rmsnorm_tiling.h")
    assert not compare_headers.is_tiling_part("tiling/tiling_api.h")
    assert not compare_headers.is_tiling_part("tiling/platform/platform_ascendc.h")
