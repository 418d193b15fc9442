"""numpy arrays and torch CPU tensors as the binding sees them: host memory, a shape,
element strides and an aclDataType code. Views are passed as they are (no copy), except
the few layouts an aclTensor cannot describe (negative or fractional strides, a byte
order other than the machine's), which travel through a contiguous copy."""
from __future__ import annotations

import sys
from typing import Any, List, Optional, Tuple

import numpy as np

from . import _C

NUMPY = "numpy"
TORCH = "torch"


def _torch_tensor_type() -> Optional[type]:
    torch = sys.modules.get("torch")  # a torch tensor can only exist once torch is imported
    return None if torch is None else torch.Tensor


def kind_of(name: str, value: Any) -> str:
    """'numpy' or 'torch'; TypeError for anything else."""
    if isinstance(value, np.ndarray):
        return NUMPY
    tensor_type = _torch_tensor_type()
    if tensor_type is not None and isinstance(value, tensor_type):
        return TORCH
    raise TypeError(f"{name} must be a numpy array or a torch tensor, not {type(value).__name__}")


def common_kind(named_values: dict) -> str:
    """The one kind of all the non-None values; TypeError when they mix numpy and torch."""
    kinds = {name: kind_of(name, value) for name, value in named_values.items() if value is not None}
    found = set(kinds.values())
    if len(found) > 1:
        listing = ", ".join(f"{name}: {kind}" for name, kind in kinds.items())
        raise TypeError(f"arguments mix numpy arrays and torch tensors ({listing}); pass one kind")
    return found.pop() if found else NUMPY


_NUMPY_DTYPE_CODES: dict = {}  # np.dtype -> aclDataType code: dtype.name costs microseconds per call


def _numpy_dtype_code(dtype: np.dtype) -> Optional[int]:
    """The aclDataType code of a numpy dtype (None: it has none), remembered per dtype."""
    code = _NUMPY_DTYPE_CODES.get(dtype)
    if code is None:
        code = _C.ACL_DTYPES.get(dtype.name)
        if code is not None:
            _NUMPY_DTYPE_CODES[dtype] = code
    return code


def to_numpy(name: str, value: Any) -> Tuple[np.ndarray, int]:
    """The host array behind `value` (sharing its memory) and its aclDataType code."""
    if isinstance(value, np.ndarray):
        known = _numpy_dtype_code(value.dtype)
        if known is not None:
            return value, known
        array = value
        dtype_name = value.dtype.name
    else:
        if value.device.type != "cpu":
            raise TypeError(f"{name} is on device '{value.device}'; only CPU tensors are supported")
        tensor = value.detach()
        dtype_name = str(tensor.dtype).replace("torch.", "")
        try:
            if dtype_name == "bfloat16":  # numpy has no bfloat16: pass its bits
                import torch
                array = tensor.view(torch.int16).numpy()
            else:
                array = tensor.resolve_conj().resolve_neg().numpy()
        except (TypeError, RuntimeError) as error:
            raise TypeError(f"{name}: torch dtype {tensor.dtype} cannot be passed ({error})") from None
    code = _C.ACL_DTYPES.get(dtype_name)
    if code is not None:
        return array, code
    raise TypeError(f"{name} has dtype {dtype_name}, which has no aclDataType")


def plain_numpy_args(values: Tuple[Any, ...]) -> Optional[List[Optional[Tuple[np.ndarray, int]]]]:
    """(array, aclDataType) per value (None stays None) when every value is None or a plain
    numpy array the binding takes as it is: a known dtype in native byte order, describable
    strides. Else None, and the caller takes the general path, which names what is wrong.
    Never raises: it only recognises the common case, so that case costs a few attribute
    reads instead of the general path's kind, conversion and staging work."""
    args: List[Optional[Tuple[np.ndarray, int]]] = []
    for value in values:
        if value is None:
            args.append(None)
            continue
        if type(value) is not np.ndarray:  # subclasses and torch tensors: the general path
            return None
        code = _numpy_dtype_code(value.dtype)
        if code is None or not value.dtype.isnative:
            return None
        itemsize = value.itemsize
        for stride in value.strides:
            if stride < 0 or stride % itemsize:
                return None
        args.append((value, code))
    return args


def describable(array: np.ndarray) -> bool:
    """Whether an aclTensor can describe the view in place: non-negative strides in whole
    elements, and the machine's byte order."""
    return array.dtype.isnative and all(s >= 0 and s % array.itemsize == 0 for s in array.strides)
