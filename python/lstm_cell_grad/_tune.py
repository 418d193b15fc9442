"""The tiling developer's loop on the performance model: ``tune`` sweeps the tiling's free
choices (core grid, tile rows and columns, bias chunk rows, queue depth) through
:class:`TilingOverrides`, runs the real op with each plan and keeps the one with the
shortest MODELED task duration. Coordinate descent: one choice at a time, the others at
their best so far, so a sweep costs tens of runs, not the product of the choices.

The default plan keeps GM traffic within 3% of the minimum; a faster plan may spend more
(smaller bias chunks mean more partial sums to write and read back). The table shows each
plan's traffic beside its time, and ``max_traffic`` keeps plans above a ratio out of the
running."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable, Dict, Iterable, List, Optional, Tuple

from ._plan import TilingOverrides, plan
from ._contract import random_inputs
from ._profile import Profile, profile
from ._validate import INT64_MAX, int_arg

if TYPE_CHECKING:  # Plan is made on first use (_plan.plan_class)
    from ._plan import Plan

# Bias chunk heights to try: powers of two up to eight times the default (kBiasChunkRows =
# 128), from one row: small batches gain most from small chunks (more cores along the batch,
# whole-row bursts), at the price of more partial sums.
BIAS_CHUNK_ROWS = tuple(1 << k for k in range(11))


@dataclasses.dataclass(frozen=True)
class Trial:
    overrides: TilingOverrides
    plan: Plan
    profile: Profile

    @property
    def time_us(self) -> float:
        return self.profile.task_duration_us


@dataclasses.dataclass(frozen=True)
class TuneResult:
    default: Trial
    best: Trial
    trials: Tuple[Trial, ...]

    def __str__(self) -> str:
        d, b = self.default, self.best
        rows = [("", "default", "best"),
                ("overrides", "-", str(b.overrides)),
                ("grid (batch x hidden)", f"{d.plan.grid_rows} x {d.plan.grid_cols}",
                 f"{b.plan.grid_rows} x {b.plan.grid_cols}"),
                ("tile (rows x cols)", f"{d.plan.tile_rows} x {d.plan.tile_cols}",
                 f"{b.plan.tile_rows} x {b.plan.tile_cols}"),
                ("queue depth", f"{d.plan.buffer_num}", f"{b.plan.buffer_num}"),
                ("bias chunk rows", f"{d.plan.bias_chunk_rows}", f"{b.plan.bias_chunk_rows}"),
                ("task duration (modeled)", f"{d.time_us:.2f} us", f"{b.time_us:.2f} us"),
                ("GM traffic / minimum", f"{d.profile.traffic_ratio:.3f}x", f"{b.profile.traffic_ratio:.3f}x"),
                ("aiv_time (modeled)", f"{d.profile.aiv_time_us:.2f} us", f"{b.profile.aiv_time_us:.2f} us"),
                ("roofline fraction", f"{d.profile.roofline_fraction:.3f}", f"{b.profile.roofline_fraction:.3f}"),
                ("load balance", f"{d.profile.load_balance:.3f}", f"{b.profile.load_balance:.3f}"),
                ("bound", d.profile.bound, b.profile.bound)]
        widths = [max(len(r[k]) for r in rows) for k in range(3)]
        lines = [f"tune ({len(self.trials)} plans run on the model; times modeled, not measured):"]
        lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() for r in rows]
        speedup = d.time_us / b.time_us if b.time_us > 0 else 1.0
        lines.append(f"  best is {speedup:.3f}x the default (modeled)")
        return "\n".join(lines)


def _grid_candidates(base: Plan, batch: int, hidden: int) -> List[Dict[str, int]]:
    """Core grids that use the cores well: every row count whose column count differs."""
    row_units = max(1, -(-max(batch, 1) // base.row_unit))
    col_units = -(-hidden // base.col_unit)
    seen, grids = set(), []
    for rows in range(1, min(row_units, base.aiv_cores) + 1):
        cols = min(col_units, base.aiv_cores // rows)
        if rows * cols < base.aiv_cores // 2 and (rows, cols) != (base.grid_rows, base.grid_cols):
            continue  # leaves more than half the cores idle
        if (rows, cols) not in seen:
            seen.add((rows, cols))
            grids.append({"grid_rows": rows, "grid_cols": cols})
    return grids


def _tile_candidates(current: Plan) -> List[Dict[str, int]]:
    cols = sorted({max(current.col_unit, current.tile_cols // k // current.col_unit * current.col_unit)
                   for k in (1, 2, 4)})
    rows = sorted({max(1, current.tile_rows // k) for k in (1, 2, 4)})
    return [{"tile_cols": c} for c in cols] + [{"tile_rows": r} for r in rows]


def tune(batch: int, hidden: int, dtype: str = "float32", *, has_bias: bool = True,
         grads: Iterable[str] = ("hy", "c"), soc: Optional[str] = None, num_cores: Optional[int] = None,
         max_trials: int = 80, max_traffic: Optional[float] = None,
         progress: Optional[Callable[[int, str], None]] = None) -> TuneResult:
    """Sweeps the tiling's free choices for one shape; returns the default and best trials.
    A plan whose GM traffic exceeds ``max_traffic`` times the minimum is run but cannot be
    the best (the default plan always stands)."""
    max_trials = int_arg("max_trials", max_trials, 1, INT64_MAX)
    if max_traffic is not None and not max_traffic >= 1.0:
        raise ValueError(f"max_traffic must be at least 1.0 (the minimum traffic), got {max_traffic}")
    grads = tuple(grads)
    # The arguments checked (ValueError / TypeError naming the bad one) before any input is made.
    plan(batch, hidden, dtype, has_bias=has_bias, grads=grads, soc=soc, num_cores=num_cores)
    inputs = random_inputs(batch, hidden, dtype, grad_hy="hy" in grads, grad_c="c" in grads)
    trials: List[Trial] = []
    tried: Dict[Tuple[Tuple[str, int], ...], Trial] = {}

    def run(values: Dict[str, int]) -> Optional[Trial]:
        key = tuple(sorted(values.items()))
        if key in tried:
            return tried[key]
        if len(trials) >= max_trials:
            return None
        overrides = TilingOverrides(**values)
        try:
            call_plan = plan(batch, hidden, dtype, has_bias=has_bias, grads=grads, soc=soc, num_cores=num_cores,
                             overrides=overrides)
        except ValueError:
            return None  # not a valid plan for this shape
        _, prof = profile(**inputs, has_bias=has_bias, soc=soc, num_cores=num_cores, tiling=overrides, trace=False)
        trial = Trial(overrides, call_plan, prof)
        tried[key] = trial
        trials.append(trial)
        if progress:
            progress(len(trials), str(overrides))
        return trial

    default = run({})
    if default is None:  # cannot happen: the same plan passed above
        raise RuntimeError(f"the tiling's own plan for batch {batch}, hidden {hidden} did not run")
    best, best_values = default, {}

    def sweep(candidates: Iterable[Dict[str, Optional[int]]]) -> None:
        """Each candidate changes some choices of the best so far (None: back to the tiling's)."""
        nonlocal best, best_values
        for candidate in candidates:
            merged = {**best_values, **candidate}
            values = {k: v for k, v in merged.items() if v is not None}
            trial = run(values)
            within = max_traffic is None or trial is not None and trial.profile.traffic_ratio <= max_traffic
            if trial is not None and within and trial.time_us < best.time_us:
                best, best_values = trial, values

    sweep(_grid_candidates(default.plan, batch, hidden))
    sweep({"buffer_num": n} for n in (1, 2))
    if has_bias and batch > 1:
        sweep({"bias_chunk_rows": rows, "grid_rows": None, "grid_cols": None}
              for rows in BIAS_CHUNK_ROWS if rows < 2 * batch)
        sweep(_grid_candidates(best.plan, batch, hidden))  # the row unit may have changed
    sweep(_tile_candidates(best.plan))
    return TuneResult(default, best, tuple(trials))
