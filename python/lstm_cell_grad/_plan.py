"""The op's tiling for a shape on a SoC, from its own tiling function: plan() and Plan, and
the explicit tiling choices (TilingOverrides) that plan, profile and tune take."""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Iterable, Optional, Tuple

import numpy as np

from . import _C
from ._socs import generated_dataclass, resolve_soc, socs
from ._validate import INT64_MAX, UINT32_MAX, int_arg

GRADS = ("hy", "c")  # the incoming gradients a call may have


def _dtype_bytes(dtype: Any) -> Tuple[str, int]:
    """("float32", 4), ("float16", 2) or ("bfloat16", 2) from a name, a numpy dtype (ml_dtypes'
    bfloat16 included) or a torch dtype."""
    try:
        name = np.dtype(dtype).name
    except TypeError:
        name = str(dtype).replace("torch.", "")  # torch.float16 -> "float16"
    sizes = {"float32": 4, "float16": 2, "bfloat16": 2}
    if name not in sizes:
        raise ValueError(f"dtype must be float32, float16 or bfloat16, got {dtype!r}")
    return name, sizes[name]


@dataclasses.dataclass(frozen=True)
class TilingOverrides:
    """Explicit values for the tiling's free choices (None: the tiling chooses). The op's
    tiling validates them; :func:`plan` raises ValueError naming a bad one."""
    grid_rows: Optional[int] = None        # cores along the batch
    grid_cols: Optional[int] = None        # cores along the hidden size
    tile_rows: Optional[int] = None        # rows per tile
    tile_cols: Optional[int] = None        # columns per tile (a multiple of one 32-byte block)
    bias_chunk_rows: Optional[int] = None  # rows per partial gradBias sum (changes the summation order)
    buffer_num: Optional[int] = None       # copy-queue depth: 1 (serial) or 2 (double-buffered)

    def __post_init__(self) -> None:
        self.as_dict()  # a bad value fails here, naming its field

    def as_dict(self) -> dict:
        """The set fields, checked to be ints in [1, 2^32 - 1] (the binding's uint32_t)."""
        return {field.name: int_arg(f"tiling override {field.name}", getattr(self, field.name), 1, UINT32_MAX)
                for field in dataclasses.fields(self) if getattr(self, field.name) is not None}

    def __str__(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.as_dict().items()) or "default"


# Plan's fields: what the call asked for and what the tiling decided around the tiling data,
# then the tiling data itself (generated: THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS in
# op_host/thnn_fused_lstm_cell_backward_tiling.h declares and explains each, the kernel reads
# each; Python spells them in snake_case), then what follows from it.
_PLAN_HEAD = [
    ("dtype", str),
    ("has_bias", bool),
    ("grads", Tuple[str, ...]),
    ("soc", str),
    ("aiv_cores", int),           # cores the tiling may use (the SoC's, under the cap)
    ("ub_bytes", int),            # GetCoreMemSize(UB)
    ("block_dim", int),           # cores launched (0: nothing to launch)
    ("tiling_key", int),
    ("workspace_bytes", int),
    ("schedule_mode", int),       # 1: batch mode (the kernel uses SyncAll)
    ("ub_bytes_used", int),
]
_PLAN_TAIL = [
    ("tile_rows", int),
    ("bias_chunk_rows", int),     # the row unit when there is a gradBias, else 0
    ("busiest_core", int),        # block index with the most elements (-1: none)
    ("busiest_rows", int),
    ("busiest_cols", int),
    ("core_rects", Tuple[Tuple[int, int, int, int], ...]),  # per block: row begin, row end, col begin, col end
]


