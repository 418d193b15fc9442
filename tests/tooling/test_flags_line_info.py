"""A kernel built with the documented one-liner, `g++ prog.cpp $(python3 build.py flags)`,
gets its violations reported at the kernel's file:line, not "(no line info)"."""
import re
import pathlib
import subprocess

from tests.build_support import build_path, host_program_flags

PROGRAM = pathlib.Path(__file__).resolve().parent / "data" / "read_past_kernel.cpp"


def test_one_liner_build_reports_the_kernel_line(tmp_path):
    build_path("sim", "libascendc_sim.so")
    flags = host_program_flags()
    binary = tmp_path / "read_past"
    subprocess.run(["g++", str(PROGRAM), "-o", str(binary), *flags], check=True, timeout=120)
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    output = result.stdout + result.stderr
    assert "[gm-declared-size]" in output, output
    line = next(i for i, text in enumerate(PROGRAM.read_text().splitlines(), 1) if "xGm.GetValue(4)" in text)
    assert re.search(rf"^    at \S*{PROGRAM.name}:{line} in read_past", output, re.M), output
    assert "no line info" not in output
