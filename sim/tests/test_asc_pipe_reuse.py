"""TPipe::Destroy ends with CANN's PIPE_ALL barrier (sim/tests/asc/pipe_reuse.asc): a second TPipe
may then reuse the first one's UB at once; while the first is still alive, the reuse is a race
the sim reports."""
import re

from sim.tests.sim_build import build_path, run_program


def run(*args):
    return run_program(build_path("tests", "asc", "asc_pipe_reuse"), *args, timeout=120)


def test_pipe_destroyed_before_the_next_reuses_its_ub():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout  # both outputs are x * 3


def test_reuse_while_the_first_pipe_lives_is_a_pipe_hazard():
    result = run("--no-destroy")
    assert result.returncode == 3, result.stdout + result.stderr
    assert re.search(r"\[ERROR\]\[pipe-hazard\] core 0/1: DataCopy \(GM->UB, count 128\) \(pipe MTE2\).*"
                     r"write-after-read: UB bytes \[0, 32\) are still being read by pipe V", result.stdout)
