"""tikicpulib drop-in: kernel UTs written for CANN's CPU debug mode run unchanged on the sim.

The sim is installed as a CMake package into a temporary prefix; the UT project in
sim/tests/tik/standalone/op_kernel_ut is configured from its own build directory with
find_package(ascendc_sim) + find_package(GTest), built, and its gtest binary run under
different check severities. Expected numbers (offsets, counts) are derived here from the
kernels' tiling, independently of the sim.
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import types

import pytest

from sim.tests.sim_build import BUILD, SIM_ROOT, build_path

UT_SOURCE = SIM_ROOT / "tests" / "tik" / "standalone" / "op_kernel_ut"

# wrong_on_purpose_test.undersized_x_declaration: 410 floats over 4 cores, tiles of 32,
# x declared one tile long per core.
UNDERSIZED_TOTAL, UNDERSIZED_CORES, UNDERSIZED_TILE = 410, 4, 32
# wrong_on_purpose_test.z_allocation_too_small: 4 cores x 64 floats, tiles of 32, z 8 floats short.
COPY_CORES, COPY_BLOCK, COPY_TILE, COPY_MISSING = 4, 64, 32, 8
FLOAT = 4


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(pathlib.Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"'{name}' not found: run `python3 build.py deps`")
    return found


def run_checked(cmd: list) -> None:
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if result.returncode != 0:
        hint = ""
        if "GTest" in result.stdout + result.stderr:
            hint = "\nGoogleTest is missing: `apt-get install -y libgtest-dev` (Debian/Ubuntu)"
        pytest.fail(f"{' '.join(map(str, cmd))} failed:\n{result.stdout}\n{result.stderr}{hint}")


@pytest.fixture(scope="module")
def ut(tmp_path_factory):
    """The sim installed into a prefix and the UT project built against it."""
    build_path("libascendc_sim.so")
    root = tmp_path_factory.mktemp("tik")
    prefix, ut_build = root / "prefix", root / "ut-build"
    cmake = tool("cmake")
    run_checked([cmake, "--install", BUILD, "--prefix", prefix, "--component", "ascendc_sim"])
    run_checked([cmake, "-S", UT_SOURCE, "-B", ut_build, "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={tool('ninja')}",
                 f"-DCMAKE_PREFIX_PATH={prefix}"])
    run_checked([cmake, "--build", ut_build, "-j", "2"])
    return types.SimpleNamespace(prefix=prefix, gtest=ut_build / "tik_kernel_ut",
                                 plain=ut_build / "tik_plain_launch", asc=ut_build / "tik_asc_add")


def run(program, *args, checks: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_SIM_CHECKS"}
    if checks is not None:
        env["ASCEND_SIM_CHECKS"] = checks
    return subprocess.run([str(program), *args], capture_output=True, text=True, env=env, timeout=300)


def gtest_outcomes(output: str) -> list[tuple[str, str]]:
    """[(test, 'OK'|'FAILED'), ...] in the order the tests finished."""
    return [(m.group(2), "OK" if m.group(1).strip() == "OK" else "FAILED")
            for m in re.finditer(r"^\[\s+(OK|FAILED)\s+\] (\S+) \(\d+ ms\)$", output, re.M)]


def core_shares(total: int, cores: int) -> list[tuple[int, int]]:
    """(start, length) of each core's balanced share, as scalar_axpy splits its elements."""
    base, extra = divmod(total, cores)
    return [(i * base + min(i, extra), base + (1 if i < extra else 0)) for i in range(cores)]


# ---------------------------------------------------------------------------------------
def test_top_level_build_does_not_add_the_ut_project():
    assert "tik_kernel_ut" not in (BUILD / "build.ninja").read_text()


def test_installed_package_carries_headers_library_and_usage_requirements(ut):
    cmake_dir = ut.prefix / "lib" / "cmake" / "ascendc_sim"
    for name in ("ascendc_simConfig.cmake", "ascendc_simConfigVersion.cmake", "ascendc_simTargets.cmake"):
        assert (cmake_dir / name).is_file(), name
    assert (ut.prefix / "lib" / "libascendc_sim.so").is_file()
    for header in ("tikicpulib.h", "kern_fwk.h", "kernel_operator.h", "ascendc_sim/core/check.h"):
        assert (ut.prefix / "include" / "ascendc_sim" / header).is_file(), header
    targets = (cmake_dir / "ascendc_simTargets.cmake").read_text()
    assert "ascendc_sim::ascendc_sim" in targets
    assert "-ffp-contract=off" in targets and "cxx_std_17" in targets and "Threads::Threads" in targets
    assert "${_IMPORT_PREFIX}/include/ascendc_sim" in targets
    # The .asc build: its CMake function and the rewriter it runs, beside the package config.
    for name in ("ascendc_sim_asc.cmake", "asc_rewrite.py"):
        assert (cmake_dir / name).is_file(), name
    assert (ut.prefix / "include" / "ascendc_sim" / "cpu_debug_launch.h").is_file()


