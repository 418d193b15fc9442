"""Shared pytest set-up: the build directory's Python modules and helpers to run C++ tests."""
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ASCEND_SIM_BUILD_DIR", ROOT / "build"))

for extra in (BUILD / "python_tests", ROOT / "python"):
    if extra.is_dir() and str(extra) not in sys.path:
        sys.path.insert(0, str(extra))


def build_path(*parts) -> pathlib.Path:
    """A file produced by the CMake build (fails the test clearly if it was not built)."""
    path = BUILD.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"{path} is missing: run `python3 build.py build` first")
    return path


def run_program(path, *args, env=None, timeout=600):
    """Runs a C++ test program; returns CompletedProcess with text output."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    return subprocess.run([str(path), *map(str, args)], capture_output=True, text=True,
                          env=full_env, timeout=timeout)


@pytest.fixture
def simtest():
    """The _simtest module, with check severities reset around each test."""
    import _simtest
    _simtest.reset_severities()
    yield _simtest
    _simtest.reset_severities()
