"""torch CPU tensors in and out, against PyTorch's own autograd of the LSTM cell
(aten::_thnn_differentiable_lstm_cell_backward) and the float64 formulas."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_matches_autograd, assert_meets_contract, make_inputs

torch = pytest.importorskip("torch")

GRADS = [(True, True), (True, False), (False, True), (False, False)]


def as_torch(arrays):
    return [None if a is None else torch.from_numpy(a) for a in arrays]


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("grad_hy,grad_c", GRADS)
def test_against_pytorch_autograd(dtype, grad_hy, grad_c):
    inputs = make_inputs(21, 24, dtype, seed=30, grad_hy=grad_hy, grad_c=grad_c)
    results = lcg.thnn_fused_lstm_cell_backward(*as_torch(inputs), True)
    torch_dtype = torch.float32 if dtype == np.float32 else torch.float16
    for result in results:
        assert isinstance(result, torch.Tensor) and result.dtype == torch_dtype and result.device.type == "cpu"
    assert_meets_contract(results, inputs)
    assert_matches_autograd(results, inputs)


def test_tensors_that_require_grad_and_views():
    inputs = make_inputs(12, 16, seed=31)
    views = []
    for array in inputs:
        rows, cols = array.shape
        base = torch.zeros(cols + 2, rows)
        base[1:1 + cols] = torch.from_numpy(array).t()
        base.requires_grad_(True)
        views.append(base.t()[:, 1:1 + cols])   # transposed, with a storage offset, requiring grad
    assert views[2].requires_grad and not views[2].is_contiguous() and views[2].storage_offset() == 12
    results = lcg.thnn_fused_lstm_cell_backward(*views)
    assert not any(r.requires_grad for r in results)
    assert_matches_autograd(results, inputs)


def test_out_tensors_written_in_place():
    inputs = make_inputs(12, 16, np.float16, seed=32)
    gates_storage = torch.full((12, 80), 9.0, dtype=torch.float16)
    out = (gates_storage[:, 8:72], torch.empty(16, 12, dtype=torch.float16).t(), torch.empty(64, dtype=torch.float16))
    results = lcg.thnn_fused_lstm_cell_backward(*as_torch(inputs), out=out)
    assert all(r is o for r, o in zip(results, out))
    assert (gates_storage[:, :8] == 9).all() and (gates_storage[:, 72:] == 9).all()
    assert_meets_contract(out, inputs)


def test_no_bias_returns_none_for_grad_bias():
    inputs = make_inputs(3, 8, seed=33)
    gates, grad_cx, grad_bias = lcg.thnn_fused_lstm_cell_backward(*as_torch(inputs), has_bias=False)
    assert grad_bias is None
    assert_meets_contract((gates, grad_cx, None), inputs, has_bias=False)


def test_bfloat16_tensors_run_and_stay_bfloat16():
    """bfloat16 (an extension beyond the op's aclnn API page) goes through the kernel and
    meets the contract."""
    inputs = [t.to(torch.bfloat16) for t in as_torch(make_inputs(2, 8, seed=34))]
    results = lcg.thnn_fused_lstm_cell_backward(*inputs)
    assert all(r.dtype == torch.bfloat16 for r in results)
    for comparison in lcg.compare_outputs(results, inputs):
        assert comparison.ok and comparison.max_ulps is not None, str(comparison)


def test_float64_tensors_are_rejected_by_the_api():
    inputs = [t.double() for t in as_torch(make_inputs(2, 8, seed=34))]
    with pytest.raises(lcg.AclnnError) as error:
        lcg.thnn_fused_lstm_cell_backward(*inputs)
    assert error.value.status == 161002
    assert "float64" in error.value.message and "gradHyOptional" in error.value.message


def test_non_cpu_tensor_is_a_type_error():
    inputs = as_torch(make_inputs(2, 8, seed=35))
    inputs[2] = torch.empty((2, 8), device="meta")
    with pytest.raises(TypeError, match="cx is on device 'meta'"):
        lcg.thnn_fused_lstm_cell_backward(*inputs)


@pytest.mark.parametrize("index", [0, 1, 2])
def test_inference_out_tensors_are_refused_outside_inference_mode(index):
    """As torch's own out= ops: an inference tensor is written only inside inference mode."""
    inputs = as_torch(make_inputs(2, 8, np.float32, seed=33))
    with torch.inference_mode():
        made_inside = [torch.empty(2, 32), torch.empty(2, 8), torch.empty(32)]
    out = [torch.full((2, 32), 7.0), torch.full((2, 8), 7.0), torch.full((32,), 7.0)]
    out[index] = made_inside[index]
    with pytest.raises(RuntimeError) as caught:
        torch.add(torch.ones(1), torch.ones(1), out=made_inside[index].view(-1)[:1])
    with pytest.raises(type(caught.value), match="Inplace update to inference tensor outside InferenceMode"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, out=out)
    assert all((o == 7).all() for k, o in enumerate(out) if k != index)  # nothing written
    with torch.inference_mode():  # inside, it is allowed
        results = lcg.thnn_fused_lstm_cell_backward(*inputs, out=made_inside)
    assert_meets_contract(results, [i.numpy() for i in inputs])
