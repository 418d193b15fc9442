"""NPU kernels of aclnnThnnFusedLstmCellBackward for torch_npu (PrivateUse1), registered on import.

UNTESTED: no torch_npu, CANN or NPU exists where this was written; this package has never been
built or imported (see framework/README.md for what was checked on the CPU instead).

    import torch, torch_npu
    import lstm_cell_grad_npu          # NPU LSTM cells now run the op in their backward
    import lstm_cell_grad.torch        # optional: the project's own op, LSTMCell and LSTM

The op's aclnn API is loaded from the installed custom opp package on first use
(``op_api_library()`` loads it now and says from where).
"""
import torch  # noqa: F401  (torch's libraries before the extension's)
import torch_npu  # noqa: F401  (the NPU device, PrivateUse1, must exist before the kernels run)

from . import _C


def op_api_library() -> str:
    """Loads the op's aclnn API now and returns the path of the libcust_opapi.so it came from;
    raises RuntimeError naming every library tried when the op package is not installed."""
    return _C.op_api_library()


__all__ = ["op_api_library"]