def _plan_text(self) -> str:
    """The plan as `python -m lstm_cell_grad plan` prints it."""
    grads = "+".join(self.grads) if self.grads else "none"
    bias = "with bias" if self.has_bias else "no bias"
    used = 100.0 * self.ub_bytes_used / self.ub_bytes if self.ub_bytes else 0.0
    rows = [
        ("block dim", f"{self.block_dim} of {self.aiv_cores} AIV cores"),
        ("tiling key", f"{self.tiling_key}"),
        ("grid", f"{self.grid_rows} x {self.grid_cols} (batch x hidden)"),
        ("split units", f"{self.row_unit} rows, {self.col_unit} columns"),
        ("busiest core", f"#{self.busiest_core}: {self.busiest_rows} rows x {self.busiest_cols} columns"
         if self.busiest_core >= 0 else "none (nothing to launch)"),
        ("tile", f"{self.tile_rows} rows x {self.tile_cols} columns, queues {self.buffer_num} deep"),
        ("UB used", f"{self.ub_bytes_used} of {self.ub_bytes} bytes ({used:.1f}%; "
                    f"{self.ub_bytes} is GetCoreMemSize(UB), the SoC's {_physical_ub(self.soc)} less CANN's reserve)"),
        ("workspace", f"{self.workspace_bytes} bytes"),
        ("bias chunks", f"{self.bias_chunks} of {self.bias_chunk_rows} rows" +
         (f", final pass {self.final_tile_rows} x {self.final_tile_cols}" if self.bias_chunks > 1 else "")),
        ("schedule mode", f"{self.schedule_mode}" + (" (batch mode: SyncAll)" if self.schedule_mode else "")),
    ]
    width = max(len(label) for label, _ in rows)
    head = (f"plan: batch {self.batch}, hidden {self.hidden}, {self.dtype}, {bias}, grads {grads} "
            f"on {self.soc}")
    lines = [head] + [f"  {label:<{width}}  {value}" for label, value in rows]
    if self.ub_bytes_used > self.ub_bytes:
        lines.append(f"WARNING: this plan needs {self.ub_bytes_used} bytes of UB per core, "
                     f"{self.ub_bytes_used - self.ub_bytes} more than the {self.ub_bytes} there are: "
                     f"the kernel's InitBuffer would fail")
    return "\n".join(lines)


@functools.lru_cache(maxsize=None)
def plan_class() -> type:
    """Plan, made on first use (its middle fields are read from the extension)."""
    return generated_dataclass(
        __name__, "Plan", "The op's tiling for one shape on one SoC (from ``lstm_cell_grad::ComputeTiling``): the "
        "request, the tiling data the kernel receives (one field per TILING_DATA_FIELD_DEF of "
        "op_host/thnn_fused_lstm_cell_backward_tiling.h), and what follows from it.",
        _PLAN_HEAD + [(field, int) for field in _C.tiling_field_names()] + _PLAN_TAIL,
        namespace={"__str__": _plan_text})


def __getattr__(name: str) -> Any:
    if name == "Plan":
        return plan_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _physical_ub(soc_name: str) -> int:
    return next((s.ub_bytes for s in socs() if s.name == soc_name), 0)


def plan(batch: int, hidden: int, dtype: Any = "float32", has_bias: bool = True,
         grads: Iterable[str] = GRADS, soc: Optional[str] = None,
         num_cores: Optional[int] = None, overrides: Optional[TilingOverrides] = None) -> "Plan":
    """How the op would tile ``[batch, hidden]`` on a SoC, by calling its own tiling function.

    Args:
        dtype: "float32", "float16" or "bfloat16" (numpy and torch dtypes accepted).
        grads: which incoming gradients are present: a subset of ("hy", "c").
        soc, num_cores: as for :func:`thnn_fused_lstm_cell_backward`.
        overrides: explicit tiling choices (:class:`TilingOverrides`); ValueError if invalid.
    """
    dtype_name, dtype_bytes = _dtype_bytes(dtype)
    grads = tuple(grads)
    unknown = [g for g in grads if g not in GRADS]
    if unknown:
        raise ValueError(f"grads must be a subset of {GRADS}, got {grads!r}")
    batch = int_arg("batch", batch, 0, INT64_MAX)
    hidden = int_arg("hidden", hidden, 0, INT64_MAX)
    if not isinstance(has_bias, (bool, np.bool_)):
        raise TypeError(f"has_bias must be a bool, not {type(has_bias).__name__}")
    if overrides is not None and not isinstance(overrides, TilingOverrides):
        raise TypeError(f"overrides must be a TilingOverrides, not {type(overrides).__name__}")
    soc_name, core_cap = resolve_soc(soc, num_cores)
    fields = _C.plan(batch, hidden, dtype_bytes, "hy" in grads, "c" in grads, bool(has_bias),
                     soc_name, core_cap, (overrides or TilingOverrides()).as_dict(),
                     bfloat16=dtype_name == "bfloat16")
    fields["core_rects"] = tuple(tuple(rect) for rect in fields["core_rects"])
    ordered = tuple(g for g in GRADS if g in grads)
    return plan_class()(dtype=dtype_name, has_bias=bool(has_bias), grads=ordered, **fields)


