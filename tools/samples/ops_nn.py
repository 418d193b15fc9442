"""ops-nn's activation and norm kernels held against the sim: which are A2/A3 vector kernels, and
for each of those the first API or construct that stops its kernel from compiling on the sim.

An ops-nn op is an op_kernel + op_host pair with no host program: running one needs a driver
that runs its tiling function on a TilingContext and a reference it does not ship, so this step
compiles each kernel entry (g++ -fsyntax-only) against the sim as CANN's op build would for the
A2/A3 vector core, and reports the first compiler error's API or construct:
  - CANN's CPU-debug definitions for dav-2201 (sim/tools/asc/cpu_debug_defines.txt), the sim's
    headers, the op's op_kernel directory and ops-nn's common kernel headers;
  - the op build's DTYPE_<TENSOR> macros (float) for the tensors its op definition names;
  - the kernel's tiling struct as CANN's op build gives it to the kernel: the op_host tiling
    header's BEGIN_TILING_DATA_DEF blocks read line by line into plain structs (fields in order,
    arrays, nested structs), the op type's registered class as GET_TILING_DATA's.
Classification (per op directory of the family):
  a2a3    an op_kernel/<name>.cpp entry that is not an arch35 (Ascend 950) `_apt` entry nor
          includes only arch35/ headers of its directory, and an op_host/config naming
          ascend910b or ascend910_93 (or no config at all);
  950     only arch35 kernels, or a config for other SoCs only;
  none    no op_kernel directory, or one without a kernel source (headers other ops include).
Nothing of ops-nn is copied: everything is read from the checkout when this runs.
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "sim" / "tools" / "asc"))
import asc_compile  # noqa: E402

OPS_NN = "ops-nn"
FAMILIES = ("activation", "norm")
A2A3_CONFIGS = {"ascend910b", "ascend910_93"}
COMPILE_TIMEOUT = 300  # seconds per kernel: a syntax-only compile takes well under that

BEGIN = re.compile(r"^\s*BEGIN_TILING_DATA_DEF\(\s*(\w+)\s*\)")
FIELD = re.compile(r"^\s*TILING_DATA_FIELD_DEF\(\s*([\w:]+)\s*,\s*(\w+)\s*\)")
ARRAY = re.compile(r"^\s*TILING_DATA_FIELD_DEF_ARR\(\s*([\w:]+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)")
STRUCT = re.compile(r"^\s*TILING_DATA_FIELD_DEF_STRUCT\(\s*([\w:]+)\s*,\s*(\w+)\s*\)")
END = re.compile(r"^\s*END_TILING_DATA_DEF")
QUOTED = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
OPDEF_TENSOR = re.compile(r"""this->(?:Input|Output)\(\s*"(\w+)"\s*\)""")
OPDEF_DTYPE = re.compile(r"\.DataType\(\s*\{\s*ge::DT_(\w+)")
OPDEF_DTYPE_NAME = re.compile(r"\.DataType\(\s*([A-Za-z_]\w*)\s*\)")
# ge::DataType names (metadef include/graph/types.h) as the kernel's C++ types.
GE_DTYPES = {"FLOAT": "float", "FLOAT16": "half", "BF16": "bfloat16_t", "INT8": "int8_t", "UINT8": "uint8_t",
             "INT16": "int16_t", "UINT16": "uint16_t", "INT32": "int32_t", "UINT32": "uint32_t", "INT64": "int64_t",
             "UINT64": "uint64_t", "BOOL": "bool"}
REGISTER = re.compile(r"REGISTER_TILING_DATA_CLASS\(\s*(\w+)\s*,\s*(\w+)\s*\)")


@dataclasses.dataclass
class Kernel:
    family: str
    op: str
    kind: str                    # "a2a3", "950", "none"
    entry: pathlib.Path | None   # op_kernel/<name>.cpp
    tiling_headers: list[pathlib.Path]


@dataclasses.dataclass
class KernelResult:
    name: str                    # "activation/gelu_mul"
    compiles: bool = False
    blocker: str = ""
    detail: str = ""


def _a2a3_config(op_dir: pathlib.Path) -> bool:
    config = op_dir / "op_host" / "config"
    socs = {p.name for p in config.iterdir()} if config.is_dir() else set()
    return not socs or bool(socs & A2A3_CONFIGS)


def _arch35_only(entry: pathlib.Path) -> bool:
    """Whether every header of its own directory the entry includes lies in arch35/ (an Ascend
    950 entry without the `_apt` suffix)."""
    own = [name for name in QUOTED.findall(entry.read_text(errors="replace")) if (entry.parent / name).is_file()]
    return bool(own) and all(name.startswith("arch35/") for name in own)


def _camel(op: str) -> str:
    return "".join(part.capitalize() for part in op.split("_"))


def op_tiling_headers(family_dir: pathlib.Path, op_dir: pathlib.Path) -> list[pathlib.Path]:
    """The op_host tiling headers of the op (op_host/ and its A2/A3 op_host/arch22/, not arch35),
    and, when none of them registers the op type (REGISTER_TILING_DATA_CLASS(OpType, ...)), the
    family's header that does: swi_glu_grad's struct is registered in swi_glu's op_host header."""
    host = op_dir / "op_host"
    if not host.is_dir():
        return []
    headers = sorted(p for d in (host, host / "arch22") if d.is_dir()
                     for p in d.glob("*tiling*.h") if "arch35" not in p.name)
    camel = _camel(op_dir.name)

    def registers(header: pathlib.Path) -> bool:
        return any(t == camel for t, _ in REGISTER.findall(header.read_text(errors="replace")))

    if not any(registers(h) for h in headers):
        for other in sorted(family_dir.glob("*/op_host/*tiling*.h")) + sorted(family_dir.glob("*/op_host/arch22/*tiling*.h")):
            if "arch35" not in other.name and registers(other):
                headers.append(other)
                break
    return headers


