"""A host program written only against CANN's headers (docs/examples/host_program.cpp: ACL
runtime, aclTensor, the two-phase aclnn API) compiles unchanged with `build.py flags` and
prints the op's results."""
import shlex
import subprocess
import sys

import pytest

from tests.build_support import ROOT, host_program_flags

HOST_PROGRAM = ROOT / "docs" / "examples" / "host_program.cpp"


@pytest.fixture(scope="module")
def example_binary(tmp_path_factory):
    work = tmp_path_factory.mktemp("example")
    flags = host_program_flags()
    binary = work / "example"
    subprocess.run(["g++", str(HOST_PROGRAM), "-o", str(binary), *flags], check=True)
    return binary


def test_flags_prints_only_flags():
    out = subprocess.run([sys.executable, str(ROOT / "build.py"), "flags"], capture_output=True, text=True, check=True)
    assert out.stdout.count("\n") == 1
    assert all(tok.startswith("-") for tok in shlex.split(out.stdout))


def test_host_program_prints_the_results(example_binary):
    """batch 1, hidden 8, every input 1.0: gates i = f = o = 1 and g = 1 make every gate
    derivative 0 (so grad_gates and grad_bias are 0); grad_cx = f * (o * (1 - tanh(1)^2) + 1)
    = 1.419974."""
    result = subprocess.run([str(example_binary)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    expected = ([f"result dgates[{i}] is: 0.000000" for i in range(32)]
                + [f"result db[{i}] is: 0.000000" for i in range(32)]
                + [f"result dcPrev[{i}] is: 1.419974" for i in range(8)])
    assert result.stdout.splitlines() == expected
