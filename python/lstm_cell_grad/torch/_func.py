"""torch.func and the op: a vmap rule, and a clear refusal of the differentiating transforms.

vmap: the op is elementwise over the batch, so a vmapped dimension folds into the batch: one
call on ``[V * B, ...]``, the results unfolded to ``[V, B, ...]``; grad_bias, a sum over each
instance's batch, is summed per instance (in fp32 for the 16-bit dtypes, as the kernel does).

grad, vjp, jacrev, jvp (torch.func): not supported. The op's autograd formula is registered
with ``torch.library.register_autograd``, whose generated autograd.Function torch.func does
not take, and ``LSTMCellFunction`` uses the classic ``forward(ctx, ...)``. The Python entry
points (``thnn_fused_lstm_cell_backward``, ``LSTMCell``, ``lstm_cell``, ``LSTM``) say so
instead of torch's message about autograd.Function (the cell under vmap too);
``torch.autograd.grad`` / ``backward`` work as usual (first and second order).
"""
from __future__ import annotations

from typing import List

import torch

from ._derivatives import opmath_dtype

# The torch.func transforms that differentiate: what the op's autograd cannot run under.
_DIFFERENTIATING = ("Grad", "Jvp")


def active_transforms() -> List[str]:
    """The torch.func transforms active around the caller, outermost first ("Vmap", "Grad", ...);
    none while torch.compile traces (dynamo cannot trace the interpreter stack, and a compiled
    graph calls the op itself)."""
    if torch.compiler.is_compiling():
        return []
    from torch._functorch.pyfunctorch import retrieve_all_functorch_interpreters
    return [interpreter.key().name for interpreter in retrieve_all_functorch_interpreters()]


def refuse_differentiating_transforms(where: str) -> None:
    """RuntimeError naming `where` when torch.func.grad / vjp / jacrev / jvp is active."""
    active = [name for name in active_transforms() if name in _DIFFERENTIATING]
    if active:
        raise RuntimeError(
            f"{where}: torch.func.grad, vjp, jacrev and jvp are not supported (the op's autograd formula is "
            "not a torch.func-compatible autograd.Function); use torch.autograd.grad or .backward(), which "
            "support first and second order. torch.func.vmap of the op is supported.")


def refuse_every_transform(where: str) -> None:
    """RuntimeError naming `where` under any torch.func transform (LSTMCellFunction has none)."""
    active = [name for name in active_transforms() if name in _DIFFERENTIATING + ("Vmap",)]
    if active:
        raise RuntimeError(
            f"{where}: torch.func transforms (vmap, grad, vjp, jacrev, jvp) are not supported: its "
            "autograd.Function has no setup_context or vmap rule. Use torch.autograd.grad or .backward() "
            "(first and second order), and a batch dimension instead of vmap.")


def _fold(tensor, dim, size):
    """`tensor` with the vmapped dimension first and merged into the batch (a broadcast copy
    when it is not vmapped), or None."""
    if tensor is None:
        return None
    tensor = tensor.movedim(dim, 0) if dim is not None else tensor.unsqueeze(0).expand(size, *tensor.shape)
    return tensor.reshape(size * tensor.shape[1], tensor.shape[2])


def register_vmap_rule(qualname: str, op) -> None:
    def rule(info, in_dims, grad_hy, grad_cy, cx, cy, workspace, has_bias):
        size = info.batch_size
        dims = in_dims[:5]
        folded = [_fold(t, d, size) for t, d in zip((grad_hy, grad_cy, cx, cy, workspace), dims)]
        batch = folded[2].shape[0] // size if size else 0
        grad_gates, grad_cx, _ = op(*folded, False)
        grad_gates = grad_gates.reshape(size, batch, grad_gates.shape[1])
        grad_cx = grad_cx.reshape(size, batch, grad_cx.shape[1])
        grad_bias = None
        if has_bias:
            grad_bias = grad_gates.to(opmath_dtype(grad_gates.dtype)).sum(dim=1).to(grad_gates.dtype)
        return (grad_gates, grad_cx, grad_bias), (0, 0, 0 if has_bias else None)

    torch.library.register_vmap(qualname, rule)
