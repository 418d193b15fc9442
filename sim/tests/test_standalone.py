"""The sim is a project of its own: its CMake configures without the operator's project,
tests included, and names nothing of the operator."""
import pathlib
import shutil
import subprocess
import sys

import pytest

from sim.tests.sim_build import SIM_ROOT


def tool(name):
    """On PATH, or beside the interpreter (pip's cmake and ninja)."""
    return shutil.which(name) or shutil.which(name, path=str(pathlib.Path(sys.executable).parent))


def test_the_sim_configures_alone_with_its_tests(tmp_path):
    cmake, ninja = tool("cmake"), tool("ninja")
    if cmake is None or ninja is None:  # build.py installs both; a bare pytest run may lack them
        pytest.fail("cmake and ninja are needed: run `python3 build.py deps`")
    result = subprocess.run([cmake, "-S", SIM_ROOT, "-B", tmp_path, "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={ninja}",
                             f"-DPython3_EXECUTABLE={sys.executable}"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    ninja_file = (tmp_path / "build.ninja").read_text()
    for target in ("libascendc_sim.so", "acl_checks", "_simtest", "test_tiling_context"):
        assert target in ninja_file, target
    assert "lstm_cell_grad" not in ninja_file and "op_kernel" not in ninja_file
