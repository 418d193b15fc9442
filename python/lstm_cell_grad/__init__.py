"""aclnnThnnFusedLstmCellBackward from Python: the LSTM-cell backward step (the gate math after
the matmuls, plus the bias gradient) on numpy arrays and torch CPU tensors, run through the
op's two-phase aclnn API on the sim (the CPU stand-in for CANN).

    >>> import lstm_cell_grad as lcg
    >>> inputs = lcg.random_inputs(4, 8)   # grad_hy, grad_c, cx, cy, storage (numpy, float32)
    >>> grad_gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True)
    >>> grad_gates.shape, grad_cx.shape, grad_bias.shape
    ((4, 32), (4, 8), (32,))

See ``python -m lstm_cell_grad --help`` for the command line (example, check, plan, socs, profile, tune, bench).
"""
from typing import Any

from ._api import backend, last_launch, thnn_fused_lstm_cell_backward
from ._check import Comparison, compare, compare_outputs
from ._contract import random_inputs, reference, term_magnitudes
from ._errors import AclnnError
from ._plan import TilingOverrides, plan
from ._profile import Profile, min_gm_bytes, profile
from ._socs import socs
from . import _C, _plan, _socs, _stale

_stale.warn_if_stale(_C.__file__)  # an edit not yet rebuilt is said, not run silently


def __getattr__(name: str) -> Any:
    """Plan and SocInfo, made on first use: their fields are read from the extension, and
    importing the package calls nothing in it."""
    if name == "Plan":
        return _plan.plan_class()
    if name == "SocInfo":
        return _socs.soc_info_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "AclnnError", "Comparison", "Plan", "Profile", "SocInfo", "TilingOverrides", "backend", "compare",
    "compare_outputs", "last_launch", "min_gm_bytes", "plan", "profile", "random_inputs", "reference", "socs",
    "term_magnitudes", "thnn_fused_lstm_cell_backward",
]
