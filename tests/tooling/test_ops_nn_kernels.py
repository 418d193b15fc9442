"""tools/samples/ops_nn.py: ops-nn's activation and norm kernels classified (A2/A3 vector, Ascend
950 only, no kernel) and each A2/A3 one compiled against the sim, naming its first blocker. Run
on a small tree written here in ops-nn's layout (our own code, no CANN text); with
CANN_SOURCES_DIR set, also on ops-nn itself."""
import pathlib
import sys

import pytest

from tests.build_support import ROOT
from tests.cann.cann_sources import cann_checkout

sys.path.insert(0, str(ROOT / "tools" / "samples"))
import ops_nn  # noqa: E402

TILING_HEADER = """#include "register/tilingdata_base.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(GoodOpTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, length);
  TILING_DATA_FIELD_DEF_ARR(float, 4, scales);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(GoodOp, GoodOpTilingData)
}
"""
GOOD_KERNEL = """#include "kernel_operator.h"
#include "../helper_op/helper.h"
extern "C" __global__ __aicore__ void good_op(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    GET_TILING_DATA(tilingData, tiling);
    AscendC::GlobalTensor<DTYPE_X> xGm;  // the op build's dtype macro for input "x"
    xGm.SetGlobalBuffer((__gm__ DTYPE_X*)x, tilingData.length + HELPER_EXTRA);
    if ASCEND_IS_AIV { (void)tilingData.scales[3]; }
}
"""


def write_ops_nn(root: pathlib.Path) -> pathlib.Path:
    ops = root / "ops-nn"
    files = {
        "activation/good_op/op_kernel/good_op.cpp": GOOD_KERNEL,
        "activation/good_op/op_host/good_op_tiling.h": TILING_HEADER,
        "activation/good_op/op_host/good_op_def.cpp": 'this->Input("x"); this->Output("y");\n',
        "activation/good_op/op_host/config/ascend910b/good_op.json": "{}\n",
        "activation/helper_op/op_kernel/helper.h": "#pragma once\n#define HELPER_EXTRA 8\n",
        "activation/bad_op/op_kernel/bad_op.cpp":
            '#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void bad_op(GM_ADDR x) {\n'
            "    AscendC::NoSuchVectorApi(x);\n}\n",
        "activation/new_op/op_kernel/new_op.cpp": '#include "arch35/new_op.h"\n',
        "activation/new_op/op_kernel/arch35/new_op.h": "#pragma once\n",
        "activation/apt_op/op_kernel/apt_op_apt.cpp": "\n",
        "activation/other_soc/op_kernel/other_soc.cpp": "\n",
        "activation/other_soc/op_host/config/ascend950/other_soc.json": "{}\n",
        "norm/host_only/op_host/host_only_def.cpp": "\n",
    }
    for name, text in files.items():
        path = ops / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return ops


def test_kernels_are_classified_by_entry_and_soc_config(tmp_path):
    kinds = {f"{k.family}/{k.op}": k.kind for k in ops_nn.find_kernels(write_ops_nn(tmp_path))}
    assert kinds == {"activation/good_op": "a2a3", "activation/bad_op": "a2a3",  # no config: every SoC
                     "activation/new_op": "950", "activation/apt_op": "950", "activation/other_soc": "950",
                     "activation/helper_op": "none", "norm/host_only": "none"}


def test_kernel_tiling_struct_follows_the_host_macros(tmp_path):
    kernel = next(k for k in ops_nn.find_kernels(write_ops_nn(tmp_path)) if k.op == "good_op")
    header = ops_nn.kernel_tiling_header(kernel)
    assert "struct alignas(8) GoodOpTilingData {\n    uint32_t length;\n    float scales[4];\n};" in header
    assert "using Default = ::GoodOpTilingData;" in header


def test_dtype_macros_are_the_first_binary_of_the_op_def(tmp_path):
    # Each tensor's first listed dtype (written in the call, or in a macro the call names), float
    # where the def does not say: x1 half and scale float belong to one binary, as CANN builds it.
    ops = tmp_path / "ops-nn"
    host = ops / "norm" / "q_op" / "op_host"
    host.mkdir(parents=True)
    (host / "q_op_def.cpp").write_text(
        "#define DTYPE_S \\\n    { \\\n        ge::DT_FLOAT, ge::DT_BF16 \\\n    }\n"
        'this->Input("x1")\n    .DataType({ge::DT_FLOAT16, ge::DT_BF16})\n    .Format({ge::FORMAT_ND});\n'
        'this->Input("scale")\n    .DataType(DTYPE_S);\n'
        'this->Output("y")\n    .DataType({ge::DT_INT8, ge::DT_INT8});\n'
        'this->Output("other")\n    .DataType(kNamedElsewhere);\n')
    kernel = ops_nn.Kernel("norm", "q_op", "a2a3", host.parent / "op_kernel" / "q_op.cpp", [])
    assert ops_nn.dtype_defines(kernel, ops) == ["DTYPE_X1=half", "DTYPE_SCALE=float", "DTYPE_Y=int8_t",
                                                 "DTYPE_OTHER=float"]


@pytest.mark.slow  # two g++ syntax checks over kernel_operator.h
def test_a2a3_kernels_compile_or_name_their_blocker(tmp_path):
    write_ops_nn(tmp_path)
    kernels, results = ops_nn.run_all(str(tmp_path), tmp_path / "work", jobs=2)
    by_name = {r.name: r for r in results}
    assert set(by_name) == {"activation/good_op", "activation/bad_op"}
    good, bad = by_name["activation/good_op"], by_name["activation/bad_op"]
    assert good.compiles and not good.blocker, good   # sibling include, DTYPE_X, tiling struct all resolve
    assert not bad.compiles and bad.blocker == "AscendC::NoSuchVectorApi", bad
    text = "\n".join(ops_nn.render_section(kernels, results))
    assert "A2/A3 vector kernels **2**; their kernel compiles on the sim **1**" in text
    assert "Ascend 950 only (arch35) 3, no kernel 2" in text
    assert "| `AscendC::NoSuchVectorApi` | 1 |" in text


@pytest.mark.slow  # one g++ syntax check
def test_on_ops_nn_itself(tmp_path):
    ops = cann_checkout("ops-nn")
    kernels = {f"{k.family}/{k.op}": k for k in ops_nn.find_kernels(ops)}
    assert kernels["activation/gelu"].kind == "950"        # arch35 (_apt) only
    assert kernels["norm/rms_norm"].kind == "a2a3"
    ops_nn.stage_sibling_kernels(ops, tmp_path)
    result = ops_nn.compile_kernel(kernels["activation/squared_relu"], ops, tmp_path)
    assert result.compiles, result
