"""Profile objects, their derived figures, the Chrome trace and the plot, from a hand-made
profile of the model's JSON shape (fixtures/profile_64x1024_fp32.json: 2 cores with known
times), so these tests do not depend on the model's numbers."""
import json
import pathlib

import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad._profile import PIPES, Profile, chrome_trace

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "profile_64x1024_fp32.json"
B, H, S = 64, 1024, 4


@pytest.fixture
def prof():
    return Profile.from_json(FIXTURE.read_text(), batch=B, hidden=H, dtype="float32", has_bias=True,
                             plan=lcg.plan(B, H, "float32", num_cores=2))


def test_fields_come_from_the_json(prof):
    raw = json.loads(FIXTURE.read_text())
    for name in ("kernel", "soc", "block_dim", "task_duration_us", "aiv_time_us", "aiv_vec_time_us",
                 "aiv_scalar_time_us", "aiv_mte2_time_us", "aiv_mte3_time_us", "launch_us", "sync_all_us",
                 "busiest_core", "gm_read_bytes", "gm_write_bytes", "l2_hit_ratio", "ub_peak_bytes", "bound",
                 "gm_bandwidth_GBps"):
        assert getattr(prof, name) == raw[name], name
    assert [c.core for c in prof.cores] == [0, 1]
    assert prof.cores[1].pipes["MTE2"].busy_us == 7.0 and prof.cores[0].pipes["V"].instructions == 80
    assert prof.cores[0].waits_by_event() == {"queue TQue<VECOUT>#0": 2.5, "queue TQue<VECIN>#0": 2.0,
                                              "MTE2->V flag 0": 1.0, "SyncAll": 1.0}
    assert prof.waits_by_event()["queue TQue<VECIN>#0"] == 4.0
    assert prof.pipe_busy("MTE2") == [6.0, 7.0]


def test_derived_figures(prof):
    n = B * H * S
    assert prof.min_gm_bytes == 13 * n + 4 * H * S == 3_424_256
    assert prof.traffic_ratio == pytest.approx((8 * n + 5 * n + 4 * H * 4) / 3_424_256)
    assert prof.hbm_floor_us == pytest.approx(3_424_256 / 1600e9 * 1e6)    # bytes / (1600 GB/s), in us
    # 24 + 4 (bias) repeat-cycles per 256 fp32 bytes, over the 2 launched cores at 1.8 GHz.
    assert prof.vector_floor_us == pytest.approx(n / 256 * 28 / 2 / 1.8e3)
    assert prof.roofline_bound == "vector"
    assert prof.roofline_fraction == pytest.approx(prof.vector_floor_us / 11.0)
    assert prof.load_balance == pytest.approx(11.0 / 10.5)


@pytest.mark.parametrize("has_bias, grad_hy, grad_c, units", [
    (True, True, True, 13), (False, True, True, 13), (True, True, False, 12),
    (True, False, True, 10), (True, False, False, 5)])
def test_minimum_traffic(has_bias, grad_hy, grad_c, units):
    # Reads what the formulas need (grad_hy alone needs cy and o), writes every output once.
    expected = units * B * H * 2 + (4 * H * 2 if has_bias else 0)
    assert lcg.min_gm_bytes(B, H, 2, has_bias, grad_hy, grad_c) == expected


def test_summary_says_modeled(prof):
    text = str(prof)
    assert "modeled" in text.splitlines()[0]
    assert "roofline fraction" in text and "0.724" in text  # vector floor 7.96 us / 11 us


def test_rejects_json_that_is_not_modeled():
    raw = json.loads(FIXTURE.read_text())
    del raw["modeled"]
    with pytest.raises(ValueError, match="modeled"):
        Profile.from_json(raw, batch=B, hidden=H, dtype="float32")


def test_chrome_trace_has_a_process_per_core_a_track_per_pipe_and_flows(prof, tmp_path):
    path = tmp_path / "trace.json"
    prof.to_chrome_trace(str(path))
    trace = json.loads(path.read_text())
    events = trace["traceEvents"]
    processes = {e["pid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "process_name"}
    assert sorted(processes) == [0, 1] and all("modeled" in name for name in processes.values())
    for core in (0, 1):
        tracks = {e["args"]["name"] for e in events
                  if e["ph"] == "M" and e["name"] == "thread_name" and e["pid"] == core}
        assert tracks == set(PIPES)
    slices = [e for e in events if e["ph"] == "X"]
    assert {(e["pid"], e["name"]) for e in slices} >= {(0, "DataCopyPad"), (1, "Mul")}
    assert all(e["dur"] >= 0 and e["ts"] >= 0 for e in slices)
    starts = {e["id"]: e for e in events if e["ph"] == "s"}
    ends = {e["id"]: e for e in events if e["ph"] == "f"}
    assert len(starts) == 4 and starts.keys() == ends.keys()
    tid_name = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    for key, start in starts.items():
        assert tid_name[(start["pid"], start["tid"])] in ("MTE2", "V")
        assert ends[key]["ts"] >= start["ts"] and ends[key]["bp"] == "e"
    assert trace["otherData"]["modeled"] is True


def test_trace_needs_a_timeline(tmp_path):
    raw = json.loads(FIXTURE.read_text())
    del raw["timeline"], raw["flows"]
    prof = Profile.from_json(raw, batch=B, hidden=H, dtype="float32")
    with pytest.raises(ValueError, match="timeline"):
        prof.to_chrome_trace(str(tmp_path / "t.json"))
    assert chrome_trace(prof)["traceEvents"]  # the metadata alone


def test_plot_writes_a_png(prof, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "profile.png"
    prof.plot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000
