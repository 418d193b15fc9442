"""The operator's contract in one place (docs/operator_contract.md): the formulas, the accuracy
rule and the random inputs that `python -m lstm_cell_grad check`, the benchmarks and every
test use. PyTorch's autograd of an LSTM cell, the independent second reference, stays in the
tests.

The formulas are written once, in `cell_gradients`, for numpy arrays and torch tensors alike;
`reference` evaluates them in float64, `term_magnitudes` bounds what fp32 rounds on the way,
and `accepted` is the tolerance: one rounding to the output dtype, plus a few fp32 ulps of the
magnitude of the terms (see `tolerance`).
"""
from __future__ import annotations

import sys
from typing import Any, Dict, Optional, Tuple

import ml_dtypes  # numpy's bfloat16 dtype
import numpy as np

from . import _signature

# --- the formulas ----------------------------------------------------------------------------


def cell_gradients(dhy: Any, dc: Any, cx: Any, t: Any, i: Any, f: Any, g: Any, o: Any, *, magnitudes: bool = False):
    """``((di, df, dg, do), dcx)`` for one LSTM cell, elementwise, with ``t = tanh(cy)``: the
    formulas of docs/operator_contract.md ("What it computes"), with dhy, dc, dcx for grad_hy,
    grad_c, grad_cx. Any array type with ``*``, ``+``, ``-`` and ``abs`` (numpy arrays, torch
    tensors, in any dtype).

    With `magnitudes`: instead, per element, the magnitude of the terms an fp32 evaluation
    rounds, which cancellation can hide from the result. Two places cancel: gct's two terms
    (taken by absolute value), and tanh, which the device evaluates as
    (e^2x - 1) / (e^2x + 1), so t is off by up to a few fp32 ulps of 1, not of t (t counts as
    1, and 1 - t^2 as 2). The gate factors 1 - x are formed first, exactly (x in [0.5, 1]) or
    without cancellation (x below 0.5), so they count as themselves: an x - x*x would lose
    the small 1 - x near saturation, and that loss must show against this bound."""
    if magnitudes:
        dhy, dc, cx, i, f, g, o = (abs(x) for x in (dhy, dc, cx, i, f, g, o))
        t, one_minus_t2 = 1, 2
        one_minus = lambda x: abs(1 - x)  # noqa: E731
    else:
        one_minus = lambda x: 1 - x  # noqa: E731
        one_minus_t2 = one_minus(t * t)
    # The factors in [-1, 1] first, the gradient last (as the kernel does): no product
    # overflows where the result fits in the dtype.
    gct = dhy * (o * one_minus_t2) + dc
    gates = (gct * (g * (i * one_minus(i))), gct * (cx * (f * one_minus(f))), gct * (i * one_minus(g * g)),
             dhy * (t * (o * one_minus(o))))
    return gates, gct * f


def float64(value: Any) -> Optional[np.ndarray]:
    """An input as a float64 numpy array (exact for every dtype of the op); None stays None."""
    if value is None:
        return None
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        value = value.detach().cpu().double().numpy()
    return np.asarray(value, dtype=np.float64)


def _evaluate(grad_hy, grad_c, cx, cy, storage, has_bias, magnitudes):
    cx64, cy64, storage64 = float64(cx), float64(cy), float64(storage)
    zeros = np.zeros_like(cx64)
    dhy = zeros if grad_hy is None else float64(grad_hy)
    dc = zeros if grad_c is None else float64(grad_c)
    i, f, g, o = np.split(storage64, 4, axis=1)
    gates, grad_cx = cell_gradients(dhy, dc, cx64, np.tanh(cy64), i, f, g, o, magnitudes=magnitudes)
    grad_gates = np.concatenate(gates, axis=1)
    return grad_gates, grad_cx, grad_gates.sum(axis=0) if has_bias else None


def reference(grad_hy: Optional[Any], grad_c: Optional[Any], cx: Any, cy: Any, storage: Any,
              has_bias: bool = True) -> Tuple[np.ndarray, np.ndarray, Optional[np.ndarray]]:
    """The LSTM-cell backward in float64: ``(grad_gates, grad_cx, grad_bias or None)``.

    Inputs are numpy arrays, torch tensors or anything numpy accepts, converted exactly; a None
    gradient is zero. ``storage`` holds the gates ``[i | f | g | o]`` per row, and
    ``grad_bias`` is the sum over the batch of ``grad_gates`` (see `cell_gradients`)."""
    return _evaluate(grad_hy, grad_c, cx, cy, storage, has_bias, magnitudes=False)


def term_magnitudes(grad_hy: Optional[Any], grad_c: Optional[Any], cx: Any, cy: Any, storage: Any,
                    has_bias: bool = True) -> Tuple[np.ndarray, np.ndarray, Optional[np.ndarray]]:
    """Per output element, the magnitude of the terms its evaluation rounds (`cell_gradients`
    with `magnitudes`); for grad_bias the sum over the batch of those of its terms. Never
    below the |result|, far above it where terms cancel."""
    return _evaluate(grad_hy, grad_c, cx, cy, storage, has_bias, magnitudes=True)


# --- the accuracy rule -----------------------------------------------------------------------

