"""The sim's kernel API coverage against CANN's API reference: for every documented A2/A3
vector-side prototype (api_catalog.py), one probe that calls it with the documented signature
(arguments declared with the documented types; each template type parameter is the first
dtype the page documents for A2/A3 for it, or float when the page names none), compiled
against sim/include. State: "compiles" or "missing" (with the first compiler error), "not
probed" when the prototype could not be turned into a call, or "not A2/A3" when the page
documents the prototype for other products only. Writes docs/sim_kernel_api.md; run by
`python3 build.py samples --api-table`.

All probes go into one translation unit checked with `g++ -fsyntax-only`; each compiler
error is charged to the probe whose lines it names (directly or as "required from here").
g++ reports a failing template instantiation once, for its first user, so the probes that
passed are checked again without the failed ones until no new failure appears.
"""
from __future__ import annotations

import collections
import dataclasses
import datetime
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import api_catalog  # noqa: E402

COMMAND = "python3 build.py samples --api-table"
SIM_INCLUDE = ROOT / "sim" / "include"
DEFAULT_TYPE = "float"
_NAME = re.compile(r"^[A-Za-z_]\w*$")
_INTEGRAL = {"bool": "false", "int": "0", "int8_t": "0", "uint8_t": "0", "int16_t": "0", "uint16_t": "0",
             "int32_t": "0", "uint32_t": "0", "int64_t": "0", "uint64_t": "0", "size_t": "0"}
# Template parameters that are references to a struct (TransData's `const TransDataConfig& config`)
# take an object with linkage: the probe file defines one per struct (see _compile).
_REFERENCED = {"TransDataConfig": "kProbeTransDataConfig"}
# TransData's TransDataParams<U, S>: the probe's layouts, an NCDHW source and an NDC1HWC0
# destination (the pair kProbeTransDataConfig names).
_TRANSDATA_LAYOUTS = ("AscendC::Layout<AscendC::Shape<int, int, int, int, int>, AscendC::Stride<>>",
                      "AscendC::Layout<AscendC::Shape<int, int, int, int, int, int>, AscendC::Stride<>>")


@dataclasses.dataclass
class Probe:
    form: api_catalog.Form
    code: str = ""           # the probe function ("" if not probed)
    state: str = "not probed"
    note: str = ""           # why not probed, or the first compiler error
    types: str = ""          # the template types used ("T=half, U=uint8_t")


def split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def template_params(template: str) -> list[tuple[str, str, bool]]:
    """[(kind or type, name, has default)] of `template <...>`."""
    inner = re.sub(r"^template\s*<|>$", "", template.strip()).strip()
    params = []
    for part in split_top(inner) if inner else []:
        has_default = "=" in part
        head = part.split("=", 1)[0].strip()
        words = head.split()
        if len(words) < 2:
            raise ValueError(f"template parameter '{part}'")
        params.append((" ".join(words[:-1]), words[-1], has_default))
    return params


def parse_param(text: str, index: int) -> tuple[str, str, bool | str] | None:
    """(declared type, name, is array) of one function parameter; None for a pack. `is array` is
    the bound's text for a reference to an array of a fixed bound."""
    text = text.split("=", 1)[0].strip()
    if "..." in text:
        return None
    # A reference to an array, `const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE]`: the
    # variable is an array of exactly that bound (is array: the bound's text).
    to_array = re.match(r"^(.*?)\(\s*&\s*([A-Za-z_]\w*)\s*\)\s*\[\s*(\w+)\s*\]$", text)
    if to_array:
        return to_array.group(1).strip() + "&", to_array.group(2), to_array.group(3)
    bound = re.search(r"\[\s*\w*\s*\]$", text)  # name[] or name[dim] (a template parameter's bound)
    array = bound is not None
    text = text[:bound.start()].strip() if array else text
    found = re.match(r"^(.*?)([A-Za-z_]\w*)$", text)
    if not found or not found.group(1).strip() or found.group(1).strip().endswith("::"):
        return (text, f"arg{index}", array)  # a parameter without a name
    return found.group(1).strip(), found.group(2), array


