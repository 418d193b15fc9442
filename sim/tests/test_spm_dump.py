"""TPipe's SPM buffer (spm_buffer.h) and the shaped dumps (debug_print.h); kernels in
sim/tests/kernels/spm_dump.h. The SPM round trip must give back x bit for bit (numpy holds the
reference); writing past the buffer is reported; the dumps print as CANN's DumpTensor page shows
(nested by the shape, "-" past the dumped elements, a note when shape and dumpSize differ)."""
from __future__ import annotations

import numpy as np


def launch(simtest, name, **args):
    return simtest.launch(name, 1, list(args.items()))


def test_spm_round_trip_gives_the_data_back(simtest):
    x = np.random.default_rng(1).standard_normal(64).astype(np.float32)
    result = launch(simtest, "spm_round_trip", x=x.tobytes(), y=bytes(x.nbytes), ws=bytes(x.nbytes))
    assert result["ok"] and not result["warnings"], result["error"] + str(result["warnings"])
    assert result["outputs"]["y"] == x.tobytes()
    assert result["outputs"]["ws"] == x.tobytes()  # the parked copy, in GM


def test_spm_write_past_its_buffer_is_reported(simtest):
    result = launch(simtest, "spm_past_buffer", x=bytes(256), y=bytes(256), ws=bytes(256))
    # The buffer is InitSpmBuffer's 128 bytes, however large the workspace allocation behind it.
    assert result["error_kind"] == "gm-declared-size", result["error"]
    assert "DataCopy (UB->GM" in result["error"] and "declared range [0, 128)" in result["error"], result["error"]


def test_shaped_dumps_print_as_the_page_shows(simtest, capfd):
    x = np.arange(16, dtype=np.float32)
    result = launch(simtest, "dump_shaped", x=x.tobytes(), y=bytes(64), ws=bytes(64))
    assert result["ok"], result["error"]
    out = capfd.readouterr().out
    row = lambda r: "[" + ",".join(f"{v:f}" for v in x[4 * r:4 * r + 4]) + "]"  # noqa: E731
    square = "[" + ",\n".join(row(r) for r in range(4)) + "]"
    assert "DumpTensor: desc=2, addr=0, data_type=float32, position=UB, dump_size=16\n" + square + "\n" in out, out
    assert ("shape is [3, 4], dumpSize is 16, dumpSize is greater than shapeSize.\n[" +
            ",\n".join(row(r) for r in range(3)) + "]\n") in out, out
    assert ("shape is [5, 4], dumpSize is 16, data is not enough.\n[" +
            ",\n".join([row(r) for r in range(4)] + ["[-,-,-,-]"]) + "]\n") in out, out
    assert "DumpTensor: desc=5, addr=32, data_type=float32, position=UB, dump_size=8\n[" + ", ".join(
        f"{v:f}" for v in x[8:16]) + "]" in out, out
    assert "descId is" not in out  # PrintTimeStamp is off without ASCENDC_TIME_STAMP_ON


def test_a_block_written_in_part_goes_to_gm_whole(simtest):
    # One float written, its 32-byte block copied: the float lands, no report.
    result = launch(simtest, "part_block_to_gm", y=bytes(64))
    assert result["ok"] and not result["warnings"], result["error"] + str(result["warnings"])
    assert np.frombuffer(result["outputs"]["y"], np.float32)[0] == 3.5


def test_a_block_never_written_is_still_reported(simtest):
    result = launch(simtest, "unwritten_block_to_gm", y=bytes(64))
    assert result["error_kind"] == "uninitialized-read", result["error"]
    assert "bytes [32, 64)" in result["error"], result["error"]


def test_system_cycle_counts_up_across_work(simtest):
    result = launch(simtest, "system_cycles", x=bytes(32), y=bytes(16), ws=bytes(32))
    assert result["ok"], result["error"]
    before, after = np.frombuffer(result["outputs"]["y"], np.int64)
    assert after > before >= 0  # the instructions issued in between (Duplicate, Adds, the call itself)
    assert after - before >= 3
