"""Every check of the sim, proven by a kernel that is wrong on purpose (sim/tests/kernels/broken_*.h).

Each broken kernel must be reported with its check kind and a message in the kernel's terms (core,
API, tensor or queue, offsets); the process must survive (a correct kernel runs right after, in the
same process); at severity warn the launch finishes and the violation is counted once per faulty
instruction; at off nothing is reported.
"""
import pathlib
import re
import struct

import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent
F32 = 4
TILE = 64  # BROKEN_TILE in broken_dma.h


def floats(n, start=0.0):
    return (np.arange(n, dtype=np.float32) + np.float32(start)).tobytes()


def launch(simtest, name, block_dim=1, **args):
    return simtest.launch(name, block_dim, list(args.items()))


def assert_process_alive(simtest):
    """A correct kernel right after the broken one: y == x on 3 cores with a tail tile."""
    x = np.random.default_rng(0).standard_normal(3 * 100).astype(np.float32)
    tiling = struct.pack("<II", 100, 24)
    result = launch(simtest, "copy_through", 3, x=x.tobytes(), y=bytes(x.nbytes), tiling=tiling)
    assert result["ok"], result["error"]
    assert result["outputs"]["y"] == x.tobytes()


def test_dequeue_returns_tiles_in_enqueue_order(simtest):
    """DeQue is first in, first out by EnQue order: buffers 0, 1, 2 EnQue'd as 2, 0, 1 come back
    as 2, 0, 1 (the reference: x's chunks reordered with numpy)."""
    x = np.arange(3 * 64, dtype=np.float32)
    result = launch(simtest, "queue_fifo_order", 1, x=x.tobytes(), y=bytes(x.nbytes))
    assert result["ok"], result["error"]
    expected = np.concatenate([x[128:192], x[0:64], x[64:128]])
    assert np.frombuffer(result["outputs"]["y"], dtype=np.float32).tolist() == expected.tolist()


