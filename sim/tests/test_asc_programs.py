"""A CANN 9-style .asc program (sim/tests/asc/add.asc: kernel and host main in one file,
<<<>>> launches) built unchanged on the sim, through the CMake function
ascendc_sim_add_asc_executable and through `build.py asc`; its launches run on the sim's cores
and a faulting launch reaches the host at aclrtSynchronizeStream."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

from sim.tests.sim_build import SIM_ROOT, build_path, run_program

ADD_ASC = SIM_ROOT / "tests" / "asc" / "add.asc"
ROOT = SIM_ROOT.parent


def launch_line() -> int:
    """The line of add.asc where the add_kernel launch starts (read from the source)."""
    lines = ADD_ASC.read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip().startswith("add_kernel<<<"))


def check_clean_run(output: str) -> None:
    assert "[ascendc-sim] add_kernel<<<8>>> on Ascend910B1: ok" in output
    assert "[ascendc-sim] scale_kernel<2><<<8>>> on Ascend910B1: ok" in output
    assert f"launch line {launch_line()}, synchronize 0" in output
    assert "test pass! (0 wrong, <<<in a string>>>)" in output


def test_cmake_built_program_runs_its_launches_on_the_sim():
    result = run_program(build_path("tests", "asc", "asc_add"), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    check_clean_run(result.stdout)


def test_faulting_launch_is_reported_at_synchronize_on_the_asc_line():
    result = run_program(build_path("tests", "asc", "asc_add"), "--overrun", timeout=120)
    assert result.returncode == 3, result.stdout + result.stderr
    line = launch_line()
    assert re.search(rf"add_kernel<<<8>>> on Ascend910B1 at \S*add\.asc:{line}: FAILED", result.stdout)
    assert "[ERROR][gm-allocation]" in result.stdout
    # The status the NPU runtime gives a vector-core fault, and the report in aclGetRecentErrMsg.
    assert f"launch line {line}, synchronize 507035" in result.stdout
    assert re.search(rf"aclrtSynchronizeStream: a kernel launched on stream #\d+ failed: \(launched by "
                     rf"add_kernel<<<8>>> at \S*add\.asc:{line}\)", result.stdout)
    assert "in add_kernel" in result.stdout  # the kernel's own line is named too


@pytest.mark.slow  # two g++ builds of the program
def test_build_py_asc_builds_and_runs_it(tmp_path):
    env = dict(os.environ)
    result = subprocess.run([sys.executable, ROOT / "build.py", "asc", ADD_ASC, "--run"], capture_output=True,
                            text=True, env=env, timeout=600, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    check_clean_run(result.stdout)
    faulting = subprocess.run([sys.executable, ROOT / "build.py", "asc", ADD_ASC, "--run", "--", "--overrun"],
                              capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path)
    assert faulting.returncode == 3, faulting.stdout + faulting.stderr
    assert "synchronize 507035" in faulting.stdout


def test_build_py_asc_names_a_bad_file(tmp_path):
    not_asc = tmp_path / "x.cpp"
    not_asc.write_text("int main() {}\n")
    result = subprocess.run([sys.executable, ROOT / "build.py", "asc", not_asc], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode != 0 and "is not an existing .asc file" in result.stderr


@pytest.mark.slow  # a g++ build
def test_build_py_asc_names_the_first_compile_error(tmp_path):
    broken = tmp_path / "broken.asc"
    broken.write_text('#include "kernel_operator.h"\n__global__ __aicore__ void k(GM_ADDR x) {\n'
                      '    AscendC::NoSuchApi(x);\n}\nint main() { k<<<1, 0>>>(nullptr); }\n')
    result = subprocess.run([sys.executable, ROOT / "build.py", "asc", broken], capture_output=True, text=True,
                            timeout=600)
    assert result.returncode != 0
    assert "failed at the compile step: broken.asc:3:" in result.stderr and "NoSuchApi" in result.stderr
