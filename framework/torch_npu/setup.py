"""Builds lstm_cell_grad_npu, the torch_npu adapter of aclnnThnnFusedLstmCellBackward:

    python3 setup.py build_ext --inplace     # or: pip install --no-build-isolation .

UNTESTED: no torch_npu, CANN or NPU exists where this was written; this build has never run.
It follows the CANN samples' PyTorch extensions (the CppExtensions examples of Ascend's
samples repository, op-plugin style): NpuExtension from
torch_npu.utils.cpp_extension with torch's BuildExtension. Needs torch and torch_npu of
matching versions (build isolation would hide torch_npu, hence --no-build-isolation); the
op's custom opp package is needed at run time, not to build.
"""
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def require_torch_npu():
    try:
        import torch_npu
    except ImportError as error:  # also when torch itself is missing
        sys.exit(f"{os.path.relpath(__file__)}: torch_npu is not importable ({error}).\n"
                 "This adapter builds only where Ascend's PyTorch plugin is installed: torch_npu with "
                 "the torch version it was made for, and CANN's environment (source "
                 "<cann>/set_env.sh). On a machine without an NPU, use the CPU adapter instead: "
                 "lstm_cell_grad.torch (pip install .[torch]; the op on the sim).")
    return torch_npu


torch_npu = require_torch_npu()

from setuptools import setup  # noqa: E402
from torch.utils.cpp_extension import BuildExtension  # noqa: E402
from torch_npu.utils.cpp_extension import NpuExtension  # noqa: E402

os.chdir(HERE)  # setuptools wants paths relative to the setup script
TORCH_NPU_DIR = os.path.dirname(os.path.abspath(torch_npu.__file__))

setup(
    name="lstm_cell_grad_npu",
    version="0.1.0",
    description="NPU (torch_npu) kernels of aclnnThnnFusedLstmCellBackward for PyTorch",
    packages=["lstm_cell_grad_npu"],
    ext_modules=[
        NpuExtension(
            name="lstm_cell_grad_npu._C",
            sources=sorted(glob.glob(os.path.join("csrc", "*.cpp"))),
            # acl/acl_base.h comes with torch_npu, as in the samples; the op's own headers are
            # not needed (its entry points are found with dlsym).
            include_dirs=[os.path.join(HERE, "csrc"),
                          os.path.join(TORCH_NPU_DIR, "include", "third_party", "acl", "inc")],
            libraries=["dl"],
        )
    ],
    cmdclass={"build_ext": BuildExtension.with_options(use_ninja=os.getenv("USE_NINJA") == "1")},
)
