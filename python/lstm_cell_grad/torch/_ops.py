"""The op as a PyTorch operator, ``torch.ops.lstm_cell_grad.thnn_fused_lstm_cell_backward``.

Its schema is that of ``aten::_thnn_fused_lstm_cell_backward_impl`` (the CUDA-only kernel that
PyTorch's fused LSTM cell calls in its backward), except that grad_bias is declared ``Tensor?``:
aten returns an undefined tensor there when has_bias is false, which a custom op must declare.
Registered here: the CPU kernel (float32, float16 and bfloat16: the op run through its aclnn
API on the sim, by the ``lstm_cell_grad`` package; float64: the exact path, see below), a fake
kernel (shapes only, for FakeTensor / torch.compile / torch.export) and an autograd formula (so that the op is itself differentiable, see
``_derivatives``). The NPU kernel of the same op is ``framework/torch_npu`` (PrivateUse1).

float64 is not a dtype of the kernel (the op's aclnn API page, ops-nn
rnn/thnn_fused_lstm_cell_grad/docs/aclnnThnnFusedLstmCellBackward.md, lists float32 and
float16; bfloat16 is this project's extension). A float64 call runs the op's float64
formulas instead (``lstm_cell_grad.reference``, numpy float64), so that
``torch.autograd.gradcheck`` and ``gradgradcheck`` work at their default tolerances; it never
reaches the sim.
"""
from __future__ import annotations

from typing import Optional, Tuple

import torch

# The package this subpackage belongs to, looked up at call time (tests may wrap its function).
import lstm_cell_grad

from ._derivatives import lstm_cell_backward_vjp
from ._func import refuse_differentiating_transforms, register_vmap_rule

NAMESPACE = "lstm_cell_grad"
OP_NAME = "thnn_fused_lstm_cell_backward"
QUALNAME = f"{NAMESPACE}::{OP_NAME}"
SCHEMA = ("(Tensor? grad_hy, Tensor? grad_cy, Tensor cx, Tensor cy, Tensor workspace, bool has_bias)"
          " -> (Tensor, Tensor, Tensor?)")
# What the kernel runs: the aclnn API page's float32 and float16, and bfloat16 (an extension).
KERNEL_DTYPES = (torch.float32, torch.float16, torch.bfloat16)
# What the op accepts: float64 runs the exact path (the float64 formulas, not the kernel).
SUPPORTED_DTYPES = KERNEL_DTYPES + (torch.float64,)

torch.library.define(QUALNAME, SCHEMA)

ACLNN_ERR_PARAM_INVALID = 161002
FIRST_PHASE = "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize"


def _exact_float64(grad_hy, grad_cy, cx, cy, workspace, has_bias):
    """The float64 path: the op's formulas in float64 (the package's reference), not the kernel."""
    results = lstm_cell_grad.reference(grad_hy, grad_cy, cx, cy, workspace, has_bias)
    return tuple(None if r is None else torch.from_numpy(r) for r in results)


# The aclnn API's tensor names in its messages, and this schema's names for them: under torch
# a message names the argument the caller passed.
_SCHEMA_NAMES = (("gradHyOptional", "grad_hy"), ("gradCOptional", "grad_cy"), ("storage", "workspace"),
                 ("hasBias", "has_bias"))


def _in_schema_names(error: "lstm_cell_grad.AclnnError") -> "lstm_cell_grad.AclnnError":
    message = error.message
    for c_name, schema_name in _SCHEMA_NAMES:
        message = message.replace(c_name, schema_name)
    return lstm_cell_grad.AclnnError(error.status, message, error.api)


def _cpu_kernel(grad_hy: Optional[torch.Tensor], grad_cy: Optional[torch.Tensor], cx: torch.Tensor,
                cy: torch.Tensor, workspace: torch.Tensor,
                has_bias: bool) -> Tuple[torch.Tensor, torch.Tensor, Optional[torch.Tensor]]:
    # The same checks for every dtype (one exception type per failure: AclnnError, status
    # 161002, naming the schema's argument); the package checks the rest through the aclnn
    # API and returns fresh contiguous tensors of cx's dtype.
    _check_arguments(grad_hy, grad_cy, cx, cy, workspace)
    if cx.dtype == torch.float64:
        return _exact_float64(grad_hy, grad_cy, cx, cy, workspace, has_bias)
    try:
        return lstm_cell_grad.thnn_fused_lstm_cell_backward(grad_hy, grad_cy, cx, cy, workspace, has_bias)
    except lstm_cell_grad.AclnnError as error:
        raise _in_schema_names(error) from None


def _invalid(message: str) -> "lstm_cell_grad.AclnnError":
    """What the aclnn API raises for this rule (ACLNN_ERR_PARAM_INVALID), in every dtype."""
    return lstm_cell_grad.AclnnError(ACLNN_ERR_PARAM_INVALID, f"{QUALNAME}: {message}", FIRST_PHASE)


