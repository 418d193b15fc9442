"""The pure tiling function's invariants (tests/op_host/tiling/compute_tiling_test.cpp): UB budget
respected, tiles and core rectangles cover the shape exactly, no more cores than the platform
has, bias chunk rows from the shape only, overrides validated with messages naming them."""
from tests.build_support import build_path, run_program


def test_compute_tiling_invariants():
    result = run_program(build_path("tests", "op_host", "tiling", "compute_tiling_test"), timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
    assert " 0 failures" in result.stdout
