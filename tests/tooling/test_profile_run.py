"""`build.py profile-run` profiles a kernel foreign to the project: the SiLU example of
docs/sim_guide.md, built with the documented one-liner and run under ASCEND_SIM_PROFILE,
ASCEND_SIM_LINES and ASCEND_SIM_TRACE. Its line table names its own source lines, the Div
line first (Div costs 4 cycles per repeat against 1 and 2 for Muls/Adds and Exp: soc_timing.h)."""
import csv
import json
import pathlib
import subprocess
import sys

import pytest

from tests.build_support import ROOT, build_path, host_program_flags

SILU = ROOT / "docs" / "examples" / "silu" / "silu.cpp"


def line_of(text):
    return next(n for n, line in enumerate(SILU.read_text().splitlines(), start=1) if text in line)


@pytest.mark.slow
def test_profile_run_gives_the_line_table_and_trace_of_a_foreign_kernel(tmp_path):
    build_path("sim", "libascendc_sim.so")
    binary = tmp_path / "silu"
    subprocess.run(["g++", "-O1", str(SILU), "-o", str(binary), *host_program_flags()], check=True, timeout=300)
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "profile-run", "--out-dir", str(out), "--",
                             str(binary)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "top lines" in result.stdout and "kernel silu" in result.stdout
    with (out / "lines.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    div = f"docs/examples/silu/silu.cpp:{line_of('Div(y, x, d')}"
    assert rows[0]["code"] == div and rows[0]["apis"] == "Div" and rows[0]["function"] == "KernelSilu::Compute"
    cores, tiles = 8, 8
    by_code = {r["code"]: r for r in rows}
    for text, api in (("Muls(d, x", "Muls"), ("Exp(d, d", "Exp"), ("Adds(d, d", "Adds")):
        row = by_code[f"docs/examples/silu/silu.cpp:{line_of(text)}"]
        assert row["apis"] == api and int(row["call_count"]) == cores * tiles
    assert (out / "lines.instr.csv").read_text().startswith("instr,addr,pipe,call_count,cycles")
    trace = json.loads((out / "trace.json").read_text())
    assert trace["otherData"]["kernel"] == "silu"
    assert any(e.get("args", {}).get("code") == div for e in trace["traceEvents"] if e["ph"] == "X")
    profile = json.loads((out / "profile.jsonl").read_text().splitlines()[-1])
    assert profile["kernel"] == "silu" and profile["block_dim"] == cores


def test_profile_run_without_a_program_says_how(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "profile-run", "--out-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "name the program after --" in result.stderr
