"""A float64 reference of the op's formulas (DESIGN.md section 4), independent of the kernel."""
from __future__ import annotations

import sys
from typing import Any, Optional, Tuple

import numpy as np


def _float64(value: Any) -> Optional[np.ndarray]:
    if value is None:
        return None
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        value = value.detach().cpu().double().numpy()  # exact for float16 / bfloat16 / float32
    return np.asarray(value, dtype=np.float64)


def reference(
    grad_hy: Optional[Any],
    grad_c: Optional[Any],
    cx: Any,
    cy: Any,
    storage: Any,
    has_bias: bool = True,
) -> Tuple[np.ndarray, np.ndarray, Optional[np.ndarray]]:
    """The LSTM-cell backward in float64 numpy: ``(grad_gates, grad_cx, grad_bias or None)``.

    Inputs are converted exactly to float64 (numpy arrays, torch tensors, or anything
    numpy accepts); a None gradient is zero. With ``t = tanh(cy)`` and storage gates
    ``i, f, g, o``::

        gct = dhy * o * (1 - t^2) + dc      dcx = gct * f
        do  = dhy * t * o * (1 - o)         di  = gct * g * i * (1 - i)
        df  = gct * cx * f * (1 - f)        dg  = gct * i * (1 - g^2)
        db  = sum over the batch of [di, df, dg, do]
    """
    cx64, cy64, storage64 = _float64(cx), _float64(cy), _float64(storage)
    dhy, dc = _float64(grad_hy), _float64(grad_c)
    zeros = np.zeros_like(cx64)
    dhy = zeros if dhy is None else dhy
    dc = zeros if dc is None else dc
    i, f, g, o = np.split(storage64, 4, axis=1)

    t = np.tanh(cy64)
    gct = dhy * o * (1.0 - t * t) + dc
    d_o = dhy * t * o * (1.0 - o)
    d_i = gct * g * i * (1.0 - i)
    d_f = gct * cx64 * f * (1.0 - f)
    d_g = gct * i * (1.0 - g * g)
    grad_gates = np.concatenate([d_i, d_f, d_g, d_o], axis=1)
    grad_cx = gct * f
    grad_bias = grad_gates.sum(axis=0) if has_bias else None
    return grad_gates, grad_cx, grad_bias
