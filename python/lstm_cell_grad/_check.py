"""Results against the operator's contract (``python -m lstm_cell_grad check`` and the tests):
`compare` applies the tolerance of `_contract` to one output, `compare_outputs` to all three."""
from __future__ import annotations

import dataclasses
import sys
from typing import Any, Callable, List, Optional, Sequence, Tuple

import ml_dtypes  # numpy's bfloat16 dtype
import numpy as np

from . import _signature
from ._contract import FP32_EVAL_ULPS, NARROW_DTYPES, accepted, reference, term_magnitudes


def _as_numpy(value: Any) -> np.ndarray:
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        tensor = value.detach().cpu()
        if tensor.dtype == torch.bfloat16:  # numpy has no bfloat16 of its own: ml_dtypes' bits
            return tensor.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
        return tensor.numpy()
    return np.asarray(value)


def ulp_distance(a: np.ndarray, b: np.ndarray, dtype: Any = np.float16) -> np.ndarray:
    """How many values of the narrow float format `dtype` (float16 or bfloat16) lie between a
    and b, both of that format (0 when equal; +0 and -0 are equal)."""
    def ordered(x):
        bits = np.ascontiguousarray(x, dtype=dtype).view(np.uint16).astype(np.int32)
        return np.where(bits & 0x8000, -(bits & 0x7FFF), bits)
    return np.abs(ordered(a) - ordered(b))


@dataclasses.dataclass(frozen=True)
class BadElement:
    """One element past tolerance: where it is, what the op gave, what it should be."""
    index: Tuple[int, ...]
    value: float
    reference: float
    where: str = ""           # in the op's terms, e.g. "(row 0, column 3, gate i), core 0's tile ..."

    def __str__(self) -> str:
        where = self.where or str(self.index)
        return f"{where}: {self.value:.7g}, reference {self.reference:.7g}"


@dataclasses.dataclass(frozen=True)
class Comparison:
    """One output against its float64 reference."""
    name: str
    dtype: str
    elements: int
    failures: int
    max_abs: float
    max_rel: float            # relative to the terms' magnitude
    max_ulps: Optional[int]   # float16 and bfloat16 only
    tolerance: str
    first: Optional[BadElement] = None   # the first bad element in row-major order
    worst: Optional[BadElement] = None   # the one furthest from its reference (NaN first)

    @property
    def ok(self) -> bool:
        return self.failures == 0

    def __str__(self) -> str:
        ulps = f"  max ulps {self.max_ulps}" if self.max_ulps is not None else ""
        verdict = "ok" if self.ok else f"FAIL ({self.failures} of {self.elements} elements)"
        text = (f"{self.name:<10} max abs {self.max_abs:.3e}  max rel {self.max_rel:.3e}{ulps}  "
                f"tolerance: {self.tolerance}  {verdict}")
        if self.first is not None:
            text += f"\n    first bad {self.first}"
        if self.worst is not None and self.worst.index != self.first.index:
            text += f"\n    worst bad {self.worst}"
        return text


