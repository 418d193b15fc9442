#!/usr/bin/env python3
"""The project's one entry point: install what is missing, configure, build, test, run.

    python3 build.py run        # build, then show the op working (example + check)
    python3 build.py test       # build, then run the whole test suite
    python3 build.py build      # configure (CMake + Ninja) and build incrementally
    python3 build.py check [--dtype float16] [--keys 12 13]   # the edit loop: rebuild the op for those
                                #   tiling keys only, then each key against the float64 reference
    python3 build.py test --sanitize   # ASan + UBSan build (build-asan/) and the C-level/op tests under it
    python3 build.py flags      # compiler/linker flags for a CANN-style host program
    python3 build.py asc FILE.asc [--run] [-- ARGS]   # build a CANN 9 .asc program (kernel + main) on the sim
    python3 build.py samples [--sources DIR]          # CANN's vector samples on the sim: docs/sim_samples.md
    python3 build.py samples --api-table              # the kernel API probe: docs/sim_kernel_api.md
    python3 build.py samples --ops-nn [--only OP]     # ops-nn's A2/A3 kernels compiled (syntax only) against the sim
    python3 build.py deps       # install the Python packages in requirements.txt
    python3 build.py package    # custom_opp_<os>_<arch>.run with an installed CANN (CMake preset cann)
    python3 build.py install-package [--install-path P]   # run that .run
    python3 build.py check-cann [--sources DIR]   # op_host/op_kernel against CANN's own sources (checkouts)

Thin over CMake: CMake owns targets and flags, this script only sequences commands.
"""
from __future__ import annotations

import argparse
import csv
import importlib.metadata
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent
BUILD = pathlib.Path(os.environ.get("ASCEND_SIM_BUILD_DIR", ROOT / "build"))
REQUIREMENTS = ROOT / "requirements.txt"


def say(message: str) -> None:
    print(f"[build.py] {message}", file=sys.stderr, flush=True)


def run(cmd: list[str], **kwargs) -> None:
    say(" ".join(map(str, cmd)))
    result = subprocess.run(cmd, **kwargs)
    if result.returncode != 0:
        raise SystemExit(result.returncode)


def missing_requirements() -> list[str]:
    missing = []
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name = re.split(r"[<>=!~\[ ]", line, maxsplit=1)[0]
        try:
            importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(line)
    return missing


def cmd_deps(_args=None) -> None:
    missing = missing_requirements()
    if not missing:
        return
    say(f"installing missing Python packages: {', '.join(missing)}")
    run([sys.executable, "-m", "pip", "install", "--quiet", *missing])


GTEST_HEADER = pathlib.Path("/usr/include/gtest/gtest.h")


