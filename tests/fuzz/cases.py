"""Hypothesis strategies for hostile calls of the op, and the property every call must have:
it matches the float64 formulas within tolerance (an Inf or NaN input giving NaN in every
output of its element), or it raises the expected error with every argument untouched."""
from __future__ import annotations

import dataclasses
from typing import List, Optional

import numpy as np
from hypothesis import strategies as st

import lstm_cell_grad as lcg
from lstm_cell_grad import _signature
from tests.oracles import make_inputs

NAMES = _signature.INPUT_NAMES
OUT_NAMES = _signature.OUTPUT_NAMES
LAYOUTS = ("contiguous", "transposed", "reversed", "strided", "offset", "broadcast")
DEFECTS = ("none", "dtype", "mixed_dtype", "shape", "rank", "outputs_overlap", "output_self_overlap",
           "output_partial_alias", "read_only")


@dataclasses.dataclass
class Case:
    batch: int
    hidden: int
    dtype: str
    has_bias: bool
    grads: tuple          # (grad_hy present, grad_c present)
    layouts: tuple        # one per input and output
    values: str           # "normal", "saturated", "large", "nonfinite"
    scale: float
    out: bool             # pass out= (else the op allocates)
    alias: bool           # grad_cx written in place over grad_c (identical view)
    defect: str
    seed: int


@st.composite
def cases(draw) -> Case:
    batch = draw(st.sampled_from([0, 1, 2, 3, 7, 16, 129, 300]))
    hidden = draw(st.sampled_from([0, 1, 2, 5, 8, 16, 33, 100]))
    defect = draw(st.sampled_from(DEFECTS) if draw(st.booleans()) else st.just("none"))
    out = draw(st.booleans()) or defect in ("outputs_overlap", "output_self_overlap", "output_partial_alias",
                                            "read_only")
    return Case(batch=batch, hidden=hidden, dtype=draw(st.sampled_from(["float32", "float16"])),
                has_bias=draw(st.booleans()), grads=(draw(st.booleans()), draw(st.booleans())),
                layouts=tuple(draw(st.sampled_from(LAYOUTS)) for _ in range(8)),
                values=draw(st.sampled_from(["normal", "saturated", "large", "nonfinite"])),
                scale=draw(st.sampled_from([1.0, 10.0, 100.0])), out=out,
                alias=out and draw(st.booleans()), defect=defect, seed=draw(st.integers(0, 2 ** 31 - 1)))


def lay_out(array: np.ndarray, layout: str, rng, output: bool) -> np.ndarray:
    """The same values through a view of the given layout (broadcast only for inputs whose rows
    are equal: the first row repeated)."""
    if layout == "transposed" and array.ndim == 2:
        return np.asfortranarray(array)
    if layout == "reversed":
        flipped = np.ascontiguousarray(array[::-1, ::-1] if array.ndim == 2 else array[::-1])
        return flipped[::-1, ::-1] if array.ndim == 2 else flipped[::-1]
    if layout == "strided" and array.ndim == 2:
        wide = np.full((array.shape[0], 2 * array.shape[1] + 1), 99, array.dtype)
        view = wide[:, 1::2]
        view[...] = array
        return view
    if layout == "offset":
        flat = np.full(array.size + 7, 99, array.dtype)
        view = flat[7:].reshape(array.shape)
        view[...] = array
        return view
    if layout == "broadcast" and not output and array.ndim == 2 and array.shape[0] > 0:
        array[...] = array[:1]
        return np.broadcast_to(array[:1], array.shape)
    return array


def values(case: Case, rng) -> List[np.ndarray]:
    """The contract's random inputs for the case (saturated gates and scaled gradients when it
    says so); "large" spreads cx over +-2e4, "nonfinite" puts Inf or NaN in two elements."""
    arrays = make_inputs(case.batch, case.hidden, case.dtype, case.seed, saturated=case.values == "saturated",
                         scale=case.scale)
    if case.values == "large":
        arrays[2] = (arrays[2].astype(np.float64) * 1e4).astype(case.dtype)
    if case.values == "nonfinite" and case.batch * case.hidden > 0:
        for _ in range(2):
            k = rng.integers(0, 5)
            row, col = rng.integers(0, case.batch), rng.integers(0, arrays[k].shape[1])
            arrays[k][row, col] = rng.choice([np.inf, -np.inf, np.nan])
    return arrays