def compare(name: str, result: Any, expected: np.ndarray, magnitude: Optional[np.ndarray] = None,
            locate: Optional[Callable[[Tuple[int, ...]], str]] = None) -> Comparison:
    """`result` (the op's output) against `expected` (float64) under the contract's tolerance
    (`_contract.accepted`). `magnitude` is the magnitude of the terms each element's evaluation
    rounds (`_contract.term_magnitudes`); without it, |expected| (no cancellation). `locate`
    names an element index in the op's terms (see `element_locator`)."""
    got = _as_numpy(result)
    dtype = got.dtype.name
    got64 = got.astype(np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    magnitude = np.abs(expected) if magnitude is None else np.asarray(magnitude, dtype=np.float64)
    within = accepted(got, expected, magnitude)
    with np.errstate(invalid="ignore"):
        error = np.abs(got64 - expected)
    max_ulps = None
    tolerance = f"{FP32_EVAL_ULPS} fp32 ulps of the terms' magnitude"
    if dtype in NARROW_DTYPES:
        with np.errstate(over="ignore"):  # past the format's range the rounded value is Inf
            rounded = expected.astype(NARROW_DTYPES[dtype])
        ulps = ulp_distance(got, rounded, NARROW_DTYPES[dtype])
        max_ulps = int(ulps.max()) if ulps.size else 0
        tolerance = f"0.5 ulp of {dtype} + " + tolerance
    finite = ~np.isnan(error)
    max_abs = float(error[finite].max()) if finite.any() else 0.0
    relative = error / np.maximum(magnitude, np.finfo(np.float64).tiny)
    max_rel = float(relative[finite].max()) if finite.any() else 0.0
    first = worst = None
    bad = np.flatnonzero(~within)
    if bad.size:
        badness = np.where(np.isnan(error), np.inf, error).reshape(-1)[bad]
        def element(flat: int) -> BadElement:
            index = tuple(int(i) for i in np.unravel_index(flat, error.shape))
            return BadElement(index, float(got64.reshape(-1)[flat]), float(expected.reshape(-1)[flat]),
                              locate(index) if locate else "")
        first, worst = element(int(bad[0])), element(int(bad[int(np.argmax(badness))]))
    return Comparison(name, dtype, int(error.size), int((~within).sum()), max_abs, max_rel, max_ulps, tolerance,
                      first, worst)


GATE_NAMES = ("i", "f", "g", "o")


def element_locator(output: str, plan: Any) -> Callable[[Tuple[int, ...]], str]:
    """Names an element of gradGates [B, 4H], gradCx [B, H] or gradBias [4H] as (row, column,
    gate) and, for the first two, the core and tile that computed it under `plan` (lcg.plan)."""
    hidden = plan.hidden

    def tile_of(row: int, col: int) -> str:
        for core, (r0, r1, c0, c1) in enumerate(plan.core_rects):
            if r0 <= row < r1 and c0 <= col < c1:
                chunk_rows = plan.bias_chunk_rows if plan.has_bias and plan.bias_chunk_rows else r1 - r0
                chunk = r0 + (row - r0) // chunk_rows * chunk_rows
                t0 = chunk + (row - chunk) // plan.tile_rows * plan.tile_rows
                t1 = min(t0 + plan.tile_rows, chunk + chunk_rows, r1)
                tc0 = c0 + (col - c0) // plan.tile_cols * plan.tile_cols
                tc1 = min(tc0 + plan.tile_cols, c1)
                return (f"core {core}'s tile rows [{t0}, {t1}) x columns [{tc0}, {tc1}) "
                        f"(its block: rows [{r0}, {r1}) x columns [{c0}, {c1}))")
        return "no core's block (outside the plan's grid)"

    def locate(index: Tuple[int, ...]) -> str:
        if output == "gradGates":
            row, col = index
            return (f"(row {row}, column {col % hidden}, gate {GATE_NAMES[col // hidden]}) in "
                    f"{tile_of(row, col % hidden)}")
        if output == "gradCx":
            row, col = index
            return f"(row {row}, column {col}) in {tile_of(row, col)}"
        (col,) = index
        return f"(column {col % hidden}, gate {GATE_NAMES[col // hidden]}): the sum over every row"
    return locate


OUTPUT_NAMES = tuple(a.opdef_name for a in _signature.OUTPUTS)


def compare_outputs(results: Sequence[Any], inputs: Sequence[Any], has_bias: bool = True,
                    plan: Any = None) -> List[Comparison]:
    """The op's ``(grad_gates, grad_cx, grad_bias)`` for `inputs` ``(grad_hy, grad_c, cx, cy,
    storage)`` against the float64 formulas, each output under the contract's tolerance (grad_bias
    only when `has_bias`). With the call's `plan` (lcg.plan), bad elements are located in the
    op's terms: (row, column, gate) and the core's tile."""
    expected = reference(*inputs, has_bias=has_bias)
    magnitudes = term_magnitudes(*inputs, has_bias=has_bias)
    outputs = 3 if has_bias else 2
    return [compare(name, result, want, magnitude, element_locator(name, plan) if plan is not None else None)
            for name, result, want, magnitude in zip(OUTPUT_NAMES[:outputs], results[:outputs], expected, magnitudes)]