def ensure_gtest() -> None:
    """GoogleTest (for the tikicpulib unit tests) from Debian's libgtest-dev, never downloaded."""
    if GTEST_HEADER.exists():
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        say("GoogleTest is missing: install Debian's libgtest-dev (apt-get install libgtest-dev); "
            "the tikicpulib tests will be skipped")
        return
    say("installing Debian's libgtest-dev for the tikicpulib unit tests")
    run(["apt-get", "update", "-qq"], stdout=subprocess.DEVNULL)
    run(["apt-get", "install", "-y", "-qq", "libgtest-dev"], stdout=subprocess.DEVNULL,
        env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def tool(name: str) -> str:
    """A build tool from PATH, else from the Python environment's scripts."""
    found = shutil.which(name) or shutil.which(name, path=str(pathlib.Path(sys.executable).parent))
    if found is None:
        raise SystemExit(f"'{name}' not found: run `python3 build.py deps` (it comes from requirements.txt)")
    return found


# Targets: ALL is everything but the broken-kernel copies (BROKEN_KERNEL_TESTS), which an edit of
# the kernel would otherwise recompile six times; BROKEN_KERNELS is asked for when their tests run.
ALL = "all"
BROKEN_KERNELS = "_broken_kernels"
BROKEN_KERNEL_TESTS = ROOT / "tests" / "op_kernel" / "debug"
# What `check` needs: the op (kernel, tiling, aclnn API) and the Python module that drives it.
CHECK_TARGETS = ["cust_opapi", "lstm_cell_grad_ext"]
KEYS_OPTION = "LSTM_CELL_GRAD_KEYS"
KEY_COUNT = 24                                   # 8*dtype + 4*hasBias + 2*hasGradC + hasGradHy
DTYPES = ("float32", "float16", "bfloat16")      # the key's dtype index


def cached_keys() -> str | None:
    """LSTM_CELL_GRAD_KEYS as the build's cache holds it ("" = every key), None if unconfigured."""
    cache = BUILD / "CMakeCache.txt"
    if not (BUILD / "build.ninja").exists() or "LSTM_CELL_GRAD_INPLACE:BOOL=ON" not in cache.read_text():
        return None
    found = re.search(rf"^{KEYS_OPTION}:STRING=(.*)$", cache.read_text(), re.M)
    return found.group(1) if found else ""


def configure(keys: str = "") -> None:
    """CMake + Ninja in BUILD, the kernel instantiating `keys` ("" = every key); re-run only
    when unconfigured or the keys differ."""
    if cached_keys() == keys:
        return
    run([tool("cmake"), "-S", str(ROOT), "-B", str(BUILD), "-G", "Ninja",
         f"-DCMAKE_MAKE_PROGRAM={tool('ninja')}", f"-DPython3_EXECUTABLE={sys.executable}",
         "-DLSTM_CELL_GRAD_INPLACE=ON", f"-D{KEYS_OPTION}={keys}"])


def build_targets(targets: list[str], args=None, keys: str = "") -> None:
    cmd_deps()
    configure(keys)
    jobs = ["-j", str(args.jobs)] if args is not None and getattr(args, "jobs", None) else []
    run([tool("cmake"), "--build", str(BUILD), "--target", *targets, *jobs])


def cmd_build(args=None) -> None:
    """Everything, every tiling key (a developer build of a few keys is replaced)."""
    build_targets([ALL, BROKEN_KERNELS], args)


# ---- Stale build: libraries older than a source they are built from ----------------------
# The comparison itself is the package's (it warns at import with the same rule); stdlib only.
_STALE_SPEC = importlib.util.spec_from_file_location("_stale", ROOT / "python" / "lstm_cell_grad" / "_stale.py")
STALE = importlib.util.module_from_spec(_STALE_SPEC)
_STALE_SPEC.loader.exec_module(STALE)
BUILT_FROM = STALE.BUILT_FROM   # CMakeLists.txt lists the sources there at configure time


def built_libraries() -> dict[str, list[pathlib.Path]]:
    """Per source group of built_from.txt, the libraries built from it: the sim from sim/, the
    op from op_host/ and op_kernel/ (and the sim's headers), the module from all of them."""
    sim = [BUILD / "sim" / "libascendc_sim.so"]
    op = [BUILD / "libcust_opimpl.so", BUILD / "libcust_opapi.so"]
    module = sorted((ROOT / "python" / "lstm_cell_grad").glob("_C*.so"))
    return {"sim": sim + op + module, "op": op + module, "ext": module}


def stale_build_note() -> str | None:
    """A sentence naming a library and the newest of its sources that is newer than it, or
    None when the build is current (or absent). One stat per listed source, no tree walk."""
    return STALE.stale_note(BUILD / BUILT_FROM, built_libraries(),
                            "this command does not rebuild; run `python3 build.py build` first")


def warn_if_stale() -> None:
    note = stale_build_note()
    if note:
        say(f"warning: {note}")


def names_test_paths(pytest_args: list[str]) -> bool:
    """Whether the caller chose what to collect (a file, a folder or a node id), so the whole
    tests/ folder is not collected beside it."""
    values_of = {"-k", "-m", "-p", "-c", "-o", "--maxfail", "--deselect", "--ignore", "--rootdir", "--durations"}
    previous = ""
    for arg in pytest_args:
        if not arg.startswith("-") and previous not in values_of and (ROOT / arg.split("::")[0]).exists():
            return True
        previous = arg
    return False


def collects_broken_kernels(pytest_args: list[str]) -> bool:
    """Whether the run collects the broken-kernel tests (the whole suite, a folder holding them, or a
    path inside theirs)."""
    if not names_test_paths(pytest_args):
        return True
    debug = BROKEN_KERNEL_TESTS.resolve()
    for arg in pytest_args:
        path = (ROOT / arg.split("::")[0]).resolve()
        if not arg.startswith("-") and path.exists() and (path == debug or debug in path.parents
                                                          or path in debug.parents):
            return True
    return False


def cmd_test(args) -> None:
    ensure_gtest()
    if getattr(args, "sanitize", False):
        return cmd_test_sanitized(args)
    pytest_args = list(args.pytest_args or [])
    build_targets([ALL, BROKEN_KERNELS] if collects_broken_kernels(pytest_args) else [ALL], args)
    where = [] if names_test_paths(pytest_args) else [str(ROOT / "tests"), str(ROOT / "sim" / "tests")]
    quick = ["-m", "not slow"] if args.quick else []
    run([sys.executable, "-m", "pytest", *where, *quick, *pytest_args], cwd=ROOT)


# ---- AddressSanitizer + UndefinedBehaviorSanitizer --------------------------------------
SANITIZE_BUILD = ROOT / "build-asan"
SANITIZE_FLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# What the sanitized build compiles and runs: the sim, the op, its Python module and the
# C-level test programs; the tests that drive them (C API cases, ACL runtime, op numerics and
# errors through the Python module, the broken-kernel checks, a short fuzz, the kernel unit
# test). The rest of the suite (PyTorch, install, CLI) exercises no C++ the subset does not.
SANITIZE_TARGETS = ["ascendc_sim", "cust_opapi", "lstm_cell_grad_ext", "acl_checks", "_op_hooks",
                    "op_c_api_cases", "gm_traffic", "_simtest", "op_kernel_ut"]
SANITIZE_TESTS = ["tests/aclnn/test_op_c_api.py", "sim/tests/test_acl_runtime.py", "sim/tests/test_checks.py",
                  "sim/tests/test_core_pool.py",
                  "tests/aclnn/test_op_errors.py", "tests/op_kernel/test_op_numerics.py", "tests/python/test_errors.py",
                  "tests/python/test_views.py", "tests/fuzz/test_fuzz.py", "tests/op_kernel/test_kernel_ut.py"]


def cmd_build_sanitized(args) -> None:
    """build-asan/: the same sources under ASan + UBSan (RelWithDebInfo, so tests stay quick);
    never written into python/ (the package is assembled in build-asan/package/)."""
    cmd_deps()
    if not (SANITIZE_BUILD / "build.ninja").exists():
        run([tool("cmake"), "-S", str(ROOT), "-B", str(SANITIZE_BUILD), "-G", "Ninja",
             f"-DCMAKE_MAKE_PROGRAM={tool('ninja')}", f"-DPython3_EXECUTABLE={sys.executable}",
             "-DCMAKE_BUILD_TYPE=RelWithDebInfo", f"-DCMAKE_CXX_FLAGS={SANITIZE_FLAGS}",
             f"-DCMAKE_SHARED_LINKER_FLAGS={SANITIZE_FLAGS}", f"-DCMAKE_EXE_LINKER_FLAGS={SANITIZE_FLAGS}",
             f"-DCMAKE_MODULE_LINKER_FLAGS={SANITIZE_FLAGS}"])
    jobs = ["-j", str(args.jobs)] if getattr(args, "jobs", None) else []
    run([tool("cmake"), "--build", str(SANITIZE_BUILD), "--target", *SANITIZE_TARGETS, *jobs])
    # The package as Python imports it: the sources, and the sanitized extension beside them.
    package = SANITIZE_BUILD / "package" / "lstm_cell_grad"
    package.mkdir(parents=True, exist_ok=True)
    for source in (ROOT / "python" / "lstm_cell_grad").iterdir():
        link = package / source.name
        if source.suffix != ".so" and source.name != "__pycache__" and not link.exists():
            link.symlink_to(source)
    for module in (SANITIZE_BUILD / "python").glob("_C*.so"):
        shutil.copy2(module, package / module.name)


def sanitizer_env() -> dict:
    """Python is not built with ASan: its runtime must be loaded first (LD_PRELOAD). Leak
    checking is off for the Python process (the interpreter keeps memory to exit by design) and
    on for the C programs it starts; any report fails the run."""
    preload = [subprocess.run(["g++", f"-print-file-name={lib}"], capture_output=True, text=True,
                              check=True).stdout.strip() for lib in ("libasan.so", "libubsan.so")]
    return dict(os.environ, LD_PRELOAD=" ".join(preload), ASCEND_SIM_BUILD_DIR=str(SANITIZE_BUILD),
                LSTM_CELL_GRAD_PACKAGE_DIR=str(SANITIZE_BUILD / "package"),
                ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
                UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")


def cmd_test_sanitized(args) -> None:
    cmd_build_sanitized(args)
    pytest_args = list(args.pytest_args or [])
    run([sys.executable, "-m", "pytest", *SANITIZE_TESTS, "-m", "not slow", "-p", "no:cacheprovider",
         *pytest_args], cwd=ROOT, env=sanitizer_env())


def host_program_flags() -> list[str]:
    """Flags that build a C++ host program written for CANN (acl/acl.h, aclnnop/...) against the sim."""
    lib_dirs = [BUILD / "sim", BUILD]
    # -g: the sim's violation reports name the kernel's file:line from its debug info (the
    # sim's CMake package brings -g too), else they say "(no line info)".
    return ([f"-I{ROOT / 'sim' / 'include'}", f"-I{BUILD / 'aclnn' / 'include'}", "-std=c++17", "-g"]
            + [f"-L{d}" for d in lib_dirs] + ["-lcust_opapi", "-lascendc_sim", "-pthread"]
            + [f"-Wl,-rpath,{':'.join(map(str, lib_dirs))}"])


def cmd_flags(_args) -> None:
    for lib in (BUILD / "libcust_opapi.so", BUILD / "sim" / "libascendc_sim.so"):
        if not lib.exists():
            raise SystemExit(f"{lib} is missing: run `python3 build.py build` first")
    warn_if_stale()  # on stderr: stdout stays the flags alone
    print(" ".join(host_program_flags()))


def profile_summary(profile_path: pathlib.Path, lines_path: pathlib.Path, top: int) -> str:
    """The last launch's modeled figures (its ASCEND_SIM_PROFILE line) and its top source
    lines (the ASCEND_SIM_LINES table), as text."""
    launches = [json.loads(line) for line in profile_path.read_text().splitlines() if line.strip()] \
        if profile_path.exists() else []
    if not launches:
        return "profile-run: the program launched no kernel on the sim (no profile was written)"
    last = launches[-1]
    out = [f"profile (modeled, not measured): {len(launches)} launch(es); the last: kernel {last['kernel']} "
           f"on {last['soc']}, {last['block_dim']} cores",
           f"  aiv_time {last['aiv_time_us']:.2f} us, bound: {last['bound']}; mean busy MTE2 "
           f"{last['aiv_mte2_time_us']:.2f} us, V {last['aiv_vec_time_us']:.2f} us, MTE3 "
           f"{last['aiv_mte3_time_us']:.2f} us, S {last['aiv_scalar_time_us']:.2f} us"]
    if "stall_us" in last:
        out.append(f"  waits: stalls {last['stall_us']:.2f} us, idle {last['idle_us']:.2f} us (summed over cores); "
                   f"achieved GM {last['achieved_gm_GBps']:.1f} GB/s, UB {last['achieved_ub_GBps']:.1f} GB/s; "
                   f"bank conflicts {last['vec_bank_cflt_ratio']:.3f} of vector cycles")
    if lines_path.exists():
        with lines_path.open(newline="") as f:
            rows = list(csv.DictReader(f))
        total = sum(float(r["cycles"]) for r in rows) or 1.0
        out.append("top lines (modeled cycles over all cores; share of all cycles, of the critical path):")
        for r in rows[:top]:
            out.append(f"  {100 * float(r['cycles']) / total:5.1f}% {100 * float(r['critical_path_share']):5.1f}%  "
                       f"{r['code']:<40} {int(r['call_count']):>7} calls  V {float(r['vec_cycles']):.0f}  "
                       f"MTE2 {float(r['mte2_cycles']):.0f}  MTE3 {float(r['mte3_cycles']):.0f}  "
                       f"S {float(r['scalar_cycles']):.0f}  [{r['apis']}]")
    return "\n".join(out)


def cmd_profile_run(args) -> None:
    """Runs any program that launches kernels on the sim (an ICPU_RUN_KF test, a host
    program) with ASCEND_SIM_PROFILE, ASCEND_SIM_LINES and ASCEND_SIM_TRACE set, then prints
    the last launch's modeled figures and top source lines."""
    program = args.program[1:] if args.program[:1] == ["--"] else args.program
    if not program:
        raise SystemExit("profile-run: name the program after --: python3 build.py profile-run -- ./program args")
    out_dir = pathlib.Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    profile_path = out_dir / "profile.jsonl"
    lines_path = pathlib.Path(args.lines) if args.lines else out_dir / "lines.csv"
    trace_path = pathlib.Path(args.trace) if args.trace else out_dir / "trace.json"
    profile_path.unlink(missing_ok=True)  # the sim appends a line per launch
    env = dict(os.environ, ASCEND_SIM_PROFILE=str(profile_path), ASCEND_SIM_LINES=str(lines_path),
               ASCEND_SIM_TRACE=str(trace_path))
    if args.all_cores:
        env["ASCEND_SIM_TRACE_CORES"] = "all"
    try:
        result = subprocess.run(program, env=env)
    except OSError as error:
        raise SystemExit(f"profile-run: cannot run {program[0]}: {error.strerror or error}")
    print(profile_summary(profile_path, lines_path, args.top), flush=True)
    if profile_path.exists():
        instr = lines_path.with_name(lines_path.stem + ".instr.csv")
        print(f"files (modeled): {profile_path}, {lines_path}, {instr}, {trace_path} (open in https://ui.perfetto.dev)")
    raise SystemExit(result.returncode)


def cmd_run(args) -> None:
    """The main job: build, then show the op working (the reference example and a check)."""
    cmd_build(args)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "python"), os.environ.get("PYTHONPATH", "")]))
    run([sys.executable, "-m", "lstm_cell_grad", "example"], env=env)
    run([sys.executable, "-m", "lstm_cell_grad", "check", "--batch", "64", "--hidden", "1024"], env=env)
    run([sys.executable, "-m", "lstm_cell_grad", "check", "--batch", "333", "--hidden", "100", "--dtype", "float16"],
        env=env)
    run([sys.executable, "-m", "lstm_cell_grad", "check", "--batch", "333", "--hidden", "100", "--dtype", "bfloat16"],
        env=env)


