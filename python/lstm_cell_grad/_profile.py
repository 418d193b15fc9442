"""Modeled profiles of the op: how long a call would take on the chip, which pipe binds and
where the cores wait, from the sim's performance model of the kernel's own instruction
stream (``_C.last_profile``). Every time here is MODELED, never measured.

    >>> outputs, prof = lstm_cell_grad.profile(**lstm_cell_grad.random_inputs(64, 1024))
    >>> print(prof)                       # the msprof-style summary, labelled modeled
    >>> prof.to_chrome_trace("t.json")    # open in Perfetto (ui.perfetto.dev)
    >>> print(prof.lines_text)            # the kernel source lines that took the cycles
    >>> open("lines.csv", "w").write(prof.lines_csv)   # msprof's code_exe.csv fields, and more
    >>> prof.plot("p.png")                # the plan coloured by core, per-core pipe use
"""
from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Tuple

from . import _C
from ._api import _run
from ._plan import TilingOverrides, _dtype_bytes, plan

if TYPE_CHECKING:  # Plan is made on first use (_plan.plan_class)
    from ._plan import Plan

MODELED = "modeled"
PIPES = ("MTE2", "V", "MTE3", "S")  # track order in traces and plots: load, compute, store, scalar
GATES = 4


@dataclasses.dataclass(frozen=True)
class PipeTime:
    """One pipe of one core (modeled): busy time, time spent waiting, instructions issued."""
    busy_us: float
    wait_us: float
    instructions: int


@dataclasses.dataclass(frozen=True)
class Wait:
    """Time a pipe waited on one thing (modeled): ``on`` is the other side (a pipe, a queue,
    SyncAll), ``event`` names it ("MTE2->V flag 0", "queue TQue<VECIN>#0", "SyncAll", ...).
    ``stall_us`` is the part of ``us`` when no pipe of the core was busy (a real stall); the
    rest is idle time (the pipe waited while other pipes of its core worked)."""
    pipe: str
    on: str
    event: str
    us: float
    stall_us: float = 0.0


@dataclasses.dataclass(frozen=True)
class CoreTime:
    """One AIV core (modeled)."""
    core: int
    time_us: float
    pipes: Mapping[str, PipeTime]
    waits: Tuple[Wait, ...]
    figures: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # achieved figures (model's JSON)

    def waits_by_event(self) -> Dict[str, float]:
        """Wait time per event, largest first."""
        totals: Dict[str, float] = {}
        for wait in self.waits:
            totals[wait.event] = totals.get(wait.event, 0.0) + wait.us
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def stalls_by_event(self) -> Dict[str, float]:
        """Stall time (no pipe of the core busy) per event, largest first."""
        totals: Dict[str, float] = {}
        for wait in self.waits:
            totals[wait.event] = totals.get(wait.event, 0.0) + wait.stall_us
        return dict(sorted(totals.items(), key=lambda item: -item[1]))


def min_gm_bytes(batch: int, hidden: int, dtype_bytes: int, has_bias: bool = True, grad_hy: bool = True,
                 grad_c: bool = True) -> int:
    """The fewest GM bytes a call can move: every input the formulas need read once, every
    output written once. All present: ``13*B*H*s + 4*H*s``. An absent grad_c saves its read;
    an absent grad_hy saves its read and those of cy and o, which only it needs (so 3*B*H*s);
    without a gradient nothing is read. No bias: no ``4*H*s`` gradBias write. The kernel's
    own count (``MinGmBytes`` in op_kernel/lstm_cell_grad_layout.h, from its input slots)."""
    return _C.min_gm_bytes(batch, hidden, dtype_bytes, bool(has_bias), bool(grad_hy), bool(grad_c))


# The fewest vector instructions per element the formulas need (docs/operator_contract.md), each
# one 256-byte repeat per 256 bytes of fp32 at one repeat a cycle (asc-devkit add_high_performance:
# 128 half a cycle per AIV), tanh(cy) counted as one Exp at 2 cycles a repeat (msKPP VEXP fp32):
# 1 - t^2 (2), gct = gradHy*o*(1-t^2) + gradC (3), do = gradHy*t*o*(1-o) (4), dcx = gct*f (1),
# df, di, dg (4 each), tanh (2 cycles): 24 repeat-cycles; 4 more with bias (the column sums).
# float16/bfloat16 inputs are widened to fp32 and results narrowed (one Cast each, 1 cycle).
VECTOR_CYCLES_PER_FP32_REPEAT = 24
BIAS_CYCLES_PER_FP32_REPEAT = 4
REPEAT_BYTES = 256


