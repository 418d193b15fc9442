"""profile(), the CLI's profile/tune/bench on the real model (figures modeled): the fields
of the contract, derived figures consistent with the op's own plan and GM counters, a trace
Perfetto can load, and `tune` never worse than the default plan."""
import csv
import io
import json

import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad import __main__ as cli
from lstm_cell_grad._bench_model import markdown_table, run_model_bench
from lstm_cell_grad._profile import PIPES
from lstm_cell_grad._tune import tune


def test_profile_returns_the_outputs_and_a_consistent_profile():
    inputs = lcg.random_inputs(300, 200, "float16", seed=3)
    outputs, prof = lcg.profile(**inputs, soc="Ascend910B3", num_cores=7)
    expected = lcg.thnn_fused_lstm_cell_backward(**inputs, soc="Ascend910B3", num_cores=7)
    for got, want in zip(outputs, expected):
        assert (got == want).all()
    assert prof.soc == "Ascend910B3" and prof.block_dim == prof.plan.block_dim <= 7
    assert len(prof.cores) == prof.block_dim and prof.busiest_core in {c.core for c in prof.cores}
    launch = lcg.last_launch()
    assert prof.gm_read_bytes == sum(c["gm_bytes_read"] for c in launch["cores"])
    assert prof.gm_write_bytes == sum(c["gm_bytes_written"] for c in launch["cores"])
    assert prof.min_gm_bytes == lcg.min_gm_bytes(300, 200, 2) and prof.traffic_ratio >= 1.0
    assert 0 < prof.hbm_floor_us == pytest.approx(prof.min_gm_bytes / (prof.fresh_bandwidth_GBps * 1e3))
    assert prof.floor_us == max(prof.hbm_floor_us, prof.vector_floor_us)
    assert prof.roofline_fraction == pytest.approx(prof.floor_us / prof.aiv_time_us)
    assert 0 < prof.roofline_fraction <= 1 and prof.roofline_bound in ("hbm", "vector")
    assert prof.task_duration_us > prof.aiv_time_us > 0
    for core in prof.cores:
        assert set(PIPES) <= set(core.pipes) and core.time_us <= prof.aiv_time_us + 1e-9
    assert prof.load_balance >= 1.0
    assert "modeled" in str(prof)


def test_a_real_trace_has_every_core_and_flows(tmp_path):
    _, prof = lcg.profile(**lcg.random_inputs(64, 1024), num_cores=4)
    path = tmp_path / "trace.json"
    prof.to_chrome_trace(str(path))
    events = json.loads(path.read_text())["traceEvents"]
    assert {e["pid"] for e in events if e.get("name") == "process_name"} == {c.core for c in prof.cores}
    tracks = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    mte2 = [e for e in events if e["ph"] == "X" and tracks[(e["pid"], e["tid"])] == "MTE2"]
    assert {e["name"] for e in mte2 if e["pid"] == prof.busiest_core} >= {"DataCopyPad"}
    assert all(e["name"].startswith("MTE2 x") for e in mte2 if e["pid"] != prof.busiest_core)  # merged runs
    assert any(e["ph"] == "s" for e in events) and any(e["ph"] == "f" for e in events)


def _trace_of(prof, tmp_path):
    path = tmp_path / "trace.json"
    prof.to_chrome_trace(str(path))
    return path, json.loads(path.read_text())


def test_line_table_names_the_op_kernel_lines_and_the_trace_nests_tanh(tmp_path):
    from sim.tests.test_profile_lines import check_trace_structure
    _, prof = lcg.profile(**lcg.random_inputs(64, 1024, "float16"), num_cores=4)
    rows = list(csv.DictReader(io.StringIO(prof.lines_csv)))
    assert list(rows[0])[:4] == ["code", "call_count", "cycles", "running_time(us)"]
    tanh_line = _line_of("op_kernel/lstm_cell_grad_gate_pass.h", r"\bTanh\(")
    # By suffix: an object reused from another checkout (ccache) names that checkout's path.
    (tanh,) = [r for r in rows if r["code"].endswith(f"op_kernel/lstm_cell_grad_gate_pass.h:{tanh_line}")]
    assert "Exp" in tanh["apis"].split() and float(tanh["vec_cycles"]) > 0 and tanh["function"].endswith("Compute")
    assert "top lines" in str(prof) and f"gate_pass.h:{tanh_line}" in str(prof)
    instrs = list(csv.DictReader(io.StringIO(prof.instructions_csv)))
    assert list(instrs[0])[:4] == ["instr", "addr", "pipe", "call_count"]
    _, trace = _trace_of(prof, tmp_path)
    check_trace_structure(trace)
    parents = [e for e in trace["traceEvents"] if e["ph"] == "X" and e["name"] == "Tanh"]
    assert parents and all(e["args"]["code"].endswith(f":{tanh_line}") and e["args"]["steps"] >= 7 for e in parents)


