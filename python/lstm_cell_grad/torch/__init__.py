"""aclnnThnnFusedLstmCellBackward for PyTorch users (``pip install lstm_cell_grad[torch]``).

Importing this subpackage registers, with ``torch.library``:

- ``torch.ops.lstm_cell_grad.thnn_fused_lstm_cell_backward``: the op with a CPU kernel (the
  sim, through the op's aclnn API), a fake kernel (FakeTensor, ``torch.compile``,
  ``torch.export``) and an autograd formula (double backward);
- the CPU kernel of ``aten::_thnn_fused_lstm_cell_backward_impl`` (PyTorch has CUDA only);

and provides ``LSTMCell`` and ``LSTM``, drop-in replacements for ``torch.nn.LSTMCell`` and
``torch.nn.LSTM`` whose backward runs the op.

    >>> import torch
    >>> import lstm_cell_grad.torch as lcgt
    >>> cell = lcgt.LSTMCell(10, 8)                     # a torch.nn.LSTMCell
    >>> hy, cy = cell(torch.randn(5, 10))
    >>> (hy.sum() + cy.sum()).backward()                # the elementwise part runs the op
    >>> lcgt.thnn_fused_lstm_cell_backward(None, torch.ones(5, 8), torch.randn(5, 8),
    ...     torch.randn(5, 8), torch.rand(5, 32), True)[0].shape
    torch.Size([5, 32])

Dtypes: float32, float16 and bfloat16 run the kernel; float64 runs the op's float64 formulas
exactly (not the kernel), for ``torch.autograd.gradcheck`` / ``gradgradcheck``.
"""
from ._aten import register_aten_cpu_kernel
from ._cell import LSTMCell, LSTMCellFunction, fused_lstm_cell_forward, lstm_cell
from ._lstm import LSTM
from ._ops import KERNEL_DTYPES, OP, QUALNAME, SCHEMA, SUPPORTED_DTYPES, thnn_fused_lstm_cell_backward

register_aten_cpu_kernel()

__all__ = [
    "KERNEL_DTYPES", "LSTM", "LSTMCell", "LSTMCellFunction", "OP", "QUALNAME", "SCHEMA", "SUPPORTED_DTYPES",
    "fused_lstm_cell_forward", "lstm_cell", "register_aten_cpu_kernel", "thnn_fused_lstm_cell_backward",
]
