"""Builds one CANN 8.5+/9.x `.asc` program (kernel + host main) against the sim with g++: the
same steps as the CMake function ascendc_sim_add_asc_executable (sim/cmake/ascendc_sim_asc.cmake),
for `build.py asc` and the samples runner, which build files outside any CMake project.

    rewrite (asc_rewrite.py) -> <out_dir>/<name>.asc.cpp -> g++ -c -> link -> <out_dir>/<name>
"""
from __future__ import annotations

import dataclasses
import pathlib
import re
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import asc_rewrite  # noqa: E402  (the rewriter beside this file)

SIM_ROOT = pathlib.Path(__file__).resolve().parents[2]
SIM_INCLUDE = SIM_ROOT / "include"
# What the sim's CMake target carries (sim/CMakeLists.txt): C++17, no fused multiply-add in
# kernel code, line info for the reports.
CXX_FLAGS = ["-std=c++17", "-g", "-O1", "-ffp-contract=off", "-pthread"]
DEFINES_FILE = pathlib.Path(__file__).resolve().parent / "cpu_debug_defines.txt"


def cpu_debug_defines() -> list[str]:
    """NAME[=VALUE] of CANN's CPU-debug build for the A2/A3 vector core (cpu_debug_defines.txt)."""
    lines = DEFINES_FILE.read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.lstrip().startswith("#")]


@dataclasses.dataclass
class Built:
    ok: bool
    stage: str            # "rewrite", "compile", "link" or "done"
    executable: pathlib.Path
    log: str              # the rewriter's, compiler's or linker's messages


def _compiler(cxx: str) -> list[str]:
    """g++, through ccache when it is installed (rebuilding unchanged samples is then quick)."""
    launcher = shutil.which("ccache")
    return [launcher, cxx] if launcher else [cxx]


def compile_asc(source: pathlib.Path, out_dir: pathlib.Path, sim_lib_dir: pathlib.Path,
                include_dirs: list[pathlib.Path] = (), cxx: str = "g++", timeout: float = 600) -> Built:
    """Rewrites and compiles one .asc program; the executable is out_dir/<stem>."""
    return compile_program([source], out_dir / pathlib.Path(source).stem, sim_lib_dir, include_dirs=include_dirs,
                           cxx=cxx, timeout=timeout)


def compile_program(sources: list[pathlib.Path], executable: pathlib.Path, sim_lib_dir: pathlib.Path,
                    definitions: list[str] = (), include_dirs: list[pathlib.Path] = (), cxx: str = "g++",
                    timeout: float = 600) -> Built:
    """A program from .asc sources (rewritten first) and plain C++ ones, each compiled on its
    own (so ccache can keep it), then linked against libascendc_sim.so in `sim_lib_dir`."""
    out_dir = executable.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    objects = []
    for source in map(lambda p: pathlib.Path(p).resolve(), sources):
        compiled = source
        if source.suffix == ".asc":
            compiled = out_dir / (source.name + ".cpp")
            try:
                text = source.read_text(encoding="utf-8", errors="surrogateescape")
                result = asc_rewrite.rewrite(text, str(source))
            except (OSError, asc_rewrite.RewriteError) as error:
                return Built(False, "rewrite", executable, f"{source}:{error}")
            if not compiled.exists() or compiled.read_text(encoding="utf-8", errors="surrogateescape") != result:
                compiled.write_text(result, encoding="utf-8", errors="surrogateescape")
        obj = out_dir / (source.name + ".o")
        cmd = [*_compiler(cxx), *CXX_FLAGS, *[f"-D{d}" for d in cpu_debug_defines()], f"-I{SIM_INCLUDE}",
               "-iquote", str(source.parent),
               *[f"-I{d}" for d in include_dirs], *[f"-D{d}" for d in definitions], "-c", str(compiled),
               "-o", str(obj)]
        done = _run(cmd, timeout)
        if done is None or done.returncode != 0:
            return Built(False, "compile", executable,
                         f"g++ did not finish in {timeout:.0f} s" if done is None else done.stdout + done.stderr)
        objects.append(str(obj))
    cmd = [cxx, "-pthread", *objects, "-o", str(executable), f"-L{sim_lib_dir}", "-lascendc_sim",
           f"-Wl,-rpath,{sim_lib_dir}"]
    done = _run(cmd, timeout)
    if done is None or done.returncode != 0:
        return Built(False, "link", executable, "link timed out" if done is None else done.stdout + done.stderr)
    return Built(True, "done", executable, done.stdout + done.stderr)


