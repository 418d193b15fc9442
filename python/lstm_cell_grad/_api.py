"""The public API: the op on numpy arrays / torch CPU tensors, the SoC table and the tiling plan."""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from . import _C
from ._arrays import TORCH, common_kind, describable, empty_like_kind, plain_numpy_args, to_numpy
from ._errors import AclnnError
from ._overlap import check_overlaps, extent_of
from ._validate import INT64_MAX, UINT32_MAX, int_arg

Array = Any  # numpy.ndarray or torch.Tensor (torch is optional)

_REQUIRED_INPUTS = ("cx", "cy", "storage")
_OUT_NAMES = ("grad_gates", "grad_cx", "grad_bias")
_GRADS = ("hy", "c")


def backend() -> str:
    """Where the op runs: "sim" (the CPU stand-in for CANN; no NPU backend is built)."""
    return "sim"


def _resolve_soc(soc: Optional[str], num_cores: Optional[int]) -> Tuple[str, int]:
    """The SoC name and AIV core cap (0: none) for a call. Defaults are the sim's process
    defaults: ASCEND_SIM_SOC / ASCEND_SIM_MAX_CORES, else Ascend910B1 with every core."""
    default_soc, default_cap = _C.default_soc()
    if soc is None:
        soc = default_soc
    elif not isinstance(soc, str):
        raise TypeError(f"soc must be a SoC name (str), not {type(soc).__name__}")
    if num_cores is None:
        return soc, default_cap
    return soc, int_arg("num_cores", num_cores, 1, UINT32_MAX)  # the binding's uint32_t


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
        for name, tensor in zip(_OUT_NAMES, outs):
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


# Below this size an output is copied back from a device buffer; from it on, a new output is
# allocated page aligned so the binding can map it for the cores (aclrtHostRegister) and the
# kernel writes it in place. Aligning costs about 2 us of Python (measured on the 2-core dev VM);
# copying 128 KiB back costs a few us there, so smaller outputs stay plain arrays.
_MAPPED_OUTPUT_MIN_BYTES = 128 * 1024


