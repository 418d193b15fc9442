"""check-cann's command: every step for ours and the ops-nn control, then a PASS/FAIL/SKIP table.
Exit 1 when a step fails."""
from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import sys

from . import host, kernel, subjects, tiling_asan
from .checkouts import REPOSITORIES, SOURCES_ENV, Checkouts
from .steps import FAIL, SKIP, Result

STEPS = ("host", "kernel", "tiling")


def check(checkouts: Checkouts, build: pathlib.Path, steps=STEPS) -> list[Result]:
    layout = checkouts.make_layout(build / "layout")
    cann_includes = checkouts.host_include_dirs(layout)
    results, shims = [], []
    for subject in (subjects.ours(), subjects.ops_nn(checkouts)):
        out = build / subject.name
        out.mkdir(parents=True, exist_ok=True)
        if "host" in steps:
            results += host.compile_host(subject.name, subject.host_sources, subject.includes, cann_includes, out)
        if "kernel" in steps:
            results.append(kernel.compile_kernel(subject.name, checkouts, subject.kernel_source, subject.tiling_header,
                                                 subject.host_sources, layout, out / "kernel", shims))
        if "tiling" in steps:
            results.append(tiling_asan.run_tiling_driver(subject.name, checkouts, subject.tiling_header,
                                                         subject.tiling_sources, subject.includes, cann_includes,
                                                         out / "tiling", subject.ours))
    return results


def table(results: list[Result]) -> str:
    rows = [("op", "step", "result", "detail")] + [(r.subject, r.step, r.status, r.detail) for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [" | ".join(row[i].ljust(widths[i]) for i in range(3)) + " | " + row[3] for row in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths) + "-+-" + "-" * 6)
    return "\n".join(lines)


def main(argv=None, default_build: pathlib.Path | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py check-cann", description=__doc__)
    parser.add_argument("--sources", default=os.environ.get(SOURCES_ENV),
                        help=f"directory of CANN checkouts named by repository (default: ${SOURCES_ENV})")
    parser.add_argument("--build-dir", type=pathlib.Path, default=default_build or subjects.ROOT / "build" / "check-cann")
    parser.add_argument("--steps", nargs="+", choices=STEPS, default=list(STEPS))
    parser.add_argument("--compare-headers", action="store_true",
                        help="instead: regenerate docs/sim_vs_cann_headers.md (sim/include against CANN's headers)")
    args = parser.parse_args(argv)
    if not args.sources:
        print(f"check-cann: no CANN checkouts: pass --sources DIR or set {SOURCES_ENV} (a directory holding "
              f"{', '.join(REPOSITORIES)})", file=sys.stderr)
        return 2
    checkouts = Checkouts(pathlib.Path(args.sources))
    missing = checkouts.missing()
    if missing:
        print(f"check-cann: --sources {checkouts.root} lacks {', '.join(missing)} (one checkout per repository, "
              "named by it)", file=sys.stderr)
        return 2
    if args.compare_headers:
        from . import compare_headers
        return compare_headers.main(checkouts)
    args.build_dir.mkdir(parents=True, exist_ok=True)
    results = check(checkouts, args.build_dir.resolve(), args.steps)
    skipped = [s for s in STEPS if s not in args.steps]
    results += [Result(n, s, SKIP, "not asked for (--steps)") for n in ("ours", "ops-nn") for s in skipped]
    print(f"check-cann {datetime.date.today()} against {checkouts.root}:")
    for repository in REPOSITORIES:
        print(f"  {repository}: {checkouts.commit(repository)}")
    print(table(results))
    for r in results:
        if r.status == FAIL and r.log:
            print(f"  {r.subject} / {r.step}: log {r.log}")
    return 1 if any(r.status == FAIL for r in results) else 0
