"""The autograd formula of the op itself: the vector-Jacobian product of its math
(docs/operator_contract.md) with respect to its inputs, in torch operations.

This is what second-order gradients of an LSTM cell need (``create_graph=True``: gradient
penalties, Hessian-vector products); first-order training never runs it. It is written with
differentiable torch operations, so higher orders follow. The forward is the formulas of
docs/operator_contract.md ("What it computes"; ``t = tanh(cy)``, ``gct``, ``di`` .. ``do`` as
there, with dhy, dc, dcx for grad_hy, grad_c, grad_cx and db for grad_bias). For cotangents
Gi, Gf, Gg, Go of the gate gradients (the bias cotangent broadcast over the batch added to
them) and Gcx of dcx, ``Ggct`` collects what flows back into gct.
"""
from __future__ import annotations

from typing import Optional, Tuple

import torch

Tensor = torch.Tensor


def opmath_dtype(dtype: torch.dtype) -> torch.dtype:
    """The dtype the math runs in: float32 for float16 and bfloat16 (as in the kernel and in
    PyTorch's fused cell), else the dtype itself."""
    return torch.float32 if dtype in (torch.float16, torch.bfloat16) else dtype


def lstm_cell_backward_vjp(
    grad_hy: Optional[Tensor], grad_cy: Optional[Tensor], cx: Tensor, cy: Tensor, workspace: Tensor,
    grad_of_grad_gates: Optional[Tensor], grad_of_grad_cx: Optional[Tensor], grad_of_grad_bias: Optional[Tensor],
) -> Tuple[Optional[Tensor], Optional[Tensor], Tensor, Tensor, Tensor]:
    """Gradients of ``<G, op(grad_hy, grad_cy, cx, cy, workspace)>`` with respect to
    ``(grad_hy, grad_cy, cx, cy, workspace)``, each in its input's dtype (None for an absent
    gradient input). A None cotangent is zero."""
    math_dtype = opmath_dtype(cx.dtype)
    up = lambda tensor: tensor.to(math_dtype)  # noqa: E731
    batch, hidden = cx.shape
    zeros = cx.new_zeros((batch, hidden), dtype=math_dtype)
    dhy = zeros if grad_hy is None else up(grad_hy)
    dc = zeros if grad_cy is None else up(grad_cy)
    cx_, cy_ = up(cx), up(cy)
    i, f, g, o = up(workspace).chunk(4, dim=1)

    cotangent_gates = cx.new_zeros((batch, 4 * hidden), dtype=math_dtype)
    if grad_of_grad_gates is not None:
        cotangent_gates = cotangent_gates + up(grad_of_grad_gates)
    if grad_of_grad_bias is not None:
        cotangent_gates = cotangent_gates + up(grad_of_grad_bias).unsqueeze(0)
    g_i, g_f, g_g, g_o = cotangent_gates.chunk(4, dim=1)
    g_cx = zeros if grad_of_grad_cx is None else up(grad_of_grad_cx)

    t = torch.tanh(cy_)
    one_minus_t2 = 1 - t * t
    gct = dhy * o * one_minus_t2 + dc
    g_gct = g_cx * f + g_i * g * i * (1 - i) + g_f * cx_ * f * (1 - f) + g_g * i * (1 - g * g)

    # Gradients with respect to each input (named wrt_<input>: grad_hy / grad_cy are inputs here).
    wrt_grad_hy = g_gct * o * one_minus_t2 + g_o * t * o * (1 - o)
    wrt_grad_cy = g_gct
    wrt_cx = g_f * gct * f * (1 - f)
    wrt_cy = one_minus_t2 * (g_o * dhy * o * (1 - o) - 2 * t * dhy * o * g_gct)
    wrt_i = gct * (g_i * g * (1 - 2 * i) + g_g * (1 - g * g))
    wrt_f = gct * (g_cx + g_f * cx_ * (1 - 2 * f))
    wrt_g = gct * i * (g_i * (1 - i) - 2 * g_g * g)
    wrt_o = dhy * (g_gct * one_minus_t2 + g_o * t * (1 - 2 * o))
    wrt_workspace = torch.cat([wrt_i, wrt_f, wrt_g, wrt_o], dim=1)

    return (None if grad_hy is None else wrt_grad_hy.to(grad_hy.dtype),
            None if grad_cy is None else wrt_grad_cy.to(grad_cy.dtype),
            wrt_cx.to(cx.dtype), wrt_cy.to(cy.dtype), wrt_workspace.to(workspace.dtype))
