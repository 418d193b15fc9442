"""A .asc program whose only tiling include is tiling/tiling_api.h (sim/tests/asc/tiling_api.asc),
as CANN's advanced-API samples write theirs: the tiling-data macros, AscendC::TensorShape with a
host tiling helper, and the A2/A3 CPU-debug definitions all reach it, and the kernel reads the
tiling bytes the host class saved."""
import re

from sim.tests.sim_build import build_path, run_program


def test_tiling_api_header_alone_gives_the_tiling_macros_and_the_a2_definitions():
    result = run_program(build_path("tests", "asc", "asc_tiling_api"), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout   # x * tiling.factor, read from the saved bytes
    sizes = re.search(r"tiling (\d+) bytes; sigmoid tmp max (\d+) min (\d+)", result.stdout)
    assert sizes, result.stdout
    assert int(sizes.group(1)) == 8                     # uint32 + float, rounded to 8
    # Sigmoid computes in T: max = max(input bytes, 256), min = one 256-byte repeat.
    assert (int(sizes.group(2)), int(sizes.group(3))) == (1024 * 4, 256)
    assert "kernel compiled for __NPU_ARCH__ 2201" in result.stdout  # CANN's CPU-debug define for A2/A3
