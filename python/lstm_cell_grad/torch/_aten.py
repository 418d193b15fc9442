"""The op as the CPU kernel of ``aten::_thnn_fused_lstm_cell_backward_impl``, registered when
``lstm_cell_grad.torch`` is imported.

PyTorch registers that aten op for CUDA only (no CPU kernel exists, so this registration
replaces nothing). The NPU adapter (``framework/torch_npu``) registers the op for it under
PrivateUse1, which is how NPU LSTM cells reach the op; this is the same registration for the
CPU, so that the aten op, and the composite ``aten::_thnn_fused_lstm_cell_backward`` over it,
run here with aten's semantics: grad_bias undefined (None) without bias, all three results
undefined when both incoming gradients are. It does not change ``torch.nn.LSTMCell`` on the
CPU, which never takes the fused path (``RNN.cpp`` takes it for CUDA, XPU and PrivateUse1 only).
"""
from __future__ import annotations

from typing import Optional

import torch

from ._ops import _cpu_kernel

ATEN_OP = "_thnn_fused_lstm_cell_backward_impl"

_registration: Optional[torch.library.Library] = None


def _aten_cpu_kernel(grad_hy, grad_cy, cx, cy, workspace, has_bias):
    if grad_hy is None and grad_cy is None:
        return None, None, None  # as aten's CUDA kernel: nothing flows back
    return _cpu_kernel(grad_hy, grad_cy, cx, cy, workspace, has_bias)


def register_aten_cpu_kernel() -> torch.library.Library:
    """Registers the op as the CPU kernel of ``aten::_thnn_fused_lstm_cell_backward_impl``
    (importing ``lstm_cell_grad.torch`` already did) and returns the ``torch.library.Library``
    that holds the registration (kept by this module, so it lasts as long as the process).
    Every dtype of the op: float32, float16, bfloat16 on the kernel; float64 exactly."""
    global _registration
    if _registration is None:
        library = torch.library.Library("aten", "IMPL")
        library.impl(ATEN_OP, _aten_cpu_kernel, "CPU")
        _registration = library
    return _registration
