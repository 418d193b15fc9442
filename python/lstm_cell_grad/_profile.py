"""Modeled profiles of the op: how long a call would take on the chip, which pipe binds and
where the cores wait, from the sim's performance model of the kernel's own instruction
stream (``_C.last_profile``). Every time here is MODELED, never measured.

    >>> outputs, prof = lstm_cell_grad.profile(**lstm_cell_grad.random_inputs(64, 1024))
    >>> print(prof)                       # the msprof-style summary, labelled modeled
    >>> prof.to_chrome_trace("t.json")    # open in Perfetto (ui.perfetto.dev)
    >>> prof.plot("p.png")                # the plan coloured by core, per-core pipe use
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Mapping, Optional, Tuple

from . import _C
from ._api import thnn_fused_lstm_cell_backward
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
    SyncAll), ``event`` names it ("MTE2->V flag 0", "queue TQue<VECIN>#0", "SyncAll", ...)."""
    pipe: str
    on: str
    event: str
    us: float


@dataclasses.dataclass(frozen=True)
class CoreTime:
    """One AIV core (modeled)."""
    core: int
    time_us: float
    pipes: Mapping[str, PipeTime]
    waits: Tuple[Wait, ...]

    def waits_by_event(self) -> Dict[str, float]:
        """Wait time per event, largest first."""
        totals: Dict[str, float] = {}
        for wait in self.waits:
            totals[wait.event] = totals.get(wait.event, 0.0) + wait.us
        return dict(sorted(totals.items(), key=lambda item: -item[1]))


def min_gm_bytes(batch: int, hidden: int, dtype_bytes: int, has_bias: bool = True, grad_hy: bool = True,
                 grad_c: bool = True) -> int:
    """The fewest GM bytes a call can move: every input the formulas need read once, every
    output written once. All present: ``13*B*H*s + 4*H*s``. An absent grad_c saves its read;
    an absent grad_hy saves its read and those of cy and o, which only it needs (so 3*B*H*s);
    without a gradient nothing is read. No bias: no ``4*H*s`` gradBias write."""
    n = batch * hidden * dtype_bytes
    reads = (3 if grad_hy else 0) + (1 if grad_c else 0) + (4 if grad_hy or grad_c else 0)
    return (reads + GATES + 1) * n + (GATES * hidden * dtype_bytes if has_bias else 0)


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
    cores: Tuple[CoreTime, ...]
    timeline: Tuple[Mapping[str, Any], ...]
    flows: Tuple[Mapping[str, Any], ...]
    raw: Mapping[str, Any]
    plan: Optional[Plan] = None

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
            waits=tuple(Wait(w["pipe"], w["on"], w["event"], float(w["us"])) for w in c.get("waits", ())))
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
            gm_bandwidth_GBps=float(raw["gm_bandwidth_GBps"]), cores=cores,
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
        """The minimum bytes over the SoC's GM bandwidth: no kernel can be faster from HBM."""
        return self.min_gm_bytes / (self.gm_bandwidth_GBps * 1e3)

    @property
    def roofline_fraction(self) -> float:
        """The HBM floor over the modeled kernel time (1.0: at the roofline)."""
        return self.hbm_floor_us / self.aiv_time_us if self.aiv_time_us > 0 else 0.0

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
            ("HBM floor", f"{self.hbm_floor_us:.2f} us at {self.gm_bandwidth_GBps:g} GB/s"),
            ("roofline fraction", f"{self.roofline_fraction:.3f} (floor / aiv_time)"),
            ("load balance", f"{self.load_balance:.3f} (busiest core #{self.busiest_core}"
                             + (f" {busiest.time_us:.2f} us" if busiest else "") + " / mean)"),
            ("UB peak", f"{self.ub_peak_bytes:,} bytes"),
        ]
        waits = list(self.waits_by_event().items())[:3]
        if waits:
            rows.append(("top waits", "; ".join(f"{event} {us:.2f} us" for event, us in waits) +
                         " (summed over cores)"))
        width = max(len(label) for label, _ in rows)
        head = (f"profile ({MODELED}, not measured): batch {self.batch}, hidden {self.hidden}, {self.dtype}, "
                f"{bias}, grads {grads} on {self.soc}")
        return "\n".join([head] + [f"  {label:<{width}}  {value}" for label, value in rows])

    # ---- Exports.
    def to_chrome_trace(self, path: str) -> None:
        """Writes a Chrome trace-event JSON (opens in Perfetto and chrome://tracing): one
        process per core, one track per pipe, each instruction a slice, flow arrows from
        each SetFlag to its WaitFlag. Times are modeled microseconds."""
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


@contextlib.contextmanager
def tiling_overrides(overrides: Optional[TilingOverrides]) -> Iterator[None]:
    """The op's TilingFunc uses these overrides on this thread inside the block."""
    if overrides is None or not overrides.as_dict():
        yield
        return
    _C.set_tiling_overrides(overrides.as_dict())
    try:
        yield
    finally:
        _C.set_tiling_overrides({})


def has_model() -> bool:
    """Whether this build of the extension carries the performance model."""
    return hasattr(_C, "last_profile")


def profile(grad_hy, grad_c, cx, cy, storage, has_bias: bool = True, *, soc: Optional[str] = None,
            num_cores: Optional[int] = None, tiling: Optional[TilingOverrides] = None):
    """Runs the op like :func:`thnn_fused_lstm_cell_backward` and returns
    ``(outputs, Profile)``: the outputs, and the modeled profile of that launch.

    ``tiling``: explicit tiling choices (:class:`TilingOverrides`), validated first
    (ValueError names a bad one); the op then runs with that plan.
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
    with tiling_overrides(tiling):
        outputs = thnn_fused_lstm_cell_backward(grad_hy, grad_c, cx, cy, storage, has_bias, soc=soc,
                                                num_cores=num_cores)
    raw = _C.last_profile(True)
    return outputs, Profile.from_json(raw, batch=batch, hidden=hidden, dtype=dtype, has_bias=bool(has_bias),
                                      grads=grads, plan=call_plan)


__all__ = ["CoreTime", "MODELED", "PipeTime", "Profile", "Wait", "chrome_trace", "has_model", "min_gm_bytes",
           "profile", "tiling_overrides"]
