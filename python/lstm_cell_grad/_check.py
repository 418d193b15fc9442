"""Results against the operator's contract (``python -m lstm_cell_grad check`` and the tests):
`compare` applies the tolerance of `_contract` to one output, `compare_outputs` to all three."""
from __future__ import annotations

import dataclasses
import sys
from typing import Any, List, Optional, Sequence

import ml_dtypes  # numpy's bfloat16 dtype
import numpy as np

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
    """How many values of the 16-bit float format `dtype` (float16 or bfloat16) lie between a
    and b, both of that format (0 when equal; +0 and -0 are equal)."""
    def ordered(x):
        bits = np.ascontiguousarray(x, dtype=dtype).view(np.uint16).astype(np.int32)
        return np.where(bits & 0x8000, -(bits & 0x7FFF), bits)
    return np.abs(ordered(a) - ordered(b))


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

    @property
    def ok(self) -> bool:
        return self.failures == 0

    def __str__(self) -> str:
        ulps = f"  max ulps {self.max_ulps}" if self.max_ulps is not None else ""
        verdict = "ok" if self.ok else f"FAIL ({self.failures} of {self.elements} elements)"
        return (f"{self.name:<10} max abs {self.max_abs:.3e}  max rel {self.max_rel:.3e}{ulps}  "
                f"tolerance: {self.tolerance}  {verdict}")


def compare(name: str, result: Any, expected: np.ndarray, magnitude: Optional[np.ndarray] = None) -> Comparison:
    """`result` (the op's output) against `expected` (float64) under the contract's tolerance
    (`_contract.accepted`). `magnitude` is the magnitude of the terms each element's evaluation
    rounds (`_contract.term_magnitudes`); without it, |expected| (no cancellation)."""
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
    return Comparison(name, dtype, int(error.size), int((~within).sum()), max_abs, max_rel, max_ulps, tolerance)


OUTPUT_NAMES = ("gradGates", "gradCx", "gradBias")


def compare_outputs(results: Sequence[Any], inputs: Sequence[Any], has_bias: bool = True) -> List[Comparison]:
    """The op's ``(grad_gates, grad_cx, grad_bias)`` for `inputs` ``(grad_hy, grad_c, cx, cy,
    storage)`` against the float64 formulas, each output under the contract's tolerance (grad_bias
    only when `has_bias`)."""
    expected = reference(*inputs, has_bias=has_bias)
    magnitudes = term_magnitudes(*inputs, has_bias=has_bias)
    outputs = 3 if has_bias else 2
    return [compare(name, result, want, magnitude) for name, result, want, magnitude
            in zip(OUTPUT_NAMES[:outputs], results[:outputs], expected, magnitudes)]
