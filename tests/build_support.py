"""Where the build put things, for tests that run C++ programs or read build outputs.

A plain module (not conftest.py) so that test files can import it by a name no other
directory's conftest shadows."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ASCEND_SIM_BUILD_DIR", ROOT / "build"))


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
