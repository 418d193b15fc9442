"""tools/tiling_vs_tune.py: the tiling's default plan against the best plan `tune` finds within
the same GM-traffic budget (modeled). Quick: the tool runs and reports on tiny shapes. The whole
sweep (every case within 2% of tune's best) takes hours on the sim, so it runs only when
LSTM_CELL_GRAD_SWEEP=1 is set, never in CI."""
import os
import subprocess
import sys

import pytest

from tests.build_support import ROOT

TOOL = ROOT / "tools" / "tiling_vs_tune.py"


def sweep(*args, timeout):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=timeout, env=env)


def test_the_sweep_tool_reports_tiny_shapes():
    result = sweep("--largest", "64", "--limit", "2", timeout=300)
    assert result.returncode in (0, 1), result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("| batch | hidden | dtype | bias | SoC |")
    assert sum(line.startswith("| 1 | 8 |") for line in lines) == 2  # (1, 8) with and without bias
    assert "of 2 cases within 2% of tune's best" in result.stdout


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("LSTM_CELL_GRAD_SWEEP") != "1",
                    reason="the whole sweep takes hours on the sim: set LSTM_CELL_GRAD_SWEEP=1 to run it")
@pytest.mark.xfail(reason="the bias chunk height is the same on every SoC (gradBias's summation order): on "
                          "(1024, 1024) float16 the shared 64 rows lose 9% to 52 on 40 cores; and up to 600k "
                          "elements 4 of 33 cases miss by up to 5.4% (column tiles of 1-row cores, short row "
                          "tiles; docs/benchmarks.md)", strict=True)
def test_sweep_default_within_two_percent_of_tune():
    result = sweep("--max-gap", "0.02", timeout=8 * 3600)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
