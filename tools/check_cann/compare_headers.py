"""sim/include held against CANN's headers: for every header the sim stands in for, the
declarations present in one and not the other, and those whose signatures or enum values
differ, each with why (justifications.py). Writes docs/sim_vs_cann_headers.md.

    python3 build.py check-cann --compare-headers [--sources DIR]

The sim's own namespaces (sim::, ascendc_sim*) and inline ABI namespaces are not API and are left
out; a CANN declaration the sim lacks is justified automatically when no project source uses
its name, and flagged otherwise."""
from __future__ import annotations

import datetime
import functools
import pathlib
import re
import tempfile

from . import declarations, justifications
from .subjects import ROOT

SIM_INCLUDE = ROOT / "sim" / "include"
DOC = ROOT / "docs" / "sim_vs_cann_headers.md"
COMMAND = "python3 build.py check-cann --compare-headers --sources $CANN_SOURCES_DIR"
# Where CANN keeps each header the sim stands in for (repository, directory the include path starts at)
CANN_ROOTS = (("metadef", "inc/external/asc"), ("metadef", "inc/external"), ("runtime", "include/external"),
              ("runtime", "pkg_inc"), ("ge", "inc/external"), ("opbase", "include/nnopbase"), ("opbase", "pkg_inc"),
              ("asc-devkit", "include/utils"), ("asc-devkit", "include"), ("asc-devkit", "include/basic_api"),
              ("libboundscheck", "include"), ("asc-tools", "cpudebug/include"))
# Installed under another name than the repository holds it (asc-devkit's install rules:
# impl/utils/CMakeLists.txt links host_api/tiling/template_argument.h, impl/adv_api/cmake/
# kernel_headers.cmake matmul_intf.h; tikcfw's impl/dav_c220 is impl/basic_api/dav_c220)
RENAMED = {"tiling/tiling_api.h": ("asc-devkit", "include/adv_api/tiling_api.h"),
           "aclnn/opdev/op_errno.h": ("opbase", "include/nnopbase/opdev/op_errno.h"),
           "ascendc/host_api/tiling/template_argument.h": ("asc-devkit", "include/utils/tiling/template_argument.h"),
           "lib/matmul_intf.h": ("asc-devkit", "include/adv_api/matmul/matmul_intf.h")}
RENAMED_DIRS = {"impl/": ("asc-devkit", "impl/basic_api/")}
# CANN generates kernel_tiling/kernel_tiling.h at build time from adv_api's tiling structs
GENERATED = "kernel_tiling/kernel_tiling.h"
# The sim splits its tiling/tiling_api.h into one header per API family at tiling/<name>.h;
# CANN's tiling_api.h includes one per API at adv_api/<family>/<name>.h (installed as
# tiling/<family>/<name>.h). Their declarations are held against all of CANN's.
TILING_API = "tiling/tiling_api.h"
TILING_PART = ("a part of the sim's tiling/tiling_api.h, which includes it; CANN's tiling_api.h includes its "
               "declarations from adv_api/<family>/*_tiling.h (installed as tiling/<family>/...): each declaration "
               "here is held against those")
SIM_PRIVATE = re.compile(r"(^|::)(sim|ascendc_sim\w*|detail)(::|$)")


def sim_headers() -> list[str]:
    return sorted(str(p.relative_to(SIM_INCLUDE)) for p in SIM_INCLUDE.rglob("*.h")
                  if not str(p.relative_to(SIM_INCLUDE)).startswith("ascendc_sim/"))


def cann_header(checkouts, relative: str) -> pathlib.Path | None:
    if relative in RENAMED:
        repository, path = RENAMED[relative]
        return checkouts[repository] / path
    for prefix, (repository, path) in RENAMED_DIRS.items():
        if relative.startswith(prefix) and (checkouts[repository] / path / relative[len(prefix):]).is_file():
            return checkouts[repository] / path / relative[len(prefix):]
    if relative == GENERATED:
        return generated_kernel_tiling(checkouts)
    for repository, base in CANN_ROOTS:
        candidate = checkouts[repository] / base / relative
        if candidate.is_file():
            return candidate
    return None


@functools.lru_cache(maxsize=None)
def generated_kernel_tiling(checkouts) -> pathlib.Path:
    """kernel_tiling.h as CANN's build generates it, by asc-devkit's own script, in a scratch layout."""
    layout = pathlib.Path(tempfile.mkdtemp(prefix="cann-layout-"))
    return checkouts.make_layout(layout) / GENERATED


def included(checkouts, name: str) -> pathlib.Path | None:
    """Where a quoted include of a CANN header resolves: an installed name, or asc-devkit's own
    tree (its public headers include "impl/utils/std/type_traits/is_integral.h" and the like)."""
    return cann_header(checkouts, name) or next(
        (p for p in (checkouts["asc-devkit"] / name,) if p.is_file()), None)


