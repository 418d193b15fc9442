"""LocalMemAllocator, the block_idx / block_num globals and KERNEL_LOG / ASCENDC_ASSERT in a
CANN 9-style .asc kernel (sim/tests/asc/static_alloc.asc), built by ascendc_sim_add_asc_executable.
The clean run is checked against numpy and the launch's own core indices; each broken mode must
fail its launch with the check that names the allocator's tile in the kernel's terms."""
import re

import numpy as np
import pytest

from sim.tests.sim_build import build_path, run_program

CORES, TILE = 8, 256


def run(*args):
    return run_program(build_path("tests", "asc", "asc_static_alloc"), *args, timeout=120)


def test_tiles_add_per_core_and_block_globals_name_each_core():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout
    rows = re.findall(r"core (\d+): block_idx (-?\d+) block_num (-?\d+) GetCurAddr (-?\d+)", result.stdout)
    assert len(rows) == CORES
    for core, idx, num, head in rows:
        assert int(idx) == int(core)          # block_idx is the running core's, not one shared value
        assert int(num) == CORES
        assert int(head) == 3 * TILE * np.dtype(np.float32).itemsize  # three tiles, no rounding


def failed(result, check: str) -> str:
    assert result.returncode == 3, result.stdout + result.stderr
    assert "synchronize 507035" in result.stdout
    found = re.search(rf"\[ERROR\]\[{check}\] core \d+/8: (.*)", result.stdout)
    assert found, result.stdout
    return found.group(1)


def test_tile_past_ub_is_reported_by_the_allocator():
    message = failed(run("--overflow"), "ub-capacity")
    # Tiles 0..2 took 3072 bytes; the fourth asks for all of UB again.
    assert "LocalMemAllocator<Hardware::UB>::Alloc<T>(tileSize): tile#3 of 196608 bytes at GetCurAddr() = 3072" \
        in message
    assert "would end at UB byte 199680" in message


def test_unrounded_tile_leaves_the_next_one_misaligned_and_the_dma_names_it():
    message = failed(run("--misaligned"), "ub-alignment")
    # 3 halves = 6 bytes: CANN's Alloc does not round, so the float tile starts at UB byte 6.
    assert "DataCopy (GM->UB, count 256): operand dst at LocalMemAllocator<UB> tile#1" in message
    assert "(UB [6, 1030))" in message
    assert re.search(r"\[tile xLate, Alloc at \S*static_alloc\.asc:\d+\]", message)


def test_second_allocator_on_a_core_is_refused():
    message = failed(run("--second"), "api-misuse")
    assert "a second allocator of UB on core" in message


def test_ascendc_assert_runs_its_log_then_fails_the_launch():
    result = run("--assert")
    message = failed(result, "kernel-assert")
    assert message.startswith("ASCENDC_ASSERT(AscendC::GetBlockNum() == 1) failed at ")
    assert re.search(r"\[AIV Block \d/8\] \[ERROR\]\[static_alloc\.asc:\d+\]\[static_add\] "
                     r"this kernel runs on one core, not 8", result.stdout)
