"""Independent references and tolerance checks for the lstm_cell_grad package's tests.

Nothing here calls the package: the float64 formulas are written out again (DESIGN.md
section 4), PyTorch's autograd of an LSTM cell is the second reference, and the tolerance
rules of section 8 are implemented without the package's own `compare`.
"""
from __future__ import annotations

import numpy as np

ABS_FLOOR = 1e-6


def make_inputs(batch, hidden, dtype=np.float32, seed=0, grad_hy=True, grad_c=True):
    """grad_hy, grad_c, cx, cy, storage as numpy arrays: gate activations as a forward pass
    leaves them (i, f, o in (0, 1), g in (-1, 1)); states and gradients spread over [-2, 2]."""
    rng = np.random.default_rng(seed)
    uniform = lambda low, high, cols: rng.uniform(low, high, (batch, cols)).astype(dtype)  # noqa: E731
    storage = np.concatenate([uniform(0.01, 0.99, hidden), uniform(0.01, 0.99, hidden),
                              uniform(-0.99, 0.99, hidden), uniform(0.01, 0.99, hidden)], axis=1)
    return (uniform(-2, 2, hidden) if grad_hy else None, uniform(-2, 2, hidden) if grad_c else None,
            uniform(-2, 2, hidden), uniform(-2, 2, hidden), storage)


def as_float64(value):
    if value is None:
        return None
    if hasattr(value, "detach"):
        return value.detach().double().numpy()
    return np.asarray(value, dtype=np.float64)


def formulas(grad_hy, grad_c, cx, cy, storage):
    """(gradGates, gradCx, gradBias, sum |terms| of gradBias) in float64."""
    cx, cy, storage = as_float64(cx), as_float64(cy), as_float64(storage)
    hidden = cx.shape[1]
    dhy = np.zeros_like(cx) if grad_hy is None else as_float64(grad_hy)
    dc = np.zeros_like(cx) if grad_c is None else as_float64(grad_c)
    i, f, g, o = (storage[:, k * hidden:(k + 1) * hidden] for k in range(4))
    t = np.tanh(cy)
    gct = dhy * o * (1 - t ** 2) + dc
    gates = np.hstack([gct * g * i * (1 - i), gct * cx * f * (1 - f), gct * i * (1 - g ** 2), dhy * t * o * (1 - o)])
    return gates, gct * f, gates.sum(axis=0), np.abs(gates).sum(axis=0)


def torch_autograd(grad_hy, grad_c, cx, cy, storage):
    """(gradGates, gradCx, gradBias) from torch.ops.aten._thnn_differentiable_lstm_cell_backward
    in float64. It takes pre-activation gates: logit of the sigmoid gates and atanh of g, with
    zero hidden gates and biases, so that its activations are the storage."""
    import torch
    to_t = lambda a: None if a is None else torch.from_numpy(as_float64(a))  # noqa: E731
    s = to_t(storage)
    hidden = s.shape[1] // 4
    pre = torch.cat([torch.logit(s[:, :2 * hidden]), torch.atanh(s[:, 2 * hidden:3 * hidden]),
                     torch.logit(s[:, 3 * hidden:])], dim=1)
    zeros_bias = torch.zeros(4 * hidden, dtype=torch.float64)
    results = torch.ops.aten._thnn_differentiable_lstm_cell_backward(
        to_t(grad_hy), to_t(grad_c), pre, torch.zeros_like(pre), zeros_bias, zeros_bias, to_t(cx), to_t(cy))
    gates, _, grad_cx, grad_bias, _ = results
    if gates is None:  # both incoming gradients None: PyTorch returns no gradients (all zero)
        batch = s.shape[0]
        return np.zeros((batch, 4 * hidden)), np.zeros((batch, hidden)), np.zeros(4 * hidden)
    return gates.numpy(), grad_cx.numpy(), grad_bias.numpy()


def assert_close(actual, expected, name, abs_sum=None):
    """DESIGN.md section 8: float32 within 1e-5 relative; float16 no further than the float16
    neighbours of the float64 result rounded to float16; 1e-6 absolute always accepted;
    gradBias (abs_sum given) also within 1e-5 of sum |terms|."""
    if hasattr(actual, "detach"):
        actual = actual.detach().numpy()
    actual = np.asarray(actual)
    expected = np.asarray(expected, dtype=np.float64)
    assert actual.shape == expected.shape, f"{name}: shape {actual.shape}, expected {expected.shape}"
    error = np.abs(actual.astype(np.float64) - expected)
    if actual.dtype == np.float16:
        rounded = expected.astype(np.float16)
        below = np.nextafter(rounded, np.float16(-np.inf))
        above = np.nextafter(rounded, np.float16(np.inf))
        ok = (actual >= below) & (actual <= above)
    else:
        assert actual.dtype == np.float32, f"{name}: dtype {actual.dtype}"
        ok = error <= 1e-5 * np.abs(expected)
    ok |= error <= ABS_FLOOR
    if abs_sum is not None:
        ok |= error <= 1e-5 * abs_sum
    if not ok.all():
        worst = np.unravel_index(np.argmax(np.where(ok, 0, error)), error.shape)
        raise AssertionError(f"{name}: {int((~ok).sum())} of {ok.size} elements past tolerance; worst at {worst}: "
                             f"got {actual[worst]!r}, expected {expected[worst]!r}")


def assert_matches(results, expected, has_bias=True, name=""):
    """results = the op's (grad_gates, grad_cx, grad_bias); expected = formulas(...) or
    torch_autograd(...) (the bias tolerance uses sum |terms| from the formulas)."""
    gates, grad_cx, grad_bias = results
    assert_close(gates, expected[0], f"{name}gradGates")
    assert_close(grad_cx, expected[1], f"{name}gradCx")
    if has_bias:
        abs_sum = expected[3] if len(expected) > 3 else np.abs(expected[0]).sum(axis=0)
        assert_close(grad_bias, expected[2], f"{name}gradBias", abs_sum)
    else:
        assert grad_bias is None
