"""The profile's reporting on tiny kernels whose figures follow by hand from the model's table
(soc_timing.h, read through the test module): the code-line and instruction tables, the
achieved figures (stall/idle waits, GM/UB bytes and bandwidth, per-core L2, bank conflicts,
vector use by element width, pipe utilisation) and the compact Perfetto trace."""
import csv
import io
import json
import re

import pytest

from sim.tests.sim_build import SIM_ROOT
from sim.tests.test_model import stream_params

KERNELS = SIM_ROOT / "tests" / "kernels" / "model_streams.h"
FLOAT = 4
REPEAT_BYTES = 256


def launch(simtest, name, block_dim, sizes, params):
    """A model test kernel's launch with its line tables and traces."""
    result = simtest.model_launch(name, block_dim, sizes, params, timeline=True, tables=True)
    assert result["ok"], result["error"]
    return result, json.loads(result["profile"])


def rows(text):
    return list(csv.DictReader(io.StringIO(text)))


def kernel_line(pattern):
    """model_streams.h:<line> of the first line matching `pattern`."""
    for number, text in enumerate(KERNELS.read_text().splitlines(), start=1):
        if re.search(pattern, text):
            return number
    raise AssertionError(pattern)


def line_row(table, line):
    found = [r for r in table if r["code"].endswith(f"model_streams.h:{line}")]
    assert len(found) == 1, (line, [r["code"] for r in table])
    return found[0]


@pytest.fixture
def serial(simtest):
    """copy_compute on one core, one tile of 4096 floats, three Adds (the first, then two in the loop)."""
    tile = 4096
    result, prof = launch(simtest, "copy_compute", 1, [tile * FLOAT] * 2, stream_params(tile, 1, 0, 3))
    return tile, result, prof


def test_line_table_counts_cycles_per_line_from_the_model_table(simtest, serial):
    tile, result, prof = serial
    consts = simtest.timing_constants()
    clock_mhz = prof["clock_GHz"] * 1000
    table = rows(result["lines_csv"])
    assert list(table[0])[:4] == ["code", "call_count", "cycles", "running_time(us)"]  # msprof's code_exe fields
    repeats = tile * FLOAT // REPEAT_BYTES
    adds = simtest.vector_cycles("Adds", FLOAT, repeats, 1.0)   # in and out a bank apart: no conflict
    first = line_row(table, kernel_line(r"Adds\(out, in,"))
    loop = line_row(table, kernel_line(r"Adds\(out, out,"))
    assert int(first["call_count"]) == 1 and int(loop["call_count"]) == 2
    assert float(first["vec_cycles"]) == pytest.approx(adds, abs=0.2)
    assert float(loop["vec_cycles"]) == pytest.approx(2 * adds, abs=0.2)
    # Its S cycles: the scalar unit's issue of each of its instructions.
    assert float(loop["scalar_cycles"]) == pytest.approx(2 * consts["issue_cycles"], abs=0.05)
    barrier = line_row(table, kernel_line(r"PipeBarrier<PIPE_V>\(\);\n?$|PipeBarrier<PIPE_V>"))
    assert float(barrier["vec_cycles"]) == pytest.approx(2 * consts["barrier_cycles"], abs=0.1)
    assert float(first["cycles"]) == pytest.approx(sum(float(first[k]) for k in
                                                       ("mte2_cycles", "vec_cycles", "mte3_cycles", "scalar_cycles")))
    # Every pipe's busy cycles are spread over the lines, none lost.
    core = prof["cores"][0]["pipes"]
    for pipe, column in (("V", "vec_cycles"), ("S", "scalar_cycles"), ("MTE2", "mte2_cycles"), ("MTE3", "mte3_cycles")):
        assert sum(float(r[column]) for r in table) == pytest.approx(core[pipe]["busy_us"] * clock_mhz, rel=1e-3, abs=0.5)
    # A serial kernel: everything it runs is on the critical path, and nothing else is.
    assert sum(float(r["critical_path_us"]) for r in table) <= prof["aiv_time_us"] + 1e-6
    assert float(loop["critical_path_us"]) == pytest.approx(2 * adds / clock_mhz, rel=1e-3)
    assert "Compute" not in first["function"] or first["function"]  # resolved, with a function name
    assert first["apis"] == "Adds"


def test_instruction_table_has_msprof_fields_repeats_and_bank_conflicts(simtest):
    # vector_bank: 5 Adds of 8192 halves (64 repeats) with both sources in one bank (the
    # asc-devkit sample's read-read conflict), after two Duplicates (no UB source: no conflict).
    tile, adds, src1, dst = 8192, 5, 0x4000, 0x10000
    result, prof = launch(simtest, "vector_bank", 1, [],
                          stream_params(tile, adds, src1_offset=src1, dst_offset=dst))
    table = rows(result["instructions_csv"])
    assert list(table[0])[:7] == ["instr", "addr", "pipe", "call_count", "cycles", "running_time(us)", "code"]
    (add,) = [r for r in table if r["instr"] == "Add"]
    repeats = tile * 2 // REPEAT_BYTES
    factor = simtest.bank_factor(2, dst, 0, src1)
    assert factor > 1.0
    per_add = simtest.vector_cycles("Add", 2, repeats, factor)
    assert add["pipe"] == "V" and int(add["call_count"]) == adds and int(add["repeats"]) == adds * repeats
    assert float(add["cycles"]) == pytest.approx(adds * per_add, abs=0.5)
    conflict = adds * (per_add - simtest.vector_cycles("Add", 2, repeats, 1.0))
    assert float(add["bank_conflict_cycles"]) == pytest.approx(conflict, abs=0.5)
    assert add["code"].endswith(f"model_streams.h:{kernel_line(r'AscendC::Add[(]dst, src0, src1')}")
    dup = [r for r in table if r["instr"] == "Duplicate"]
    assert sum(int(r["call_count"]) for r in dup) == 2 and all(float(r["bank_conflict_cycles"]) == 0 for r in dup)
    vector = adds * per_add + 2 * simtest.vector_cycles("Duplicate", 2, repeats, 1.0)
    assert prof["vector_cycles"] == pytest.approx(vector, abs=0.5)
    assert prof["bank_conflict_cycles"] == pytest.approx(conflict, abs=0.5)
    assert prof["vec_bank_cflt_ratio"] == pytest.approx(conflict / vector, rel=1e-6)
    core_cycles = prof["cores"][0]["time_us"] * prof["clock_GHz"] * 1000
    assert prof["vec_ratio_by_width"] == {"b16": pytest.approx(vector / core_cycles, rel=1e-6)}


