"""The op as the CPU kernel of aten::_thnn_fused_lstm_cell_backward_impl, registered by importing
lstm_cell_grad.torch, with aten's semantics (the CPU twin of the NPU adapter's PrivateUse1
registration)."""
import os
import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")

import lstm_cell_grad.torch as lcgt  # noqa: E402
from tests.oracles import assert_matches_formulas, torch_inputs  # noqa: E402

ATEN_IMPL = "aten::_thnn_fused_lstm_cell_backward_impl"


def test_pytorch_alone_has_no_cpu_kernel_and_the_import_adds_it():
    probe = ("import torch; has = lambda: torch._C._dispatch_has_kernel_for_dispatch_key("
             f"'{ATEN_IMPL}', 'CPU'); print(has()); import lstm_cell_grad.torch; print(has())")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300,
                            env={**os.environ, "PYTHONPATH": ":".join(sys.path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True"]  # the fused cell's kernel is CUDA-only in PyTorch
    assert lcgt.register_aten_cpu_kernel() is lcgt.register_aten_cpu_kernel()  # one registration


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float64])
def test_aten_semantics(dtype):
    inputs = torch_inputs(4, 6, dtype, seed=1)
    assert_matches_formulas(torch.ops.aten._thnn_fused_lstm_cell_backward_impl(*inputs, True), inputs, dtype)

    grad_gates, grad_cx, grad_bias = torch.ops.aten._thnn_fused_lstm_cell_backward_impl(*inputs, False)
    assert grad_bias is None  # aten's undefined tensor
    assert_matches_formulas((grad_gates, grad_cx, None), inputs, dtype)

    # Both gradients undefined: aten's CUDA kernel returns three undefined tensors.
    assert torch.ops.aten._thnn_fused_lstm_cell_backward_impl(None, None, *inputs[2:], True) == (None,) * 3

    # The composite over it, as the autograd formula of _thnn_fused_lstm_cell calls it
    # (it asserts that grad mode is off, as it is inside a backward).
    with torch.no_grad():
        gates_i, gates_h, grad_cx, bias_i, bias_h = torch.ops.aten._thnn_fused_lstm_cell_backward(
            None, *inputs[1:], True)
    assert gates_i is gates_h and bias_i is bias_h
    assert_matches_formulas((gates_i, grad_cx, bias_i), (None, *inputs[1:]), dtype)
