"""Random inputs and the project's tolerances (DESIGN.md section 8), for ``python -m
lstm_cell_grad check`` and for tests: results against the float64 reference."""
from __future__ import annotations

import dataclasses
import sys
from typing import Any, Dict, Optional

import ml_dtypes  # numpy's bfloat16 dtype
import numpy as np

FP32_REL_TOLERANCE = 1e-5     # float32: relative error
ABS_FLOOR = 1e-6              # any dtype: absolute error always accepted
FP16_ULP_TOLERANCE = 1        # float16: ulps from the float64 result rounded to float16
BF16_ULP_TOLERANCE = 1        # bfloat16: ulps from the float64 result rounded to bfloat16
BIAS_SUM_TOLERANCE = 1e-5     # gradBias: also accepted within this fraction of sum |terms|

# The 16-bit formats, compared in ulps of the float64 result rounded to them (the kernel
# computes in fp32 and rounds once): numpy dtype and tolerance.
ULP_FORMATS = {"float16": (np.dtype(np.float16), FP16_ULP_TOLERANCE),
               "bfloat16": (np.dtype(ml_dtypes.bfloat16), BF16_ULP_TOLERANCE)}


def random_inputs(batch: int, hidden: int, dtype: Any = "float32", *, grad_hy: bool = True,
                  grad_c: bool = True, seed: int = 0) -> Dict[str, Optional[np.ndarray]]:
    """Inputs for the op as numpy arrays of `dtype`: gate activations in their ranges
    (sigmoid gates in (0, 1), the tanh gate g in (-1, 1)), states and gradients ~ N(0, 1)."""
    rng = np.random.default_rng(seed)
    sigmoid_gate = lambda: rng.uniform(0.02, 0.98, (batch, hidden))  # noqa: E731
    gates = [sigmoid_gate(), sigmoid_gate(), rng.uniform(-0.98, 0.98, (batch, hidden)), sigmoid_gate()]
    normal = lambda: rng.standard_normal((batch, hidden))  # noqa: E731
    inputs = {"grad_hy": normal() if grad_hy else None, "grad_c": normal() if grad_c else None,
              "cx": normal(), "cy": normal(), "storage": np.concatenate(gates, axis=1)}
    return {name: None if value is None else value.astype(dtype) for name, value in inputs.items()}


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
    max_rel: float            # relative to max(|reference|, ABS_FLOOR)
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


def compare(name: str, result: Any, expected: np.ndarray, abs_sum: Optional[np.ndarray] = None) -> Comparison:
    """`result` (the op's output) against `expected` (float64). `abs_sum`, for gradBias, is
    the sum of the absolute values of the terms each element adds up (cancellation)."""
    got = _as_numpy(result)
    dtype = got.dtype.name
    got64 = got.astype(np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    error = np.abs(got64 - expected)
    both_nan = np.isnan(got64) & np.isnan(expected)
    if dtype in ULP_FORMATS:
        format_dtype, ulp_tolerance = ULP_FORMATS[dtype]
        ulps = ulp_distance(got, expected.astype(format_dtype), format_dtype)
        within = ulps <= ulp_tolerance
        max_ulps = int(ulps.max()) if ulps.size else 0
        tolerance = f"{ulp_tolerance} ulp of the float64 result rounded to {dtype}"
    else:
        within = error <= FP32_REL_TOLERANCE * np.abs(expected)
        max_ulps = None
        tolerance = f"rel {FP32_REL_TOLERANCE:g}"
    within |= error <= ABS_FLOOR
    tolerance += f", abs floor {ABS_FLOOR:g}"
    if abs_sum is not None:
        within |= error <= BIAS_SUM_TOLERANCE * np.asarray(abs_sum, dtype=np.float64)
        tolerance += f", or {BIAS_SUM_TOLERANCE:g} x sum|terms|"
    within |= both_nan
    finite = ~np.isnan(error)
    max_abs = float(error[finite].max()) if finite.any() else 0.0
    relative = error / np.maximum(np.abs(expected), ABS_FLOOR)
    max_rel = float(relative[finite].max()) if finite.any() else 0.0
    return Comparison(name, dtype, int(error.size), int((~within).sum()), max_abs, max_rel, max_ulps, tolerance)
