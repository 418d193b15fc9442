"""op_kernel compiled (syntax and semantics, no code) with CANN's CPU-debug settings for dav-2201
(Atlas A2/A3 vector core) against asc-devkit's kernel headers and asc-tools' cpudebug headers.

The defines are those asc-tools' cpudebug/CMakeLists.txt and asc-devkit's legacy
function.cmake give a CPU-mode kernel (__CCE_KT_TEST__, ASCENDC_CPU_DEBUG, ASCENDC_DEBUG,
ASCENDC_DUMP=0, __CCE_AICORE__=220, __DAV_C220__, __NPU_ARCH__=2201) plus the vector-core ones
asc-devkit's AIV test targets add (__DAV_C220_VEC__, __DAV_VEC__). The op build's per-dtype
DTYPE_<INPUT> macros are given for kernels that use them (float)."""
from __future__ import annotations

import pathlib
import re

from . import intrinsic_shim
from .kernel_tiling import write_kernel_tiling_header
from .steps import CXX, FAIL, PASS, Result

CPU_DEBUG_DAV_2201_VEC = ["__CCE_KT_TEST__=1", "ASCENDC_CPU_DEBUG=1", "ASCENDC_DEBUG=1", "ASCENDC_DUMP=0",
                          "__CCE_AICORE__=220", "__DAV_C220__", "__DAV_C220_VEC__", "__DAV_VEC__", "__NPU_ARCH__=2201"]
OPDEF_INPUT = re.compile(r"""this->Input\("(\w+)"\)""")


def dtype_defines(op_def_sources: list[pathlib.Path]) -> list[str]:
    names = [n for s in op_def_sources for n in OPDEF_INPUT.findall(s.read_text())]
    return [f"DTYPE_{n.upper()}=float" for n in dict.fromkeys(names)]


def compile_kernel(subject: str, checkouts, kernel_source: pathlib.Path, tiling_header: pathlib.Path,
                   op_def_sources: list[pathlib.Path], layout: pathlib.Path, out: pathlib.Path,
                   shims: list) -> Result:
    """shims: the shims generated so far (this one is appended), so the next kernel starts from them."""
    step = "op_kernel, CPU-debug dav-2201 vector core"
    out.mkdir(parents=True, exist_ok=True)
    log = out / "kernel.log"
    log.unlink(missing_ok=True)
    shim_dir = out / "shim"
    tiling = write_kernel_tiling_header(tiling_header, out / "kernel_tiling_data.h")
    defines = CPU_DEBUG_DAV_2201_VEC + dtype_defines(op_def_sources)
    cmd = [CXX, "-std=c++17", "-fsyntax-only", *(f"-D{d}" for d in defines),
           *(f"-I{d}" for d in checkouts.kernel_include_dirs(layout, shim_dir)),
           "-include", str(tiling), f"-I{kernel_source.parent}", str(kernel_source)]
    shim, output, code = intrinsic_shim.generate(cmd, shim_dir / "stub_fun.h",
                                                 [checkouts["asc-devkit"], checkouts["asc-tools"]], log,
                                                 start=shims[-1] if shims else None)
    shims.append(shim)
    with log.open("a") as f:
        f.write("$ " + " ".join(cmd) + "\n" + output)
    names = f"shim: {len(shim.types)} types, {len(shim.constants)} constants, {len(shim.functions)} functions"
    if code == 0:
        return Result(subject, step, PASS, names, log)
    errors = [l for l in output.splitlines() if ": error: " in l]
    ours = [l for l in errors if str(kernel_source.parent) in l]
    detail = (f"{len(ours)} errors in {kernel_source.parent.name}/: {ours[0]}" if ours
              else f"{len(errors)} errors left in CANN's headers that the shim did not resolve: "
                   f"{errors[0] if errors else output.strip()[-200:]}")
    return Result(subject, step, FAIL, f"{detail} ({names})", log)
