"""TBufPool (TPipe::InitBufPool, a pool sharing another's range, Reset, a kernel's own pool
through EXTERN_IMPL_BUFPOOL), the compiler's scalar auto-sync, the system-variable APIs and Trap
in a CANN 9-style .asc kernel (sim/tests/asc/runtime_apis.asc). The clean run is checked
against numpy; each broken mode must fail its launch with the check that names the kernel's
objects and line."""
import re

import numpy as np

from sim.tests.sim_build import SIM_ROOT, build_path, run_program

CORES, TILE = 2, 256


def run(*args, env=None):
    return run_program(build_path("tests", "asc", "asc_runtime_apis"), *args, env=env, timeout=120)


def failed(result, check: str) -> str:
    assert result.returncode == 3, result.stdout + result.stderr
    assert "synchronize 507035" in result.stdout
    found = re.search(rf"\[ERROR\]\[{check}\] core \d+/{CORES}: (.*)", result.stdout)
    assert found, result.stdout
    return found.group(1)


def source_line(text: str) -> int:
    source = (SIM_ROOT / "tests" / "asc" / "runtime_apis.asc").read_text().splitlines()
    return next(i for i, line in enumerate(source, 1) if text in line)


def test_pools_shared_after_reset_and_a_kernel_pool_add_correctly_and_system_variables_read():
    result = run()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test pass! (0 wrong)" in result.stdout
    x = 0.5 * np.arange(CORES * TILE, dtype=np.float32)
    y = 3.0 - (np.arange(CORES * TILE) % 7).astype(np.float32)
    rows = re.findall(r"core (\d+): first\*4 (-?\d+) subblock (-?\d+)/(-?\d+) arch (\w+) block (-?\d+) pc (-?\d+)",
                      result.stdout)
    assert len(rows) == CORES
    for core, first4, sub_idx, sub_num, arch, block, pc in rows:
        # GetValue after a DataCopy synced only MTE2 -> V reads the copied value: the
        # compiler's auto-sync orders MTE2 -> S (no pipe-hazard).
        assert int(first4) == int((x + y)[int(core) * TILE] * 4)
        assert (int(sub_idx), int(sub_num)) == (0, 1)  # AIV-only launch: task ratio 1
        assert arch == "220" and int(block) == 32 and int(pc) == 1
    # PopStackBuffer: the UB after the 1024-byte TBuf, up to CANN's 64-byte reserve at UB's end.
    ub_bytes = 192 * 1024
    stack = [int(v) for v in re.findall(r"core \d+: stack (-?\d+)", result.stdout)]
    assert stack == [1024 * 1000000 + (ub_bytes - 64 - 1024) // 4] * CORES
    # GetSysWorkSpacePtr returns SetSysWorkspace's address (1000); operator() writes 41 and reads
    # it back (+1, times 10); int4b_t(-3) reads -3, int4b_t(9) wraps to -7 (times 100); Async runs
    # its AIV function on a vector core (10000) and skips the AIC one (100000).
    misc = [int(v) for v in re.findall(r"core \d+: stack -?\d+ misc (-?\d+)", result.stdout)]
    assert misc == [1000 + 42 * 10 - 3 - 7 * 100 + 10000] * CORES
    # DataCopy with SliceInfo, GM->UB then UB->GM: rows 1..2, columns 8..23 of x as 8 x 64.
    sliced = np.array(re.search(r"^slice (.*)$", result.stdout, re.M).group(1).split(), dtype=np.float32)
    assert np.array_equal(sliced, x.reshape(-1, 64)[1:3, 8:24].ravel())


def test_scalar_read_without_auto_sync_is_a_pipe_hazard():
    message = failed(run(env={"ASCEND_SIM_AUTO_SYNC": "off"}), "pipe-hazard")
    assert message.startswith("LocalTensor::GetValue (pipe S), operand src static LocalTensor")
    assert "written by pipe MTE2" in message


def test_queue_past_its_pool_is_reported_with_the_pool_range():
    message = failed(run("--pool-overflow"), "ub-capacity")
    assert message == ("InitBuffer(TQue<VECIN>#0 buffer 0, 4096 bytes) in TBufPool#0: the buffer would take "
                       "UB [0, 4096) but the pool is UB [0, 3072) (3072 bytes, 0 already taken)")


def test_more_buffers_than_pool_handles_is_reported():
    message = failed(run("--pool-handles"), "ub-capacity")
    assert message.startswith("TBufPool::InitBuffer in TBufPool#0: 5 buffers but the pool has 4 handles")


def test_sharing_a_pool_without_reset_races_with_the_last_reads():
    result = run("--no-reset")
    message = failed(result, "pipe-hazard")
    assert message.startswith("DataCopy (GM->UB, count 256) (pipe MTE2), operand dst TQue<VECIN>#3 buffer 0")
    assert "write-after-read" in message and "still being read by pipe V" in message


def test_wait_flag_without_set_flag_is_reported_not_hung():
    message = failed(run("--wait-no-set"), "sync-misuse")
    assert "WaitFlag<MTE2_V>(0) with no SetFlag pending: pipe V would wait forever on hardware" in message


def test_trap_stops_the_launch_naming_the_kernel_line():
    result = run("--trap")
    assert failed(result, "kernel-assert") == "Trap() called"
    assert re.search(rf"runtime_apis\.asc:{source_line('AscendC::Trap();')} in runtime_apis", result.stdout)


def test_soft_sync_all_checks_its_workspace():
    message = failed(run("--small-sync"), "operand-bounds")
    assert message == "SyncAll(gmWorkspace, ubWorkspace): ubWorkspace has 32 bytes, needs GetBlockNum() * 32 = 64"


def test_soft_sync_all_of_part_of_the_cores_is_refused_not_guessed():
    message = failed(run("--partial-sync"), "api-misuse")
    assert "usedCores 1): a barrier of part of the launch's 2 cores is not modeled" in message