@pytest.mark.slow
def test_the_large_call_trace_stays_small(tmp_path):
    """(1024, 4096) float16 on 48 cores: every instruction of the busiest core, the rest merged,
    within 4 MB (the per-instruction JSON of every core was 25 MB)."""
    from sim.tests.test_profile_lines import check_trace_structure
    _, prof = lcg.profile(**lcg.random_inputs(1024, 4096, "float16"))
    path, trace = _trace_of(prof, tmp_path)
    assert path.stat().st_size < 4 * 1024 * 1024
    check_trace_structure(trace)
    assert len({e["pid"] for e in trace["traceEvents"]}) == prof.block_dim
    top = list(csv.DictReader(io.StringIO(prof.lines_csv)))
    by_critical = sorted(top, key=lambda r: -float(r["critical_path_us"]))[:3]
    assert all("gate_pass.h" in r["code"] or "bias.h" in r["code"] for r in by_critical)


def _line_of(path, pattern):
    import pathlib
    import re
    text = (pathlib.Path(__file__).resolve().parents[2] / path).read_text().splitlines()
    return next(n for n, line in enumerate(text, start=1) if re.search(pattern, line))


def test_tune_finds_a_plan_no_worse_than_the_default():
    result = tune(256, 512, "float16", max_trials=12)
    assert result.best.time_us <= result.default.time_us
    assert result.default.overrides == lcg.TilingOverrides()
    assert 2 <= len(result.trials) <= 12
    assert "modeled" in str(result)


def test_tune_trades_traffic_for_time_only_within_max_traffic():
    # (64, 1024) float32: a plan faster than the default exists (modeled figures; the launch
    # overhead grows with the cores a plan occupies, so fewer cores can win at this size).
    free = tune(64, 1024, "float32")
    assert free.default.profile.traffic_ratio <= 1.03
    assert free.best.time_us < free.default.time_us
    assert "GM traffic / minimum" in str(free)
    capped = tune(64, 1024, "float32", max_traffic=1.03)
    assert capped.best.profile.traffic_ratio <= 1.03
    assert any(t.profile.traffic_ratio > 1.03 for t in capped.trials)  # run, but not chosen
    with pytest.raises(ValueError, match="max_traffic must be at least 1.0"):
        tune(64, 1024, "float32", max_traffic=0.5)


def test_bench_table_is_labelled_modeled():
    rows = run_model_bench([(64, 256, "float32", True), (128, 128, "float16", False)], num_cores=8)
    table = markdown_table(rows)
    assert table.count("\n|") == 3 and "Modeled on" in table and "aiv_time us (modeled)" in table


def test_cli_profile_writes_trace_and_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    trace, plot = tmp_path / "t.json", tmp_path / "p.png"
    assert cli.main(["profile", "--batch", "64", "--hidden", "256", "--cores", "4", "--trace", str(trace),
                     "--plot", str(plot), "--grid-rows", "2"]) == 0
    out = capsys.readouterr().out
    assert "modeled" in out and trace.stat().st_size > 0 and plot.read_bytes()[:4] == b"\x89PNG"
    assert cli.main(["profile", "--batch", "64", "--hidden", "256", "--buffer-num", "3"]) == 2
    assert "bufferNum override must be 1 or 2" in capsys.readouterr().err


def test_profile_env_and_binding_cover_the_op_call(tmp_path, monkeypatch):
    """The aclnn path (Python -> aclnn executor -> launch) appends its line too, and
    _C.last_profile models the same launch the same way."""
    from lstm_cell_grad import _C
    path = tmp_path / "op.jsonl"
    monkeypatch.setenv("ASCEND_SIM_PROFILE", str(path))
    _C.reload_environment()  # the sim reads its environment once, at load
    a = lcg.random_inputs(16, 256, "float32")
    lcg.thnn_fused_lstm_cell_backward(a["grad_hy"], a["grad_c"], a["cx"], a["cy"], a["storage"], True)
    monkeypatch.delenv("ASCEND_SIM_PROFILE")
    _C.reload_environment()
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    op_lines = [p for p in lines if p["kernel"] == "thnn_fused_lstm_cell_backward"]
    assert len(op_lines) == 1
    bound = json.loads(_C.last_profile())
    assert bound["kernel"] == "thnn_fused_lstm_cell_backward"
    assert bound["aiv_time_us"] == op_lines[0]["aiv_time_us"] > 0
    with_timeline = json.loads(_C.last_profile(timeline=True))
    assert with_timeline["timeline"] and with_timeline["flows"]