# ---- CANN 9 .asc programs and CANN's samples on the sim ------------------------------------
ASC_TOOLS = ROOT / "sim" / "tools" / "asc"
SAMPLES_TOOLS = ROOT / "tools" / "samples"


def load_tool(directory: pathlib.Path, name: str):
    """A module of the project's tools, loaded by path (tools/ is not a package)."""
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))
    return importlib.import_module(name)


def build_sim_library(args=None) -> pathlib.Path:
    """Builds libascendc_sim.so alone; returns its directory."""
    build_targets(["ascendc_sim"], args)
    return BUILD / "sim"


def cmd_asc(args) -> None:
    """Rewrites the .asc's <<<>>> launches, compiles it with g++ against the sim, optionally runs it."""
    source = pathlib.Path(args.file)
    if source.suffix != ".asc" or not source.is_file():
        raise SystemExit(f"build.py asc: FILE '{args.file}' is not an existing .asc file")
    compiler = load_tool(ASC_TOOLS, "asc_compile")
    built = compiler.compile_asc(source, BUILD / "asc" / source.stem, build_sim_library(args))
    if not built.ok:
        sys.stderr.write(built.log)
        raise SystemExit(f"build.py asc: {source} failed at the {built.stage} step: "
                         f"{compiler.first_error(built.log)}")
    say(f"built {built.executable}")
    if args.run:
        run([str(built.executable), *args.program_args])


