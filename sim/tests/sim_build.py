"""Where the build put the sim and its test programs, for the sim's own tests.

The sim's tests run in either of two builds:
- the project's (`python3 build.py build`): CMake's root is `build/`, the sim's tree `build/sim/`;
- the sim's alone (`cmake -S sim -B build-sim -G Ninja && ninja -C build-sim`): root and tree
  are the same directory.
`ASCEND_SIM_BUILD_DIR` names the root (default: the project's `build/`)."""
import os
import pathlib
import subprocess

import pytest

SIM_ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ASCEND_SIM_BUILD_DIR", SIM_ROOT.parent / "build"))
# The sim's own binary tree inside the root: `sim/` in the project's build, the root itself alone.
SIM_BUILD = BUILD / "sim" if (BUILD / "sim" / "CMakeFiles").is_dir() else BUILD


def build_path(*parts) -> pathlib.Path:
    """A file of the sim's binary tree (fails the test clearly if it was not built)."""
    path = SIM_BUILD.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"{path} is missing: build first (`python3 build.py build`, or the sim alone: "
                    "`cmake -S sim -B build-sim -G Ninja && ninja -C build-sim`)")
    return path


def run_program(path, *args, env=None, timeout=600):
    """Runs a C++ test program; returns CompletedProcess with text output."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    return subprocess.run([str(path), *map(str, args)], capture_output=True, text=True,
                          env=full_env, timeout=timeout)
