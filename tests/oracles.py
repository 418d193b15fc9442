"""The two references every numeric test holds the op to.

1. The operator's contract, `lstm_cell_grad._contract`: the float64 formulas, the tolerance
   and the random inputs, written once there (and used by `python -m lstm_cell_grad check`);
   here only the assertions over them.
2. PyTorch's CPU autograd of an LSTM cell, which shares no code with the contract: a slip in
   the formulas written there would show against it.
"""
from __future__ import annotations

import numpy as np

import lstm_cell_grad as lcg
from lstm_cell_grad._check import OUTPUT_NAMES
from lstm_cell_grad._contract import cell_gradients, float64


def make_inputs(batch, hidden, dtype=np.float32, seed=0, **options):
    """[grad_hy, grad_c, cx, cy, storage] from the contract's generator (`lcg.random_inputs`:
    grad_hy / grad_c False for None, saturated, scale)."""
    return list(lcg.random_inputs(batch, hidden, np.dtype(dtype), seed=seed, **options).values())


def assert_meets_contract(results, inputs, has_bias=True, name=""):
    """The op's (grad_gates, grad_cx, grad_bias) for `inputs` meet the contract's tolerance
    against its float64 formulas; grad_bias is None without bias."""
    results = [None if r is None else (r.detach() if hasattr(r, "detach") else r) for r in results]
    assert np.shape(results[0]) == np.shape(inputs[4]), f"{name}gradGates shape {np.shape(results[0])}"
    assert np.shape(results[1]) == np.shape(inputs[2]), f"{name}gradCx shape {np.shape(results[1])}"
    if not has_bias:
        assert results[2] is None, f"{name}gradBias without bias"
    for comparison in lcg.compare_outputs(results, inputs, has_bias):
        assert comparison.ok, f"{name}{comparison}"


def torch_autograd(grad_hy, grad_c, cx, cy, storage, has_bias=True):
    """(grad_gates, grad_cx, grad_bias) in float64 numpy from PyTorch's own backward of an LSTM
    cell, ``aten._thnn_differentiable_lstm_cell_backward``. It takes pre-activation gates: the
    logit of the sigmoid gates and atanh of g, with zero hidden gates and biases, so that its
    activations are `storage`."""
    import torch
    to_t = lambda a: None if a is None else torch.from_numpy(float64(a))  # noqa: E731
    s = to_t(storage)
    hidden = s.shape[1] // 4
    pre = torch.cat([torch.logit(s[:, :2 * hidden]), torch.atanh(s[:, 2 * hidden:3 * hidden]),
                     torch.logit(s[:, 3 * hidden:])], dim=1)
    bias = torch.zeros(4 * hidden, dtype=torch.float64) if has_bias else None
    gates, _, grad_cx, grad_bias, _ = torch.ops.aten._thnn_differentiable_lstm_cell_backward(
        to_t(grad_hy), to_t(grad_c), pre, torch.zeros_like(pre), bias, bias, to_t(cx), to_t(cy))
    if gates is None:  # both incoming gradients None: PyTorch returns no gradients (all zero)
        gates, grad_cx = torch.zeros_like(pre), torch.zeros_like(to_t(cx))
        grad_bias = torch.zeros(4 * hidden, dtype=torch.float64)
    return gates.numpy(), grad_cx.numpy(), grad_bias.numpy() if has_bias else None


def assert_matches_autograd(results, inputs, has_bias=True, name=""):
    """The op's results against PyTorch's autograd, under the contract's tolerance (the
    magnitudes of the terms come from the contract; the values do not)."""
    expected = torch_autograd(*inputs, has_bias=has_bias)
    magnitudes = lcg.term_magnitudes(*inputs, has_bias=has_bias)
    for label, got, want, magnitude in zip(OUTPUT_NAMES, results, expected, magnitudes):
        if want is None:
            continue
        comparison = lcg.compare(label, got, want, magnitude)
        assert comparison.ok, f"{name}against PyTorch's autograd: {comparison}"


# --- torch tensors (the framework tests) -------------------------------------------------------


def torch_inputs(batch, hidden, dtype=None, seed=0, **options):
    """make_inputs as torch tensors of `dtype` (default float32): drawn in float64 and rounded
    once to `dtype`, for every dtype torch has (bfloat16 included)."""
    import torch
    arrays = make_inputs(batch, hidden, np.float64, seed, **options)
    return [None if a is None else torch.from_numpy(a).to(dtype or torch.float32) for a in arrays]


def torch_formulas(grad_hy, grad_c, cx, cy, storage):
    """(grad_gates, grad_cx, grad_bias): the contract's formulas (`cell_gradients`) as torch
    operations in the inputs' dtype, so differentiable (autograd of them is a reference for
    the op's own gradient)."""
    import torch
    zeros = torch.zeros_like(cx)
    dhy = zeros if grad_hy is None else grad_hy
    dc = zeros if grad_c is None else grad_c
    gates, grad_cx = cell_gradients(dhy, dc, cx, torch.tanh(cy), *storage.chunk(4, dim=1))
    grad_gates = torch.cat(gates, dim=1)
    return grad_gates, grad_cx, grad_gates.sum(0)


def assert_matches_formulas(results, inputs, dtype):
    """The op's three torch results (grad_bias may be None) for `inputs`: float64, the exact
    path of lstm_cell_grad.torch, within 1e-12 of the float64 formulas' terms; every other
    dtype under the contract's tolerance."""
    import torch
    assert all(r is None or r.dtype == dtype for r in results)
    has_bias = results[2] is not None
    if dtype != torch.float64:
        assert_meets_contract(results, inputs, has_bias)
        return
    expected = lcg.reference(*inputs, has_bias=has_bias)
    magnitudes = lcg.term_magnitudes(*inputs, has_bias=has_bias)
    for name, got, want, magnitude in zip(OUTPUT_NAMES, results, expected, magnitudes):
        if want is not None:
            error = np.abs(got.detach().numpy() - want)
            assert (error <= 1e-12 * magnitude).all(), f"{name}: float64 off by {error.max():.3g}"


def assert_within(ours, reference, rtol, scale=None, name="result"):
    """For whole LSTM runs, not the op: |ours - reference| <= rtol * (|reference| + scale) +
    1e-6 elementwise; `scale` is the magnitude of what a sum cancelled (a tensor or a number)."""
    import torch
    ours64, reference64 = (t.detach().to(torch.float64) for t in (ours, reference))
    assert ours64.shape == reference64.shape, f"{name}: shape {tuple(ours64.shape)} != {tuple(reference64.shape)}"
    bound = rtol * (reference64.abs() + (0 if scale is None else scale)) + 1e-6
    excess = (ours64 - reference64).abs() - bound
    worst = int(excess.argmax()) if excess.numel() else 0
    assert not (excess > 0).any(), (
        f"{name}: {(excess > 0).sum().item()} of {excess.numel()} elements out of tolerance; worst at flat "
        f"index {worst}: {ours64.flatten()[worst].item()!r} vs {reference64.flatten()[worst].item()!r}")