def cmd_samples(args) -> None:
    """CANN's vector samples built, run and checked on the sim (or, --api-table, the API probe)."""
    if not args.sources or not (pathlib.Path(args.sources) / "asc-devkit").is_dir():
        raise SystemExit("build.py samples: --sources DIR (default $CANN_SOURCES_DIR) must hold an asc-devkit "
                         f"checkout; got {args.sources!r}")
    if args.ops_nn:
        # ops-nn's kernels alone: a syntax-only compile against the sim's headers (no library
        # needed); prints one row per kernel and leaves the document alone.
        ops_nn = load_tool(SAMPLES_TOOLS, "ops_nn")
        if not (pathlib.Path(args.sources) / ops_nn.OPS_NN).is_dir():
            raise SystemExit(f"build.py samples --ops-nn: {args.sources} holds no {ops_nn.OPS_NN} checkout")
        _, results = ops_nn.run_all(args.sources, BUILD / "samples" / "ops_nn", args.jobs or 2, only=args.only)
        say(f"ops-nn: {sum(r.compiles for r in results)} of {len(results)} A2/A3 kernels compile")
        return
    sim_lib = build_sim_library(args)
    if args.api_table:
        # A partial probe (--only PAGE...) prints its rows and leaves the document alone.
        probes = load_tool(SAMPLES_TOOLS, "api_table").main(
            sources=args.sources, sim_lib_dir=sim_lib, only_pages=args.only,
            output=None if args.only else ROOT / "docs" / "sim_kernel_api.md")
        if args.only:
            for probe in probes:
                print(f"  {probe.state:11} {probe.form.api} [{probe.form.label}] ({probe.types}) {probe.note}")
    else:
        # A partial run (--only) prints its rows and leaves the document alone.
        document = None if args.only else ROOT / "docs" / "sim_samples.md"
        load_tool(SAMPLES_TOOLS, "samples_runner").main(sources=args.sources, sim_lib_dir=sim_lib,
                                                        work_dir=BUILD / "samples", only=args.only,
                                                        output=document, jobs=args.jobs or 2)


