"""CheckLocalMemoryIA (sim/tests/asc/check_local_memory.asc): an armed register traps the first
access of the kind it watches inside (startAddr * 32, endAddr * 32], naming the instruction, the
operand and the register; a disarmed register, or a range that only starts at a buffer's end,
traps nothing; a register number past 3 is api-misuse."""
import re

import pytest

from sim.tests.sim_build import build_path, run_program


def run(mode):
    return run_program(build_path("tests", "asc", "asc_check_local_memory"), mode, timeout=120)


@pytest.mark.parametrize("mode", ["off", "after-range"])
def test_accesses_outside_an_armed_range_pass(mode):
    result = run(mode)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout


@pytest.mark.parametrize("mode, api, what, operand, register", [
    ("vector-write", r"Muls", "vector write", "dst", 0),
    ("mte-read", r"DataCopy \(UB->GM[^)]*\)", "MTE read", "src", 2),
    ("scalar-read", r"LocalTensor::GetValue", "scalar read", "src", 3),
])
def test_an_access_in_the_watched_range_traps(mode, api, what, operand, register):
    result = run(mode)
    assert result.returncode == 3, result.stdout + result.stderr
    assert re.search(rf"\[kernel-assert\] core 0/1: {api}: a {what} of operand {operand} .* meets "
                     rf"CheckLocalMemoryIA register {register}, which watches UB bytes \(\d+, \d+\]", result.stdout), \
        result.stdout
    assert "check_local_memory.asc:" in result.stdout  # the kernel's line


def test_a_register_past_3_is_api_misuse():
    result = run("bad-register")
    assert result.returncode == 3, result.stdout + result.stderr
    assert "[api-misuse] core 0/1: CheckLocalMemoryIA: enableBit 4 names no register (0 to 3)" in result.stdout