def is_tiling_part(header: str) -> bool:
    return header.startswith("tiling/") and header.count("/") == 1 and header != TILING_API


@functools.lru_cache(maxsize=None)
def read(path: pathlib.Path) -> dict:
    return declarations.read(path.read_text(errors="replace"))


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def with_includes(path: pathlib.Path, lookup, depth: int = 2) -> list[pathlib.Path]:
    """path and the quoted includes it pulls in (found by lookup), for resolving enumerator values
    written as other enumerators (CANN's ge::DT_FLOAT = ::C_DT_FLOAT from graph/c_types.h)."""
    found, todo = [path], [(path, depth)]
    while todo:
        current, left = todo.pop()
        for name in INCLUDE.findall(current.read_text(errors="replace")) if left else []:
            for candidate in (current.parent / name, lookup(name)):
                if candidate is not None and candidate.is_file() and candidate not in found:
                    found.append(candidate)
                    todo.append((candidate, left - 1))
                    break
    return found


def resolve_enumerators(flat: dict[str, str], files: list[pathlib.Path]) -> dict[str, str]:
    """Enumerator values that name another enumerator, replaced by its number."""
    numbers = {}
    for f in files:
        for members in read(f)["enums"].values():
            numbers.update(members)
    for _ in range(3):
        numbers = {k: numbers.get(v.lstrip(":").split("::")[-1], v) for k, v in numbers.items()}
    return {k: (numbers.get(v.lstrip(":").split("::")[-1], v) if k.startswith("enumerator ") and v else v)
            for k, v in flat.items()}


def flatten(decls: dict) -> dict[str, str]:
    """key -> description for every declaration: 'macro X', 'type A::B', 'enum A::E::m', 'function A::f(sig)'."""
    out = {}
    for name, forms in decls["macros"].items():
        for params in forms:
            out[f"macro {name}{params}"] = ""
    for name in decls["types"]:
        out[f"type {name}"] = ""
    for enum, members in decls["enums"].items():
        out[f"type {enum}"] = ""
        for member, value in members.items():
            out[f"enumerator {enum}::{member}"] = value
    for name, signatures in decls["functions"].items():
        for signature in signatures:
            out[f"function {name}{signature}"] = ""
    return {k: v for k, v in out.items() if not SIM_PRIVATE.search(k.split(" ", 1)[1])}


def last_name(key: str) -> str:
    name = key.split(" ", 1)[1].split("(")[0]
    return name.split("::")[-1]


def differences(sim: dict[str, str], cann: dict[str, str], all_sim: dict[str, str],
                all_cann: dict[str, str]) -> list[tuple[str, str, str]]:
    """(declaration, sim, cann) rows; an overload set that differs is one row (compared across
    all headers of each side, listed where this header pair declares it)."""
    rows = []
    sim_functions, cann_functions = {}, {}
    names = {k.split("(")[0] for k in (*sim, *cann) if k.startswith("function ")}
    for table, target in ((all_sim, sim_functions), (all_cann, cann_functions)):
        for key in table:
            if key.startswith("function "):
                target.setdefault(key.split("(")[0], []).append(key[len(key.split("(")[0]):])
    for name in sorted(names):
        s, c = sorted(sim_functions.get(name, [])), sorted(cann_functions.get(name, []))
        if s != c:
            rows.append((name, "; ".join(x for x in s if x not in c) or "—", "; ".join(x for x in c if x not in s) or "—"))
    for key in sorted((set(sim) | set(cann))):
        if key.startswith("function "):
            continue
        if key not in sim:
            rows.append((key, "—", cann[key] or "declared"))
        elif key not in cann:
            rows.append((key, sim[key] or "declared", "—"))
        elif sim[key] != cann[key]:
            rows.append((key, sim[key], cann[key]))
    return rows


SIM_MACRO = re.compile(r"^macro (ASCENDC_SIM_|ASCEND_SIM_|ICPU_DETAIL_)")


def base_class_member(declaration: str, sim: str, all_cann: dict[str, str]) -> str:
    """The CANN class that declares this member with these signatures, when it is not the sim's."""
    if not declaration.startswith("function ") or "::" not in declaration:
        return ""
    member = declaration.split("::")[-1]
    owners = {k.split(" ", 1)[1].rsplit("::", 1)[0] for k in all_cann
              if k.startswith("function ") and k.split("(")[0].endswith("::" + member)
              and k[len(k.split("(")[0]):] in sim.split("; ")}
    owners.discard(declaration.split(" ", 1)[1].rsplit("::", 1)[0])
    return sorted(owners)[0] if owners else ""