def declared_type(ptype: str) -> str:
    """The variable's type for a parameter type: top-level const and references dropped."""
    t = ptype.replace("&&", "&").strip()
    if t.endswith("&"):
        t = t[:-1].strip()
        t = re.sub(r"^const\s+", "", t)
        t = re.sub(r"\s+const$", "", t)
    return t


def alias_types(aliases: set[str], tparams, params, dtypes: dict[str, str]) -> dict[str, str]:
    """{type parameter: the type the probe uses}: the page's dtype for the parameter itself, else
    for the first function parameter whose type names it (dst for LocalTensor<U>& dst), else for
    no parameter in particular when the form has one type parameter, else float."""
    typenames = [n for kind, n, _ in tparams if kind in ("typename", "class")]
    chosen = {}
    layouts = {}
    for ptype, _, _ in params:
        pair = re.search(r"\bTransDataParams<\s*(\w+)\s*,\s*(\w+)\s*>", ptype)
        if pair:
            layouts = dict(zip(pair.groups(), _TRANSDATA_LAYOUTS))
    for alias in aliases:
        if alias in layouts:
            chosen[alias] = layouts[alias]
            continue
        if alias == "pattern":  # the Reduce family's axis tag (asc-devkit include/adv_api/reduce/reduce_common.h)
            chosen[alias] = "AscendC::Pattern::Reduce::AR"
            continue
        by_param = (dtypes[name] for ptype, name, _ in params
                    if name in dtypes and re.search(rf"\b{alias}\b", ptype))
        only = dtypes.get("*") if typenames == [alias] else None
        # A type no parameter names (Cast<T, U, mode>'s result U) takes the page's unattributed dtype.
        unnamed = dtypes.get("*") if not any(re.search(rf"\b{alias}\b", ptype) for ptype, _, _ in params) else None
        chosen[alias] = dtypes.get(alias) or next(by_param, None) or only or unnamed or DEFAULT_TYPE
    return chosen


# Where the first documented dtype is not a valid call, the page's own constraint instead:
# {page file: [(when the probe chose these types, use these types / template arguments)]}.
PAGE_CHOICES = {
    # float -> half takes CAST_ODD only (the page's round-mode table); RoundMode{} is CAST_NONE.
    "Cast（float转half-int32_t）.md": [({"U": "half"}, {"roundMode": "RoundMode::CAST_ODD"})],
    # U and V are "整型" (the start address and the length), which no dtype list names.
    "InitBuffer.md": [({"U": "float", "V": "float"}, {"U": "uint32_t", "V": "uint32_t"})],
    # A scalar deqScale: the page's table 6 lists (dst, deqScale) pairs of float and bfloat16_t
    # only, so the first dtypes of the parameter lists (half, uint64_t) make no documented call.
    "AscendDequant.md": [({"dstT": "half", "scaleT": "uint64_t"}, {"dstT": "float", "scaleT": "float"})],
}


def _non_type_value(kind: str) -> str:
    """The value a probe gives a non-type template parameter of this type."""
    if kind == "TPosition":  # TPosition{} is GM, which no UB API takes
        return "TPosition::VECCALC"
    if kind == "pipe_t":  # pipe_t{} is PIPE_S, which the cross-core flags exclude
        return "PIPE_V"
    if kind == "auto":  # Async<engine, funPtr>: a function to call
        return "&ProbeNoop"
    return _INTEGRAL.get(kind, _REFERENCED.get(kind, f"{kind}{{}}"))