def min_vector_cycles(batch: int, hidden: int, dtype_bytes: int, has_bias: bool = True, grad_hy: bool = True,
                      grad_c: bool = True) -> float:
    """Vector-unit cycles (summed over cores) the formulas need at least, all gradients present."""
    repeats = batch * hidden * 4 / REPEAT_BYTES
    cycles = VECTOR_CYCLES_PER_FP32_REPEAT + (BIAS_CYCLES_PER_FP32_REPEAT if has_bias else 0)
    if dtype_bytes != 4:
        cycles += 8 + GATES + 1  # widen every input read, narrow every output written
    return repeats * cycles if (grad_hy or grad_c) else 0.0


@dataclasses.dataclass(frozen=True)
class Profile:
    """The modeled profile of one call, under msprof's op-summary names (times in
    microseconds, per-pipe times are busy time averaged over the cores), with the call's
    shape, its plan and what follows: the minimum GM traffic, the HBM floor and the
    roofline fraction. ``raw`` is the model's JSON as it came."""
    # The call.
    batch: int
    hidden: int
    dtype: str
    has_bias: bool
    grads: Tuple[str, ...]
    # The model (contract fields).
    kernel: str
    soc: str
    block_dim: int
    task_duration_us: float
    aiv_time_us: float
    aiv_vec_time_us: float
    aiv_scalar_time_us: float
    aiv_mte2_time_us: float
    aiv_mte3_time_us: float
    launch_us: float
    sync_all_us: float
    busiest_core: int
    gm_read_bytes: int
    gm_write_bytes: int
    l2_hit_ratio: float
    ub_peak_bytes: int
    bound: str
    gm_bandwidth_GBps: float
    fresh_bandwidth_GBps: float
    cores: Tuple[CoreTime, ...]
    timeline: Tuple[Mapping[str, Any], ...]
    flows: Tuple[Mapping[str, Any], ...]
    raw: Mapping[str, Any]
    plan: Optional[Plan] = None
    # The line tables and trace of a live profile (profile()); empty for one read from JSON.
    lines_csv: str = ""          # per kernel source line: msprof's core*_code_exe.csv fields first
    instructions_csv: str = ""   # per API and call site: msprof's core*_instr_exe.csv fields first
    lines_text: str = ""         # the top lines, as `profile` prints them
    trace_json: bytes = b""      # the compact Perfetto trace (busiest core in full)

    @classmethod
    def from_json(cls, data: Any, *, batch: int, hidden: int, dtype: Any, has_bias: bool = True,
                  grads: Tuple[str, ...] = ("hy", "c"), plan: Optional[Plan] = None) -> "Profile":
        """From the model's JSON (a str or the parsed dict) and the call that produced it."""
        raw = json.loads(data) if isinstance(data, (str, bytes)) else dict(data)
        if raw.get("modeled") is not True:
            raise ValueError("not a modeled profile: the JSON lacks \"modeled\": true")
        cores = tuple(CoreTime(
            core=int(c["core"]), time_us=float(c["time_us"]),
            pipes={name: PipeTime(float(p["busy_us"]), float(p["wait_us"]), int(p["instructions"]))
                   for name, p in c["pipes"].items()},
            waits=tuple(Wait(w["pipe"], w["on"], w["event"], float(w["us"]), float(w.get("stall_us", 0.0)))
                        for w in c.get("waits", ())),
            figures=dict(c.get("figures", {})))
            for c in raw["cores"])
        dtype_name, _ = _dtype_bytes(dtype)
        return cls(
            batch=int(batch), hidden=int(hidden), dtype=dtype_name, has_bias=bool(has_bias), grads=tuple(grads),
            kernel=raw["kernel"], soc=raw["soc"], block_dim=int(raw["block_dim"]),
            task_duration_us=float(raw["task_duration_us"]), aiv_time_us=float(raw["aiv_time_us"]),
            aiv_vec_time_us=float(raw["aiv_vec_time_us"]), aiv_scalar_time_us=float(raw["aiv_scalar_time_us"]),
            aiv_mte2_time_us=float(raw["aiv_mte2_time_us"]), aiv_mte3_time_us=float(raw["aiv_mte3_time_us"]),
            launch_us=float(raw["launch_us"]), sync_all_us=float(raw["sync_all_us"]),
            busiest_core=int(raw["busiest_core"]), gm_read_bytes=int(raw["gm_read_bytes"]),
            gm_write_bytes=int(raw["gm_write_bytes"]), l2_hit_ratio=float(raw["l2_hit_ratio"]),
            ub_peak_bytes=int(raw["ub_peak_bytes"]), bound=raw["bound"],
            gm_bandwidth_GBps=float(raw["gm_bandwidth_GBps"]),
            fresh_bandwidth_GBps=float(raw.get("fresh_bandwidth_GBps", raw["gm_bandwidth_GBps"])), cores=cores,
            timeline=tuple(raw.get("timeline", ())), flows=tuple(raw.get("flows", ())), raw=raw, plan=plan)

    # ---- Derived figures.
    @property
    def dtype_bytes(self) -> int:
        return _dtype_bytes(self.dtype)[1]

    @property
    def min_gm_bytes(self) -> int:
        """The fewest GM bytes this call can move (:func:`min_gm_bytes`)."""
        return min_gm_bytes(self.batch, self.hidden, self.dtype_bytes, self.has_bias, "hy" in self.grads,
                            "c" in self.grads)

    @property
    def gm_bytes(self) -> int:
        return self.gm_read_bytes + self.gm_write_bytes

    @property
    def traffic_ratio(self) -> float:
        """GM bytes moved over the minimum (1.0: nothing read or written twice)."""
        return self.gm_bytes / self.min_gm_bytes if self.min_gm_bytes else 1.0

    @property
    def hbm_floor_us(self) -> float:
        """The minimum bytes (every input read once, every output written once) at the best
        read/write-mix rate published for A2/A3 (``fresh_bandwidth_GBps``: add_high_performance
        case 6, 2.3456 TB/s, which the model never exceeds)."""
        return self.min_gm_bytes / (self.fresh_bandwidth_GBps * 1e3)

    @property
    def vector_floor_us(self) -> float:
        """The fewest vector repeats the formulas need (:func:`min_vector_cycles`) spread over
        the launched cores at the SoC's AIV clock (the time model's, ``_C.aiv_clock_ghz``)."""
        cycles = min_vector_cycles(self.batch, self.hidden, self.dtype_bytes, self.has_bias, "hy" in self.grads,
                                   "c" in self.grads)
        return cycles / max(1, min(self.block_dim, len(self.cores) or 1)) / (_C.aiv_clock_ghz(self.soc) * 1e3)

    @property
    def floor_us(self) -> float:
        """The roofline floor: the larger of the HBM and the vector floors."""
        return max(self.hbm_floor_us, self.vector_floor_us)

    @property
    def roofline_bound(self) -> str:
        """Which floor the roofline is: "hbm" or "vector"."""
        return "hbm" if self.hbm_floor_us >= self.vector_floor_us else "vector"

    @property
    def roofline_fraction(self) -> float:
        """The floor over the modeled kernel time (1.0: at the roofline; <= 1 by construction:
        the model moves fresh bytes no faster than the floor's rate and runs no repeat faster)."""
        return self.floor_us / self.aiv_time_us if self.aiv_time_us > 0 else 0.0

    @property
    def load_balance(self) -> float:
        """The busiest core's modeled time over the mean of the launched cores (1.0: even)."""
        times = [c.time_us for c in self.cores]
        mean = sum(times) / len(times) if times else 0.0
        return max(times) / mean if mean > 0 else 1.0

    def pipe_busy(self, pipe: str) -> List[float]:
        """Per core, the modeled busy time of one pipe."""
        return [c.pipes[pipe].busy_us if pipe in c.pipes else 0.0 for c in self.cores]

    def waits_by_event(self) -> Dict[str, float]:
        """Wait time per event summed over the cores, largest first (modeled)."""
        totals: Dict[str, float] = {}
        for core in self.cores:
            for event, us in core.waits_by_event().items():
                totals[event] = totals.get(event, 0.0) + us
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def stalls_by_event(self) -> Dict[str, float]:
        """Stall time (no pipe of the core busy) per event summed over the cores, largest first."""
        totals: Dict[str, float] = {}
        for core in self.cores:
            for event, us in core.stalls_by_event().items():
                totals[event] = totals.get(event, 0.0) + us
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def figure(self, name: str, default: Any = None) -> Any:
        """An achieved figure of the model's JSON (``achieved_gm_GBps``, ``stall_us``, ...)."""
        return self.raw.get(name, default)

    def _figure_rows(self) -> List[Tuple[str, str]]:
        """The achieved figures' summary rows (absent from profiles of an older model)."""
        raw = self.raw
        if "achieved_gm_GBps" not in raw:
            return []
        rows = []
        stalls = [(event, us) for event, us in self.stalls_by_event().items() if us > 0.005][:3]
        rows.append(("waits", f"stalls {raw['stall_us']:.2f} us (no pipe of the core busy), idle "
                              f"{raw['idle_us']:.2f} us (other pipes working), summed over cores"))
        if stalls:
            rows.append(("top stalls", "; ".join(f"{event} {us:.2f} us" for event, us in stalls)))
        absorbed = int(raw.get("l2_absorbed_write_bytes", 0))
        flag = " [L2-absorbed writes]" if absorbed else ""
        rows.append(("achieved", f"GM {raw['achieved_gm_GBps']:.1f} GB/s, HBM {raw['achieved_hbm_GBps']:.1f} GB/s"
                                 f"{flag}, UB {raw['achieved_ub_GBps']:.1f} GB/s (all cores, over aiv_time)"))
        per_core = [c.figures for c in self.cores if c.figures]
        if per_core:
            gm = [f["gm_GBps"] for f in per_core]
            hits = [f["l2_hit_ratio"] for f in per_core if f.get("l2_read_bytes", 0)]
            rows.append(("per core", f"GM {min(gm):.1f}-{max(gm):.1f} GB/s"
                                     + (f", L2 hit {min(hits):.2f}-{max(hits):.2f}" if hits else "")))
        widths = ", ".join(f"{w} {r:.3f}" for w, r in sorted(raw.get("vec_ratio_by_width", {}).items()))
        rows.append(("vector", f"bank conflicts {raw['vec_bank_cflt_ratio']:.3f} of vector cycles "
                               f"({raw['bank_conflict_cycles']:.0f} cycles); by element width {widths or 'none'}"))
        busiest = next((c for c in self.cores if c.core == self.busiest_core), None)
        if busiest is not None and busiest.figures.get("pipe_utilization"):
            util = busiest.figures["pipe_utilization"]
            cycles = busiest.figures["pipe_busy_cycles"]
            rows.append(("busiest core pipes", ", ".join(f"{p} {util[p]:.2f} ({cycles[p]:.0f} cycles)"
                                                         for p in PIPES if p in util)))
        if absorbed:
            rows.append(("flag", f"{absorbed:,} written bytes still in L2 at the end, not in HBM: "
                                 f"{', '.join(raw.get('depends_on_l2_absorbing_writes', []))} and the roofline "
                                 f"fraction count on L2 absorbing them"))
        return rows

    def __str__(self) -> str:
        grads = "+".join(self.grads) or "none"
        bias = "with bias" if self.has_bias else "no bias"
        busiest = next((c for c in self.cores if c.core == self.busiest_core), None)
        rows = [
            ("task duration", f"{self.task_duration_us:.2f} us (launch and completion {self.launch_us:.2f} us)"),
            ("aiv_time", f"{self.aiv_time_us:.2f} us on {self.block_dim} cores, bound: {self.bound}"),
            ("pipes (mean busy)", f"MTE2 {self.aiv_mte2_time_us:.2f} us, V {self.aiv_vec_time_us:.2f} us, "
                                  f"MTE3 {self.aiv_mte3_time_us:.2f} us, S {self.aiv_scalar_time_us:.2f} us"),
            ("SyncAll", f"{self.sync_all_us:.2f} us"),
            ("GM traffic", f"{self.gm_read_bytes:,} read + {self.gm_write_bytes:,} written = "
                           f"{self.traffic_ratio:.4f}x the minimum {self.min_gm_bytes:,} bytes; "
                           f"L2 hit ratio {self.l2_hit_ratio:.2f}"),
            ("floor", f"{self.floor_us:.2f} us, {self.roofline_bound}: HBM {self.hbm_floor_us:.2f} us at "
                      f"{self.fresh_bandwidth_GBps:g} GB/s, vector {self.vector_floor_us:.2f} us"),
            ("roofline fraction", f"{self.roofline_fraction:.3f} (floor / aiv_time, {self.roofline_bound} bound)"),
            ("load balance", f"{self.load_balance:.3f} (busiest core #{self.busiest_core}"
                             + (f" {busiest.time_us:.2f} us" if busiest else "") + " / mean)"),
            ("UB peak", f"{self.ub_peak_bytes:,} bytes"),
        ]
        figure_rows = self._figure_rows()
        if figure_rows:
            rows.extend(figure_rows)
        else:
            waits = list(self.waits_by_event().items())[:3]
            if waits:
                rows.append(("top waits", "; ".join(f"{event} {us:.2f} us" for event, us in waits) +
                             " (summed over cores)"))
        width = max(len(label) for label, _ in rows)
        head = (f"profile ({MODELED}, not measured): batch {self.batch}, hidden {self.hidden}, {self.dtype}, "
                f"{bias}, grads {grads} on {self.soc}")
        text = "\n".join([head] + [f"  {label:<{width}}  {value}" for label, value in rows])
        return text + ("\n" + self.lines_text.rstrip("\n") if self.lines_text else "")

    # ---- Exports.
    def to_chrome_trace(self, path: str) -> None:
        """Writes a Chrome trace-event JSON (opens in Perfetto and chrome://tracing): one
        process per core, one track per pipe, each instruction a slice, flow arrows from
        each SetFlag to its WaitFlag. Times are modeled microseconds. A live profile writes
        the sim's compact trace (the busiest core in full with file:line and parameters,
        the others as merged runs: docs/sim_guide.md); one from JSON, its timeline."""
        if self.trace_json:
            with open(path, "wb") as out:
                out.write(self.trace_json)
            return
        if not self.timeline:
            raise ValueError("this profile has no timeline (profile() records one; JSON lines from "
                             "ASCEND_SIM_PROFILE do not)")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(chrome_trace(self), out)

    def plot(self, path: str) -> None:
        """Writes a PNG: the B x H plan coloured by core, and each core's pipe utilisation
        (modeled busy time over aiv_time). Needs matplotlib (extra ``[plot]``)."""
        from ._plots import plot_profile
        plot_profile(self, path)