# ---- The edit loop: rebuild the minimum, then a fast verdict per built key ---------------
# Shapes of the verdict: one row on one core, a tail in both dimensions, several cores.
CHECK_SHAPES = ((1, 8), (37, 100), (64, 256))


def key_fields(key: int) -> tuple[str, bool, bool, bool]:
    """(dtype, has_bias, has_grad_c, has_grad_hy) of a tiling key (lstm_cell_grad::TilingKey)."""
    return DTYPES[key // 8], bool(key & 4), bool(key & 2), bool(key & 1)


def chosen_keys(dtypes: list[str] | None, keys: list[int] | None) -> list[int]:
    """The keys `check` builds: those named, else every key of the dtypes named, else all."""
    if keys:
        bad = [k for k in keys if not 0 <= k < KEY_COUNT]
        if bad:
            raise SystemExit(f"check: --keys {bad} are not tiling keys (0..{KEY_COUNT - 1}: "
                             "8*dtype + 4*hasBias + 2*hasGradC + hasGradHy)")
        chosen = sorted(set(keys))
    else:
        chosen = list(range(KEY_COUNT))
    if dtypes:
        chosen = [k for k in chosen if key_fields(k)[0] in dtypes]
        if not chosen:
            raise SystemExit(f"check: no key of --keys has dtype {', '.join(dtypes)}")
    return chosen


def cmd_check(args) -> None:
    """Rebuild only the op and its Python module for the chosen keys, then run each key on
    CHECK_SHAPES against the float64 reference, every sim check at its default (error)."""
    keys = chosen_keys(args.dtype, args.keys)
    subset = "" if len(keys) == KEY_COUNT else ";".join(map(str, keys))
    build_targets(CHECK_TARGETS, args, keys=subset)
    if subset:
        say(f"developer build: the kernel holds tiling keys {subset.replace(';', ' ')} only; "
            "`python3 build.py build` (or test) restores every key")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "python"), os.environ.get("PYTHONPATH", "")]))
    env.pop("ASCEND_SIM_CHECKS", None)  # every check, at its default severity
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "verdict", *map(str, keys)], env=env)
    raise SystemExit(result.returncode)


