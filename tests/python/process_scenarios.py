"""Whole-process scenarios for the binding and the sim under threads, environment edits,
interpreter exit and fork. Each scenario runs in a child Python with a timeout, so a crash or
a hang is a result (a signal, a timeout) instead of the end of the test run.

  env_edits     threads loop the op while the main thread grows and shrinks os.environ
                (setenv/putenv reallocating `environ`); every result bitwise equal to the first
  exit_inside   daemon threads loop the op; the main thread exits while they are inside it
  fork_inside   threads loop the op; the main thread forks children, each runs the op once,
                checks it and exits; every child must end with 0 within its timeout
  executor_race two threads run phase two with one executor at once, 300 rounds (the C
                program tests/aclnn/c_api; its CI run is tests/aclnn/test_op_c_api.py)

tests/python/test_process_scenarios.py runs each briefly; the long run (figures in
docs/reliability.md):

  python3 -m tests.python.process_scenarios --env-seconds 60 --exit-runs 100 --forks 1000 --executor-runs 20

prints what ran and the failures, and exits 1 on any.
"""
import argparse
import os
import pathlib
import signal
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]
# glibc otherwise raises its mmap threshold after the first large free, so `environ` grows on
# the heap and a reader of the freed array finds it still mapped: a fixed threshold keeps each
# reallocation of a large `environ` an mremap, whose old pages are gone.
MALLOC_ENV = {"MALLOC_MMAP_THRESHOLD_": "32768"}

PRELUDE = textwrap.dedent("""
    import os, sys, threading, time
    import numpy as np
    import lstm_cell_grad as lcg
    ARGS = lcg.random_inputs(8, 16, "float32", seed=7)
    def call():
        return lcg.thnn_fused_lstm_cell_backward(**ARGS, has_bias=True)
    EXPECTED = call()
    def same(results):
        return all(np.array_equal(r, e) for r, e in zip(results, EXPECTED))
""")

ENV_EDITS = PRELUDE + textwrap.dedent("""
    SECONDS, THREADS = float(sys.argv[1]), int(sys.argv[2])
    stop = False
    calls = [0] * THREADS
    wrong = [0] * THREADS
    def loop(k):
        while not stop:
            result = call()
            if calls[k] % 16 == 0:   # checked now and then: the more calls, the more reads
                wrong[k] += not same(result)
            calls[k] += 1
    threads = [threading.Thread(target=loop, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    edits, end = 0, time.monotonic() + SECONDS
    while time.monotonic() < end:
        for _ in range(100):   # each new name grows environ: every 512th moves it (mremap)
            os.environ[f"LCG_HOSTILE_{edits}"] = "x"
            edits += 1
        if edits % 2000 == 0:
            for k in range(edits - 2000, edits - 1000):
                del os.environ[f"LCG_HOSTILE_{k}"]
    stop = True
    for t in threads:
        t.join()
    print("calls", sum(calls), "wrong", sum(wrong), "edits", edits)
    sys.exit(1 if sum(wrong) or min(calls) == 0 else 0)
""")

EXIT_INSIDE = PRELUDE + textwrap.dedent("""
    RUNS, THREADS, SECONDS, CHILD_TIMEOUT = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    BIG = lcg.random_inputs(32, 256, "float32", seed=8)   # calls long enough to be inside one at exit
    def start_and_return():
        started = threading.Barrier(THREADS + 1)
        def loop():
            started.wait()
            while True:
                lcg.thnn_fused_lstm_cell_backward(**BIG, has_bias=True)
        for _ in range(THREADS):
            threading.Thread(target=loop, daemon=True).start()
        started.wait()
        time.sleep(SECONDS)
    # Each run is a forked interpreter (no second numpy import) that starts the threads and
    # then ends its script: the interpreter exits while they are inside the op.
    statuses = []
    for run in range(RUNS):
        pid = os.fork()
        if pid == 0:
            start_and_return()
            break
        deadline = time.monotonic() + CHILD_TIMEOUT
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                statuses.append(os.waitstatus_to_exitcode(status))
                break
            if time.monotonic() > deadline:
                statuses.append("hung")
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                break
            time.sleep(0.005)
    else:
        print("runs", RUNS, "statuses", *statuses)
        sys.exit(0 if all(s == 0 for s in statuses) else 1)
""")

FORK_INSIDE = PRELUDE + textwrap.dedent("""
    FORKS, THREADS, CHILD_TIMEOUT = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    stop = False
    def loop():
        while not stop:
            call()
    threads = [threading.Thread(target=loop) for _ in range(THREADS)]
    for t in threads:
        t.start()
    hung = failed = 0
    for n in range(FORKS):
        pid = os.fork()
        if pid == 0:   # the child: one call of its own, checked, then out without clean-up
            try:
                os._exit(0 if same(call()) else 3)
            except BaseException:
                os._exit(4)
        deadline = time.monotonic() + CHILD_TIMEOUT
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                failed += status != 0
                break
            if time.monotonic() > deadline:
                hung += 1
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                break
            time.sleep(0.002)
    stop = True
    for t in threads:
        t.join()
    print("forks", FORKS, "hung", hung, "failed", failed)
    sys.exit(1 if hung or failed else 0)
""")


