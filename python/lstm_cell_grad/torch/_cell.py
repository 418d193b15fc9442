"""A whole LSTM cell in PyTorch whose backward runs the op: the forward of PyTorch's fused cell
(``_thnn_fused_lstm_cell``: gates from two matmuls, activations, cy, hy, and the workspace of
activations) in torch operations, and a backward that hands the elementwise part to
``lstm_cell_grad::thnn_fused_lstm_cell_backward`` and the matmul part to torch.

Works on any device where the op has a kernel: CPU (the sim) here, NPU with the
``framework/torch_npu`` adapter loaded.
"""
from __future__ import annotations

from typing import Optional, Tuple

import torch
from torch import Tensor, nn

from ._derivatives import opmath_dtype
from ._func import refuse_every_transform
from ._ops import SUPPORTED_DTYPES, thnn_fused_lstm_cell_backward


def fused_lstm_cell_forward(input: Tensor, hx: Tensor, cx: Tensor, w_ih: Tensor, w_hh: Tensor,
                            b_ih: Optional[Tensor], b_hh: Optional[Tensor]) -> Tuple[Tensor, Tensor, Tensor]:
    """``(hy, cy, workspace)`` as ``_thnn_fused_lstm_cell(input @ w_ih^T, hx @ w_hh^T, cx, b_ih,
    b_hh)`` computes them: workspace ``[B, 4H]`` holds the activations i, f, g, o."""
    # PyTorch's fused cell computes float16 and bfloat16 gates in float32 (its accscalar_t) and
    # rounds the results once; so does this forward, so that cy and the workspace match.
    math_dtype = opmath_dtype(input.dtype)
    gates = (input @ w_ih.t()).to(math_dtype) + (hx @ w_hh.t()).to(math_dtype)
    for bias in (b_ih, b_hh):
        if bias is not None:
            gates = gates + bias.to(math_dtype)
    in_gate, forget_gate, cell_gate, out_gate = gates.chunk(4, dim=1)
    in_gate, forget_gate = torch.sigmoid(in_gate), torch.sigmoid(forget_gate)
    cell_gate, out_gate = torch.tanh(cell_gate), torch.sigmoid(out_gate)
    cy = forget_gate * cx.to(math_dtype) + in_gate * cell_gate
    hy = out_gate * torch.tanh(cy)
    workspace = torch.cat([in_gate, forget_gate, cell_gate, out_gate], dim=1)
    return hy.to(input.dtype), cy.to(input.dtype), workspace.to(input.dtype)


def _check_cell_arguments(input, hx, cx, w_ih, w_hh, b_ih, b_hh) -> None:
    named = {"input": input, "hx": hx, "cx": cx, "w_ih": w_ih, "w_hh": w_hh, "b_ih": b_ih, "b_hh": b_hh}
    if input.dtype not in SUPPORTED_DTYPES:
        raise TypeError(f"LSTMCellFunction: input has dtype {input.dtype}; supported: float32, float16, "
                        "bfloat16 (the op's kernel) and float64 (its exact path)")
    for name, tensor in named.items():
        if tensor is not None and tensor.dtype != input.dtype:
            raise TypeError(f"LSTMCellFunction: {name} has dtype {tensor.dtype}, input {input.dtype}: "
                            "all must match")
    if input.dim() != 2 or hx.dim() != 2:
        raise ValueError(f"LSTMCellFunction: input and hx must be [batch, features], got "
                         f"{tuple(input.shape)} and {tuple(hx.shape)}")
    batch, hidden = hx.shape
    expected = {"input": (batch, w_ih.shape[-1]), "cx": (batch, hidden), "w_ih": (4 * hidden, input.shape[1]),
                "w_hh": (4 * hidden, hidden), "b_ih": (4 * hidden,), "b_hh": (4 * hidden,)}
    for name, shape in expected.items():
        tensor = named[name]
        if tensor is not None and tuple(tensor.shape) != shape:
            raise ValueError(f"LSTMCellFunction: {name} must have shape {shape} (from hx {tuple(hx.shape)} "
                             f"and input {tuple(input.shape)}), got {tuple(tensor.shape)}")


