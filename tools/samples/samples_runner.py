"""CANN's A2/A3 vector kernel samples (asc-devkit examples/01_simd_cpp_api) built unchanged on
the sim, run, and checked the way each sample checks itself; the table goes to
docs/sim_samples.md. Run by `python3 build.py samples [--sources DIR] [--only NAME...]`.

Per sample (catalog.py finds and classifies them):
  built    its sources (add_executable's, .asc rewritten for <<<>>>) compile and link against
           the sim; if not, the first compiler error names the blocking API or construct;
  ran      the README's steps from a fresh directory: data script (scripts/gen_data.py), the
           program (every launch ok on the sim), then its verification script if it has one;
  correct  the verification script passes, or, without one, the program's own comparison
           prints a pass ("test pass!") and no failure.
A full run (no --only) also classifies ops-nn's activation and norm kernels and compiles each
A2/A3 one against the sim (ops_nn.py), for the document's second table.
Nothing of a sample is copied: everything is read from the checkout when this runs.
"""
from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import datetime
import json
import os
import pathlib
import re
import resource
import signal
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "sim" / "tools" / "asc"))
import asc_compile  # noqa: E402
import catalog  # noqa: E402
import ops_nn  # noqa: E402

COMMAND = "python3 build.py samples"
RUN_TIMEOUT = 300           # seconds per step: a sample's launch on the sim takes well under that
SIM_FAILED = re.compile(r"^\[ascendc-sim\] (.+?) FAILED$|^\[ascendc-sim\] (.+ not launched: .+)$", re.M)
SIM_ERROR = re.compile(r"^\[ERROR\]\[([\w-]+)\] (?:core \d+/\d+: )?(.*)$", re.M)
PASSED = re.compile(r"test pass|\bpass(ed)?\b|success", re.I)
FAILED = re.compile(r"test fail|\bfail(ed|ure)?\b|\[ERROR\]|mismatch", re.I)
ASC_DEVKIT = "asc-devkit"
# Modules the data scripts import that stand-ins provide when the real package is missing
# (py_shims/tensorflow: only the bfloat16 dtype).
PY_SHIMS = HERE / "py_shims"


@dataclasses.dataclass
class Result:
    sample: str
    built: bool = False
    ran: str = "-"          # "yes", "no", "-" (not built)
    correct: str = "-"      # "yes", "no", "unchecked", "-"
    blocker: str = ""       # the first API or construct that stops it
    detail: str = ""        # the first error line, or what failed


def _tail(text: str, lines: int = 1) -> str:
    kept = [l.strip() for l in text.strip().splitlines() if l.strip()]
    return " / ".join(kept[-lines:])[:200]


def _script_env() -> dict[str, str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        import tensorflow  # noqa: F401
    except ImportError:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PY_SHIMS), env.get("PYTHONPATH", "")) if p)
    return env


# A sample's step may use this much heap (RLIMIT_DATA) and no more: the sim logs every
# instruction, and a sample issuing hundreds of millions of scalar ones would otherwise take the
# machine's memory (and the OOM killer another process) instead of failing alone.
STEP_MEMORY_CAP_GIB = 8


def _cap_memory() -> None:
    cap = STEP_MEMORY_CAP_GIB << 30
    resource.setrlimit(resource.RLIMIT_DATA, (cap, cap))


def _run_step(cmd: list[str], cwd: pathlib.Path) -> tuple[int | None, str]:
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                              errors="replace", env=_script_env(), preexec_fn=_cap_memory)
    except subprocess.TimeoutExpired:
        return None, f"no result in {RUN_TIMEOUT} s"
    return done.returncode, done.stdout + done.stderr


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


def sim_failure(output: str) -> tuple[str, str] | None:
    """(blocker, detail) of the first failed launch the program's output reports."""
    failed = SIM_FAILED.search(output)
    if not failed:
        return None
    error = SIM_ERROR.search(output, failed.end())
    if error:
        api = re.match(r"([A-Za-z_][\w:]*(?:<[^>]*>)?)", error.group(2))
        return f"{error.group(1)}: {api.group(1) if api else error.group(2)[:60]}", error.group(2)[:200]
    return "launch refused", (failed.group(2) or failed.group(1))[:200]


