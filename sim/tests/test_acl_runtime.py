"""The sim's ACL runtime and aclnn base types (acl/acl.h, aclnn/acl_meta.h, sim::acl helpers).

The checks live in sim/tests/acl/*.cpp; each case runs in its own process because ACL state
(aclInit, device references, streams) is process-wide. This file runs them, compares the
fp16 conversions with numpy, and runs the reference doc's example without its aclnn calls.
"""
import numpy as np
import pytest

from sim.tests.sim_build import build_path, run_program

ACL = ("tests", "acl")

CASES = [
    # runtime_cases.cpp
    "init_twice_and_finalize_twice", "init_with_config_path", "aclnn_init_shares_acl_state", "version",
    "device_selection", "device_reference_counting", "stream_lifecycle", "failed_launch_reported_at_synchronize",
    "recent_error_messages", "last_error", "soc_name_follows_the_sim", "data_type_sizes",
    "enum_values_are_cann_abi", "contexts_bind_the_device_and_count_a_reference", "events_complete_when_recorded",
    # memory_cases.cpp
    "malloc_rules", "free_rules", "host_memory", "host_register_rules",
    "kernels_use_host_mappings_as_checked_gm", "mem_info", "memcpy_every_kind_round_trips",
    "memcpy_rejects_bad_arguments_before_copying", "memset_rules", "caching_allocator_reuses_blocks",
    "caching_allocator_bounds_per_allocation", "caching_allocator_out_of_memory", "caching_allocator_is_leak_free",
    # tensor_cases.cpp
    "create_tensor_and_read_it_back", "create_tensor_defaults_and_rejections",
    "tensor_getters_reject_null_arguments", "scalars", "arrays_and_lists",
    # view_check_cases.cpp
    "view_fits_storage", "view_fits_allocation", "overlaps_common_cases", "overlaps_matches_brute_force",
    "overlaps_is_conservative_beyond_the_exact_limit",
    # executor_cases.cpp
    "executor_lifecycle", "executor_is_one_shot_unless_repeatable", "executor_workspace_and_stream_checks",
    "executor_tensor_addresses", "kernel_fault_surfaces_at_synchronize",
]
SPECIAL_CASES = {"fp16_conversion_dump", "app_log_writes_stderr"}  # driven by their own tests below


def acl_checks(*args, env=None):
    return run_program(build_path(*ACL, "acl_checks"), *args, env=env, timeout=120)


def test_every_case_is_run():
    listed = set(acl_checks("--list").stdout.split())
    assert listed == set(CASES) | SPECIAL_CASES


@pytest.mark.parametrize("case", CASES)
def test_case(case):
    result = acl_checks(case)
    assert result.returncode == 0, f"{case}:\n{result.stdout}\n{result.stderr}"
    assert f"PASS {case}" in result.stdout


def test_unknown_case_is_an_error():
    assert acl_checks("no_such_case").returncode == 2


def _fp16_inputs() -> np.ndarray:
    every_half = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)
    finite = np.sort(np.unique(every_half[np.isfinite(every_half)]))
    midpoints = (finite[:-1].astype(np.float64) + finite[1:]) / 2  # exact in float32: ties to even
    midpoints = midpoints.astype(np.float32)
    beside_ties = np.concatenate([np.nextafter(midpoints, np.float32(np.inf)),
                                  np.nextafter(midpoints, np.float32(-np.inf))])
    rng = np.random.default_rng(7)
    random_bits = rng.integers(0, 1 << 32, size=100_000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 65504.0, 65519.996, 65520.0, 1e9, -1e9,
                         2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -26, 2.0 ** -14, 1e-30, -1e-30], dtype=np.float32)
    return np.concatenate([every_half, midpoints, beside_ties, random_bits, specials]).astype(np.float32)


def test_fp16_conversions_match_numpy(tmp_path):
    values = _fp16_inputs()
    input_path, output_path = tmp_path / "floats.bin", tmp_path / "out.bin"
    values.tofile(input_path)
    result = acl_checks("fp16_conversion_dump", env={"ACL_TEST_INPUT": str(input_path),
                                                     "ACL_TEST_OUTPUT": str(output_path)})
    assert result.returncode == 0, result.stdout + result.stderr
    raw = np.fromfile(output_path, dtype=np.uint8)
    halves = raw[: 2 * values.size].view(np.uint16)
    widened = raw[2 * values.size:].view(np.float32)
    assert widened.size == 1 << 16

    # aclFloatToFloat16: numpy's float32 -> float16 rounds to nearest even, overflows to Inf.
    with np.errstate(over="ignore"):  # overflow to Inf is the behaviour under test
        expected = values.astype(np.float16)
    nan = np.isnan(values)
    got = halves.view(np.float16)
    assert np.all(np.isnan(got[nan]))
    mismatch = np.flatnonzero(halves[~nan] != expected[~nan].view(np.uint16))
    assert mismatch.size == 0, [(float(values[~nan][i]), hex(halves[~nan][i]),
                                 hex(expected[~nan].view(np.uint16)[i])) for i in mismatch[:5]]

    # aclFloat16ToFloat: exact for every binary16 pattern.
    reference = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)
    ref_nan = np.isnan(reference)
    assert np.array_equal(np.isnan(widened), ref_nan)
    assert np.array_equal(widened[~ref_nan].view(np.uint32), reference[~ref_nan].view(np.uint32))


def test_app_log_goes_to_stderr():
    result = acl_checks("app_log_writes_stderr")
    assert result.returncode == 0
    lines = result.stderr.splitlines()
    assert any(line.startswith("[ERROR] ") and line.endswith("answer=42 name=gates")
               and "runtime_cases.cpp:" in line for line in lines), result.stderr
    assert "[INFO] func file.cpp:7 plain" in lines