def test_installed_package_builds_an_asc_program(ut):
    """ascendc_sim_add_asc_executable from find_package(ascendc_sim): sim/tests/asc/add.asc's
    <<<>>> launches run on the sim's cores."""
    result = run(ut.asc)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[ascendc-sim] add_kernel<<<8>>> on Ascend910B1: ok" in result.stdout
    assert "test pass! (0 wrong" in result.stdout


def test_tikicpulib_style_uts_pass(ut):
    """Everything but the wrong-on-purpose suite: the scalar kernel over block counts and launch
    styles, the shared samples add_custom (TQue double buffering, DataCopy/DataCopyPad, Add;
    float and half) and sum_sync_all (SyncAll), the failure-capture and severity-API tests."""
    result = run(ut.gtest, "--gtest_filter=-wrong_on_purpose_test.*")
    output = result.stdout
    assert result.returncode == 0, output
    outcomes = gtest_outcomes(output)
    assert len(outcomes) == 25 and all(status == "OK" for _, status in outcomes), outcomes
    # The block-count sweeps really launched on those core counts. (A tiling key, once set,
    # stays for later launches, as CANN's global does: hence the optional key.)
    def launched(kernel, cores):
        return re.search(rf"^\[ascendc-sim\] ICPU_RUN_KF\({kernel}, blockDim {cores}(, tiling key \d+)?\) "
                         rf"on Ascend910B1: ok$", output, re.M)
    for cores in (1, 2, 5, 8):
        assert f"ICPU_RUN_KF(scalar_axpy, blockDim {cores}, tiling key 1) on Ascend910B1: ok" in output
    for cores in (1, 3, 8, 20):
        assert launched("add_custom", cores) and launched("add_custom_half", cores), cores
    for cores in (1, 4, 8, 48):
        assert launched("sum_sync_all", cores), cores
    assert "ICPU_RUN_KF(scalar_axpy_direct, blockDim 3" in output
    assert "ICPU_RUN_KF(scalar_axpy_kernel, blockDim 2, tiling key 2)" in output