def cmd_verdict(args) -> None:
    """The check's verdict, in a child process that loads the module just built."""
    import numpy as np
    import lstm_cell_grad as lcg
    failed = 0
    for key in args.verdict_keys:
        dtype, has_bias, has_c, has_hy = key_fields(key)
        problems = []
        for batch, hidden in CHECK_SHAPES:
            inputs = lcg.random_inputs(batch, hidden, dtype, grad_hy=has_hy, grad_c=has_c, seed=key)
            try:
                results = lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=has_bias)
            except Exception as error:  # a sim check or the op's own error: the verdict names it
                problems.append(f"({batch}, {hidden}): {str(error).strip().splitlines()[0]}")
                continue
            args_in = [inputs[name] for name in ("grad_hy", "grad_c", "cx", "cy", "storage")]
            problems += [f"({batch}, {hidden}) {c}" for c in lcg.compare_outputs(results, args_in, has_bias)
                         if not c.ok]
        failed += bool(problems)
        print(f"key {key:2d} ({dtype}, bias {int(has_bias)}, grad_c {int(has_c)}, grad_hy {int(has_hy)}): "
              + ("ok" if not problems else "FAILED\n    " + "\n    ".join(problems)), flush=True)
    print(f"check: {len(args.verdict_keys) - failed} passed, {failed} failed")
    raise SystemExit(1 if failed else 0)