def generate(probe: Probe, index: int) -> None:
    form = probe.form
    if not form.a2:
        probe.state = "not A2/A3"
        return
    if not form.parsed:
        probe.note = "prototype not parsed"
        return
    try:
        tparams = template_params(form.template) if form.template else []
    except ValueError as error:
        probe.note = f"unparsed {error}"
        return
    params = [parse_param(p, i) for i, p in enumerate(split_top(form.params))]
    params = [p for p in params if p is not None]
    lines = [f"// {form.page}: {form.api} ({form.label})", f"void probe_{index}() {{"]
    aliases = {name for kind, name, _ in tparams if kind in ("typename", "class")}
    aliases |= {"T", "U", "PrimType"}  # PrimType: the class's element type in member prototypes
    chosen = alias_types(aliases, tparams, params, form.dtypes)
    values = {}  # non-type template arguments the page's own constraints fix
    for when, use in PAGE_CHOICES.get(pathlib.PurePath(form.page).name, []):
        if all(chosen.get(k) == v for k, v in when.items()):
            chosen.update({k: v for k, v in use.items() if k in chosen})
            values.update({k: v for k, v in use.items() if k not in chosen})
    for ptype, name, _ in params:  # InitBufHandle(T* bufPool, ...): a kernel's own pool class
        base = re.sub(r"[\s*&]|const", "", ptype)
        if base in chosen and "pool" in name.lower() and "*" in ptype:
            chosen[base] = "ProbeBufPool"
    probe.types = ", ".join(f"{name}={chosen[name]}" for name in sorted(aliases)
                            if any(name == n for _, n, _ in tparams) or name in form.dtypes)
    for name in sorted(aliases):
        lines.append(f"    using {name} = {chosen[name]};")
    # A non-type template parameter a parameter's type names (TBuf<bufPos>& buf) is declared
    # with the value the call would deduce.
    for kind, name, _ in tparams:
        if kind not in ("typename", "class") and "..." not in kind and re.search(rf"\b{re.escape(name)}\b", form.params):
            kind = re.sub(r"^const\s+|\s*&$", "", kind)
            value = values.get(name) or _non_type_value(kind)
            lines.append(f"    constexpr {kind} {name} = {value};")
    names = []
    for ptype, name, array in params:
        if not _NAME.match(name):
            probe.note = f"unparsed parameter '{ptype} {name}'"
            return
        t = declared_type(ptype)
        if t in aliases and re.search(r"que|buf", name, re.I):  # TPipe::InitBuffer(T& que, ...)
            t = "TQue<TPosition::VECIN, 1>" if "que" in name.lower() else "TBuf<TPosition::VECCALC>"
            if "pool" in name.lower() or form.api == "InitBufPool":  # InitBufPool(T& bufPool, len, U& shareBuf)
                t = "TBufPool<TPosition::VECCALC>"
        bound = array if isinstance(array, str) else "2"
        lines.append(f"    {t} {name}[{bound}] = {{}};" if array else f"    {t} {name}{{}};")
        names.append(name)
    explicit = []
    used = " ".join(p[0] for p in params)
    needed = [i for i, (kind, name, default) in enumerate(tparams)
              if not default and "..." not in kind and not re.search(rf"\b{re.escape(name)}\b", used)]
    # A non-type parameter that bounds an array parameter (uint32_t shape[dim]) gets 1: the
    # arrays are declared with 2 elements, and 0 is no valid length.
    bounds = set(re.findall(r"\[\s*(\w+)\s*\]", form.params))
    for kind, name, _ in tparams[:needed[-1] + 1] if needed else []:
        if kind in ("typename", "class"):
            explicit.append(name)
        elif name in bounds:
            explicit.append("1")
        else:
            explicit.append(values.get(name) or _non_type_value(re.sub(r"^const\s+|\s*&$", "", kind)))
    targs = f"<{', '.join(explicit)}>" if explicit else ""
    call = f"{form.api}{targs}({', '.join(names)})"
    if form.api == "operator":  # operator(): the object called
        lines.append(f"    {api_catalog.CLASSES[form.owner]} object;")
        lines.append(f"    (void)object({', '.join(names)});")
    elif form.owner:
        owner_type = api_catalog.CLASSES[form.owner]
        if form.api == form.owner:
            # `T object();` would declare a function: a constructor without arguments is `T object;`
            lines.append(f"    {owner_type} object({', '.join(names)});" if names else f"    {owner_type} object;")
            lines.append("    (void)object;")
        else:
            lines.append(f"    {owner_type} object;")
            lines.append(f"    (void)object.{'template ' if targs else ''}{call};")
    else:
        lines.append(f"    (void)AscendC::{call};")
    lines.append("}")
    probe.code = "\n".join(lines)


