"""torch tensors as out= of the numpy-style call: the write bumps the version counter (so autograd
sees it), arguments requiring grad are refused as torch's own out= ops refuse them, a view with
the negative bit is written, and overlapping torch outputs are refused before any staging."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

B, H = 6, 8

torch = pytest.importorskip("torch")


def torch_inputs(seed):
    return [torch.from_numpy(a) for a in make_inputs(B, H, seed=seed)]


def test_torch_out_bumps_the_version_counter_so_autograd_sees_the_write():
    inputs = torch_inputs(6)
    x = torch.rand(B, H, requires_grad=True)
    weight = torch.rand(B, H)
    loss = (x * weight).sum()  # autograd saves `weight` for backward
    version = weight._version
    lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=[torch.empty(B, 4 * H), weight, torch.empty(4 * H)])
    assert weight._version > version
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()  # once: silently wrong gradients


def test_torch_out_refuses_arguments_requiring_grad_like_torch_out_ops():
    inputs = torch_inputs(7)
    leaf = torch.zeros(B, H, requires_grad=True)
    outs = [torch.full((B, 4 * H), 7.0), leaf, torch.full((4 * H,), 7.0)]
    with pytest.raises(RuntimeError, match="don't support automatic differentiation"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=outs)
    assert (leaf == 0).all() and (outs[0] == 7).all()
    with torch.no_grad():  # allowed without grad mode, as for torch's own out= ops
        lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=outs)
    assert_meets_contract([o.detach().numpy() for o in outs], [t.numpy() for t in inputs])


def test_torch_out_with_the_negative_bit_is_written():
    inputs = torch_inputs(8)
    z = torch.zeros(B, H, dtype=torch.complex64)
    grad_cx = z.conj().imag  # a float32 view with the negative bit
    assert grad_cx.is_neg()
    outs = [torch.empty(B, 4 * H), grad_cx, torch.empty(4 * H)]
    lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=outs)
    assert_meets_contract((outs[0], grad_cx.resolve_neg(), outs[2]), [t.numpy() for t in inputs])
    np.testing.assert_array_equal(-z.imag.numpy(), grad_cx.resolve_neg().numpy())


def test_torch_reversed_style_overlap_is_refused_before_staging():
    inputs = torch_inputs(9)
    shared = torch.full((B, 4 * H), 7.0)
    with pytest.raises(lcg.AclnnError, match="overlap"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, True, out=[shared, shared[:, :H], torch.empty(4 * H)])
    assert (shared == 7).all()