def find_kernels(ops_nn: pathlib.Path) -> list[Kernel]:
    if not (ops_nn / FAMILIES[0]).is_dir():
        raise FileNotFoundError(f"{ops_nn} holds no {FAMILIES[0]}/ directory (not an ops-nn checkout)")
    kernels = []
    for family in FAMILIES:
        for op_dir in sorted(p for p in (ops_nn / family).iterdir() if p.is_dir()):
            kernel_dir = op_dir / "op_kernel"
            if not kernel_dir.is_dir():
                if op_dir.name != "common":
                    kernels.append(Kernel(family, op_dir.name, "none", None, []))
                continue
            entries = [p for p in sorted(kernel_dir.glob("*.cpp")) if not p.stem.endswith("_apt")]
            own = [p for p in entries if p.stem == op_dir.name]
            entry = (own or entries or [None])[0]
            if entry is None:
                kind = "none" if not any(kernel_dir.rglob("*.cpp")) else "950"
            else:
                kind = "a2a3" if _a2a3_config(op_dir) and not _arch35_only(entry) else "950"
            headers = op_tiling_headers(ops_nn / family, op_dir)
            kernels.append(Kernel(family, op_dir.name, kind, entry, headers))
    return kernels


def kernel_tiling_header(kernel: Kernel) -> str:
    """The kernel's tiling structs from the op_host headers' macro blocks, and the alias
    GET_TILING_DATA reads (the class registered for the op type, else the first struct)."""
    structs: dict[str, list[str]] = {}
    registered: dict[str, str] = {}
    for header in kernel.tiling_headers:
        current = None
        for line in header.read_text(errors="replace").splitlines():
            if (m := BEGIN.match(line)):
                current = structs.setdefault(m.group(1), [])
            elif current is not None and (m := ARRAY.match(line)):
                current.append(f"{m.group(1)} {m.group(3)}[{m.group(2)}];")
            elif current is not None and (m := STRUCT.match(line)):
                current.append(f"{m.group(1)} {m.group(2)};")
            elif current is not None and (m := FIELD.match(line)):
                current.append(f"{m.group(1)} {m.group(2)};")
            elif END.match(line):
                current = None
            for op_type, name in REGISTER.findall(line):
                registered.setdefault(op_type, name)
    lines = ["// Generated by tools/samples/ops_nn.py from the op's op_host tiling header(s).", "#pragma once",
             "#include <cstdint>"]
    # A nested struct of an API's (SoftMaxTiling, ...): CANN's generated tiling header includes
    # kernel_tiling/kernel_tiling.h for those, ahead of the op's own structs.
    nested = {f.split()[0] for fields in structs.values() for f in fields if not f.split()[0].endswith("_t")}
    if nested - set(structs) - {"float", "double", "bool", "char"}:
        lines.append('#include "kernel_tiling/kernel_tiling.h"')
    for name, fields in structs.items():
        lines += [f"struct alignas(8) {name} {{", *[f"    {f}" for f in fields], "};"]
    camel = _camel(kernel.op)
    default = registered.get(camel) or next(iter(registered.values()), None) or next(iter(structs), None)
    if default:
        lines += ["namespace ascendc_sim_tiling {", f"using Default = ::{default};", "}  // namespace ascendc_sim_tiling"]
    return "\n".join(lines) + "\n"