CANN_BUILD = pathlib.Path(os.environ.get("ASCEND_CANN_BUILD_DIR", ROOT / "build-cann"))


def cann_packages() -> list[pathlib.Path]:
    return sorted(CANN_BUILD.glob("custom_opp_*.run"))


def cmd_package(args) -> None:
    """custom_opp_<os>_<arch>.run with an installed CANN: CMake preset `cann`, then its targets."""
    cmake = tool("cmake")
    for stale in cann_packages():  # a failed build must not leave an old package looking new
        stale.unlink()
    # Detect CANN afresh every time (the cache would keep a toolkit found before), as CANN's
    # own build.sh starts from an empty build_out.
    (CANN_BUILD / "CMakeCache.txt").unlink(missing_ok=True)
    configure = [cmake, "--preset", "cann", "-B", str(CANN_BUILD)]
    say(" ".join(configure))
    if subprocess.run(configure, cwd=ROOT).returncode != 0:
        raise SystemExit("[build.py] package: the CANN configure failed; CMake's message above says what is "
                         "missing and how to get it. No package was built.")
    jobs = ["-j", str(args.jobs)] if args.jobs else []
    for target in ("binary", "package"):
        run([cmake, "--build", str(CANN_BUILD), "--target", target, *jobs])
    packages = cann_packages()
    if not packages:
        raise SystemExit(f"[build.py] package: the build ended without a custom_opp_*.run in {CANN_BUILD}")
    print(packages[-1])


def cmd_install_package(args) -> None:
    """Runs the package's installer: into $ASCEND_OPP_PATH/vendors/<vendor>, or under --install-path."""
    packages = cann_packages()
    if not packages:
        raise SystemExit(f"no custom_opp_*.run in {CANN_BUILD}: build it first with `python3 build.py package` "
                         "(needs CANN)")
    command = ["bash", str(packages[-1])]
    if args.install_path:
        command.append(f"--install-path={pathlib.Path(args.install_path).resolve()}")
    run(command)
    cache = (CANN_BUILD / "CMakeCache.txt").read_text()
    vendor = re.search(r"^vendor_name:\w+=(.*)$", cache, re.M).group(1)
    where = pathlib.Path(args.install_path).resolve() if args.install_path else "$ASCEND_OPP_PATH"
    say(f"installed into {where}/vendors/{vendor}"
        + (f"; before calling the op: source {where}/vendors/{vendor}/bin/set_env.bash" if args.install_path else ""))


