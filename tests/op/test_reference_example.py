"""The C++ example of the API document, compiled unchanged with `build.py flags`, prints
what it prints on an NPU."""
import os
import shlex
import subprocess
import sys

import pytest

from build_support import BUILD, ROOT

DOC = ROOT.parent / "shared" / "reference" / "aclnnThnnFusedLstmCellBackward.md"


def extract_example(doc: str) -> str:
    start = doc.index("#include <iostream>")
    end = doc.rindex("return 0;\n}") + len("return 0;\n}")
    return doc[start:end] + "\n"


@pytest.fixture(scope="module")
def example_binary(tmp_path_factory):
    if not DOC.exists():
        pytest.skip(f"{DOC} not found (shared/ sits beside the project)")
    work = tmp_path_factory.mktemp("example")
    source = work / "example.cpp"
    source.write_text(extract_example(DOC.read_text()))
    env_build = {"ASCEND_SIM_BUILD_DIR": str(BUILD)}
    flags = subprocess.run([sys.executable, str(ROOT / "build.py"), "flags"], capture_output=True, text=True,
                           check=True, env={**os.environ, **env_build}).stdout
    binary = work / "example"
    subprocess.run(["g++", str(source), "-o", str(binary), *shlex.split(flags)], check=True)
    return binary


def test_flags_prints_only_flags():
    out = subprocess.run([sys.executable, str(ROOT / "build.py"), "flags"], capture_output=True, text=True, check=True)
    assert out.stdout.count("\n") == 1
    assert all(tok.startswith("-") for tok in shlex.split(out.stdout))


def test_example_prints_npu_output(example_binary):
    result = subprocess.run([str(example_binary)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    expected = ([f"result dgates[{i}] is: 0.000000" for i in range(32)]
                + [f"result db[{i}] is: 0.000000" for i in range(32)]
                + [f"result dcPrev[{i}] is: 1.419974" for i in range(8)])
    assert result.stdout.splitlines() == expected