def test_achieved_bytes_and_bandwidth_by_hand(serial):
    tile, _, prof = serial
    fig = prof["cores"][0]["figures"]
    moved = tile * FLOAT
    assert fig["gm_bytes"] == 2 * moved
    # UB: the load's and the store's bytes, each Adds' destination and source.
    assert fig["ub_bytes"] == 2 * moved + 3 * 2 * moved
    time = prof["cores"][0]["time_us"]
    assert fig["gm_GBps"] == pytest.approx(2 * moved / (time * 1e3))
    assert fig["ub_GBps"] == pytest.approx(8 * moved / (time * 1e3))
    assert prof["achieved_gm_GBps"] == pytest.approx(2 * moved / (prof["aiv_time_us"] * 1e3))
    assert prof["achieved_gm_GBps"] < prof["gm_bandwidth_GBps"]  # achieved, not the nominal figure
    assert fig["l2_read_bytes"] == moved and 0.0 <= fig["l2_hit_ratio"] <= 1.0
    util = fig["pipe_utilization"]
    for pipe in ("MTE2", "V", "MTE3", "S"):
        busy = prof["cores"][0]["pipes"][pipe]["busy_us"]
        assert util[pipe] == pytest.approx(busy / time)
        assert fig["pipe_busy_cycles"][pipe] == pytest.approx(busy * prof["clock_GHz"] * 1000)


def test_waits_split_into_stalls_and_idle(simtest):
    tile, adds = 4096, 4
    _, prof = launch(simtest, "sync_uneven", 2, [], stream_params(tile, 1, 0, adds))
    consts = simtest.timing_constants()
    busy, idle = prof["cores"]

    def sync_wait(core):
        (wait,) = [w for w in core["waits"] if w["event"] == "SyncAll"]
        return wait

    # Core 1 has nothing running while it waits for core 0: all of its wait is a stall.
    wait1 = sync_wait(idle)
    assert wait1["us"] > 0 and wait1["stall_us"] == pytest.approx(wait1["us"], abs=1e-6)
    # Core 0's scalar unit waits while its own V drains (idle), then SyncAll's release (stall).
    wait0 = sync_wait(busy)
    assert wait0["stall_us"] == pytest.approx(consts["sync_all_us"], abs=1e-6)
    assert busy["figures"]["idle_us"] == pytest.approx(
        sum(w["us"] - w["stall_us"] for w in busy["waits"]), abs=1e-9)
    assert prof["stall_us"] == pytest.approx(busy["figures"]["stall_us"] + idle["figures"]["stall_us"])
    assert prof["stall_us"] + prof["idle_us"] == pytest.approx(
        sum(w["us"] for c in prof["cores"] for w in c["waits"]))


def test_trace_is_perfetto_json_with_lines_nesting_scalar_and_syncall(simtest):
    tile, adds = 4096, 2
    result, prof = launch(simtest, "sync_uneven", 2, [], stream_params(tile, 1, 0, adds))
    trace = json.loads(result["trace"])
    check_trace_structure(trace)
    events = trace["traceEvents"]
    tracks = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    slices = [e for e in events if e["ph"] == "X"]
    scalar = [e for e in slices if tracks[(e["pid"], e["tid"])] == "S"]
    assert any(e["name"] == "issue" for e in scalar)  # the scalar unit's track is drawn
    assert {e["pid"] for e in scalar if e["name"] == "SyncAll"} == {0, 1}
    adds_slices = [e for e in slices if e["name"] == "Adds" and e["pid"] == prof["busiest_core"]]
    line = kernel_line(r"Adds\(b, a,")
    assert len(adds_slices) == adds and all(e["args"]["code"].endswith(f"model_streams.h:{line}") for e in adds_slices)
    assert all(e["args"]["repeats"] == tile * FLOAT // REPEAT_BYTES and "ub_dst" in e["args"] for e in adds_slices)


def check_trace_structure(trace):
    """What ui.perfetto.dev needs of a JSON trace: trace events with ph/pid/tid/ts, X slices
    with a duration, and on each track slices that nest (never overlap partly)."""
    assert trace["otherData"]["modeled"] is True
    tracks = {}
    for e in trace["traceEvents"]:
        assert e["ph"] in {"X", "M", "s", "f"} and isinstance(e["pid"], int) and isinstance(e["tid"], int)
        if e["ph"] == "M":
            continue
        assert e["ts"] >= 0
        if e["ph"] == "X":
            assert e["dur"] >= 0 and e["name"]
            tracks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"]))
    for spans in tracks.values():
        spans.sort(key=lambda s: (s[0], -s[1]))
        stack = []
        for start, end in spans:
            while stack and stack[-1] <= start + 1e-6:
                stack.pop()
            assert not stack or end <= stack[-1] + 1e-6, "slices overlap without nesting"
            stack.append(end)