def chrome_trace(prof: Profile) -> Dict[str, Any]:
    """The trace-event object of :meth:`Profile.to_chrome_trace`."""
    tids = {pipe: index + 1 for index, pipe in enumerate(PIPES)}
    events: List[Dict[str, Any]] = []
    core_ids = sorted({c.core for c in prof.cores} | {int(e["core"]) for e in prof.timeline})
    for core in core_ids:
        events.append({"ph": "M", "name": "process_name", "pid": core, "tid": 0,
                       "args": {"name": f"AIV core {core} ({MODELED})"}})
        events.append({"ph": "M", "name": "process_sort_index", "pid": core, "tid": 0, "args": {"sort_index": core}})
        for pipe, tid in tids.items():
            events.append({"ph": "M", "name": "thread_name", "pid": core, "tid": tid, "args": {"name": pipe}})
            events.append({"ph": "M", "name": "thread_sort_index", "pid": core, "tid": tid,
                           "args": {"sort_index": tid}})

    def tid_of(pipe: str) -> int:
        if pipe not in tids:
            tids[pipe] = len(tids) + 1
        return tids[pipe]

    for entry in prof.timeline:
        events.append({"ph": "X", "name": entry["api"], "cat": entry["pipe"], "pid": int(entry["core"]),
                       "tid": tid_of(entry["pipe"]), "ts": float(entry["start_us"]), "dur": float(entry["dur_us"]),
                       "args": {"bytes": int(entry.get("bytes", 0))}})
    # Each flow's ends get a short slice of their own, so the arrow binds to a slice at
    # exactly the SetFlag and the WaitFlag (a flow event attaches to its enclosing slice).
    marker_us = 0.001
    for index, flow in enumerate(prof.flows):
        core = int(flow["core"])
        src, dst = tid_of(flow["from_pipe"]), tid_of(flow["to_pipe"])
        set_us, wait_us = float(flow["set_us"]), float(flow["wait_us"])
        event = flow["event"]
        events.append({"ph": "X", "name": f"SetFlag {event}", "cat": "sync", "pid": core, "tid": src, "ts": set_us,
                       "dur": marker_us})
        events.append({"ph": "X", "name": f"WaitFlag {event}", "cat": "sync", "pid": core, "tid": dst,
                       "ts": wait_us, "dur": marker_us})
        events.append({"ph": "s", "name": event, "cat": "flag", "id": index, "pid": core, "tid": src, "ts": set_us})
        events.append({"ph": "f", "bp": "e", "name": event, "cat": "flag", "id": index, "pid": core, "tid": dst,
                       "ts": wait_us})
    other = {key: value for key, value in prof.raw.items() if key not in ("cores", "timeline", "flows")}
    other.update({"batch": prof.batch, "hidden": prof.hidden, "dtype": prof.dtype, "has_bias": prof.has_bias,
                  "roofline_fraction": prof.roofline_fraction, "note": "all times modeled, not measured"})
    return {"traceEvents": events, "displayTimeUnit": "ns", "otherData": other}