def run_sample(sample: catalog.Sample, sim_lib_dir: pathlib.Path, work_dir: pathlib.Path) -> Result:
    result = Result(sample.name)
    out = work_dir / sample.name
    built = asc_compile.compile_program(sample.sources, out / sample.program, sim_lib_dir,
                                        definitions=sample.definitions)
    if not built.ok:
        result.blocker = asc_compile.blocking_construct(built.log) or f"{built.stage} failed"
        result.detail = asc_compile.first_error(built.log)
        return result
    result.built = True
    run_dir = out / "run"
    if run_dir.exists():
        for path in sorted(run_dir.rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
    run_dir.mkdir(parents=True, exist_ok=True)
    program_output, verified = None, None
    for step in sample.steps:
        if step.kind == "script":
            code, output = _run_step([sys.executable, str(sample.directory / step.path), *step.args], run_dir)
            if program_output is None:  # a data script before the program
                if code != 0:
                    missing = re.search(r"No module named '([\w.]+)'", output)
                    result.ran = "no"
                    result.blocker = f"{step.path} needs Python module {missing.group(1)}" if missing else \
                        f"{step.path} failed"
                    result.detail = _tail(output)
                    return result
            else:
                verified = (code, output)
        else:
            code, output = _run_step([str(built.executable), *step.args], run_dir)
            program_output = output
            failure = sim_failure(output)
            if failure:
                result.ran, result.correct = "no", "no"
                result.blocker, result.detail = failure
                return result
            if code is None or code < 0:
                result.ran, result.correct = "no", "no"
                result.blocker = ("timeout" if code is None else
                                  f"over the {STEP_MEMORY_CAP_GIB} GiB memory cap" if "bad_alloc" in output else
                                  _signal_name(code))
                result.detail = _tail(output)
                return result
            result.ran = "yes"
            if code != 0 and not any(s.kind == "script" for s in sample.steps[sample.steps.index(step):]):
                result.correct, result.detail = "no", f"exit status {code}: {_tail(output)}"
                return result
    if verified is not None:
        code, output = verified
        ok = code == 0 and not FAILED.search(output)
        result.correct = "yes" if ok else "no"
        if not ok:
            result.detail = f"verification: {_tail(output, 2)}"
    elif program_output is not None:
        if FAILED.search(program_output):
            result.correct, result.detail = "no", _tail("\n".join(
                l for l in program_output.splitlines() if FAILED.search(l)))
        elif PASSED.search(program_output):
            result.correct = "yes"
        else:
            result.correct, result.detail = "unchecked", "the sample checks nothing it prints"
    return result


def run_all(samples: list[catalog.Sample], sim_lib_dir: pathlib.Path, work_dir: pathlib.Path,
            jobs: int = 2) -> list[Result]:
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(run_sample, s, sim_lib_dir, work_dir) for s in samples]
        results = []
        for sample, future in zip(samples, futures):
            results.append(future.result())
            r = results[-1]
            print(f"[samples] {r.sample}: built {'yes' if r.built else 'no'}, ran {r.ran}, correct {r.correct}"
                  + (f" -- {r.blocker}" if r.blocker else ""), flush=True)
    return results


# ---- The document ----------------------------------------------------------------------------
def doc_header(date: str) -> str:
    """The document's first lines (tests/ compare them with the generated file)."""
    return (f"# CANN's vector samples on the sim\n\n"
            f"Generated by `{COMMAND}` (tools/samples/samples_runner.py) on {date}; do not edit by hand.\n"
            f"Re-run it after the sim gains APIs: it reads the samples from the CANN checkouts in\n"
            f"`CANN_SOURCES_DIR` (or `--sources DIR`) and copies nothing of them.\n")