def test_icpu_run_kf_appends_its_profile_when_asked(ut, tmp_path):
    """ASCEND_SIM_PROFILE: one JSON line (modeled) per ICPU_RUN_KF launch; the UT reads the same
    launch through sim::model::LastProfile()."""
    path = tmp_path / "profile.jsonl"
    env = dict(os.environ, ASCEND_SIM_PROFILE=str(path))
    result = subprocess.run([str(ut.gtest), "--gtest_filter=add_custom_profile.*"], capture_output=True, text=True,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stdout
    lines = path.read_text().splitlines()
    assert len(lines) == 1
    profile = json.loads(lines[0])
    assert profile["modeled"] is True and profile["kernel"] == "add_custom" and profile["block_dim"] == 8
    assert profile["gm_read_bytes"] == 2 * 4096 * 4 and profile["aiv_time_us"] > 0


def test_undersized_declaration_fails_at_error_and_the_binary_continues(ut):
    result = run(ut.gtest, "--gtest_filter=wrong_on_purpose_test.*")
    output = result.stdout
    assert result.returncode != 0
    assert gtest_outcomes(output) == [
        ("wrong_on_purpose_test.undersized_x_declaration", "FAILED"),
        ("wrong_on_purpose_test.clean_copy_after_declared_size_failure", "OK"),
        ("wrong_on_purpose_test.z_allocation_too_small", "FAILED"),
        ("wrong_on_purpose_test.clean_copy_after_allocation_failure", "OK"),
        ("wrong_on_purpose_test.z_output_partly_unwritten", "FAILED"),
    ]
    # An output marked with sim::tik::MarkOutput and written only by 3 of the 4 cores it
    # needs: core 3's 64 floats are unwritten, the first at byte 3 * 64 * 4 (core 2 wrote
    # the bytes just before it).
    assert re.search(rf"\[unwritten-output\] output z: {COPY_BLOCK * FLOAT} of {COPY_CORES * COPY_BLOCK * FLOAT} "
                     rf"bytes were never written by any core; the first is byte {3 * COPY_BLOCK * FLOAT} "
                     rf"\(element {3 * COPY_BLOCK * FLOAT}\); the previous written element, \(?byte "
                     rf"{3 * COPY_BLOCK * FLOAT - 1}\)?, was written by core 2", output), output
    # The first read past the declared tile, on whichever core got there first.
    m = re.search(r"^\[ERROR\]\[gm-declared-size\] core (\d)/4: GlobalTensor::GetValue: src GM bytes "
                  r"\[(\d+), (\d+)\) of 'x' \(GmAlloc #\d+, (\d+) bytes\) lie outside the GlobalTensor's "
                  r"declared range \[(\d+), (\d+)\)", output, re.M)
    assert m, output
    core, start, end, alloc, declared_from, declared_to = map(int, m.groups())
    # The kernel's own line, although the UT project sets no build type: the sim's CMake
    # package brings -g with it.
    at = re.search(r"^    at (\S*scalar_axpy\.cpp):(\d+) in (\S+)", output, re.M)
    assert at, output
    kernel_source = SIM_ROOT / "tests" / "tik" / "kernels" / "scalar_axpy.cpp"
    assert "xGm_.GetValue(" in kernel_source.read_text().split("\n")[int(at.group(2)) - 1]
    share_start, _ = core_shares(UNDERSIZED_TOTAL, UNDERSIZED_CORES)[core]
    assert (start, end) == ((share_start + UNDERSIZED_TILE) * FLOAT, (share_start + UNDERSIZED_TILE + 1) * FLOAT)
    assert (declared_from, declared_to) == (share_start * FLOAT, (share_start + UNDERSIZED_TILE) * FLOAT)
    assert alloc == UNDERSIZED_TOTAL * FLOAT
    # gtest attributes the failure to the ICPU_RUN_KF line and quotes the error.
    assert re.search(r"test_wrong_on_purpose\.cpp:\d+: Failure\nFailed\nICPU_RUN_KF\(scalar_axpy_undersized, "
                     r"blockDim 4, tiling key 1\) failed: \[gm-declared-size\]", output)


def test_undersized_declaration_runs_correctly_at_warn_with_one_counted_warning(ut):
    result = run(ut.gtest, "--gtest_filter=wrong_on_purpose_test.undersized_x_declaration",
                 checks="gm-declared-size=warn")
    output = result.stdout
    assert result.returncode == 0, output
    reads_past_tile = sum(max(0, length - UNDERSIZED_TILE) for _, length in core_shares(UNDERSIZED_TOTAL,
                                                                                         UNDERSIZED_CORES))
    warnings = re.findall(r"^\[WARNING\]\[gm-declared-size\] x(\d+) in this launch", output, re.M)
    assert warnings == [str(reads_past_tile)]
    assert "[ERROR]" not in output
    assert "ICPU_RUN_KF(scalar_axpy_undersized, blockDim 4, tiling key 1) on Ascend910B1 at " in output
    assert ": ok with warnings" in output


def test_out_of_allocation_dma_fails_even_with_declared_size_off(ut):
    result = run(ut.gtest, "--gtest_filter=wrong_on_purpose_test.z_allocation_too_small:"
                           "wrong_on_purpose_test.clean_copy_after_allocation_failure",
                 checks="gm-declared-size=off")
    output = result.stdout
    assert result.returncode != 0
    assert gtest_outcomes(output) == [("wrong_on_purpose_test.z_allocation_too_small", "FAILED"),
                                      ("wrong_on_purpose_test.clean_copy_after_allocation_failure", "OK")]
    # The last tile of the last core: floats [224, 256) of a 248-float z.
    total = COPY_CORES * COPY_BLOCK
    last_tile = (total - COPY_TILE) * FLOAT, total * FLOAT
    z_bytes = (total - COPY_MISSING) * FLOAT
    expected = (rf"^\[ERROR\]\[gm-allocation\] core {COPY_CORES - 1}/{COPY_CORES}: DataCopy.*: dst GM bytes "
                rf"\[{last_tile[0]}, {last_tile[1]}\) of 'z' \(GmAlloc #\d+, {z_bytes} bytes\): "
                rf"{last_tile[1] - z_bytes} bytes past its end$")
    assert re.search(expected, output, re.M), output


def test_out_of_allocation_dma_is_dropped_at_warn(ut):
    """At warn the unsafe DMA is dropped, not performed: the host survives and the UT's own
    output check sees the floats that were never written."""
    result = run(ut.gtest, "--gtest_filter=wrong_on_purpose_test.z_allocation_too_small",
                 checks="gm-allocation=warn")
    output = result.stdout
    assert gtest_outcomes(output) == [("wrong_on_purpose_test.z_allocation_too_small", "FAILED")]
    assert re.findall(r"^\[WARNING\]\[gm-allocation\] x(\d+)", output, re.M) == ["1"]
    assert "[ERROR]" not in output
    assert "std::memcmp(z, x" in output


def test_program_without_gtest_prints_and_records_failures(ut):
    result = run(ut.plain)
    output = result.stdout
    assert result.returncode == 0, output
    checks = re.findall(r"^check: (\S+) (ok|WRONG)$", output, re.M)
    assert len(checks) == 11 and all(status == "ok" for _, status in checks), checks
    assert output.count("[ERROR][gm-allocation]") == 1
    # MIX_MODE (CANN's default) is accepted and noted once per process.
    assert output.count("note: kernel mode MIX_MODE") == 1