def _compile(probes: list[Probe], workdir: pathlib.Path) -> dict[int, str]:
    """{probe index in `probes`: first error} for the probes that fail to compile together."""
    source = workdir / "probes.cpp"
    text = ['#include "kernel_operator.h"', "using namespace AscendC;",
            "// The kernel's own pool class of the custom-TBufPool pages (EXTERN_IMPL_BUFPOOL).",
            "inline void ProbeNoop() {}", "class ProbeBufPool {", "    EXTERN_IMPL_BUFPOOL(ProbeBufPool, TPosition::VECCALC, 4);", "};",
            "// The object a `const TransDataConfig&` template parameter refers to (_REFERENCED).",
            "constexpr TransDataConfig kProbeTransDataConfig = {DataFormat::NCDHW, DataFormat::NDC1HWC0};", ""]
    spans = []  # (first line, last line, index)
    for i, probe in enumerate(probes):
        first = len(text) + 1
        text += probe.code.splitlines() + [""]
        spans.append((first, len(text), i))
    source.write_text("\n".join(text) + "\n")
    done = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-w", f"-I{SIM_INCLUDE}", str(source)],
                          capture_output=True, text=True, errors="replace")
    failures: dict[int, str] = {}
    pending_error = ""
    # An error inside a header template is printed after its "required from here" line in the
    # probe: that probe is the one the error belongs to.
    instantiating = None
    for line in done.stderr.splitlines():
        line = line.replace("\u2018", "'").replace("\u2019", "'")
        error = re.search(r"\berror: (.*)$", line)
        if "In instantiation of" in line:
            instantiating = None
        here = re.search(r"probes\.cpp:(\d+):\d+:\s+required from here", line)
        if here:
            number = int(here.group(1))
            instantiating = next((i for first, last, i in spans if first <= number <= last), None)
        if error and "probes.cpp:" not in line and instantiating is not None:
            failures.setdefault(instantiating, error.group(1)[:160])
            instantiating = None
            continue
        if error and not pending_error:
            pending_error = error.group(1)
        where = re.search(r"probes\.cpp:(\d+):", line)
        if where and (error or "required from" in line or "In function" in line or "note:" not in line):
            number = int(where.group(1))
            for first, last, i in spans:
                if first <= number <= last:
                    if error or pending_error:
                        failures.setdefault(i, (error.group(1) if error else pending_error)[:160])
                    break
        if error and where:
            pending_error = ""
        elif re.search(r"^\S*probes\.cpp: In function", line):
            pending_error = ""
    if done.returncode != 0 and not failures:
        failures[-1] = (done.stderr.strip().splitlines() or ["g++ failed"])[0][:160]
    return failures


def probe_all(forms: list[api_catalog.Form]) -> list[Probe]:
    probes = [Probe(f) for f in forms]
    for i, probe in enumerate(probes):
        generate(probe, i)
    candidates = [p for p in probes if p.code]
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(8):
            failures = _compile(candidates, pathlib.Path(tmp))
            if -1 in failures:
                raise RuntimeError(f"the probe file does not compile as a whole: {failures[-1]}")
            for i, message in failures.items():
                candidates[i].state, candidates[i].note = "missing", message
            candidates = [p for i, p in enumerate(candidates) if i not in failures]
            if not failures:
                break
    for probe in candidates:
        probe.state = "compiles"
    return probes