# Each case: kernel, cores, its GM arguments, the check kind, words the message must contain,
# and how many violations one launch reports at warn.
CASES = {
    "gm-allocation": dict(
        kernel="write_past_allocation", cores=2, args=dict(x=floats(3 * TILE), y=bytes(2 * TILE * F32)),
        words=["core 1/2", "DataCopy (UB->GM, count 72)", "dst GM bytes [256, 544) of 'y'", "32 bytes past its end"],
        warn_count=1),
    "gm-declared-size": dict(
        kernel="read_past_declared_size", cores=2, args=dict(x=floats(3 * TILE), y=bytes(2 * TILE * F32)),
        words=["core 1/2", "DataCopy (GM->UB, count 72)", "GM bytes [256, 544) of 'x'",
               "outside the GlobalTensor's declared range [256, 512)"],
        warn_count=1),
    "ub-capacity": dict(
        kernel="init_buffer_overflow", cores=1, args=dict(x=bytes(32), y=bytes(32)),
        words=["core 0/1", "InitBuffer(TQue<VECOUT>#1 buffer 0, 73728 bytes)", "UB would end at byte 204800",
               "196608 bytes of UB", "131072 already taken"],
        warn_count=1),
    "ub-alignment": dict(
        kernel="misaligned_ub_operand", cores=1, args=dict(x=floats(TILE), y=bytes(TILE * F32)),
        words=["core 0/1", "DataCopy (GM->UB, count 64)", "operand dst", "TQueBind#0 buffer 0 bytes [12, 268)",
               "not 32-byte aligned"],
        warn_count=2),
    "datacopy-length": dict(
        kernel="datacopy_odd_length", cores=1, args=dict(x=floats(TILE), y=bytes(TILE * F32)),
        words=["core 0/1", "DataCopy (GM->UB, count 13)", "13 * 4 = 52 bytes is not a multiple of 32",
               "copies only 32 bytes"],
        warn_count=2),
    "operand-bounds": dict(
        kernel="dma_past_local_tensor", cores=1, args=dict(x=floats(9 * 8), y=bytes(32)),
        words=["core 0/1", "DataCopyPad (GM->UB", "blockCount 9", "operand dst spans 288 bytes",
               "TQue<VECIN>#0 buffer 0 bytes [0, 288)", "holds only 256 bytes", "32 bytes past its end"],
        warn_count=1),
    "queue-capacity": dict(
        kernel="nine_live_buffers", cores=1, args=dict(x=bytes(32), y=bytes(32)),
        words=["core 0/1", "AllocTensor on TQue<VECIN>#8", "9 buffers live at position VECIN", "at most 8"],
        warn_count=1),
    "queue-empty": dict(
        kernel="deque_empty", cores=1, args=dict(x=floats(64), y=bytes(64 * F32)),
        words=["core 0/1", "DeQue on TQueBind#0", "the queue is empty"],
        warn_count=1),
    "uninitialized-read": dict(
        kernel="unwritten_ub_to_gm", cores=1, args=dict(x=floats(64), y=bytes(64 * F32)),
        words=["core 0/1", "DataCopy (UB->GM, count 64)", "operand src writes to GM",
               "TQueBind#0 buffer 0 bytes [128, 256)", "never written"],
        warn_count=1),
    "kernel-assert": dict(
        kernel="assert_tile_count", cores=2, args=dict(x=bytes(32), y=bytes(32)),
        words=["core 1/2", "ascendc_assert(tiles <= 3) failed at", "broken_sync.h",
               "core 1: 4 tiles, at most 3 fit"],
        warn_count=1),
    "sync-misuse": dict(
        kernel="set_flag_twice", cores=1, args=dict(x=bytes(32), y=bytes(32)),
        words=["core 0/1", "SetFlag<MTE2_V>(1) issued again before its WaitFlag"],
        warn_count=1),
    "gm-race": dict(
        kernel="slots_read_without_sync_all", cores=4, args=dict(x=floats(32), y=bytes(128), z=bytes(128)),
        words=["core 0 (DataCopy, read) and core 1 (DataCopy, write)", "of argument 'y' at byte",
               "with no SyncAll between them"],
        warn_count=1),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_broken_kernel_is_reported_and_process_survives(simtest, kind):
    case = CASES[kind]
    result = launch(simtest, case["kernel"], case["cores"], **case["args"])
    assert not result["ok"]
    assert result["error_kind"] == kind, result["error"]
    for word in case["words"]:
        assert word in result["error"], f"{word!r} not in: {result['error']}"
    assert_process_alive(simtest)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_warn_finishes_the_launch_and_counts_once(simtest, kind):
    case = CASES[kind]
    simtest.set_severity(kind, "warn")
    result = launch(simtest, case["kernel"], case["cores"], **case["args"])
    assert result["ok"], result["error"]
    assert [w["kind"] for w in result["warnings"]] == [kind]
    assert result["warnings"][0]["count"] == case["warn_count"]
    assert case["words"][1] in result["warnings"][0]["first"]


@pytest.mark.parametrize("kind", sorted(CASES))
def test_off_reports_nothing(simtest, kind):
    case = CASES[kind]
    simtest.set_severity(kind, "off")
    result = launch(simtest, case["kernel"], case["cores"], **case["args"])
    assert result["ok"], result["error"]
    assert result["warnings"] == []


# ---- what the downgraded instructions did --------------------------------------------------------

def test_gm_allocation_at_warn_drops_the_write(simtest):
    """A DMA outside its allocation is never executed: core 1's write is dropped whole, so 'y' beyond
    core 0's share keeps its old bytes, while core 0's in-bounds write lands."""
    simtest.set_severity("gm-allocation", "warn")
    x = floats(3 * TILE, start=1.0)
    y = bytes([0x5A]) * (2 * TILE * F32)
    result = launch(simtest, "write_past_allocation", 2, x=x, y=y)
    assert result["ok"]
    assert result["warnings"][0]["kind"] == "gm-allocation" and result["warnings"][0]["count"] == 1
    assert "core 1/2" in result["warnings"][0]["first"] and "dst GM bytes [256, 544) of 'y'" in result["warnings"][0]["first"]
    out = result["outputs"]["y"]
    assert out[:TILE * F32] == x[:TILE * F32]
    assert out[TILE * F32:] == y[TILE * F32:]


def test_gm_allocation_error_on_read(simtest):
    result = launch(simtest, "read_past_allocation", 2, x=floats(2 * TILE), y=bytes(2 * TILE * F32))
    assert result["error_kind"] == "gm-allocation"
    for word in ["core 1/2", "DataCopy (GM->UB, count 72)", "src GM bytes [256, 544) of 'x'", "32 bytes past its end"]:
        assert word in result["error"], result["error"]
    assert_process_alive(simtest)


def test_gm_declared_size_at_warn_still_copies(simtest):
    """Outside the declared size but inside the allocation is safe to perform: the copy happens."""
    simtest.set_severity("gm-declared-size", "warn")
    x = floats(3 * TILE, start=10.0)
    result = launch(simtest, "read_past_declared_size", 2, x=x, y=bytes(2 * TILE * F32))
    assert result["ok"]
    assert result["outputs"]["y"] == x[:2 * TILE * F32]


def test_datacopy_length_at_warn_copies_whole_blocks_only(simtest):
    simtest.set_severity("datacopy-length", "warn")
    x = floats(TILE, start=1.0)
    result = launch(simtest, "datacopy_odd_length", 1, x=x, y=bytes(TILE * F32))
    assert result["ok"]
    y = np.frombuffer(result["outputs"]["y"], np.float32)
    assert list(y[:9]) == [1, 2, 3, 4, 5, 6, 7, 8, 0]  # 13 floats requested, 8 (32 bytes) moved


def kernel_line(header, text, kernel):
    """The line of sim/tests/kernels/<header> holding `text` in `kernel` (never hard-coded)."""
    lines = (HERE / "kernels" / header).read_text().split("\n")
    start = next(i for i, line in enumerate(lines) if f" {kernel}(" in line)
    return next(i + 1 for i, line in enumerate(lines) if text in line and i > start)


@pytest.mark.parametrize("kernel,origin,member,call", [
    ("unwritten_ub_to_gm", "AllocTensor of TQueBind#0", "queue", "queue.AllocTensor<float>()"),
    ("unwritten_tbuf_to_gm", "InitBuffer of TBuf<VECCALC>#0", "scratch", "pipe.InitBuffer(scratch,"),
])
def test_uninitialized_read_names_where_the_bytes_became_undefined(simtest, kernel, origin, member, call):
    """The report names the kernel call that left the bytes undefined, with its member and line
    (from a return address kept when the buffer was made or allocated: no stack walk)."""
    result = launch(simtest, kernel, 1, x=floats(64), y=bytes(64 * F32))
    assert result["error_kind"] == "uninitialized-read"
    line = kernel_line("broken_buffers.h", call, kernel)
    assert re.search(rf"undefined since {re.escape(origin)} \[member {member}\] at \S*broken_buffers.h:{line} ",
                     result["error"]), result["error"]


def test_uninitialized_read_at_warn_writes_the_poison(simtest):
    simtest.set_severity("uninitialized-read", "warn")
    x = floats(64, start=1.0)
    result = launch(simtest, "unwritten_ub_to_gm", 1, x=x, y=bytes(64 * F32))
    y = np.frombuffer(result["outputs"]["y"], np.float32)
    assert result["ok"] and np.array_equal(y[:32], np.arange(1, 33, dtype=np.float32)) and np.isnan(y[32:]).all()


# ---- the DataCopyPad limits, one broken kernel per limit -------------------------------------------

@pytest.mark.parametrize("mode,words", [
    (0, ["blockCount 4096 exceeds 4095"]),
    (1, ["leftPadding 9 elements = 36 bytes exceeds 32 bytes"]),
    (2, ["blockLen 6 bytes is not a multiple of sizeof(T) = 4"]),
])
def test_dma_params(simtest, mode, words):
    args = dict(x=floats(4096), tiling=struct.pack("<I", mode))
    result = launch(simtest, "bad_dma_params", 1, **args)
    assert result["error_kind"] == "dma-params"
    for word in ["core 0/1", "DataCopyPad (GM->UB, DataCopyExtParams"] + words:
        assert word in result["error"], result["error"]
    assert_process_alive(simtest)

    simtest.set_severity("dma-params", "warn")
    warned = launch(simtest, "bad_dma_params", 1, **args)
    assert warned["ok"] and [(w["kind"], w["count"]) for w in warned["warnings"]] == [("dma-params", 1)]
    simtest.set_severity("dma-params", "off")
    silent = launch(simtest, "bad_dma_params", 1, **args)
    assert silent["ok"] and silent["warnings"] == []


# ---- synchronisation -----------------------------------------------------------------------------

@pytest.mark.parametrize("kernel,words,this,other", [
    ("tbuf_missing_mte2_v_sync",
     ["core 0/1", "Muls (pipe V)", "operand src", "TBuf<VECCALC>#0 bytes [0, 256)",
      "read-after-write", "written by pipe MTE2", "has not waited for it"],
     "AscendC::Muls(out, in, 2.0f, SYNC_TILE);", "AscendC::DataCopy(in, xGm, SYNC_TILE);"),
    ("tbuf_reload_while_vector_reads",
     ["core 0/1", "DataCopy (GM->UB, count 64) (pipe MTE2)", "operand dst", "TBuf<VECCALC>#0 bytes [0, 256)",
      "write-after-read", "still being read by pipe V"],
     "AscendC::DataCopy(in, xGm[tile * SYNC_TILE], SYNC_TILE);", "AscendC::Adds(out[tile * SYNC_TILE], in,"),
])
def test_pipe_hazard(simtest, kernel, words, this, other):
    args = dict(x=floats(2 * TILE), y=bytes(2 * TILE * F32))
    result = launch(simtest, kernel, 1, **args)
    assert result["error_kind"] == "pipe-hazard"
    for word in words:
        assert word in result["error"], result["error"]
    # Both lines: the instruction reported (its "at") and the other pipe's, in the message.
    assert re.search(rf"of that pipe, at \S*broken_sync\.h:{kernel_line('broken_sync.h', other, kernel)} in {kernel}\)",
                     result["error"]), result["error"]
    assert re.search(rf"^    at \S*broken_sync\.h:{kernel_line('broken_sync.h', this, kernel)} in {kernel}$",
                     result["error"], re.M), result["error"]
    assert_process_alive(simtest)

    simtest.set_severity("pipe-hazard", "warn")
    warned = launch(simtest, kernel, 1, **args)
    assert warned["ok"] and [(w["kind"], w["count"]) for w in warned["warnings"]] == [("pipe-hazard", 1)]
    simtest.set_severity("pipe-hazard", "off")
    silent = launch(simtest, kernel, 1, **args)
    assert silent["ok"] and silent["warnings"] == []
    # The sim executes in program order, so the data is right either way; only the order was wrong.
    x = np.frombuffer(args["x"], np.float32)[:TILE]
    y = np.frombuffer(silent["outputs"]["y"], np.float32)[:TILE]
    assert np.array_equal(y, 2 * x if kernel == "tbuf_missing_mte2_v_sync" else x + 1)


def test_set_flag_twice_names_the_first_set_flag(simtest):
    result = launch(simtest, "set_flag_twice", 1, x=bytes(32), y=bytes(32))
    first = kernel_line("broken_sync.h", "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(1);", "set_flag_twice")
    assert re.search(rf"already set \(by the SetFlag at \S*broken_sync\.h:{first} in set_flag_twice\)",
                     result["error"]), result["error"]
    second = rf"^    at \S*broken_sync\.h:{first + 1} in set_flag_twice$"
    assert re.search(second, result["error"], re.M), result["error"]


def test_wait_flag_without_set(simtest):
    result = launch(simtest, "wait_flag_without_set", 1, x=bytes(32), y=bytes(32))
    assert result["error_kind"] == "sync-misuse"
    assert "core 0/1" in result["error"] and "WaitFlag<V_MTE3>(2) with no SetFlag pending" in result["error"]
    assert_process_alive(simtest)


def test_core_skipping_sync_all(simtest):
    args = dict(x=floats(64), y=bytes(64 * F32))
    result = launch(simtest, "core_skips_sync_all", 3, **args)
    assert result["error_kind"] == "sync-misuse"
    assert "SyncAll" in result["error"] and "the same number of times" in result["error"]
    assert_process_alive(simtest)

    simtest.set_severity("sync-misuse", "warn")
    warned = launch(simtest, "core_skips_sync_all", 3, **args)
    assert warned["ok"]
    assert [w["kind"] for w in warned["warnings"]] == ["sync-misuse"] and warned["warnings"][0]["count"] >= 1


def test_no_gm_leaks_after_failures(simtest):
    before = simtest.gm_allocations()
    for case in CASES.values():
        launch(simtest, case["kernel"], case["cores"], **case["args"])
    assert simtest.gm_allocations() == before


def test_cores_writing_the_same_gm_bytes_race(simtest):
    result = launch(simtest, "cores_write_one_slot", 3, x=floats(24), y=bytes(32))
    assert result["error_kind"] == "gm-race", result["error"]
    assert "(DataCopy, write)" in result["error"] and "32 GM byte(s) of argument 'y' at byte 0" in result["error"]
    assert_process_alive(simtest)


def test_cores_storing_one_gm_scalar_race_at_the_set_value_line(simtest):
    result = launch(simtest, "cores_set_one_gm_value", 2, x=bytes(32), y=bytes(32))
    assert result["error_kind"] == "gm-race", result["error"]
    assert "(GlobalTensor::SetValue, write)" in result["error"], result["error"]
    assert "4 GM byte(s) of argument 'y' at byte 0" in result["error"], result["error"]
    line = kernel_line("broken_sync.h", "yGm.SetValue(0,", "cores_set_one_gm_value")
    for core in (0, 1):
        assert re.search(rf"^    core {core} \(GlobalTensor::SetValue, write\) at \S*broken_sync\.h:{line} "
                         rf"in cores_set_one_gm_value$", result["error"], re.M), result["error"]


def test_the_same_slots_after_sync_all_are_no_race(simtest):
    # The fixed kernel: every write is ordered before core 0's reads by SyncAll.
    result = launch(simtest, "slots_read_after_sync_all", 4, x=floats(32), y=bytes(128), z=bytes(128))
    assert result["ok"] and not result["warnings"], result["error"]
    assert result["outputs"]["z"] == floats(32)


def report_frames(error):
    """(path, line, function, called-from line or None) of every kernel location a report names:
    the reporting instruction's "at ..." lines, and the accesses a gm-race report pairs."""
    return [(m.group(1), int(m.group(2)), m.group(3), int(m.group(4)) if m.group(4) else None)
            for m in re.finditer(r"^    (?:core \d+ \([^)]*\) )?at (\S*broken_\w+\.h):(\d+) in (\w+)"
                                 r"(?: \(called from \S+:(\d+)\))?$", error, re.M)]


def source_lines(path):
    # addr2line names a file relative to the directory it was compiled from (the repository
    # or the sim, which builds alone too).
    path = pathlib.Path(path)
    if not path.is_absolute():
        path = next(base / path for base in (HERE.parents[1], HERE.parent) if (base / path).exists())
    return path.read_text().split("\n")


def body(lines, function):
    """[first, last) line indexes of `function`'s definition in `lines` (up to its closing brace)."""
    begin = next(i for i, text in enumerate(lines) if re.search(rf"\bvoid {function}\(", text))
    return begin, next((i for i in range(begin + 1, len(lines)) if lines[i].startswith("}")), len(lines))


@pytest.mark.parametrize("kind", sorted(CASES))
def test_report_names_the_kernel_line_inside_the_broken_kernel(simtest, kind):
    # CANN-style kernels (sim/tests/kernels) get the same source locations as the op's; gm-race,
    # found after the launch from the cores' DMA records, names the line each record kept.
    case = CASES[kind]
    result = launch(simtest, case["kernel"], case["cores"], **case["args"])
    frames = report_frames(result["error"])
    assert frames, result["error"]
    path, line, function, _ = frames[0]
    lines = source_lines(path)
    # The line is in the function the report names: the kernel, or a helper its body calls.
    begin, end = body(lines, function)
    assert begin < line - 1 < end, (frames, begin, end)
    kernel_begin, kernel_end = body(lines, case["kernel"])
    assert function == case["kernel"] or any(
        f"{function}(" in text or f"{function}<" in text for text in lines[kernel_begin:kernel_end]), frames


def test_gm_race_names_both_cores_dma_lines(simtest):
    case = CASES["gm-race"]
    result = launch(simtest, case["kernel"], case["cores"], **case["args"])
    frames = {m.group(1): (int(m.group(2)), m.group(3)) for m in re.finditer(
        r"^    (core \d+ \(DataCopy, \w+\)) at \S*broken_sync\.h:(\d+) in (\w+)", result["error"], re.M)}
    lines = source_lines("sim/tests/kernels/broken_sync.h")
    gather = next(i for i, text in enumerate(lines) if "void GatherSlots(" in text)

    def line(text):
        return next(i + 1 for i, t in enumerate(lines) if text in t and i > gather)

    # Core 0 reads every slot of y; core 1 wrote its slot of y, with no SyncAll in between.
    assert frames == {"core 0 (DataCopy, read)": (line("AscendC::DataCopy(tile, yGm, cores * SLOT);"), "GatherSlots"),
                      "core 1 (DataCopy, write)": (line("AscendC::DataCopy(yGm[AscendC::GetBlockIdx() * SLOT]"),
                                                   "GatherSlots")}, result["error"]


def test_gm_race_records_start_empty_in_every_launch(simtest):
    # The race tracker's per-core access lists reuse the storage earlier launches left behind
    # (kept_storage.h): each launch must see only its own accesses. The fixed kernel right after
    # the racing one (its GM freed and allocated again, at the same addresses as a rule) is clean,
    # and the racing one right after the fixed one is still caught.
    args = [("x", floats(32)), ("y", bytes(128)), ("z", bytes(128))]
    racing = ("slots_read_without_sync_all", 4, args, False)
    fixed = ("slots_read_after_sync_all", 4, args, False)
    results = simtest.launch_sequence([racing, fixed, fixed, racing, racing, fixed])
    for result, (kernel, *_) in zip(results, [racing, fixed, fixed, racing, racing, fixed]):
        if kernel == "slots_read_without_sync_all":
            assert result["error_kind"] == "gm-race" and "core 0 (DataCopy, read)" in result["error"], result["error"]
        else:
            assert result["ok"] and not result["warnings"], result["error"]


@pytest.mark.parametrize("kernel, words", [
    ("deque_empty", ["DeQue on TQueBind#0 (member queue)", "broken_buffers.h:"]),
    # "queues[i].AllocTensor" names no plain member: the report keeps the sim's name alone.
    ("nine_live_buffers", ["AllocTensor on TQue<VECIN>#8: 9 buffers", "broken_buffers.h:"]),
])
def test_queue_misuse_names_the_kernel_member_and_line(simtest, kernel, words):
    """The queue as the kernel's own line names it, beside the sim's name, and that line."""
    result = launch(simtest, kernel, 1, x=floats(64), y=bytes(64 * F32))
    assert not result["ok"]
    for word in words:
        assert word in result["error"], f"{word!r} not in: {result['error']}"