def build_call(case: Case):
    """(inputs, out or None, expected error type or None, plain copies of the inputs)."""
    rng = np.random.default_rng(case.seed)
    plain = values(case, rng)
    inputs: List[Optional[np.ndarray]] = [lay_out(a.copy(), case.layouts[k], rng, False) for k, a in enumerate(plain)]
    plain = [np.array(a) for a in inputs]  # broadcast layouts changed the values: read them back
    for k, present in enumerate(case.grads):
        if not present:
            inputs[k] = plain[k] = None
    b, h = case.batch, case.hidden
    error = None
    if case.defect == "dtype":
        inputs[2] = inputs[2].astype(np.float64)
        error = lcg.AclnnError
    elif case.defect == "mixed_dtype":
        inputs[3] = inputs[3].astype(np.float16 if case.dtype == "float32" else np.float32)
        error = lcg.AclnnError
    elif case.defect == "shape":
        inputs[4] = np.zeros((b, 4 * h + 1), case.dtype)
        error = lcg.AclnnError
    elif case.defect == "rank":
        inputs[3] = inputs[3].reshape(-1)
        error = lcg.AclnnError
    out = None
    if case.out:
        shapes = [(b, 4 * h), (b, h), (4 * h,)]
        out = [lay_out(np.full(s, 7, case.dtype), case.layouts[5 + k], rng, True) for k, s in enumerate(shapes)]
        if not case.has_bias and rng.integers(0, 2):
            out[2] = None
        if case.alias and inputs[1] is not None and case.layouts[1] != "broadcast" and case.defect == "none":
            out[1] = inputs[1]  # in place over grad_c: the identical view
        if case.defect == "outputs_overlap" and b * h > 0:
            shared = np.full((b, 4 * h), 7, case.dtype)
            out[0], out[1] = shared, shared[:, h:2 * h]
            error = lcg.AclnnError
        elif case.defect == "output_self_overlap" and b * h > 1:
            base = np.full(4 * h * b + 8, 7, case.dtype)
            # Rows that repeat, or (one row) columns that repeat: elements sharing bytes.
            strides = (0, base.itemsize) if b > 1 else (base.itemsize, 0)
            out[1] = np.lib.stride_tricks.as_strided(base, shape=(b, h), strides=strides)
            error = lcg.AclnnError
        elif case.defect == "output_partial_alias" and b * h > 0 and h > 1:
            buffer = np.concatenate([np.asarray(inputs[4]), np.asarray(inputs[4])], axis=1)
            inputs[4] = buffer[:, :4 * h]
            out[0] = buffer[:, 4 * h - 1:8 * h - 1]
            error = lcg.AclnnError
        elif case.defect == "read_only":
            out[0].flags.writeable = False
            error = ValueError
    return inputs, out, error, plain


def _poisoned(case: Case, plain) -> np.ndarray:
    """[B, H]: elements with an Inf or NaN among the inputs the op reads (with grad_hy None it
    reads neither cy nor o; with no gradient at all, nothing)."""
    b, h = case.batch, case.hidden
    grad_hy, grad_c, cx, cy, storage = plain
    bad = np.zeros((b, h), bool)
    if grad_hy is None and grad_c is None:
        return bad
    gate = [storage[:, k * h:(k + 1) * h] for k in range(4)]
    read = [cx, gate[0], gate[1], gate[2]]
    if grad_hy is not None:
        read += [grad_hy, cy, gate[3]]
    if grad_c is not None:
        read.append(grad_c)
    for array in read:
        bad |= ~np.isfinite(np.asarray(array, np.float64))
    return bad


def check_results(case: Case, plain, results) -> None:
    """The op's outputs against the contract (NaN exactly where an input was non-finite)."""
    b, h = case.batch, case.hidden
    gates, grad_cx, grad_bias = results
    assert np.asarray(gates).shape == (b, 4 * h) and np.asarray(grad_cx).shape == (b, h)
    bad = _poisoned(case, plain)
    finite_inputs = [None if a is None else np.where(np.isfinite(np.asarray(a, np.float64)), a, 0) for a in plain]
    expected = lcg.reference(*finite_inputs, has_bias=True)
    magnitudes = lcg.term_magnitudes(*finite_inputs, has_bias=True)
    bad_gates = np.tile(bad, 4)
    assert np.isnan(np.asarray(grad_cx, np.float64)[bad]).all(), "gradCx: a non-finite input must give NaN"
    assert np.isnan(np.asarray(gates, np.float64)[bad_gates]).all(), "gradGates: a non-finite input must give NaN"
    good = [~bad_gates, ~bad, ~bad_gates.any(axis=0)]
    if not case.has_bias:
        assert grad_bias is None
    else:
        assert np.isnan(np.asarray(grad_bias, np.float64)[~good[2]]).all(), \
            "gradBias: a non-finite input must give NaN in its column"
    for name, got, want, magnitude, mask in zip(("gradGates", "gradCx", "gradBias"), results, expected, magnitudes,
                                                good[:3 if case.has_bias else 2]):
        comparison = lcg.compare(name, np.asarray(got)[mask], want[mask], magnitude[mask])
        assert comparison.ok, str(comparison)


def snapshot(arrays):
    return [None if a is None else np.array(a, copy=True) for a in arrays]


def unchanged(arrays, before) -> bool:
    return all(a is None or np.array_equal(np.asarray(a), b, equal_nan=True) for a, b in zip(arrays, before))


def run_case(case: Case) -> None:
    """The property: a match within tolerance, or the expected error with nothing written."""
    inputs, out, error, plain = build_call(case)
    watched = [*inputs, *(out or [])]
    before = snapshot(watched)
    if error is not None:
        try:
            lcg.thnn_fused_lstm_cell_backward(*inputs, case.has_bias, out=out)
        except error as caught:
            if isinstance(caught, lcg.AclnnError):
                assert caught.status in (161001, 161002), str(caught)
        else:
            raise AssertionError(f"{case.defect}: no error was raised")
        assert unchanged(watched, before), f"{case.defect}: an argument was written before the error"
        return
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, case.has_bias, out=out)
    check_results(case, plain, results)
    if out is not None:
        assert results[0] is out[0] and results[1] is out[1]
    # Inputs are never written, except grad_c when it is also out[1].
    for k, (array, copy) in enumerate(zip(inputs, before)):
        if array is not None and not (out is not None and k == 1 and out[1] is array):
            assert np.array_equal(np.asarray(array), copy, equal_nan=True), f"input {NAMES[k]} was written"
