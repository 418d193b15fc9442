"""The op's C API (aclnnThnnFusedLstmCellBackwardGetWorkspaceSize) against hostile callers:
tests/op/c_api/hostile_cases.cpp, one process per case (ACL state and the environment are
process-wide). Each refused case expects 161002 and a message naming the tensor, never a crash."""
import pytest

from ..build_support import build_path, run_program

CASES = {
    "huge_batch_of_stride0_views_is_refused": {},
    "four_times_hidden_overflow_is_refused": {},
    "output_sharing_memory_with_itself_is_refused": {},
    "malformed_core_cap_is_an_error": {"ASCEND_SIM_MAX_CORES": "-5"},
    "workspace_beyond_available_memory_is_refused": {"ASCEND_SIM_MAX_WORKSPACE_BYTES": str(40 << 20)},
    "misaligned_data_pointer_is_refused": {},
    "storage_offset_off_the_32_byte_grid_is_accepted": {},
}


def cases(*args, env=None):
    return run_program(build_path("tests", "op", "c_api", "op_c_api_cases"), *args, env=env, timeout=120)


def test_every_case_is_run():
    assert set(cases("--list").stdout.split()) == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_case(case):
    result = cases(case, env=CASES[case])
    assert result.returncode == 0, f"{case}:\n{result.stdout}\n{result.stderr}"
    assert f"PASS {case}" in result.stdout


@pytest.mark.parametrize("value", ["abc", "-5", "8x", "99999999999"])
def test_malformed_core_cap_values(value):
    result = cases("malformed_core_cap_is_an_error", env={"ASCEND_SIM_MAX_CORES": value})
    assert result.returncode == 0, result.stdout + result.stderr