def package_dir() -> str:
    """Where lstm_cell_grad is imported from (the sanitized build's copy under --sanitize)."""
    return os.environ.get("LSTM_CELL_GRAD_PACKAGE_DIR", str(ROOT / "python"))


def run_child(script: str, *args, timeout: float, extra_env=None) -> subprocess.CompletedProcess:
    """The script in a child Python; a timeout is reported as returncode None."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package_dir(), os.environ.get("PYTHONPATH", "")]),
               **(extra_env or {}))
    try:
        return subprocess.run([sys.executable, "-c", script, *map(str, args)], env=env, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(e.cmd, None, e.stdout or "", e.stderr or "")


def describe(result: subprocess.CompletedProcess) -> str:
    if result.returncode is None:
        how = "hung (timed out)"
    elif result.returncode < 0:
        how = f"killed by {signal.Signals(-result.returncode).name}"
    else:
        how = f"exit status {result.returncode}"
    stderr = result.stderr if isinstance(result.stderr, str) else (result.stderr or b"").decode(errors="replace")
    return f"{how}\nstdout: {result.stdout}\nstderr: {stderr[-2000:]}"


def env_edits(seconds: float, threads: int = 3, preset: int = 20000) -> subprocess.CompletedProcess:
    """`preset` variables from the start make `environ` large (every scan of it long, every
    reallocation an mremap); the script adds and removes more."""
    extra = dict(MALLOC_ENV, **{f"LCG_PRESET_{i}": "y" for i in range(preset)})
    return run_child(ENV_EDITS, seconds, threads, timeout=seconds + 60, extra_env=extra)


def exit_inside(runs: int, threads: int = 3, seconds: float = 0.1, child_timeout: float = 20.0):
    """`runs` interpreter exits, each with `threads` daemon threads inside the op; the output
    lists each exit status (negative: the signal)."""
    return run_child(EXIT_INSIDE, runs, threads, seconds, child_timeout, timeout=runs * child_timeout + 60)


def fork_inside(forks: int, threads: int = 3, child_timeout: float = 10.0) -> subprocess.CompletedProcess:
    return run_child(FORK_INSIDE, forks, threads, child_timeout, timeout=forks * child_timeout + 60)


def executor_race() -> subprocess.CompletedProcess:
    build = pathlib.Path(os.environ.get("ASCEND_SIM_BUILD_DIR", ROOT / "build"))
    program = build / "tests" / "aclnn" / "c_api" / "op_c_api_cases"
    try:
        return subprocess.run([str(program), "racing_runs_of_one_executor_run_it_once"], capture_output=True,
                              text=True, timeout=300)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(e.cmd, None, e.stdout or "", e.stderr or "")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env-seconds", type=float, default=60.0)
    parser.add_argument("--exit-runs", type=int, default=100)
    parser.add_argument("--forks", type=int, default=1000)
    parser.add_argument("--executor-runs", type=int, default=20)
    parser.add_argument("--threads", type=int, default=3)
    args = parser.parse_args(argv)
    failures = 0

    result = env_edits(args.env_seconds, args.threads)
    print(f"env_edits: {args.env_seconds:g} s, {args.threads} threads: {result.stdout.strip()}"
          f"{'' if result.returncode == 0 else ' FAILED: ' + describe(result)}")
    failures += result.returncode != 0

    result = exit_inside(args.exit_runs, args.threads)
    statuses = result.stdout.split("statuses")[-1].split()
    bad = sum(s != "0" for s in statuses) if result.returncode is not None else args.exit_runs
    print(f"exit_inside: {args.exit_runs} exits, {args.threads} daemon threads inside the op: {bad} not 0"
          f"{'' if result.returncode == 0 else ': ' + describe(result)}")
    failures += result.returncode != 0

    result = fork_inside(args.forks, args.threads)
    print(f"fork_inside: {args.threads} threads: {result.stdout.strip()}"
          f"{'' if result.returncode == 0 else ' FAILED: ' + describe(result)}")
    failures += result.returncode != 0

    bad = [describe(r) for r in (executor_race() for _ in range(args.executor_runs)) if r.returncode != 0]
    print(f"executor_race: {args.executor_runs} runs of 300 two-thread rounds: {len(bad)} failed")
    for text in bad[:3]:
        print("  " + text)
    failures += len(bad)

    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
