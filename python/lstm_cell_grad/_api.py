"""The op on numpy arrays / torch CPU tensors: thnn_fused_lstm_cell_backward (its tiling and
the SoC table are in _plan and _socs)."""
from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

import numpy as np

from . import _C
from ._arrays import NUMPY, TORCH, common_kind, describable, plain_numpy_args, to_numpy
from ._errors import AclnnError
from ._overlap import check_overlaps, extent_of
from ._signature import INPUT_NAMES, OUTPUT_NAMES, REQUIRED_INPUTS
from ._socs import resolve_soc

Array = Any  # numpy.ndarray or torch.Tensor (torch is optional)

_CX = INPUT_NAMES.index("cx")  # batch and hidden size come from cx


def backend() -> str:
    """Where the op runs: "sim" (the CPU stand-in for CANN; no NPU backend is built)."""
    return "sim"


def _input_arg(name: str, value: Array) -> Optional[Tuple[np.ndarray, int]]:
    if value is None:
        return None
    array, code = to_numpy(name, value)
    if not describable(array):
        array = array.astype(array.dtype.newbyteorder("="), order="C")
    return array, code


def _output_arg(name: str, value: Array, writebacks: List[Callable[[], None]]):
    """The array the op writes for one output: the caller's own memory when an aclTensor can
    describe it, else a staging array copied back after success (through torch for tensors,
    so a negative bit is honoured)."""
    if value is None:
        return None
    if isinstance(value, np.ndarray):
        if not value.flags.writeable:
            raise ValueError(f"{name}: the array is read-only")
        array, code = to_numpy(name, value)
        if not describable(array):
            staging = np.empty(array.shape, dtype=array.dtype.newbyteorder("="))
            writebacks.append(lambda: array.__setitem__(Ellipsis, staging))
            return staging, code
        return array, code
    if value.is_conj():
        raise TypeError(f"{name} has the conjugate bit set; resolve it (resolve_conj()) before passing it as out")
    if value.is_neg():  # written through torch: copy_ stores the negation the bit implies
        import torch
        staging = torch.empty(value.shape, dtype=value.dtype)
        writebacks.append(lambda: value.copy_(staging))
        return to_numpy(name, staging)
    array, code = to_numpy(name, value)
    if not describable(array):
        staging = np.empty(array.shape, dtype=array.dtype.newbyteorder("="))
        writebacks.append(lambda: array.__setitem__(Ellipsis, staging))
        array = staging
    return array, code


def _check_torch_out(outs: Sequence[Optional[Array]], inputs: Sequence[Optional[Array]]) -> None:
    """torch's own rule for out= functions: they are not differentiable, so with grad mode on
    no argument may require grad (a saved or leaf tensor would be changed behind autograd)."""
    import torch
    if torch.is_grad_enabled() and any(t is not None and t.requires_grad for t in (*outs, *inputs)):
        raise RuntimeError("thnn_fused_lstm_cell_backward(): functions with out=... arguments don't support "
                           "automatic differentiation, but one of the arguments requires grad")
    # An inference tensor may be written only inside inference mode (torch's out= ops refuse it
    # outside, with this message): its version counter is not tracked, so autograd could not
    # see the write.
    if not torch.is_inference_mode_enabled():
        for name, tensor in zip(OUTPUT_NAMES, outs):
            if tensor is not None and tensor.is_inference():
                raise RuntimeError(f"thnn_fused_lstm_cell_backward(): out {name}: Inplace update to inference "
                                   "tensor outside InferenceMode is not allowed.You can make a clone to get a "
                                   "normal tensor before doing inplace update.See "
                                   "https://github.com/pytorch/rfcs/pull/17 for more details.")


def _bump_versions(outs: Sequence[Optional[Array]]) -> None:
    """Marks torch outputs as modified in place, as torch's out= ops do: autograd then refuses
    a backward that saved one of them."""
    import torch
    for tensor in outs:
        if tensor is not None:
            torch.autograd.graph.increment_version(tensor)


def _new_outputs(kind: str, cx: Tuple[np.ndarray, int], like: Array, has_bias: bool) -> List[Optional[Array]]:
    """New outputs of the inputs' kind and cx's dtype (native byte order, C-contiguous):
    grad_gates [B, 4H], grad_cx [B, H], grad_bias [4H] (None without has_bias)."""
    array = cx[0]
    batch, hidden = array.shape if array.ndim == 2 else (0, 0)  # the aclnn API rejects cx's rank
    shapes = [(batch, 4 * hidden), (batch, hidden), (4 * hidden,) if has_bias else None]
    if kind == TORCH:
        import torch
        return [None if shape is None else torch.empty(shape, dtype=like.dtype) for shape in shapes]
    dtype = array.dtype.newbyteorder("=")
    # The binding allocates them: large ones page aligned, so the cores may write them in place.
    return [None if shape is None else _C.new_output(shape, dtype) for shape in shapes]