def _check_arguments(grad_hy, grad_cy, cx, cy, workspace) -> None:
    """The shape and dtype rules of the aclnn API, where the fake kernel can state them (the
    real kernels check them again), raised as the aclnn API raises them (AclnnError) so that a
    failure is one exception type in every dtype and entry point."""
    if cx.dim() != 2:
        raise _invalid(f"cx must be [batch, hidden], got shape {tuple(cx.shape)}")
    if cx.dtype not in SUPPORTED_DTYPES:
        raise _invalid(f"cx has dtype {str(cx.dtype).replace('torch.', '')}; supported: float32, float16, "
                       "bfloat16 (the kernel) and float64 (the exact path)")
    batch, hidden = cx.shape
    expected = {"grad_hy": (batch, hidden), "grad_cy": (batch, hidden), "cy": (batch, hidden),
                "workspace": (batch, 4 * hidden)}
    for name, tensor in (("grad_hy", grad_hy), ("grad_cy", grad_cy), ("cy", cy), ("workspace", workspace)):
        if tensor is None:
            continue
        if not (tensor.dim() == 2 and tensor.shape[0] == expected[name][0] and tensor.shape[1] == expected[name][1]):
            raise _invalid(f"{name} must have shape {expected[name]} (from cx), got {tuple(tensor.shape)}")
        if tensor.dtype != cx.dtype:
            raise _invalid(f"{name} has dtype {str(tensor.dtype).replace('torch.', '')}, cx "
                           f"{str(cx.dtype).replace('torch.', '')}: all must match")


def _fake_kernel(grad_hy, grad_cy, cx, cy, workspace, has_bias):
    _check_arguments(grad_hy, grad_cy, cx, cy, workspace)
    batch, hidden = cx.shape
    return (cx.new_empty((batch, 4 * hidden)), cx.new_empty((batch, hidden)),
            cx.new_empty((4 * hidden,)) if has_bias else None)


def _setup_context(ctx, inputs, output) -> None:
    grad_hy, grad_cy, cx, cy, workspace, has_bias = inputs
    ctx.has_bias = has_bias
    ctx.save_for_backward(grad_hy, grad_cy, cx, cy, workspace)


def _backward(ctx, grad_of_grad_gates, grad_of_grad_cx, grad_of_grad_bias):
    grad_hy, grad_cy, cx, cy, workspace = ctx.saved_tensors
    if not ctx.has_bias:
        grad_of_grad_bias = None
    grads = lstm_cell_backward_vjp(grad_hy, grad_cy, cx, cy, workspace,
                                   grad_of_grad_gates, grad_of_grad_cx, grad_of_grad_bias)
    return (*grads, None)  # has_bias has no gradient


torch.library.impl(QUALNAME, "cpu", _cpu_kernel)
torch.library.register_fake(QUALNAME, _fake_kernel)
torch.library.register_autograd(QUALNAME, _backward, setup_context=_setup_context)

OP = getattr(getattr(torch.ops, NAMESPACE), OP_NAME).default
register_vmap_rule(QUALNAME, OP)


def thnn_fused_lstm_cell_backward(
    grad_hy: Optional[torch.Tensor],
    grad_cy: Optional[torch.Tensor],
    cx: torch.Tensor,
    cy: torch.Tensor,
    workspace: torch.Tensor,
    has_bias: bool = True,
) -> Tuple[torch.Tensor, torch.Tensor, Optional[torch.Tensor]]:
    """``torch.ops.lstm_cell_grad.thnn_fused_lstm_cell_backward``: the LSTM-cell backward after
    the matmuls, with ``aten::_thnn_fused_lstm_cell_backward_impl``'s arguments.

    Args:
        grad_hy, grad_cy: gradients of h and c after the step, ``[B, H]``; None is zero.
        cx: the cell state before the step, ``[B, H]``.
        cy: the cell state after the step, ``[B, H]``.
        workspace: the gate activations i, f, g, o, ``[B, 4H]`` (PyTorch's workspace layout).
        has_bias: whether to return ``grad_bias`` (the batch sum of ``grad_gates``).

    Returns:
        ``(grad_gates [B, 4H], grad_cx [B, H], grad_bias [4H] or None)``. Both gradients None
        gives zeros (aten's CUDA kernel returns undefined tensors there instead).

    float32, float16 and bfloat16 run the kernel (on the sim here); float64 runs the float64
    formulas exactly (for gradcheck). All tensors one dtype; any strides. Differentiable: the
    gradients of the results are computed with torch operations (``_derivatives``).
    """
    refuse_differentiating_transforms("lstm_cell_grad.torch.thnn_fused_lstm_cell_backward")
    return OP(grad_hy, grad_cy, cx, cy, workspace, has_bias)