def _cell(text: str) -> str:
    """Table-safe text; a file named by its absolute path (this machine's checkout) by its name."""
    text = re.sub(r"(?<![\w.])(?:/[\w.+-]+)+/([\w.+-]+\.(?:asc|h|hpp|cpp|py))", r"\1", text)
    return text.replace("|", "\\|").replace("\n", " ")


def render(results: list[Result], excluded: collections.Counter, date: str,
           ops_nn_section: list[str] | None = None) -> str:
    total = len(results)
    built = sum(r.built for r in results)
    ran = sum(r.ran == "yes" for r in results)
    correct = sum(r.correct == "yes" for r in results)
    blockers = collections.Counter(r.blocker for r in results if r.blocker)
    lines = [doc_header(date), "",
             "## Totals", "",
             f"A2/A3 vector samples of asc-devkit `examples/01_simd_cpp_api`: **{total}**; "
             f"built **{built}**, ran **{ran}**, correct **{correct}**.", "",
             "Not counted (classified by `tools/samples/catalog.py`): "
             + ", ".join(f"{kind} {count}" for kind, count in sorted(excluded.items())) + ".", "",
             "What stops the most samples (the first compiler error's API or construct, or the "
             "failed check at run time):", "",
             "| blocker | samples |", "|---|---|"]
    lines += [f"| `{_cell(b)}` | {n} |" for b, n in blockers.most_common(15)]
    lines += ["", "## Samples", "",
              "| sample | built | ran | correct | first blocking API or construct | detail |",
              "|---|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| {r.sample} | {'yes' if r.built else 'no'} | {r.ran} | {r.correct} | "
                     f"{'`' + _cell(r.blocker) + '`' if r.blocker else ''} | {_cell(r.detail)} |")
    if ops_nn_section:
        lines += ["", *ops_nn_section]
    else:
        lines += ["", "## ops-nn activation and norm kernels", "", f"Not attempted: no {ops_nn.OPS_NN} checkout.", ""]
    return "\n".join(lines)


def main(sources: str | None, sim_lib_dir: pathlib.Path, work_dir: pathlib.Path, only: list[str] | None = None,
         output: pathlib.Path | None = None, jobs: int = 2) -> list[Result]:
    if not sources:
        raise SystemExit("build.py samples: no CANN checkouts: pass --sources DIR or set CANN_SOURCES_DIR "
                         f"(a directory holding {ASC_DEVKIT}/, ops-nn/, ...)")
    asc_devkit = pathlib.Path(sources) / ASC_DEVKIT
    try:
        samples = catalog.find_samples(asc_devkit)
    except FileNotFoundError as error:
        raise SystemExit(f"build.py samples: --sources: {error}")
    vector = [s for s in samples if s.kind == "vector"]
    excluded = collections.Counter(s.kind for s in samples if s.kind != "vector")
    if only:
        vector = [s for s in vector if any(o in s.name for o in only)]
        if not vector:
            raise SystemExit(f"build.py samples: --only {' '.join(only)} matches no vector sample")
    results = run_all(vector, sim_lib_dir, work_dir, jobs)
    work_dir.mkdir(parents=True, exist_ok=True)
    (work_dir / "results.json").write_text(json.dumps([dataclasses.asdict(r) for r in results], indent=1))
    section = None
    if output is not None and (pathlib.Path(sources) / ops_nn.OPS_NN).is_dir():
        kernels, kernel_results = ops_nn.run_all(sources, work_dir / "ops_nn", jobs)
        section = ops_nn.render_section(kernels, kernel_results)
    if output is not None:
        output.write_text(render(results, excluded, datetime.date.today().isoformat(), section))
        print(f"[samples] wrote {output}", flush=True)
    print(f"[samples] {len(results)} vector samples: built {sum(r.built for r in results)}, "
          f"ran {sum(r.ran == 'yes' for r in results)}, correct {sum(r.correct == 'yes' for r in results)}",
          flush=True)
    return results
