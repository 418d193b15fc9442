"""``python -m lstm_cell_grad bench`` (modeled mode): the op over a standard shape set on
the performance model: modeled kernel time against the HBM floor (minimum GM bytes over the
SoC's GM bandwidth), roofline fraction, traffic ratio, load balance, and the sim's own wall
time for the call. A Markdown table (and a PNG). Times are MODELED except the sim's wall
time, which is this machine running the sim."""
from __future__ import annotations

import sys
import time
from typing import Callable, Dict, List, Optional, Sequence, TextIO, Tuple

from ._contract import random_inputs
from ._profile import profile

# (batch, hidden, dtype, has_bias): the two shapes of the performance targets, the smallest
# one, and shapes on both sides of B*H = 1M in both dtypes.
STANDARD_SHAPES: Tuple[Tuple[int, int, str, bool], ...] = (
    (64, 1024, "float32", True),
    (64, 1024, "float16", True),
    (256, 1024, "float32", True),
    (1024, 1024, "float32", True),
    (1024, 1024, "float16", True),
    (1024, 4096, "float16", True),
    (1024, 4096, "float16", False),
    (1024, 4096, "float32", True),
    (2048, 2048, "float32", True),
    (2048, 2048, "float16", True),
    (4096, 1024, "float32", False),
    (8192, 512, "float16", True),
)

COLUMNS = (
    ("shape (B x H)", lambda r: f"{r['batch']} x {r['hidden']}"),
    ("dtype", lambda r: r["dtype"]),
    ("bias", lambda r: "yes" if r["has_bias"] else "no"),
    ("aiv_time us (modeled)", lambda r: f"{r['aiv_time_us']:.2f}"),
    ("task us (modeled)", lambda r: f"{r['task_duration_us']:.2f}"),
    ("floor us", lambda r: f"{r['floor_us']:.2f} ({r['roofline_bound']})"),
    ("roofline fraction", lambda r: f"{r['roofline_fraction']:.3f}"),
    ("traffic ratio", lambda r: f"{r['traffic_ratio']:.4f}"),
    ("load balance", lambda r: f"{r['load_balance']:.3f}"),
    ("bound", lambda r: r["bound"]),
    ("sim wall ms", lambda r: f"{r['sim_wall_ms']:.0f}"),
)


def progress_bar(stream: TextIO = sys.stderr, width: int = 30) -> Callable[[int, int, str], None]:
    """A one-line text progress bar: ``bar(done, total, label)``."""
    def show(done: int, total: int, label: str) -> None:
        filled = width * done // max(total, 1)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label:<40.40}")
        if done >= total:
            stream.write("\n")
        stream.flush()
    return show


def run_model_bench(shapes: Sequence[Tuple[int, int, str, bool]] = STANDARD_SHAPES, *, soc: Optional[str] = None,
                    num_cores: Optional[int] = None,
                    progress: Optional[Callable[[int, int, str], None]] = None) -> List[Dict]:
    """One row per shape: the modeled figures of one call and the sim's wall time for it."""
    rows = []
    for index, (batch, hidden, dtype, has_bias) in enumerate(shapes):
        if progress:
            progress(index, len(shapes), f"{batch} x {hidden} {dtype}")
        inputs = random_inputs(batch, hidden, dtype)
        start = time.perf_counter()
        _, prof = profile(**inputs, has_bias=has_bias, soc=soc, num_cores=num_cores, trace=False)
        wall = time.perf_counter() - start
        rows.append({"batch": batch, "hidden": hidden, "dtype": dtype, "has_bias": has_bias, "soc": prof.soc,
                     "block_dim": prof.block_dim, "aiv_time_us": prof.aiv_time_us,
                     "task_duration_us": prof.task_duration_us, "hbm_floor_us": prof.hbm_floor_us,
                     "floor_us": prof.floor_us, "roofline_bound": prof.roofline_bound,
                     "roofline_fraction": prof.roofline_fraction, "traffic_ratio": prof.traffic_ratio,
                     "load_balance": prof.load_balance, "bound": prof.bound, "min_gm_bytes": prof.min_gm_bytes,
                     "gm_bandwidth_GBps": prof.gm_bandwidth_GBps,
                     "fresh_bandwidth_GBps": prof.fresh_bandwidth_GBps, "sim_wall_ms": wall * 1e3})
    if progress:
        progress(len(shapes), len(shapes), "done")
    return rows


def markdown_table(rows: Sequence[Dict]) -> str:
    """The rows as a Markdown table, with a line saying what is modeled."""
    head = "| " + " | ".join(name for name, _ in COLUMNS) + " |"
    rule = "|" + "|".join("---" for _ in COLUMNS) + "|"
    body = ["| " + " | ".join(cell(r) for _, cell in COLUMNS) + " |" for r in rows]
    soc = rows[0]["soc"] if rows else "?"
    bandwidth = rows[0].get("fresh_bandwidth_GBps", rows[0]["gm_bandwidth_GBps"]) if rows else 0
    note = (f"Modeled on {soc} by the sim's performance model (not measured on an NPU). Floor: the larger of "
            f"the minimum GM bytes (13*B*H*s + 4*H*s with bias) at the best published A2 read/write-mix rate, "
            f"{bandwidth:g} GB/s (hbm), and the fewest vector repeats the formulas need (vector); "
            "roofline fraction = floor / aiv_time (<= 1); traffic ratio = GM bytes moved / minimum; load balance = "
            "busiest core / mean core (modeled); sim wall ms = this machine running the sim (measured).")
    return "\n".join([head, rule, *body, "", note])
