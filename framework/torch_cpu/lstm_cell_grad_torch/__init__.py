"""aclnnThnnFusedLstmCellBackward in PyTorch: a ``torch.library`` operator and an LSTM cell
whose backward runs it. On the CPU the op runs on the sim (through the ``lstm_cell_grad``
package); on an NPU through the ``framework/torch_npu`` adapter.

    >>> import torch, lstm_cell_grad_torch as lcgt
    >>> cell = lcgt.LSTMCell(10, 8)                     # a torch.nn.LSTMCell
    >>> hy, cy = cell(torch.randn(5, 10))
    >>> (hy.sum() + cy.sum()).backward()                # the elementwise part runs the op
    >>> lcgt.thnn_fused_lstm_cell_backward(None, torch.ones(5, 8), torch.randn(5, 8),
    ...     torch.randn(5, 8), torch.rand(5, 32), True)[0].shape
    torch.Size([5, 32])

Importing this module defines ``torch.ops.lstm_cell_grad.thnn_fused_lstm_cell_backward``
(CPU kernel, fake kernel, autograd formula).
"""
from ._aten import register_aten_cpu_kernel
from ._cell import LSTMCell, LSTMCellFunction, fused_lstm_cell_forward, lstm_cell
from ._ops import OP, QUALNAME, SCHEMA, SUPPORTED_DTYPES, thnn_fused_lstm_cell_backward

__all__ = [
    "LSTMCell", "LSTMCellFunction", "OP", "QUALNAME", "SCHEMA", "SUPPORTED_DTYPES", "fused_lstm_cell_forward",
    "lstm_cell", "register_aten_cpu_kernel", "thnn_fused_lstm_cell_backward",
]