def _run(cmd: list[str], timeout: float):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


# The forms in which g++ names what it does not know, most telling first; each gives the name.
_MISSING_PATTERNS = [
    re.compile(r"'(?:struct |class )?(?P<scope>[\w:<>, ]+)' has no member named '(?P<name>\w+)'"),
    re.compile(r"'(?P<name>[\w:]+)' is not a member of '(?P<scope>[\w:<>, ]+)'"),
    re.compile(r"'(?P<name>[\w:]+)' was not declared in this scope"),
    re.compile(r"'(?P<name>[\w:]+)' has not been declared"),
    re.compile(r"'(?P<name>[\w:]+)' in namespace '(?P<scope>[\w:]+)' does not name a (?:template )?type"),
    re.compile(r"'(?P<name>[\w:]+)' does not name a type"),
    re.compile(r"(?P<name>[\w./]+\.h(?:pp)?): No such file or directory"),
    re.compile(r"no matching function for call to '(?P<name>[\w:]+)[(<]"),
    re.compile(r"no matching member function for call to '(?P<name>\w+)'"),
    re.compile(r"call of overloaded '(?P<name>[\w:]+)\(.*' is ambiguous"),
    # An unknown function called in a template with non-dependent arguments.
    re.compile(r"there are no arguments to '(?P<name>[\w:]+)' that depend on a template parameter"),
]


def first_error(log: str) -> str:
    """The first compiler error as one line: 'file:line: message'."""
    for line in log.splitlines():
        if ": error:" in line or ": fatal error:" in line:
            where, _, message = line.partition(" error: ")
            where = re.sub(r":\d+:$", ":", where.split("/")[-1]).replace("fatal", "").strip()
            return f"{where} {message.strip()}"
    for line in log.splitlines():
        if line.strip():
            return line.strip()
    return ""


def _name_before_column(line: str) -> str:
    """The identifier just before the column a 'file:line:col: error:' line points at."""
    found = re.match(r"^(.+?):(\d+):(\d+): (?:fatal )?error:", line)
    if not found:
        return ""
    try:
        text = pathlib.Path(found.group(1)).read_text(errors="replace").splitlines()[int(found.group(2)) - 1]
    except (OSError, IndexError):
        return ""
    before = re.search(r"([A-Za-z_]\w*)\s*$", text[:int(found.group(3)) - 1])
    return before.group(1) if before else ""


def blocking_construct(log: str) -> str:
    """The API or construct the first compiler error names, in CANN's spelling where the
    message gives it ("AscendC::LocalMemAllocator", "block_idx", "Hardware"); else the error."""
    if "undefined reference to" in log:  # a link error: declared, not defined
        found = re.search(r"undefined reference to [`'\u2018]([^'(\u2019<]+)", log)
        if found and ": error:" not in log.split("undefined reference", 1)[0]:
            return f"{found.group(1)} (undefined at link)"
    for line in log.splitlines():
        if ": error:" not in line and ": fatal error:" not in line:
            continue
        message = line.split("error:", 1)[1].replace("\u2018", "'").replace("\u2019", "'")
        if re.search(r"expected .* before '\(' token", message):
            macro = _name_before_column(line)  # an unknown macro used at file scope: NAME(...)
            if macro:
                return macro
        for pattern in _MISSING_PATTERNS:
            found = pattern.search(message)
            if found:
                name = found.group("name")
                scope = found.groupdict().get("scope")
                if scope and "::" not in name and not scope.startswith(("std", "sim")):
                    scope = re.sub(r"<.*>", "", scope)
                    return f"{scope}::{name}"
                return name
        return message.strip()[:120]
    return ""