class LSTMCellFunction(torch.autograd.Function):
    """One LSTM-cell step ``(input, hx, cx, w_ih, w_hh, b_ih, b_hh) -> (hy, cy)`` with PyTorch's
    gate order i, f, g, o; ``b_ih`` / ``b_hh`` may be None.

    The backward calls ``thnn_fused_lstm_cell_backward(grad_hy, grad_cy, cx, cy, workspace,
    has_bias)`` for grad_gates / grad_cx / grad_bias (an unused output's gradient reaches it
    as None, not as zeros), then ``grad_gates`` times the weights / inputs for the rest.
    float32, float16 and bfloat16 run the op's kernel; float64 its exact path (the float64
    formulas), so that ``torch.autograd.gradcheck`` holds at its default tolerances.

    Under ``create_graph=True`` (double backward) it does what PyTorch's own fused cell does:
    the gradients come from ``aten::_thnn_differentiable_lstm_cell_backward``, PyTorch's
    differentiable formula, over the recomputed gates, so that second-order gradients reach
    every input (``gradgradcheck``).
    """

    @staticmethod
    def forward(ctx, input, hx, cx, w_ih, w_hh, b_ih=None, b_hh=None):
        _check_cell_arguments(input, hx, cx, w_ih, w_hh, b_ih, b_hh)
        hy, cy, workspace = fused_lstm_cell_forward(input, hx, cx, w_ih, w_hh, b_ih, b_hh)
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(input, hx, cx, w_ih, w_hh, b_ih, b_hh, cy, workspace)
        return hy, cy

    @staticmethod
    def backward(ctx, grad_hy, grad_cy):
        input, hx, cx, w_ih, w_hh, b_ih, b_hh, cy, workspace = ctx.saved_tensors
        needs = ctx.needs_input_grad
        if grad_hy is None and grad_cy is None:
            return (None,) * 7
        if torch.is_grad_enabled():
            return _differentiable_backward(needs, grad_hy, grad_cy, input, hx, cx, w_ih, w_hh, b_ih, b_hh)
        has_bias = needs[5] or needs[6]
        grad_gates, grad_cx, grad_bias = thnn_fused_lstm_cell_backward(grad_hy, grad_cy, cx, cy, workspace, has_bias)
        return _input_gradients(needs, grad_gates, grad_cx, grad_bias, input, hx, w_ih, w_hh)


def _input_gradients(needs, grad_gates, grad_cx, grad_bias, input, hx, w_ih, w_hh):
    """The seven gradients of the cell's inputs from the op's results: the matmul part."""
    return (grad_gates @ w_ih if needs[0] else None,
            grad_gates @ w_hh if needs[1] else None,
            grad_cx if needs[2] else None,
            grad_gates.t() @ input if needs[3] else None,
            grad_gates.t() @ hx if needs[4] else None,
            grad_bias if needs[5] else None,
            # Its own tensor: the two biases' .grad must not alias each other.
            (grad_bias.clone() if needs[5] else grad_bias) if needs[6] else None)


def _differentiable_backward(needs, grad_hy, grad_cy, input, hx, cx, w_ih, w_hh, b_ih, b_hh):
    """create_graph=True: the gradients as differentiable functions of every input, through
    PyTorch's formula for its fused cell (the derivative of ``_thnn_fused_lstm_cell`` takes
    the same branch when grad mode is on). The saved cy carries no history; it is recomputed."""
    input_gates, hidden_gates = input @ w_ih.t(), hx @ w_hh.t()
    _, cy, _ = fused_lstm_cell_forward(input, hx, cx, w_ih, w_hh, b_ih, b_hh)
    grad_gates, _, grad_cx, _, _ = torch.ops.aten._thnn_differentiable_lstm_cell_backward(
        grad_hy, grad_cy, input_gates, hidden_gates, b_ih, b_hh, cx, cy)
    grad_bias = grad_gates.sum(0) if needs[5] or needs[6] else None
    return _input_gradients(needs, grad_gates, grad_cx, grad_bias, input, hx, w_ih, w_hh)


def lstm_cell(input: Tensor, hx: Optional[Tuple[Tensor, Tensor]], w_ih: Tensor, w_hh: Tensor,
              b_ih: Optional[Tensor] = None, b_hh: Optional[Tensor] = None) -> Tuple[Tensor, Tensor]:
    """``torch._VF.lstm_cell``'s arguments: one step, ``(hy, cy)``, backward through the op.

    ``input`` is ``[B, I]`` or unbatched ``[I]`` (then hx, cx are ``[H]`` and so are the
    results); ``hx`` is ``(h, c)`` or None for zeros.
    """
    unbatched = input.dim() == 1
    if unbatched:
        input = input.unsqueeze(0)
    if hx is None:
        zeros = input.new_zeros((input.shape[0], w_hh.shape[1]))
        h, c = zeros, zeros
    else:
        h, c = hx
        if unbatched:
            h, c = h.unsqueeze(0), c.unsqueeze(0)
    refuse_every_transform("lstm_cell_grad.torch.LSTMCell")
    hy, cy = LSTMCellFunction.apply(input, h, c, w_ih, w_hh, b_ih, b_hh)
    return (hy.squeeze(0), cy.squeeze(0)) if unbatched else (hy, cy)


class LSTMCell(nn.LSTMCell):
    """``torch.nn.LSTMCell`` (same parameters, state_dict and call) whose backward runs the op.

    A drop-in replacement: ``load_state_dict`` of an ``nn.LSTMCell`` works, and so do
    ``.float()``, ``.half()``, ``.bfloat16()`` (the op's kernel) and ``.double()`` (its exact
    float64 path).
    """

    def forward(self, input: Tensor, hx: Optional[Tuple[Tensor, Tensor]] = None) -> Tuple[Tensor, Tensor]:
        """One step: ``(h_1, c_1)`` from ``input`` and ``hx = (h_0, c_0)``.

        Args:
            input: ``[batch, input_size]``, or ``[input_size]`` unbatched.
            hx: ``(h_0, c_0)``, each ``[batch, hidden_size]`` (``[hidden_size]`` unbatched);
                None for zeros.

        Returns:
            ``(h_1, c_1)`` with the shape of ``h_0``; their backward runs
            ``lstm_cell_grad::thnn_fused_lstm_cell_backward`` for the elementwise part.
        """
        return lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
