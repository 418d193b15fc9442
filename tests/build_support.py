"""Where the build put things, for tests that run C++ programs or read build outputs.

Every helper of the tests is imported by its package name from the repository's root
(`from tests.build_support import build_path`, `from sim.tests.sim_build import ...`): pytest
puts the root on sys.path (pyproject.toml, `pythonpath`), and tests/tooling/test_tests_layout.py
holds the tests to it."""
import os
import pathlib

import pytest

# One copy of the program runner: the sim's test support, which the sim's own tests use too.
from sim.tests.sim_build import run_program  # noqa: F401  (re-exported for the op's tests)

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
