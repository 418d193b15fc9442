"""Independent references for the PyTorch adapter's tests: the op's formulas written out again
in float64 torch (DESIGN.md section 4; nothing here calls the adapter or the package) and the
tolerance rules."""
from __future__ import annotations

import torch

ABS_FLOOR = 1e-6


def make_inputs(batch, hidden, dtype=torch.float32, seed=0, grad_hy=True, grad_cy=True):
    """grad_hy, grad_cy, cx, cy, workspace: activations as a forward pass leaves them (i, f, o
    in (0, 1), g in (-1, 1)); states and gradients spread over [-2, 2]."""
    generator = torch.Generator().manual_seed(seed)
    uniform = lambda low, high, cols: (torch.rand(batch, cols, generator=generator, dtype=torch.float64)  # noqa: E731
                                       * (high - low) + low).to(dtype)
    workspace = torch.cat([uniform(0.01, 0.99, hidden), uniform(0.01, 0.99, hidden),
                           uniform(-0.99, 0.99, hidden), uniform(0.01, 0.99, hidden)], dim=1)
    return (uniform(-2, 2, hidden) if grad_hy else None, uniform(-2, 2, hidden) if grad_cy else None,
            uniform(-2, 2, hidden), uniform(-2, 2, hidden), workspace)


def formulas(grad_hy, grad_cy, cx, cy, workspace):
    """(grad_gates, grad_cx, grad_bias, sum of |terms| of grad_bias) in the inputs' dtype
    (float64 for a reference); differentiable, so autograd of it is a reference too."""
    hidden = cx.shape[1]
    zeros = torch.zeros_like(cx)
    dhy = zeros if grad_hy is None else grad_hy
    dc = zeros if grad_cy is None else grad_cy
    i, f, g, o = (workspace[:, k * hidden:(k + 1) * hidden] for k in range(4))
    t = torch.tanh(cy)
    gct = dhy * o * (1 - t ** 2) + dc
    gates = torch.cat([gct * g * i * (1 - i), gct * cx * f * (1 - f), gct * i * (1 - g ** 2),
                       dhy * t * o * (1 - o)], dim=1)
    return gates, gct * f, gates.sum(0), gates.abs().sum(0)


def as64(tensor):
    return None if tensor is None else tensor.detach().to(torch.float64)


def assert_within(ours, reference, rtol, scale=None, name="result"):
    """|ours - reference| <= rtol * (|reference| + scale) + ABS_FLOOR elementwise; `scale` is
    the magnitude of the terms a sum cancelled (a tensor or a number; default 0)."""
    ours64, reference64 = as64(ours), as64(reference)
    assert ours64.shape == reference64.shape, f"{name}: shape {tuple(ours64.shape)} != {tuple(reference64.shape)}"
    bound = rtol * (reference64.abs() + (0 if scale is None else scale)) + ABS_FLOOR
    excess = (ours64 - reference64).abs() - bound
    worst = int(excess.argmax()) if excess.numel() else 0
    assert not (excess > 0).any(), (
        f"{name}: {(excess > 0).sum().item()} of {excess.numel()} elements out of tolerance; worst at flat "
        f"index {worst}: {ours64.flatten()[worst].item()!r} vs {reference64.flatten()[worst].item()!r}")


def assert_matches_formulas(results, inputs, dtype):
    """The op's three results against the float64 formulas written out here, within the
    package's contract tolerances (``lstm_cell_grad.compare``: float32 1e-5 relative, float16
    and bfloat16 1 ulp of the rounded result, grad_bias also relative to the sum of |terms|);
    float64, the exact path, within 1e-12 relative."""
    import lstm_cell_grad
    assert all(r is None or r.dtype == dtype for r in results)
    gates, dcx, bias, bias_abs = formulas(*map(as64, inputs))
    if dtype == torch.float64:
        assert_within(results[0], gates, 1e-12, name="grad_gates")
        assert_within(results[1], dcx, 1e-12, name="grad_cx")
        if results[2] is not None:
            assert_within(results[2], bias, 1e-12, scale=bias_abs, name="grad_bias")
        return
    for name, got, want, scale in (("grad_gates", results[0], gates, None), ("grad_cx", results[1], dcx, None),
                                   ("grad_bias", results[2], bias, bias_abs)):
        if got is not None:
            comparison = lstm_cell_grad.compare(name, got, want.numpy(), None if scale is None else scale.numpy())
            assert comparison.ok, str(comparison)