def stage_sibling_kernels(ops_nn: pathlib.Path, work_dir: pathlib.Path) -> pathlib.Path:
    """A directory whose `../<op>/` is each op's op_kernel directory, as in CANN's op build tree,
    where kernels include a sibling op's headers as "../rms_norm/rms_norm_base.h": given as -I,
    those includes resolve. Links only (nothing is copied)."""
    stage = work_dir / "op_kernels"
    anchor = stage / "_"
    anchor.mkdir(parents=True, exist_ok=True)
    for family in sorted(p for p in ops_nn.iterdir() if p.is_dir()):
        for op_dir in sorted(p for p in family.iterdir() if (p / "op_kernel").is_dir()):
            link = stage / op_dir.name
            if not link.exists() and not link.is_symlink():
                link.symlink_to(op_dir / "op_kernel", target_is_directory=True)
    return anchor


def dtype_defines(kernel: Kernel, ops_nn: pathlib.Path) -> list[str]:
    """The op build's per-tensor dtype macros (DTYPE_X1=half ...) for the op's inputs and outputs
    in its op_host *_def.cpp: the first binary CANN's op build makes, each tensor's first listed
    dtype (a tensor's lists are columns of one table, so the first entries belong together),
    written in the call or in a macro or vector of the file it names; float where neither says."""
    dtypes = {}
    for source in sorted((ops_nn / kernel.family / kernel.op / "op_host").glob("*_def.cpp")):
        text = source.read_text(errors="replace")
        marks = list(OPDEF_TENSOR.finditer(text))
        for mark, after in zip(marks, marks[1:] + [None]):
            chunk = text[mark.end():after.start() if after else len(text)]
            listed = OPDEF_DTYPE.search(chunk)
            named = OPDEF_DTYPE_NAME.search(chunk) if not listed else None
            if named:  # .DataType(DTYPE_X): a macro or vector of the file, `DTYPE_X ... { ge::DT_...`
                listed = re.search(rf"\b{re.escape(named.group(1))}\b[\s\\=]*\{{[\s\\]*ge::DT_(\w+)", text)
            dtypes.setdefault(mark.group(1), GE_DTYPES.get(listed.group(1), "float") if listed else "float")
    return [f"DTYPE_{name.upper()}={dtype}" for name, dtype in dtypes.items()]


