"""The tiling linked with CANN's own tiling-data implementation and run under AddressSanitizer
(LeakSanitizer included): drivers/tiling_data_driver.cpp, built from CANN's TilingDef (metadef's
base/asc/tilingdata_base_impl.cc, or ge's graph_metadef copy in older snapshots; CANN builds it as
C++17, so it is compiled so here) and
libboundscheck's securec sources, both read from the checkouts."""
from __future__ import annotations

import os
import pathlib
import re

from .kernel_tiling import write_kernel_tiling_header
from .steps import CXX, FAIL, PASS, CommandFailed, Result, first_errors, run_logged

DRIVERS = pathlib.Path(__file__).resolve().parent / "drivers"
ASAN = ["-fsanitize=address", "-fno-omit-frame-pointer", "-g", "-O1", "-D_GLIBCXX_USE_CXX11_ABI=0"]
REGISTERED = re.compile(r"REGISTER_TILING_DATA_CLASS\((\w+),\s*(\w+)\)")
# CANN's TilingDef implementation, the first that exists: metadef's since 2026-01-26, before that
# ge's copy of the graph metadef
TILINGDEF_SOURCES = (("metadef", "base/asc/tilingdata_base_impl.cc"),
                     ("ge", "graph_metadef/register/ascendc/tilingdata_base.cc"))


def tilingdef_source(checkouts) -> pathlib.Path:
    for repository, relative in TILINGDEF_SOURCES:
        if (checkouts[repository] / relative).is_file():
            return checkouts[repository] / relative
    raise FileNotFoundError("no TilingDef implementation: none of " +
                            ", ".join(f"{r}/{p}" for r, p in TILINGDEF_SOURCES))


def registered_op_type(tiling_header: pathlib.Path) -> str:
    m = REGISTERED.search(tiling_header.read_text())
    if not m:
        raise ValueError(f"{tiling_header}: no REGISTER_TILING_DATA_CLASS")
    return m.group(1)


def securec_archive(checkouts, out: pathlib.Path, log: pathlib.Path) -> pathlib.Path:
    archive = out / "libsecurec_asan.a"
    if archive.exists():
        return archive
    objects = []
    for source in sorted((checkouts["libboundscheck"] / "src").glob("*.c")):
        obj = out / "securec" / (source.stem + ".o")
        obj.parent.mkdir(parents=True, exist_ok=True)
        run_logged(["gcc", *ASAN[:-1], f"-I{checkouts['libboundscheck'] / 'include'}", "-c", source, "-o", obj], log)
        objects.append(obj)
    run_logged(["ar", "rcs", archive, *objects], log)
    return archive


def run_tiling_driver(subject: str, checkouts, tiling_header: pathlib.Path, sources: list[pathlib.Path],
                      includes: list[pathlib.Path], cann_includes: list[pathlib.Path], out: pathlib.Path,
                      ours: bool) -> Result:
    step = "tiling + CANN's TilingDef under ASan"
    out.mkdir(parents=True, exist_ok=True)
    log = out / "tiling_asan.log"
    log.unlink(missing_ok=True)
    try:
        kernel_view = write_kernel_tiling_header(tiling_header, out / "kernel_view.h", namespace="check_cann_kernel")
        flags = [*ASAN, *(f"-I{d}" for d in includes), *(f"-I{d}" for d in cann_includes), "-w"]
        objects = []
        impl = tilingdef_source(checkouts)
        run_logged([CXX, "-std=c++17", *flags, "-c", impl, "-o", out / "tilingdef.o"], log)
        objects.append(out / "tilingdef.o")
        defines = [f'-DCHECK_CANN_OP_TYPE="{registered_op_type(tiling_header)}"'] + (["-DCHECK_CANN_OURS"] if ours else [])
        for source in [*sources, DRIVERS / "tiling_data_driver.cpp", DRIVERS / "dlog_stub.cpp"]:
            obj = out / (source.stem + ".o")
            run_logged([CXX, "-std=c++11", *flags, *defines, "-include", tiling_header, "-include", kernel_view,
                        "-c", source, "-o", obj], log)
            objects.append(obj)
        driver = out / "tiling_driver"
        run_logged([CXX, "-fsanitize=address", *objects, securec_archive(checkouts, out, log), "-o", driver], log)
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0")
        said = run_logged([driver], log, timeout=300, env=env)
        return Result(subject, step, PASS, said.strip().splitlines()[-1], log)
    except CommandFailed as e:
        detail = next((l for l in e.output.splitlines() if "ERROR: AddressSanitizer" in l or
                       "ERROR: LeakSanitizer" in l or l.startswith("FAIL")), "") or first_errors(e.output)
        return Result(subject, step, FAIL, detail, log)
    except (OSError, ValueError) as e:
        return Result(subject, step, FAIL, str(e), log)
