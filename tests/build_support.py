"""Where the build put things, for tests that run C++ programs or read build outputs.

A plain module (not conftest.py) so that test files can import it by a name no other
directory's conftest shadows."""
import importlib.util
import os
import pathlib

import pytest

# One copy of the program runner: the sim's test support (sim/tests/sim_build.py).
_SIM_BUILD = importlib.util.spec_from_file_location(
    "sim_build", pathlib.Path(__file__).resolve().parents[1] / "sim" / "tests" / "sim_build.py")
_sim_build = importlib.util.module_from_spec(_SIM_BUILD)
_SIM_BUILD.loader.exec_module(_sim_build)
run_program = _sim_build.run_program

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ASCEND_SIM_BUILD_DIR", ROOT / "build"))


def build_path(*parts) -> pathlib.Path:
    """A file produced by the CMake build (fails the test clearly if it was not built)."""
    path = BUILD.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"{path} is missing: run `python3 build.py build` first")
    return path




def host_program_flags() -> list:
    """`build.py flags` for this build, split: what a C++ host program written for CANN needs
    to build against the sim (the README's one-liner)."""
    import shlex
    import subprocess
    import sys
    out = subprocess.run([sys.executable, str(ROOT / "build.py"), "flags"], capture_output=True, text=True,
                         check=True, env={**os.environ, "ASCEND_SIM_BUILD_DIR": str(BUILD)}).stdout
    return shlex.split(out)
