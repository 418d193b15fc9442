"""Builds the NPU adapter's sources with PyTorch's CPU build (harness.cpp, the stand-in torch_npu
headers, the sim) and runs them; test_npu_adapter.py starts it in a fresh process so that the
library search sees only the environment the test gives it.

    python3 harness_main.py <build dir> <module dir> <cases.pt> <results.pt> <ASCEND_CUSTOM_OPP_PATH>

cases.pt: {name: (args tuple, "op" | "aten" | "aten_math")}. results.pt: {"library_missing":
error text, "library": path found, "cases": {name: results or "error: ..."}, "registered": {...}}.
"""
import os
import pathlib
import sys

import torch
import torch.utils.cpp_extension

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
CSRC = ROOT / "framework" / "torch_npu" / "csrc"


def build(build_dir: pathlib.Path, module_dir: pathlib.Path):
    module_dir.mkdir(parents=True, exist_ok=True)
    sim_lib_dir = build_dir / "sim"
    return torch.utils.cpp_extension.load(
        name="lcg_npu_adapter_harness",
        sources=[str(HERE / "harness.cpp"), *map(str, sorted(CSRC.glob("*.cpp")))],
        extra_include_paths=[str(CSRC), str(HERE / "stub_torch_npu"), str(ROOT / "sim" / "include")],
        extra_cflags=["-O1", "-Wall", "-Wextra"],
        extra_ldflags=[f"-L{sim_lib_dir}", "-lascendc_sim", f"-Wl,-rpath,{sim_lib_dir}", "-ldl"],
        build_directory=str(module_dir),
    )


def main(build_dir, module_dir, cases_path, results_path, custom_opp_path):
    os.environ.pop("ASCEND_CUSTOM_OPP_PATH", None)
    module = build(pathlib.Path(build_dir).resolve(), pathlib.Path(module_dir).resolve())
    results = {}
    try:
        module.op_api_library()
        results["library_missing"] = None
    except RuntimeError as error:
        results["library_missing"] = str(error)
    os.environ["ASCEND_CUSTOM_OPP_PATH"] = custom_opp_path  # a failed load is retried on next use
    results["library"] = module.op_api_library()

    results["cases"] = {}
    for name, (args, how) in torch.load(cases_path).items():
        try:
            if how == "aten_math":
                results["cases"][name] = torch.ops.lcg_npu_harness.aten_math(*args)
            else:
                results["cases"][name] = torch.ops.lcg_npu_harness.run(*args, how)
        except RuntimeError as error:
            results["cases"][name] = f"error: {error}"

    has_kernel = torch._C._dispatch_has_kernel_for_dispatch_key
    registered = {"aten": has_kernel("aten::_thnn_fused_lstm_cell_backward_impl", "PrivateUse1")}
    # The custom op's definition meets the kernel registered before it: a signature that does
    # not match the schema fails here.
    sys.path.insert(0, str(ROOT / "python"))
    import lstm_cell_grad.torch  # noqa: F401
    registered["custom_op"] = has_kernel("lstm_cell_grad::thnn_fused_lstm_cell_backward", "PrivateUse1")
    results["registered"] = registered
    torch.save(results, results_path)


if __name__ == "__main__":
    main(*sys.argv[1:])
