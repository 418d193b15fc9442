"""Independent references for the op's tests: the formulas of DESIGN.md section 4 in
float64, PyTorch's CPU autograd of an LSTM cell, and the tolerance rules of section 8."""
from __future__ import annotations

import numpy as np


def random_inputs(batch, hidden, dtype, rng, grad_hy=True, grad_c=True):
    """Activations as an LSTM forward leaves them: i, f, o in (0, 1), g in (-1, 1)."""
    def sample(low, high, shape):
        return rng.uniform(low, high, size=shape).astype(dtype)
    storage = np.concatenate([sample(0.01, 0.99, (batch, hidden)), sample(0.01, 0.99, (batch, hidden)),
                              sample(-0.99, 0.99, (batch, hidden)), sample(0.01, 0.99, (batch, hidden))], axis=1)
    cx = sample(-2, 2, (batch, hidden))
    cy = sample(-2, 2, (batch, hidden))
    dhy = sample(-1, 1, (batch, hidden)) if grad_hy else None
    dc = sample(-1, 1, (batch, hidden)) if grad_c else None
    return dhy, dc, cx, cy, np.ascontiguousarray(storage)


def _gate_terms(dhy, dc, cx, cy, storage, magnitudes):
    """gradGates and gradCx in float64; with `magnitudes`, the two terms of
    gct = dhy*o*(1-t^2) + dc are added by absolute value (the scale fp32 rounds at, which
    cancellation can hide) and the results are absolute values."""
    cx, cy, storage = (np.asarray(a, np.float64) for a in (cx, cy, storage))
    hidden = cx.shape[1]
    i, f, g, o = (storage[:, k * hidden:(k + 1) * hidden] for k in range(4))
    dhy = np.zeros_like(cx) if dhy is None else np.asarray(dhy, np.float64)
    dc = np.zeros_like(cx) if dc is None else np.asarray(dc, np.float64)
    t = np.tanh(cy)
    gct = np.abs(dhy * o * (1 - t * t)) + np.abs(dc) if magnitudes else dhy * o * (1 - t * t) + dc
    gates = np.concatenate([gct * g * i * (1 - i), gct * cx * f * (1 - f), gct * i * (1 - g * g),
                            dhy * t * o * (1 - o)], axis=1)
    grad_cx = gct * f
    return (np.abs(gates), np.abs(grad_cx)) if magnitudes else (gates, grad_cx)


def formulas(dhy, dc, cx, cy, storage, has_bias):
    """gradGates, gradCx, gradBias in float64, plus sum |terms| of gradBias (for its tolerance)."""
    gates, grad_cx = _gate_terms(dhy, dc, cx, cy, storage, magnitudes=False)
    grad_bias = gates.sum(axis=0) if has_bias else None
    bias_abs = np.abs(gates).sum(axis=0) if has_bias else None
    return gates, grad_cx, grad_bias, bias_abs


def term_magnitudes(dhy, dc, cx, cy, storage):
    """|gradGates| and |gradCx| with every term of gct taken by its absolute value: where the
    two terms cancel (large gradients) the result is far smaller than what fp32 summed."""
    return _gate_terms(dhy, dc, cx, cy, storage, magnitudes=True)


def assert_close(actual, expected, dtype, name, bias_abs=None):
    """DESIGN.md section 8: fp32 relative 1e-5 with a 1e-6 absolute floor; fp16 (and bf16,
    this project's extension) within 1 ulp of the float64 result rounded to that format;
    gradBias also within 1e-5 of sum |terms|."""
    actual64 = np.asarray(actual, np.float64)
    if dtype == np.float32:
        tol = np.maximum(1e-5 * np.abs(expected), 1e-6)
    elif dtype == np.float16:
        rounded = expected.astype(np.float16)
        ulp = np.spacing(np.abs(rounded)).astype(np.float64)
        tol = np.maximum(ulp, 1e-6)
    else:
        tol = np.maximum(bf16_ulp(expected), 1e-6)
    if bias_abs is not None:
        tol = tol + 1e-5 * bias_abs
    err = np.abs(actual64 - expected)
    bad = ~(err <= tol)
    if bad.any():
        idx = np.unravel_index(np.argmax(np.where(bad, err - tol, -np.inf)), err.shape)
        raise AssertionError(f"{name}: {int(bad.sum())} of {bad.size} elements out of tolerance; worst at {idx}: "
                             f"got {actual64[idx]!r}, expected {expected[idx]!r}, tol {tol[idx]!r}")


def bf16_ulp(values):
    """The spacing of bfloat16 (8 significant bits) at each float64 value rounded to bfloat16:
    2^(e - 8) for |v| = m * 2^e, m in [0.5, 1); the subnormal spacing 2^-133 at the bottom."""
    import ml_dtypes
    rounded = np.abs(np.asarray(values, np.float64).astype(ml_dtypes.bfloat16).astype(np.float64))
    _, exponent = np.frexp(rounded)
    return np.ldexp(1.0, np.maximum(exponent - 8, -133))


def torch_autograd(dhy, dc, cx, cy, storage, has_bias):
    """PyTorch's CPU autograd of an LSTM cell, fed pre-activations that give `storage`."""
    import torch
    s = torch.from_numpy(np.asarray(storage, np.float64))
    hidden = s.shape[1] // 4
    i, f, g, o = (s[:, k * hidden:(k + 1) * hidden] for k in range(4))
    pre = torch.cat([torch.logit(i), torch.logit(f), torch.atanh(g), torch.logit(o)], dim=1)
    zeros = torch.zeros_like(pre)
    bias = torch.zeros(4 * hidden, dtype=torch.float64) if has_bias else None
    as_t = lambda a: None if a is None else torch.from_numpy(np.asarray(a, np.float64))
    out = torch.ops.aten._thnn_differentiable_lstm_cell_backward(
        as_t(dhy), as_t(dc), pre, zeros, bias, bias, as_t(cx), as_t(cy))
    grad_gates, _, grad_cx, grad_bias, _ = out
    return grad_gates.numpy(), grad_cx.numpy(), None if grad_bias is None else grad_bias.numpy()