def why(header: str, row: tuple[str, str, str], all_cann: dict[str, str]) -> str:
    declaration, sim, cann = row
    manual = justifications.lookup(header, declaration)
    if manual:
        return manual
    if sim == "—":
        # Every project source compiles against the sim, so nothing they use is missing.
        return "not in the sim: no project source uses it"
    if SIM_MACRO.match(declaration):
        return "the sim's own helper macro (a sim-prefixed name)"
    owner = base_class_member(declaration, sim, all_cann)
    if owner:
        return f"CANN declares it on {owner} (a base class); the sim's class declares it itself"
    if cann == "—":
        return "**sim-only: unjustified**"
    return "**differs: unjustified**"


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(checkouts, today: str) -> tuple[str, int]:
    pairs = {h: cann_header(checkouts, h) for h in sim_headers()}
    for header in pairs:
        if pairs[header] is None and is_tiling_part(header):
            pairs[header] = pairs[TILING_API]
    # Either side may declare a name in another of these headers (the sim's acl.h holds what CANN
    # spreads over acl_base.h and acl_rt.h): a declaration counts as present when any header of
    # its side has it, and is listed under the header that has it.
    all_sim, all_cann = {}, {}
    # ... or in a header that one includes (CANN's acl_base.h pulls in acl_base_rt.h)
    sim_decls, cann_decls = {}, {}
    for header, cann in pairs.items():
        sim_path = SIM_INCLUDE / header
        files = with_includes(sim_path, lambda n: SIM_INCLUDE / n)
        sim_decls[header] = resolve_enumerators(flatten(read(sim_path)), files)
        for f in files:
            all_sim.update(resolve_enumerators(flatten(read(f)), files))
        if cann is not None:
            files = with_includes(cann, lambda n: included(checkouts, n))
            cann_decls[header] = resolve_enumerators(flatten(read(cann)), files)
            if is_tiling_part(header):
                # the whole of CANN's tiling API, the sim side only: what the sim has and CANN lacks
                # or declares otherwise (CANN's rest is listed once, under tiling_api.h)
                union = {}
                for f in files:
                    union.update(resolve_enumerators(flatten(read(f)), files))
                cann_decls[header] = {k: v for k, v in union.items() if k in sim_decls[header]}
            for f in files:
                all_cann.update(resolve_enumerators(flatten(read(f)), files))
    lines = ["# sim/include against CANN's headers", "",
             f"Generated by `{COMMAND}` on {today} (tools/check_cann/compare_headers.py); do not edit by hand.", "",
             "For every header under `sim/include/` (outside `ascendc_sim/`) the declarations that differ "
             "from CANN's header of the same include path: present in one only, another overload set, "
             "another enumerator value. Declarations are read by a pragmatic parser (not a compiler): "
             "parameter names and a by-value parameter's `const` are ignored, default arguments, `const`, "
             "`= delete` and `= default` are compared. The sim's own namespaces are left out. "
             "Each row says why the difference is right; rows marked **unjustified** are defects.", "",
             "CANN's headers are read from the checkouts named under docs/cann_packaging.md's check-cann "
             "section (the newest snapshot).", ""]
    unjustified, summary = 0, []
    body = []
    for header, cann in pairs.items():
        if cann is None:
            reason = justifications.lookup(header, "") or "**unjustified**"
            unjustified += reason == "**unjustified**"
            body += [f"## {header}", "", f"No CANN header of this include path in the checkouts: {reason}", ""]
            summary.append((header, "—", 0))
            continue
        sim, here = sim_decls[header], cann_decls[header]
        rows = differences({k: v for k, v in sim.items() if k in here or k not in all_cann},
                           {k: v for k, v in here.items() if k in sim or k not in all_sim},
                           all_sim, all_cann)
        where = (f"{cann.relative_to(checkouts.root)}" if cann.is_relative_to(checkouts.root)
                 else "generated by asc-devkit impl/adv_api/cmake/scripts/gen_kernel_tiling_data_def.py")
        summary.append((header, where + (" (and its includes)" if is_tiling_part(header) else ""), len(rows)))
        body += [f"## {header}", ""]
        if is_tiling_part(header):
            body += [f"No CANN header at this include path: {TILING_PART}.", ""]
        body += [f"CANN: `{where}`. {len(rows)} differences.", ""]
        if rows:
            body += ["| declaration | sim | CANN | why |", "|---|---|---|---|"]
            for row in rows:
                reason = why(header, row, all_cann)
                unjustified += "unjustified" in reason
                body.append("| " + " | ".join(cell(x) for x in (row[0], row[1], row[2], reason)) + " |")
            body.append("")
    lines += ["| sim header | CANN header | differences |", "|---|---|---|"]
    lines += [f"| {h} | {w} | {n} |" for h, w, n in summary]
    lines += ["", f"Unjustified differences: {unjustified}.", ""] + body
    return "\n".join(lines).rstrip() + "\n", unjustified


def main(checkouts, doc: pathlib.Path = DOC) -> int:
    text, unjustified = render(checkouts, datetime.date.today().isoformat())
    doc.write_text(text)
    print(f"wrote {doc}: {unjustified} unjustified differences")
    return 1 if unjustified else 0