def _new_output(shape: Tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """An uninitialised C-contiguous array for one output, page aligned when large enough to map."""
    nbytes = math.prod(shape) * dtype.itemsize
    if nbytes < _MAPPED_OUTPUT_MIN_BYTES:
        return np.empty(shape, dtype)
    page = _C.HOST_REGISTER_ALIGNMENT
    raw = np.empty(nbytes + page, np.uint8)
    return np.ndarray(shape, dtype, raw, -raw.ctypes.data % page)


def _run_new_numpy_outputs(in_args: List[Optional[Tuple[np.ndarray, int]]], has_bias: bool, soc_name: str,
                           core_cap: int, tiling: dict) -> Tuple[np.ndarray, np.ndarray, Optional[np.ndarray]]:
    """The op on inputs `plain_numpy_args` accepted, into new outputs of cx's dtype (native
    and C-contiguous, so they go to the binding as they are, with cx's aclDataType)."""
    cx_array, code = in_args[2]
    batch, hidden = cx_array.shape if cx_array.ndim == 2 else (0, 0)  # the API rejects cx's rank
    dtype = cx_array.dtype
    outs = (_new_output((batch, 4 * hidden), dtype), _new_output((batch, hidden), dtype),
            _new_output((4 * hidden,), dtype) if has_bias else None)
    failure = _C.run(in_args, has_bias, [None if o is None else (o, code) for o in outs], soc_name, core_cap,
                     fresh_outputs=True, tiling=tiling)
    if failure is not None:
        status, api, message = failure
        raise AclnnError(status, message, api)
    return outs


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
    inputs = {"grad_hy": grad_hy, "grad_c": grad_c, "cx": cx, "cy": cy, "storage": storage}
    for name in _REQUIRED_INPUTS:
        if inputs[name] is None:
            raise TypeError(f"{name} is required (a [batch, ...] array or tensor), got None")
    if not isinstance(has_bias, (bool, np.bool_)):
        raise TypeError(f"has_bias must be a bool, not {type(has_bias).__name__}")
    has_bias = bool(has_bias)
    if out is None:
        # Plain numpy arrays, new outputs: the general path below would find the same kind,
        # arguments and outputs, at a third of a small call's time.
        in_args = plain_numpy_args((grad_hy, grad_c, cx, cy, storage))
        if in_args is not None:
            return _run_new_numpy_outputs(in_args, has_bias, *_resolve_soc(soc, num_cores), tiling_values)
    if out is not None:
        if not isinstance(out, (tuple, list)) or len(out) != 3:
            raise ValueError("out must be a sequence (grad_gates, grad_cx, grad_bias)")
        outs = list(out) if has_bias else [out[0], out[1], None]
    else:
        outs = None
    kind = common_kind({**inputs, **({f"out[{i}]": o for i, o in enumerate(outs)} if outs else {})})
    soc_name, core_cap = _resolve_soc(soc, num_cores)

    user_outs = outs is not None
    if user_outs:
        # On the caller's own views, before anything is staged (a reversed view is copied).
        out_names = [f"out[{i}] ({name})" for i, name in enumerate(_OUT_NAMES)]
        check_overlaps([None if v is None else extent_of(n, v) for n, v in inputs.items()],
                       [None if v is None else extent_of(n, v) for n, v in zip(out_names, outs)])
        if kind == TORCH:
            _check_torch_out(outs, list(inputs.values()))
    in_args = [_input_arg(name, value) for name, value in inputs.items()]
    if outs is None:
        cx_array = in_args[2][0]
        batch, hidden = cx_array.shape if cx_array.ndim == 2 else (0, 0)  # the API rejects cx's rank
        outs = [empty_like_kind(kind, (batch, 4 * hidden), cx),
                empty_like_kind(kind, (batch, hidden), cx),
                empty_like_kind(kind, (4 * hidden,), cx) if has_bias else None]
    writebacks: List[Callable[[], None]] = []
    out_args = [_output_arg(f"out[{i}] ({name})", value, writebacks)
                for i, (name, value) in enumerate(zip(_OUT_NAMES, outs))]

    failure = _C.run(in_args, has_bias, out_args, soc_name, core_cap, tiling=tiling_values)
    if failure is not None:
        status, api, message = failure
        raise AclnnError(status, message, api)
    for write_back in writebacks:
        write_back()
    if user_outs and kind == TORCH:
        _bump_versions(outs)
    return outs[0], outs[1], outs[2]


def _generated_dataclass(name: str, doc: str, fields: Sequence[Tuple[str, Any]],
                         namespace: Optional[dict] = None) -> type:
    """A frozen dataclass whose fields come from a C++ declaration (one list, not restated here)."""
    cls = dataclasses.make_dataclass(name, fields, frozen=True, namespace={"__doc__": doc, **(namespace or {})})
    cls.__module__ = __name__  # so it pickles and prints as lstm_cell_grad._api.<name>
    return cls


# SocInfo: one SoC of the sim's table. Its fields are the table's own (SIM_SOC_SPEC_FIELDS in
# sim/include/ascendc_sim/core/soc.h, where each is explained), in their order and type.
SocInfo = _generated_dataclass(
    "SocInfo", "One SoC of the sim's table, with where its figures come from (fields: see soc.h).",
    [(field, type(value)) for field, value in _C.socs()[0].items()])


def socs() -> List[SocInfo]:
    """The SoCs the sim emulates (names for ``soc=``), with their sources."""
    return [SocInfo(**entry) for entry in _C.socs()]


def _dtype_bytes(dtype: Any) -> Tuple[str, int]:
    """("float32", 4), ("float16", 2) or ("bfloat16", 2) from a name, a numpy dtype (ml_dtypes'
    bfloat16 included) or a torch dtype."""
    try:
        name = np.dtype(dtype).name
    except TypeError:
        name = str(dtype).replace("torch.", "")  # torch.float16 -> "float16"
    sizes = {"float32": 4, "float16": 2, "bfloat16": 2}
    if name not in sizes:
        raise ValueError(f"dtype must be float32, float16 or bfloat16, got {dtype!r}")
    return name, sizes[name]


@dataclasses.dataclass(frozen=True)
class TilingOverrides:
    """Explicit values for the tiling's free choices (None: the tiling chooses). The op's
    tiling validates them; :func:`plan` raises ValueError naming a bad one."""
    grid_rows: Optional[int] = None        # cores along the batch
    grid_cols: Optional[int] = None        # cores along the hidden size
    tile_rows: Optional[int] = None        # rows per tile
    tile_cols: Optional[int] = None        # columns per tile (a multiple of one 32-byte block)
    bias_chunk_rows: Optional[int] = None  # rows per partial gradBias sum (changes the summation order)
    buffer_num: Optional[int] = None       # copy-queue depth: 1 (serial) or 2 (double-buffered)

    def __post_init__(self) -> None:
        self.as_dict()  # a bad value fails here, naming its field

    def as_dict(self) -> dict:
        """The set fields, checked to be ints in [1, 2^32 - 1] (the binding's uint32_t)."""
        return {field.name: int_arg(f"tiling override {field.name}", getattr(self, field.name), 1, UINT32_MAX)
                for field in dataclasses.fields(self) if getattr(self, field.name) is not None}

    def __str__(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.as_dict().items()) or "default"


# Plan's fields: what the call asked for and what the tiling decided around the tiling data,
# then the tiling data itself (generated: THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS in
# op_host/thnn_fused_lstm_cell_backward_tiling.h declares and explains each, the kernel reads
# each; Python spells them in snake_case), then what follows from it.
_PLAN_HEAD = [
    ("dtype", str),
    ("has_bias", bool),
    ("grads", Tuple[str, ...]),
    ("soc", str),
    ("aiv_cores", int),           # cores the tiling may use (the SoC's, under the cap)
    ("ub_bytes", int),            # GetCoreMemSize(UB)
    ("block_dim", int),           # cores launched (0: nothing to launch)
    ("tiling_key", int),
    ("workspace_bytes", int),
    ("schedule_mode", int),       # 1: batch mode (the kernel uses SyncAll)
    ("ub_bytes_used", int),
]
_PLAN_TAIL = [
    ("tile_rows", int),
    ("bias_chunk_rows", int),     # the row unit when there is a gradBias, else 0
    ("busiest_core", int),        # block index with the most elements (-1: none)
    ("busiest_rows", int),
    ("busiest_cols", int),
    ("core_rects", Tuple[Tuple[int, int, int, int], ...]),  # per block: row begin, row end, col begin, col end
]


def _plan_text(self) -> str:
    """The plan as `python -m lstm_cell_grad plan` prints it."""
    grads = "+".join(self.grads) if self.grads else "none"
    bias = "with bias" if self.has_bias else "no bias"
    used = 100.0 * self.ub_bytes_used / self.ub_bytes if self.ub_bytes else 0.0
    rows = [
        ("block dim", f"{self.block_dim} of {self.aiv_cores} AIV cores"),
        ("tiling key", f"{self.tiling_key}"),
        ("grid", f"{self.grid_rows} x {self.grid_cols} (batch x hidden)"),
        ("split units", f"{self.row_unit} rows, {self.col_unit} columns"),
        ("busiest core", f"#{self.busiest_core}: {self.busiest_rows} rows x {self.busiest_cols} columns"
         if self.busiest_core >= 0 else "none (nothing to launch)"),
        ("tile", f"{self.tile_rows} rows x {self.tile_cols} columns, queues {self.buffer_num} deep"),
        ("UB used", f"{self.ub_bytes_used} of {self.ub_bytes} bytes ({used:.1f}%; "
                    f"{self.ub_bytes} is GetCoreMemSize(UB), the SoC's {_physical_ub(self.soc)} less CANN's reserve)"),
        ("workspace", f"{self.workspace_bytes} bytes"),
        ("bias chunks", f"{self.bias_chunks} of {self.bias_chunk_rows} rows" +
         (f", final pass {self.final_tile_rows} x {self.final_tile_cols}" if self.bias_chunks > 1 else "")),
        ("schedule mode", f"{self.schedule_mode}" + (" (batch mode: SyncAll)" if self.schedule_mode else "")),
    ]
    width = max(len(label) for label, _ in rows)
    head = (f"plan: batch {self.batch}, hidden {self.hidden}, {self.dtype}, {bias}, grads {grads} "
            f"on {self.soc}")
    lines = [head] + [f"  {label:<{width}}  {value}" for label, value in rows]
    if self.ub_bytes_used > self.ub_bytes:
        lines.append(f"WARNING: this plan needs {self.ub_bytes_used} bytes of UB per core, "
                     f"{self.ub_bytes_used - self.ub_bytes} more than the {self.ub_bytes} there are: "
                     f"the kernel's InitBuffer would fail")
    return "\n".join(lines)


Plan = _generated_dataclass(
    "Plan", "The op's tiling for one shape on one SoC (from ``lstm_cell_grad::ComputeTiling``): the request, "
    "the tiling data the kernel receives (one field per TILING_DATA_FIELD_DEF of "
    "op_host/thnn_fused_lstm_cell_backward_tiling.h), and what follows from it.",
    _PLAN_HEAD + [(field, int) for field in _C.tiling_field_names()] + _PLAN_TAIL,
    namespace={"__str__": _plan_text})


def _physical_ub(soc_name: str) -> int:
    return next((s.ub_bytes for s in socs() if s.name == soc_name), 0)


def plan(batch: int, hidden: int, dtype: Any = "float32", has_bias: bool = True,
         grads: Iterable[str] = _GRADS, soc: Optional[str] = None,
         num_cores: Optional[int] = None, overrides: Optional[TilingOverrides] = None) -> Plan:
    """How the op would tile ``[batch, hidden]`` on a SoC, by calling its own tiling function.

    Args:
        dtype: "float32", "float16" or "bfloat16" (numpy and torch dtypes accepted).
        grads: which incoming gradients are present: a subset of ("hy", "c").
        soc, num_cores: as for :func:`thnn_fused_lstm_cell_backward`.
        overrides: explicit tiling choices (:class:`TilingOverrides`); ValueError if invalid.
    """
    dtype_name, dtype_bytes = _dtype_bytes(dtype)
    grads = tuple(grads)
    unknown = [g for g in grads if g not in _GRADS]
    if unknown:
        raise ValueError(f"grads must be a subset of {_GRADS}, got {grads!r}")
    batch = int_arg("batch", batch, 0, INT64_MAX)
    hidden = int_arg("hidden", hidden, 0, INT64_MAX)
    if not isinstance(has_bias, (bool, np.bool_)):
        raise TypeError(f"has_bias must be a bool, not {type(has_bias).__name__}")
    if overrides is not None and not isinstance(overrides, TilingOverrides):
        raise TypeError(f"overrides must be a TilingOverrides, not {type(overrides).__name__}")
    soc_name, core_cap = _resolve_soc(soc, num_cores)
    fields = _C.plan(batch, hidden, dtype_bytes, "hy" in grads, "c" in grads, bool(has_bias),
                     soc_name, core_cap, (overrides or TilingOverrides()).as_dict(),
                     bfloat16=dtype_name == "bfloat16")
    fields["core_rects"] = tuple(tuple(rect) for rect in fields["core_rects"])
    ordered = tuple(g for g in _GRADS if g in grads)
    return Plan(dtype=dtype_name, has_bias=bool(has_bias), grads=ordered, **fields)


def last_launch() -> dict:
    """The calling thread's last kernel launch by the op: ``ok``, ``error``, ``block_dim``,
    ``soc``, check ``warnings`` and per-core counters (``cores``). Sim only."""
    return _C.last_launch()


__all__ = ["AclnnError", "Plan", "SocInfo", "TilingOverrides", "backend", "last_launch", "plan", "socs",
           "thnn_fused_lstm_cell_backward"]