def thnn_fused_lstm_cell_backward(
    grad_hy: Optional[Array],
    grad_c: Optional[Array],
    cx: Array,
    cy: Array,
    storage: Array,
    has_bias: bool = True,
    *,
    soc: Optional[str] = None,
    num_cores: Optional[int] = None,
    out: Optional[Sequence[Optional[Array]]] = None,
) -> Tuple[Array, Array, Optional[Array]]:
    """LSTM-cell backward after the matmuls (PyTorch's ``_thnn_fused_lstm_cell_backward``),
    run through ``aclnnThnnFusedLstmCellBackwardGetWorkspaceSize`` / ``aclnnThnnFusedLstmCellBackward``.

    Args:
        grad_hy, grad_c: gradients of h and c, ``[B, H]``; None means zero (not read).
        cx: the cell state before the step, ``[B, H]``.
        cy: the cell state after the step, ``[B, H]``.
        storage: gate activations i, f, g, o, ``[B, 4H]`` (sigmoid, sigmoid, tanh, sigmoid).
        has_bias: whether to compute ``grad_bias`` (the batch sum of the gate gradients).
        soc: SoC to emulate, a name from :func:`socs`; default ASCEND_SIM_SOC, else Ascend910B1.
        num_cores: cap on the AIV cores the kernel may use (sim only); default: all.
        out: preallocated ``(grad_gates, grad_cx, grad_bias)``, written in place (views
            allowed; ``grad_bias`` may be None when ``has_bias`` is False).

    Returns:
        ``(grad_gates [B, 4H], grad_cx [B, H], grad_bias [4H] or None)``, of the inputs' kind
        (numpy arrays or torch tensors) and dtype: float32 or float16, or bfloat16 (an
        extension beyond the op's aclnn API page, which lists float32 and float16:
        torch.bfloat16, or ml_dtypes.bfloat16 for numpy).

    Any strides are accepted; views reach the op as aclTensor strides and storage offsets.
    The GIL is released while the op runs; calls from several threads may run at once.

    Raises:
        TypeError: an argument that is not a numpy array / torch CPU tensor, a required
            one that is None, or numpy and torch mixed.
        AclnnError: what the aclnn API rejects (161001 null, 161002 dtype/shape/overlap;
            the message names the argument) or a kernel fault (507035, with the sim's report).
        ValueError: an unknown SoC, a bad ``num_cores`` or ``out``.
    """
    return _run(grad_hy, grad_c, cx, cy, storage, has_bias, soc, num_cores, out, None)


def _run(grad_hy, grad_c, cx, cy, storage, has_bias, soc, num_cores, out,
         tiling: Optional["TilingOverrides"]) -> Tuple[Array, Array, Optional[Array]]:
    """thnn_fused_lstm_cell_backward, tiled with explicit choices when ``tiling`` is given
    (:func:`lstm_cell_grad._profile.run_with_tiling`: tune's launches on the sim)."""
    tiling_values = tiling.as_dict() if tiling is not None else {}
    values = (grad_hy, grad_c, cx, cy, storage)
    inputs = dict(zip(INPUT_NAMES, values))
    for name in REQUIRED_INPUTS:
        if inputs[name] is None:
            raise TypeError(f"{name} is required (a [batch, ...] array or tensor), got None")
    if not isinstance(has_bias, (bool, np.bool_)):
        raise TypeError(f"has_bias must be a bool, not {type(has_bias).__name__}")
    has_bias = bool(has_bias)
    user_outs = out is not None
    if user_outs:
        if not isinstance(out, (tuple, list)) or len(out) != len(OUTPUT_NAMES):
            raise ValueError("out must be a sequence (grad_gates, grad_cx, grad_bias)")
        outs = list(out) if has_bias else [out[0], out[1], None]
        in_args = None
        out_names = [f"out[{i}] ({name})" for i, name in enumerate(OUTPUT_NAMES)]
        kind = common_kind({**inputs, **{f"out[{i}]": o for i, o in enumerate(outs)}})
    soc_name, core_cap = resolve_soc(soc, num_cores)
    if not user_outs:
        # Plain numpy arrays go to the binding as they are, without the kind and conversion work.
        in_args = plain_numpy_args(values)
        kind = NUMPY if in_args is not None else common_kind(inputs)
    if user_outs:
        # On the caller's own views, before anything is staged (a reversed view is copied).
        check_overlaps([None if v is None else extent_of(n, v) for n, v in inputs.items()],
                       [None if v is None else extent_of(n, v) for n, v in zip(out_names, outs)])
        if kind == TORCH:
            _check_torch_out(outs, values)
    if in_args is None:
        in_args = [_input_arg(name, value) for name, value in inputs.items()]
    writebacks: List[Callable[[], None]] = []
    if not user_outs:
        outs = _new_outputs(kind, in_args[_CX], cx, has_bias)
    if not user_outs and kind == NUMPY:  # new arrays of cx's dtype: the binding takes them as they are
        out_args = [None if o is None else (o, in_args[_CX][1]) for o in outs]
    else:
        out_args = [_output_arg(f"out[{i}] ({name})", value, writebacks)
                    for i, (name, value) in enumerate(zip(OUTPUT_NAMES, outs))]

    # New outputs are dropped when the call fails: the binding may map them for the cores.
    failure = _C.run(in_args, has_bias, out_args, soc_name, core_cap, fresh_outputs=not user_outs,
                     tiling=tiling_values)
    if failure is not None:
        status, api, message = failure
        raise AclnnError(status, message, api)
    for write_back in writebacks:
        write_back()
    if user_outs and kind == TORCH:
        _bump_versions(outs)
    return outs[0], outs[1], outs[2]


def last_launch() -> dict:
    """The calling thread's last kernel launch by the op: ``ok``, ``error``, ``block_dim``,
    ``soc``, check ``warnings`` and per-core counters (``cores``). Sim only."""
    return _C.last_launch()


__all__ = ["AclnnError", "backend", "last_launch", "thnn_fused_lstm_cell_backward"]