def compile_kernel(kernel: Kernel, ops_nn: pathlib.Path, work_dir: pathlib.Path) -> KernelResult:
    name = f"{kernel.family}/{kernel.op}"
    result = KernelResult(name)
    out = work_dir / kernel.family / kernel.op
    out.mkdir(parents=True, exist_ok=True)
    tiling = out / "kernel_tiling_structs.h"
    tiling.write_text(kernel_tiling_header(kernel))
    common = ops_nn / "common" / "inc"
    includes = [asc_compile.SIM_INCLUDE, kernel.entry.parent, ops_nn / kernel.family / "common" / "op_kernel",
                common / "op_kernel", common, work_dir / "op_kernels" / "_"]
    if kernel.family == "norm":
        includes.append(ops_nn / "norm" / "norm_common" / "op_kernel")
    cmd = ["g++", *asc_compile.CXX_FLAGS, "-fsyntax-only", *[f"-D{d}" for d in asc_compile.cpu_debug_defines()],
           "-DASCENDC_SIM_KERNEL_TILING", "-DASCENDC_TPL_KERNEL",  # as CANN's op compile (compile_op.py)
           *[f"-D{d}" for d in dtype_defines(kernel, ops_nn)], *[f"-I{d}" for d in includes if d.is_dir()], "-include", str(tiling),
           str(kernel.entry)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT, errors="replace")
    except subprocess.TimeoutExpired:
        result.blocker = f"no result in {COMPILE_TIMEOUT} s"
        return result
    log = done.stdout + done.stderr
    if done.returncode == 0:
        result.compiles = True
        result.detail = "compiles; not run: ops-nn ships no host program or golden data for it"
        return result
    result.blocker = asc_compile.blocking_construct(log) or "compile failed"
    result.detail = asc_compile.first_error(log)
    return result


def run_all(sources: str, work_dir: pathlib.Path, jobs: int = 2,
            only: list[str] | None = None) -> tuple[list[Kernel], list[KernelResult]]:
    """Compiles every A2/A3 kernel, or (only) those whose "family/op" name contains one of the
    strings given."""
    ops_nn = pathlib.Path(sources) / OPS_NN
    kernels = find_kernels(ops_nn)
    a2a3 = [k for k in kernels if k.kind == "a2a3"]
    if only:
        a2a3 = [k for k in a2a3 if any(o in f"{k.family}/{k.op}" for o in only)]
        if not a2a3:
            raise SystemExit(f"build.py samples --ops-nn: --only {' '.join(only)} matches no A2/A3 ops-nn kernel")
    stage_sibling_kernels(ops_nn, work_dir)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(lambda k: compile_kernel(k, ops_nn, work_dir), a2a3))
    for r in results:
        print(f"[samples] ops-nn {r.name}: compiles {'yes' if r.compiles else 'no'}"
              + (f" -- {r.blocker}" if r.blocker else ""), flush=True)
    return kernels, results


def _cell(text: str) -> str:
    text = re.sub(r"(?<![\w.])(?:/[\w.+-]+)+/([\w.+-]+\.(?:h|hpp|cpp|inl))", r"\1", text)
    return text.replace("|", "\\|").replace("\n", " ")


def render_section(kernels: list[Kernel], results: list[KernelResult]) -> list[str]:
    """The document's ops-nn section: counts, the top blockers, one row per A2/A3 kernel."""
    import collections
    kinds = collections.Counter(k.kind for k in kernels)
    compiles = sum(r.compiles for r in results)
    blockers = collections.Counter(r.blocker for r in results if r.blocker)
    lines = ["## ops-nn activation and norm kernels", "",
             f"Op directories of ops-nn `{'`, `'.join(FAMILIES)}`: **{len(kernels)}**; A2/A3 vector kernels "
             f"**{kinds['a2a3']}**; their kernel compiles on the sim **{compiles}**; run **0** (ops-nn ships no "
             "host program or golden data for a kernel: running one needs a driver for its tiling function).", "",
             f"Not counted (classified by `tools/samples/ops_nn.py`): Ascend 950 only (arch35) {kinds['950']}, "
             f"no kernel {kinds['none']}.", "",
             "Each kernel entry is compiled (syntax only) as CANN's op build would for the A2/A3 vector core: "
             "CANN's CPU-debug definitions for dav-2201, the sim's headers, ops-nn's common kernel headers, and "
             "the tiling struct read from the op_host tiling header's macros.", "",
             "What stops the most kernels (the first compiler error's API or construct):", "",
             "| blocker | kernels |", "|---|---|"]
    lines += [f"| `{_cell(b)}` | {n} |" for b, n in blockers.most_common(15)]
    lines += ["", "| kernel | compiles | first blocking API or construct | detail |", "|---|---|---|---|"]
    for r in results:
        lines.append(f"| {r.name} | {'yes' if r.compiles else 'no'} | "
                     f"{'`' + _cell(r.blocker) + '`' if r.blocker else ''} | {_cell(r.detail)[:200]} |")
    return lines + [""]
