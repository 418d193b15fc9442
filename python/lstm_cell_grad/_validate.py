"""Integer arguments checked in Python before they reach the binding, so a bad one is an error
naming it, not pybind11's "incompatible function arguments" or a silent truncation
(``plan(3.7, 8)`` planning batch 3, ``True`` meaning 1)."""
from __future__ import annotations

from typing import Any

import numpy as np

# The C types the binding converts to: their ranges.
INT64_MAX = 2 ** 63 - 1
UINT32_MAX = 2 ** 32 - 1


def int_arg(name: str, value: Any, low: int, high: int) -> int:
    """`value` as a Python int in [low, high]; TypeError for a bool, float or any non-integer,
    ValueError out of range, each naming `name`."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}: {value!r}")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name} must be an int in [{low}, {high}], got {value}")
    return value
