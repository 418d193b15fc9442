"""The overlap rules the C API applies to an op's outputs, checked on the caller's own arrays
and tensors before any of them is copied (a staged copy would hide the aliasing). The rules
are the sim's one implementation (ascendc_sim/core/memory_overlap.h), reached through the
binding: an output must not share memory between its own elements, nor with another output,
and may meet an input only as the identical view (in place)."""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from . import _C
from ._errors import AclnnError

STATUS_INVALID = 161002  # ACLNN_ERR_PARAM_INVALID, as the C API reports overlaps

# (name, address of element 0, shape, byte strides (any sign), item size)
Extent = Tuple[str, int, Tuple[int, ...], Tuple[int, ...], int]


def extent_of(name: str, value: Any) -> Extent:
    if isinstance(value, np.ndarray):
        return (name, value.__array_interface__["data"][0], tuple(value.shape), tuple(value.strides),
                value.itemsize)
    size = value.element_size()  # a torch tensor: data_ptr() already includes the storage offset
    return (name, value.data_ptr(), tuple(value.shape), tuple(s * size for s in value.stride()), size)


def check_overlaps(inputs: List[Optional[Extent]], outputs: List[Optional[Extent]]) -> None:
    """Raises AclnnError (161002) naming the output, with the C API's message for the same views."""
    error = _C.output_overlap_error(inputs, outputs)
    if error is not None:
        raise AclnnError(STATUS_INVALID, error)