def cmd_check_cann(args) -> None:
    """tools/check_cann (its own options: build.py check-cann --help)."""
    from tools.check_cann.cli import main as check_cann
    raise SystemExit(check_cann(args.pytest_args, default_build=BUILD / "check-cann"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("deps", help="install missing Python packages").set_defaults(func=cmd_deps)
    p = sub.add_parser("build", help="configure and build incrementally")
    p.add_argument("-j", "--jobs", type=int)
    p.add_argument("--sanitize", action="store_true", help="ASan + UBSan build in build-asan/")
    p.set_defaults(func=lambda a: cmd_build_sanitized(a) if a.sanitize else cmd_build(a))
    p = sub.add_parser("test", allow_abbrev=False,
                       help="build, then run the test suite; other options and paths go to pytest "
                            "(build.py test tests/op_kernel -k traffic -x)")
    p.add_argument("-j", "--jobs", type=int)
    p.add_argument("--sanitize", action="store_true",
                   help="build under ASan + UBSan (build-asan/) and run the C-level and op tests there")
    p.add_argument("--quick", action="store_true", help="skip the tests marked slow (fresh-venv install, "
                                                        "compiling against PyTorch)")
    p.set_defaults(func=cmd_test)
    sub.add_parser("flags", help="compiler and linker flags for a CANN-style host program").set_defaults(
        func=cmd_flags)
    p = sub.add_parser("asc", help="build a CANN 9 .asc program (kernel + host main with <<<>>> launches) on the "
                                   "sim: build/asc/<name>/<name> (build.py asc add.asc --run -- ARGS)")
    p.add_argument("file", help="the .asc source")
    p.add_argument("--run", action="store_true", help="run it after building (in the current directory)")
    p.add_argument("-j", "--jobs", type=int)
    p.set_defaults(func=cmd_asc)
    p = sub.add_parser("samples", help="build, run and check CANN's vector samples on the sim and write "
                                       "docs/sim_samples.md; --api-table: probe every kernel API and write "
                                       "docs/sim_kernel_api.md")
    p.add_argument("--sources", default=os.environ.get("CANN_SOURCES_DIR"),
                   help="a directory of CANN checkouts (asc-devkit, ops-nn, ...); default $CANN_SOURCES_DIR")
    p.add_argument("--api-table", action="store_true", help="the API probe instead of the samples")
    p.add_argument("--ops-nn", action="store_true", help="only ops-nn's A2/A3 activation/norm kernels, compiled "
                   "(syntax only) against the sim's headers; with --only, the kernels whose family/op contains one "
                   "of these (no doc written)")
    p.add_argument("--only", nargs="+", help="only the samples (or, with --api-table, the API pages; with --ops-nn, "
                   "the ops-nn kernels) whose path contains one of these (no doc written)")
    p.add_argument("-j", "--jobs", type=int)
    p.set_defaults(func=cmd_samples)
    p = sub.add_parser("check", help="the edit loop: rebuild only the op and its module for the chosen "
                                     "tiling keys, then each key against the float64 reference "
                                     "(build.py check --dtype float16 --keys 12 13)")
    p.add_argument("-j", "--jobs", type=int)
    p.add_argument("--dtype", nargs="+", choices=DTYPES, help="only the keys of these dtypes")
    p.add_argument("--keys", nargs="+", type=int, help="only these tiling keys (8*dtype + 4*hasBias + "
                                                       "2*hasGradC + hasGradHy)")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("verdict", help=argparse.SUPPRESS)  # check's child process
    p.add_argument("verdict_keys", nargs="+", type=int)
    p.set_defaults(func=cmd_verdict)
    p = sub.add_parser("profile-run", help="run a program that launches kernels on the sim under the profile "
                                           "variables; print the last launch's figures and top source lines "
                                           "(build.py profile-run -- ./program args)")
    p.add_argument("--out-dir", default="profile-run", help="where the files go (default ./profile-run)")
    p.add_argument("--lines", metavar="FILE", help="the code-line table (default OUT_DIR/lines.csv)")
    p.add_argument("--trace", metavar="FILE", help="the Perfetto trace (default OUT_DIR/trace.json)")
    p.add_argument("--all-cores", action="store_true", help="every core in full in the trace")
    p.add_argument("--top", type=int, default=10, help="source lines printed (default 10)")
    p.add_argument("program", nargs=argparse.REMAINDER, help="-- then the program and its arguments")
    p.set_defaults(func=cmd_profile_run)
    p = sub.add_parser("run", help="build, then run the reference example and a check through Python")
    p.add_argument("-j", "--jobs", type=int)
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("package", help="build custom_opp_<os>_<arch>.run with an installed CANN (preset cann)")
    p.add_argument("-j", "--jobs", type=int)
    p.set_defaults(func=cmd_package)
    p = sub.add_parser("install-package", help="run the built .run (into CANN's opp, or --install-path)")
    p.add_argument("--install-path", help="install under <path>/vendors/<vendor> instead of $ASCEND_OPP_PATH")
    p.set_defaults(func=cmd_install_package)
    p = sub.add_parser("check-cann", add_help=False,
                       help="build op_host and op_kernel against CANN's own sources (checkouts in --sources DIR "
                            "or $CANN_SOURCES_DIR), ops-nn's op as the control; --compare-headers: sim/include "
                            "against CANN's headers")
    p.set_defaults(func=cmd_check_cann)
    # `asc` passes what follows `--` to the program it runs.
    argv = sys.argv[1:] if argv is None else list(argv)
    program_args = []
    if argv[:1] == ["asc"] and "--" in argv:
        cut = argv.index("--")
        argv, program_args = argv[:cut], argv[cut + 1:]
    # Only `test` and `check-cann` forward what they do not know (pytest's / check-cann's options).
    args, rest = parser.parse_known_args(argv)
    args.program_args = program_args
    if rest and args.command not in ("test", "check-cann"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    args.pytest_args = rest
    args.func(args)


if __name__ == "__main__":
    main()
