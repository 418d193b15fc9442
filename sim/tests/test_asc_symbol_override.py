"""LocalTensor's operator overloads (sim/tests/asc/symbol_override.asc): each assignment is the
vector instruction it stands for (Add, Sub, Mul, Div, Or, And over dst's size; Compare over the
left operand's size), checked on the host element by element, and a bad operand is reported
under that instruction's name at the kernel's line."""
import re

from sim.tests.sim_build import build_path, run_program


def run(*args):
    return run_program(build_path("tests", "asc", "asc_symbol_override"), *args, timeout=120)


def test_each_operator_computes_its_instruction():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout


def test_a_short_operand_is_the_add_instructions_report():
    result = run("--short")
    assert result.returncode == 3, result.stdout + result.stderr
    assert re.search(r"\[operand-bounds\] core 0/1: Add.*operand src1 needs .* but the tensor holds only 512 bytes",
                     result.stdout), result.stdout
    assert re.search(r"at \S*symbol_override\.asc:\d+", result.stdout), result.stdout
