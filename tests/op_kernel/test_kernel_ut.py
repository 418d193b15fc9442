"""The kernel's CPU-debug unit test (tests/op_kernel/kernel_ut, GoogleTest, in the shape of CANN's
ops-nn kernel UTs): GmAlloc'd tensors, the op's TilingFunc, ICPU_SET_TILING_KEY and ICPU_RUN_KF
over the tiling's cores, every output against float64 within the contract's tolerance. It
passes as a whole, and its cases reach every tiling key with a clean launch.
tests/op_kernel/debug/test_kernel_ut_fails_on_broken_kernel.py shows it failing on a broken kernel."""
import re

import pytest

from tests.build_support import BUILD, run_program

# lstm_cell_grad::TilingKey: 8*dtype + 4*hasBias + 2*hasGradC + hasGradHy over 3 dtypes.
TILING_KEYS = set(range(24))


def test_kernel_unit_test_passes_on_every_tiling_key():
    program = BUILD / "tests" / "op_kernel" / "kernel_ut" / "kernel_ut"
    if not program.exists():
        pytest.fail(f"{program} is missing: it is built where GoogleTest is installed (Debian's libgtest-dev, "
                    "which `python3 build.py test` installs when run as root), by `python3 build.py build`")
    result = run_program(program, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
    ran = int(re.search(r"^\[==========\] (\d+) tests? from .* ran", result.stdout, re.M).group(1))
    assert f"[  PASSED  ] {ran} tests." in result.stdout
    launches = re.findall(r"ICPU_RUN_KF\(thnn_fused_lstm_cell_backward, blockDim (\d+), tiling key (\d+)\) on \S+: (\S+)",
                          result.stdout)
    assert len(launches) == ran
    assert {int(key) for _, key, _ in launches} == TILING_KEYS
    assert all(int(cores) > 1 and outcome == "ok" for cores, _, outcome in launches), launches
