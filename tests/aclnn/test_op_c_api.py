"""The op's C API (the two-phase aclnnThnnFusedLstmCellBackward) against hostile callers:
tests/aclnn/c_api/hostile_cases.cpp, one process per case (ACL state and the environment are
process-wide). Each refused case expects 161002 and a message naming the tensor or the
executor, never a crash."""
import pytest

from tests.build_support import build_path, run_program

CASES = {
    "huge_batch_of_stride0_views_is_refused": {},
    "four_times_hidden_overflow_is_refused": {},
    "output_sharing_memory_with_itself_is_refused": {},
    "malformed_core_cap_is_an_error": {"ASCEND_SIM_MAX_CORES": "-5"},
    "workspace_beyond_available_memory_is_refused": {"ASCEND_SIM_MAX_WORKSPACE_BYTES": str(40 << 20)},
    "malformed_workspace_cap_is_an_error": {"ASCEND_SIM_MAX_WORKSPACE_BYTES": "0"},
    "racing_runs_of_one_executor_run_it_once": {},
    "misaligned_data_pointer_is_refused": {},
    "storage_offset_off_the_32_byte_grid_is_accepted": {},
}


def cases(*args, env=None):
    return run_program(build_path("tests", "aclnn", "c_api", "op_c_api_cases"), *args, env=env, timeout=120)


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


@pytest.mark.parametrize("value", ["0", "18446744073709551616", "99999999999999999999999", "-1", "+5", " 5", "12abc",
                                   "0x10"])
def test_malformed_workspace_cap_values(value):
    result = cases("malformed_workspace_cap_is_an_error", env={"ASCEND_SIM_MAX_WORKSPACE_BYTES": value})
    assert result.returncode == 0, result.stdout + result.stderr


def test_largest_workspace_cap_is_accepted():
    """2^64 - 1 is a byte count that no call reaches: the case's call, refused under its 40 MiB
    cap, is accepted (its expectation of 161002 fails, reporting 0)."""
    result = cases("workspace_beyond_available_memory_is_refused", env={"ASCEND_SIM_MAX_WORKSPACE_BYTES": str(2**64 - 1)})
    assert result.returncode == 1 and "Prepare(a) == 0, expected 161002" in result.stdout, result.stdout
