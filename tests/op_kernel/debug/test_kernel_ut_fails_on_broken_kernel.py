"""The kernel unit test (tests/op_kernel/kernel_ut) fails on a broken kernel. Built against the
skip_row variant (variants.py: every block starts one row late, so the first row of each block
is never computed), whose launch the sim's checks pass in a plain ICPU_RUN_KF (nothing is read
or written out of place), the test's own float64 comparison fails every case of the variant's
tiling key and names the first unwritten element."""
import re

from tests.build_support import build_path, run_program

# The variant tests/op_kernel/debug/CMakeLists.txt builds the unit test against
# (KERNEL_UT_BROKEN_VARIANT), and the cases of its tiling key, 7 (float, bias, both gradients).
PROGRAM = "kernel_ut_skip_row"
KEY_7_CASES = "*/float32_bias_gradHy_gradC_*"


def test_kernel_unit_test_fails_on_a_kernel_that_skips_rows():
    program = build_path("tests", "op_kernel", "debug", PROGRAM)
    result = run_program(program, f"--gtest_filter={KEY_7_CASES}", timeout=600)
    assert result.returncode == 1, result.stdout[-4000:] + result.stderr
    ran = int(re.search(r"^\[==========\] (\d+) tests? from .* ran", result.stdout, re.M).group(1))
    assert ran >= 2 and f"[  FAILED  ] {ran} tests, listed below:" in result.stdout
    # The launches themselves are clean: only the comparison with float64 sees the bug.
    assert result.stdout.count("tiling key 7) on Ascend910B1: ok") == ran
    assert re.search(r"output elements outside the contract's tolerance; the first: gradGates\[0, 0\] = -?nan",
                     result.stdout), result.stdout[-4000:]