# ---- The document ----------------------------------------------------------------------------
def doc_header(date: str) -> str:
    return (f"# The sim's kernel API coverage\n\n"
            f"Generated by `{COMMAND}` (tools/samples/api_table.py) on {date}; do not edit by hand.\n"
            f"Every A2/A3 vector-side prototype of CANN's API reference (asc-devkit's docs/zh/api/SIMD-API,\n"
            f"read from `CANN_SOURCES_DIR`) is called once with its documented parameter types, each\n"
            f"template type being the first A2/A3 dtype the page documents for it (float when it names\n"
            f"none; column *types*), and compiled against `sim/include`: **compiles** or **missing** (the\n"
            f"first compiler error); **not probed** when the prototype could not be made into a call;\n"
            f"**not A2/A3** when the page documents the prototype for other products only. Compiling is not\n"
            f"correctness: the sim's own tests hold what it implements to CANN's semantics.\n")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(probes: list[Probe], date: str) -> str:
    states = collections.Counter(p.state for p in probes)
    apis = collections.defaultdict(set)
    for p in probes:
        if p.state != "not A2/A3":
            apis[p.form.api].add(p.state)
    full = sum(1 for s in apis.values() if s == {"compiles"})
    some = sum(1 for s in apis.values() if "compiles" in s and s != {"compiles"})
    lines = [doc_header(date), "## Totals", "",
             f"{len(probes)} documented forms of {len(apis)} APIs: compiles **{states['compiles']}**, "
             f"missing **{states['missing']}**, not probed **{states['not probed']}**, "
             f"not A2/A3 **{states['not A2/A3']}**. "
             f"APIs with every form compiling: {full}; with some: {some}; with none: {len(apis) - full - some}.", "",
             "| area | forms | compiles | missing | not probed | not A2/A3 |", "|---|---|---|---|---|---|"]
    by_area = collections.defaultdict(collections.Counter)
    for p in probes:
        by_area[p.form.area][p.state] += 1
    for area, counts in by_area.items():
        lines.append(f"| {area} | {sum(counts.values())} | {counts['compiles']} | {counts['missing']} | "
                     f"{counts['not probed']} | {counts['not A2/A3']} |")
    for area in by_area:
        lines += ["", f"## {area}", "", "| API | form | types | state | first error | page |",
                  "|---|---|---|---|---|---|"]
        for p in probes:
            if p.form.area != area:
                continue
            api = f"{p.form.owner}::{p.form.api}" if p.form.owner else p.form.api
            lines.append(f"| `{api}` | {_cell(p.form.label) or '-'} | {_cell(p.types) or '-'} | {p.state} | "
                         f"{_cell(p.note)} | {_cell(p.form.page)} |")
    return "\n".join(lines) + "\n"


def main(sources: str | None, sim_lib_dir=None, output: pathlib.Path | None = None,
         only_pages: list[str] | None = None) -> list[Probe]:
    if not sources:
        raise SystemExit("build.py samples --api-table: no CANN checkouts: pass --sources DIR or set "
                         "CANN_SOURCES_DIR (a directory holding asc-devkit/)")
    try:
        forms = api_catalog.find_forms(pathlib.Path(sources) / "asc-devkit")
    except FileNotFoundError as error:
        raise SystemExit(f"build.py samples --api-table: --sources: {error}")
    if only_pages:
        forms = [f for f in forms if any(o in f.page for o in only_pages)]
    probes = probe_all(forms)
    states = collections.Counter(p.state for p in probes)
    print(f"[api-table] {len(probes)} forms: " + ", ".join(f"{k} {v}" for k, v in sorted(states.items())),
          flush=True)
    if output is not None:
        output.write_text(render(probes, datetime.date.today().isoformat()))
        print(f"[api-table] wrote {output}", flush=True)
    return probes
