"""register_aten_cpu_kernel: the op as the CPU kernel of aten::_thnn_fused_lstm_cell_backward_impl,
with aten's semantics (the CPU twin of the NPU adapter's PrivateUse1 registration)."""
import pytest

torch = pytest.importorskip("torch")

import lstm_cell_grad_torch as lcgt  # noqa: E402
from fw_reference import assert_matches_formulas, make_inputs  # noqa: E402

ATEN_IMPL = "aten::_thnn_fused_lstm_cell_backward_impl"


def has_cpu_kernel():
    return torch._C._dispatch_has_kernel_for_dispatch_key(ATEN_IMPL, "CPU")


def test_registration_lasts_as_long_as_its_handle():
    assert not has_cpu_kernel()  # PyTorch has none: the fused cell is CUDA-only
    handle = lcgt.register_aten_cpu_kernel()
    try:
        assert has_cpu_kernel()
        inputs = make_inputs(4, 6, torch.float16, seed=1)
        assert_matches_formulas(torch.ops.aten._thnn_fused_lstm_cell_backward_impl(*inputs, True), inputs,
                                torch.float16)

        grad_gates, grad_cx, grad_bias = torch.ops.aten._thnn_fused_lstm_cell_backward_impl(*inputs, False)
        assert grad_bias is None  # aten's undefined tensor
        assert_matches_formulas((grad_gates, grad_cx, None), inputs, torch.float16)

        # Both gradients undefined: aten's CUDA kernel returns three undefined tensors.
        assert torch.ops.aten._thnn_fused_lstm_cell_backward_impl(None, None, *inputs[2:], True) == (None,) * 3

        # The composite over it, as the autograd formula of _thnn_fused_lstm_cell calls it
        # (it asserts that grad mode is off, as it is inside a backward).
        with torch.no_grad():
            gates_i, gates_h, grad_cx, bias_i, bias_h = torch.ops.aten._thnn_fused_lstm_cell_backward(
                None, *inputs[1:], True)
        assert gates_i is gates_h and bias_i is bias_h
        inputs = (None, *inputs[1:])
        assert_matches_formulas((gates_i, grad_cx, bias_i), inputs, torch.float16)
    finally:
        del handle
    assert not has_cpu_kernel()
