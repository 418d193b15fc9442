"""TPipe::InitBuffer with address tuples (sim/tests/asc/placed_buffers.asc): each queue buffer
lies at the kernel's own UB address, the queue cycles through them in order, and an address off
the 32-byte grid or a buffer past UB is reported naming the queue."""
import re

from sim.tests.sim_build import build_path, run_program


def run(*args):
    return run_program(build_path("tests", "asc", "asc_placed_buffers"), *args, timeout=120)


def test_buffers_lie_where_the_kernel_put_them():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout
    tiles = re.findall(r"tile (\d): in (\d+) out (\d+)", result.stdout)
    assert tiles == [("0", "0", "8192"), ("1", "2048", "8192")]


def test_an_unaligned_address_is_reported():
    result = run("--misaligned")
    assert result.returncode == 3, result.stdout + result.stderr
    assert re.search(r"\[ub-alignment\] core 0/1: InitBuffer\(TQue<VECOUT>#1 buffer 0\).*: address 8208 is not "
                     r"32-byte aligned", result.stdout), result.stdout


def test_a_buffer_past_ub_is_reported():
    result = run("--past-ub")
    assert result.returncode == 3, result.stdout + result.stderr
    assert re.search(r"\[ub-capacity\] core 0/1: InitBuffer\(TQue<VECOUT>#1 buffer 0, address 196096, 1024 bytes\)"
                     r".*UB would end at byte 197120 but Ascend910B1 has 196608 bytes of UB", result.stdout), result.stdout
