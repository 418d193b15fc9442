"""Views in and out: row-strided slices, transposes, storage offsets, interleaved and
aliasing outputs, and the layouts an aclTensor cannot describe (copied, still correct)."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

B, H = 13, 10


def embed(array, rows_before=2, cols_before=3, extra_cols=5, fill=99.0):
    """`array` as a view into a larger buffer: a row stride longer than its row and a
    storage offset into the buffer."""
    rows, cols = array.shape
    buffer = np.full((rows + rows_before + 1, cols + cols_before + extra_cols), fill, array.dtype)
    view = buffer[rows_before:rows_before + rows, cols_before:cols_before + cols]
    view[...] = array
    return view


def transposed(array):
    """The same values with column-major strides."""
    return np.asfortranarray(array)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_strided_and_offset_inputs(dtype):
    inputs = make_inputs(B, H, dtype, seed=10)
    views = [embed(a) for a in inputs]
    assert all(not v.flags.c_contiguous for v in views)
    assert_meets_contract(lcg.thnn_fused_lstm_cell_backward(*views), inputs)


def test_transposed_inputs():
    inputs = make_inputs(B, H, seed=11)
    views = [transposed(a) for a in inputs]
    assert views[2].strides == (4, 4 * B)
    assert_meets_contract(lcg.thnn_fused_lstm_cell_backward(*views), inputs)


def test_every_other_row_and_column():
    inputs = make_inputs(B, H, seed=12)
    views = []
    for a in inputs:
        big = np.zeros((2 * a.shape[0], 2 * a.shape[1]), a.dtype)
        big[::2, ::2] = a
        views.append(big[::2, ::2])
    assert_meets_contract(lcg.thnn_fused_lstm_cell_backward(*views), inputs)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_strided_outputs_leave_the_gaps_untouched(dtype):
    inputs = make_inputs(B, H, dtype, seed=13)
    gates = embed(np.zeros((B, 4 * H), dtype), fill=7.0)
    grad_cx = transposed(np.zeros((B, H), dtype))
    bias_buffer = np.full(8 * H + 1, 7.0, dtype)
    grad_bias = bias_buffer[1::2]
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, out=(gates, grad_cx, grad_bias))
    assert results[0] is gates and results[2] is grad_bias
    assert_meets_contract((gates, grad_cx, grad_bias), inputs)
    # Every byte of the buffers outside the views keeps its value.
    gates_buffer = gates.base
    mask = np.ones(gates_buffer.shape, bool)
    mask[2:2 + B, 3:3 + 4 * H] = False
    assert (gates_buffer[mask] == 7.0).all()
    assert (bias_buffer[0::2] == 7.0).all()


def test_outputs_interleaved_in_one_buffer():
    # gradGates and gradCx as column blocks of one [B, 5H] array: disjoint views whose byte
    # spans overlap. Each must be written, neither clobbered by the other's copy-back.
    inputs = make_inputs(B, H, seed=14)
    both = np.full((B, 5 * H), 3.0, np.float32)
    gates, grad_cx = both[:, :4 * H], both[:, 4 * H:]
    lcg.thnn_fused_lstm_cell_backward(*inputs, out=(gates, grad_cx, np.empty(4 * H, np.float32)))
    assert_meets_contract((gates, grad_cx, None), inputs, has_bias=False)


def test_inputs_sharing_one_buffer():
    # cx and cy as interleaved columns of one array; grad_hy and grad_c the same array.
    grad_hy, _, cx, cy, storage = make_inputs(B, H, seed=15)
    pair = np.empty((B, 2 * H), np.float32)
    pair[:, 0::2], pair[:, 1::2] = cx, cy
    results = lcg.thnn_fused_lstm_cell_backward(grad_hy, grad_hy, pair[:, 0::2], pair[:, 1::2], storage)
    assert_meets_contract(results, (grad_hy, grad_hy, cx, cy, storage))


def test_negative_strides_and_foreign_byte_order_are_copied_correctly():
    grad_hy, grad_c, cx, cy, storage = make_inputs(B, H, seed=16)
    flipped = cx[::-1, ::-1].copy()[::-1, ::-1]     # same values, negative strides
    assert flipped.strides[0] < 0
    big_endian = cy.astype(">f4")
    gates = np.zeros((B, 4 * H), np.float32)[::-1]  # an output with a negative stride
    grad_cx = np.zeros((B, H), ">f4")
    results = lcg.thnn_fused_lstm_cell_backward(grad_hy, grad_c, flipped, big_endian, storage,
                                                out=(gates, grad_cx, np.empty(4 * H, np.float32)))
    assert results[0] is gates and results[1] is grad_cx
    assert_meets_contract((gates, grad_cx.astype(np.float32), results[2]), (grad_hy, grad_c, cx, cy, storage))


def test_output_with_internal_overlap_is_refused():
    inputs = make_inputs(2, 4, seed=17)
    broadcast = np.lib.stride_tricks.as_strided(np.zeros(16, np.float32), shape=(2, 16), strides=(0, 4))
    with pytest.raises(ValueError, match="grad_gates.*elements sharing memory"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, out=(broadcast, np.empty((2, 4), np.float32),
                                                        np.empty(16, np.float32)))


def test_broadcast_input_is_read_through_its_zero_stride():
    grad_hy, grad_c, cx, cy, storage = make_inputs(B, H, seed=18)
    row = storage[:1]
    broadcast = np.broadcast_to(row, storage.shape)
    assert broadcast.strides[0] == 0
    assert_meets_contract(lcg.thnn_fused_lstm_cell_backward(grad_hy, grad_c, cx, cy, broadcast),
                   (grad_hy, grad_c, cx, cy, np.repeat(row, B, axis=0)))


def test_output_may_alias_an_identical_input_view():
    # In place: gradCx written over grad_c (same view), as an aclnn API allows.
    grad_hy, grad_c, cx, cy, storage = make_inputs(B, H, seed=19)
    buffer = grad_c.copy()
    lcg.thnn_fused_lstm_cell_backward(grad_hy, buffer, cx, cy, storage,
                                      out=(np.empty((B, 4 * H), np.float32), buffer, np.empty(4 * H, np.float32)))
    inputs = (grad_hy, grad_c, cx, cy, storage)
    comparison = lcg.compare("gradCx written over grad_c", buffer, lcg.reference(*inputs)[1],
                             lcg.term_magnitudes(*inputs)[1])
    assert comparison.ok, str(comparison)


def _layouts(array):
    """The same values in every layout the binding treats differently: row-strided with a
    storage offset, transposed, every other column, reversed, 3-d time-step slices, and a
    float32 view at a host address 2 bytes off its item grid."""
    rows, cols = array.shape
    every_other = np.zeros((rows, 2 * cols), array.dtype)
    every_other[:, 1::2] = array
    sequence = np.zeros((rows, 3, cols), array.dtype)  # batch-first [B, T, H]: time step 1
    sequence[:, 1, :] = array
    columns_of_seq = np.zeros((cols, 3, rows), array.dtype).transpose(2, 1, 0)  # transposed time step
    columns_of_seq[:, 2, :] = array
    odd = np.frombuffer(bytearray(array.nbytes + 2), array.dtype, count=array.size, offset=2).reshape(array.shape)
    odd[...] = array
    return {
        "embedded": embed(array),
        "transposed": transposed(array),
        "every_other_column": every_other[:, 1::2],
        "reversed": array[::-1, ::-1].copy()[::-1, ::-1],
        "time_step": sequence[:, 1, :],
        "transposed_time_step": columns_of_seq[:, 2, :],
        "odd_address": odd,
    }


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("layout", ["embedded", "transposed", "every_other_column", "reversed", "time_step",
                                    "transposed_time_step", "odd_address"])
def test_every_layout_is_bitwise_the_contiguous_result(dtype, layout):
    inputs = make_inputs(B, H, dtype, seed=20)
    expected = lcg.thnn_fused_lstm_cell_backward(*inputs)
    views = [_layouts(a)[layout] for a in inputs]
    assert all(np.array_equal(v, a) for v, a in zip(views, inputs))
    got = lcg.thnn_fused_lstm_cell_backward(*views)
    outs = [_layouts(np.zeros_like(e))[layout] for e in expected[:2]] + [np.zeros_like(expected[2])]
    written = lcg.thnn_fused_lstm_cell_backward(*views, out=tuple(outs))
    for want, plain, into in zip(expected, got, written):
        assert want.tobytes() == np.ascontiguousarray(plain).tobytes()
        assert want.tobytes() == np.ascontiguousarray(into).tobytes()


# Two rows of cx 256 MiB apart (an untouched np.empty buffer: its pages cost no memory until
# written) in a child process, which reports how much its peak RSS grew during the call.
# Mirroring the span staged 256 MiB twice over; packing stages the two rows.
_FAR_ROWS = r"""
import resource, numpy as np, lstm_cell_grad as lcg
hidden, gap = 64, 64 << 20                       # elements: rows 256 MiB apart
args = lcg.random_inputs(2, hidden, "float32", seed=3)
lcg.thnn_fused_lstm_cell_backward(**args)        # warm: the thread's buffers, the op's plan
buffer = np.empty((2, gap), np.float32)
cx = buffer[:, :hidden]
cx[...] = args["cx"]
args["cx"] = cx
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
lcg.thnn_fused_lstm_cell_backward(**args)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def test_rows_far_apart_stage_only_their_elements():
    import os
    import subprocess
    import sys
    package_dir = os.path.dirname(os.path.dirname(lcg.__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package_dir, os.environ.get("PYTHONPATH", "")]))
    child = subprocess.run([sys.executable, "-c", _FAR_ROWS], env=env, capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr
    grown_mib = int(child.stdout.split()[-1])
    assert grown_mib < 32, f"peak RSS grew {grown_mib} MiB for a call whose cx holds 512 bytes"
