"""The kernel's GM traffic, read from the sim's counters, stays within 3% of the minimum
13*B*H*s + 4*H*s (the floor of docs/benchmarks.md), with no check violation."""
import re

import pytest

from tests.build_support import build_path, run_program


@pytest.mark.parametrize("batch,hidden,dtype", [(64, 1024, "fp32"), (1024, 512, "fp16"), (300, 100, "fp32"),
                                                (129, 4096, "fp16"), (7, 40000, "fp32")])
def test_traffic_within_3_percent_of_minimum(batch, hidden, dtype):
    result = run_program(build_path("gm_traffic"), batch, hidden, dtype)
    assert result.returncode == 0, result.stderr
    ratio = float(re.search(r"ratio ([0-9.]+)", result.stdout).group(1))
    assert 1.0 <= ratio <= 1.03, result.stdout
    assert "no check violations" in result.stdout