def run_with_tiling(grad_hy, grad_c, cx, cy, storage, has_bias: bool = True, *, soc: Optional[str] = None,
                    num_cores: Optional[int] = None, tiling: Optional[TilingOverrides] = None,
                    out=None):
    """:func:`thnn_fused_lstm_cell_backward` with explicit tiling choices (sim only): the call
    tiles through the op's own tiling adapter with ``tiling`` as an argument, in place of its
    TilingFunc (which runs the same adapter with none). No state outlives the call."""
    if tiling is not None and not isinstance(tiling, TilingOverrides):
        raise TypeError(f"tiling must be a TilingOverrides, not {type(tiling).__name__}")
    return _run(grad_hy, grad_c, cx, cy, storage, has_bias, soc, num_cores, out, tiling)


def has_model() -> bool:
    """Whether this build of the extension carries the performance model."""
    return hasattr(_C, "last_profile")


def profile(grad_hy, grad_c, cx, cy, storage, has_bias: bool = True, *, soc: Optional[str] = None,
            num_cores: Optional[int] = None, tiling: Optional[TilingOverrides] = None, trace: bool = True,
            trace_all_cores: bool = False, top_lines: int = 10):
    """Runs the op like :func:`thnn_fused_lstm_cell_backward` and returns
    ``(outputs, Profile)``: the outputs, and the modeled profile of that launch with its
    code-line and instruction tables and (``trace``) its Perfetto trace.

    ``tiling``: explicit tiling choices (:class:`TilingOverrides`), validated first
    (ValueError names a bad one); the op then runs with that plan. ``trace_all_cores``: every
    core in full in the trace, not only the busiest. ``top_lines``: rows of ``lines_text``.
    """
    if not has_model():
        raise RuntimeError("this build of lstm_cell_grad._C has no performance model (_C.last_profile)")
    if cx is None:
        raise TypeError("cx is required (a [batch, hidden] array or tensor), got None")
    batch, hidden = (int(v) for v in cx.shape) if len(cx.shape) == 2 else (0, 0)
    grads = tuple(name for name, value in (("hy", grad_hy), ("c", grad_c)) if value is not None)
    dtype = str(cx.dtype).replace("torch.", "")
    call_plan = plan(batch, hidden, dtype, has_bias=bool(has_bias), grads=grads, soc=soc, num_cores=num_cores,
                     overrides=tiling)
    outputs = run_with_tiling(grad_hy, grad_c, cx, cy, storage, has_bias, soc=soc, num_cores=num_cores,
                              tiling=tiling)
    report = _C.last_report(trace=bool(trace), all_cores=bool(trace_all_cores), top_lines=int(top_lines))
    prof = Profile.from_json(report["profile"], batch=batch, hidden=hidden, dtype=dtype, has_bias=bool(has_bias),
                             grads=grads, plan=call_plan)
    return outputs, dataclasses.replace(prof, lines_csv=report["lines_csv"],
                                        instructions_csv=report["instructions_csv"],
                                        lines_text=report["lines_text"], trace_json=bytes(report["trace"]))


__all__ = ["CoreTime", "MODELED", "PipeTime", "Profile", "Wait", "chrome_trace", "has_model", "min_gm_bytes",
           "profile", "run_with_tiling"]
