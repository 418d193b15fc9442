"""op_host compiled as CANN's op build compiles it, against CANN's headers instead of sim/include.

Both host libraries of an op project take every op_host source (asc-devkit's
cmake/asc/fwk_modules/func.cmake, npu_op_library): the tiling library with OP_TILING_LIB, the
graph (proto) library with OP_PROTO_LIB; op_build's all-ops library is compiled with
-D_GLIBCXX_USE_CXX11_ABI=0 -std=c++11 (compile_ascendc_all_ops_so.py)."""
from __future__ import annotations

import pathlib

from .steps import CXX, FAIL, PASS, CommandFailed, Result, first_errors, run_logged

CXX11_FLAGS = ["-std=c++11", "-D_GLIBCXX_USE_CXX11_ABI=0", "-fPIC", "-fvisibility-inlines-hidden"]
LIBRARIES = {"tiling library (OP_TILING_LIB)": "OP_TILING_LIB", "proto library (OP_PROTO_LIB)": "OP_PROTO_LIB"}


def compile_host(subject: str, sources: list[pathlib.Path], extra_includes: list[pathlib.Path],
                 cann_includes: list[pathlib.Path], out: pathlib.Path) -> list[Result]:
    results = []
    for step, define in LIBRARIES.items():
        log = out / f"host_{define}.log"
        log.unlink(missing_ok=True)
        try:
            for source in sources:
                run_logged([CXX, *CXX11_FLAGS, f"-D{define}", "-c", source, "-o", out / f"{define}_{source.stem}.o",
                            *(f"-I{d}" for d in extra_includes), *(f"-I{d}" for d in cann_includes)], log)
            results.append(Result(subject, f"op_host as the {step}", PASS, f"{len(sources)} sources", log))
        except CommandFailed as e:
            results.append(Result(subject, f"op_host as the {step}", FAIL, first_errors(e.output), log))
    return results