# The kernel evaluates in fp32 and rounds each result once, to nearest even, to its dtype.
# Accepted: |result - float64 value| <= half an ulp of the output dtype at the result (that
# rounding; zero for float32, whose rounding is part of the evaluation) plus FP32_EVAL_ULPS
# fp32 ulps of the terms' magnitude (the evaluation: the kernel measures at most 2.2 on the
# test sweep, saturated gates and scaled gradients included), and never less than FP32_TINY.
# grad_bias sums its terms in fp32 as well, so the same bound applies to the sum of its
# terms' magnitudes.
FP32_EVAL_ULPS = 8
FP32_EPSILON = float(np.finfo(np.float32).eps)  # one fp32 ulp at 1.0: 2^-23
# The floor of the evaluation's bound: fp32's smallest normal, 2^-126. Below it fp32's spacing
# is absolute (2^-149), so a subnormal result is off by more than 8 ulps of its terms'
# magnitude even when it is exactly numpy's float32 value; the floor accepts that, and no
# more than an error below the smallest normal. (bfloat16 has fp32's range; float16's
# subnormals are covered by its half ulp, which `ulp` takes at their spacing.)
FP32_TINY = float(np.finfo(np.float32).tiny)
NARROW_DTYPES = {"float16": np.dtype(np.float16), "bfloat16": np.dtype(ml_dtypes.bfloat16)}


def ulp(values: Any, dtype: Any) -> np.ndarray:
    """The spacing of `dtype`'s values at each |value| (its subnormal spacing at the bottom)."""
    info = ml_dtypes.finfo(dtype) if np.dtype(dtype) == np.dtype(ml_dtypes.bfloat16) else np.finfo(dtype)
    magnitude = np.abs(np.asarray(values, dtype=np.float64))
    _, exponent = np.frexp(magnitude)  # magnitude = m * 2^exponent, m in [0.5, 1)
    binade = np.where(magnitude > 0, exponent - 1, info.minexp)
    return np.ldexp(1.0, np.maximum(binade, info.minexp) - info.nmant)


def tolerance(expected: np.ndarray, magnitude: np.ndarray, dtype: Any) -> np.ndarray:
    """The largest |result - expected| the contract accepts for a result of `dtype`, given the
    float64 value and the magnitude of its terms (`term_magnitudes`)."""
    bound = np.maximum(FP32_EVAL_ULPS * FP32_EPSILON * np.asarray(magnitude, dtype=np.float64), FP32_TINY)
    name = np.dtype(dtype).name
    if name in NARROW_DTYPES:
        bound = bound + 0.5 * ulp(expected, NARROW_DTYPES[name])
    return bound


def accepted(result: Any, expected: Any, magnitude: Any) -> np.ndarray:
    """Per element: does `result` (an output of the op, in its dtype) meet the contract against
    the float64 `expected` with terms of `magnitude`? The correctly rounded value always does
    (an overflow to Inf included), and NaN where the float64 value is NaN."""
    result = np.asarray(result)
    got = result.astype(np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        error = np.abs(got - expected)
        ok = error <= tolerance(np.maximum(np.abs(expected), np.abs(got)), magnitude, result.dtype)
        ok |= got == expected.astype(result.dtype).astype(np.float64)
    return ok | (np.isnan(got) & np.isnan(expected))


# --- random inputs ---------------------------------------------------------------------------

INPUT_NAMES = _signature.INPUT_NAMES


def random_inputs(batch: int, hidden: int, dtype: Any = "float32", *, grad_hy: bool = True, grad_c: bool = True,
                  seed: int = 0, saturated: bool = False, scale: float = 1.0) -> Dict[str, Optional[np.ndarray]]:
    """Inputs for the op as numpy arrays of `dtype`, keyed by `INPUT_NAMES`: gate activations
    as a forward pass leaves them (i, f, o in (0, 1), g in (-1, 1)); cx, cy in [-2, 2]; the
    incoming gradients in [-scale, scale], or None when not asked for.

    `saturated` puts every gate within 1e-7..1e-3 of an end of its range, as a saturated LSTM
    leaves it (where x - x*x would lose the small 1-x that 1-x first keeps)."""
    rng = np.random.default_rng(seed)
    def gate(low: float, high: float) -> np.ndarray:
        if not saturated:
            return rng.uniform(low + 0.01, high - 0.01, (batch, hidden))
        end = rng.choice([low, high], size=(batch, hidden))
        return end - np.sign(end - (low + high) / 2) * rng.uniform(1e-7, 1e-3, (batch, hidden))
    uniform = lambda bound: rng.uniform(-bound, bound, (batch, hidden))  # noqa: E731
    storage = np.concatenate([gate(0, 1), gate(0, 1), gate(-1, 1), gate(0, 1)], axis=1)
    cx, cy = uniform(2.0), uniform(2.0)
    dhy, dc = uniform(scale), uniform(scale)
    values = {"grad_hy": dhy if grad_hy else None, "grad_c": dc if grad_c else None,
              "cx": cx, "cy": cy, "storage": storage}
    return {name: None if value is None else value.astype(dtype) for name, value in values.items()}
