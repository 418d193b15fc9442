"""Every error path: what Python refuses (TypeError / ValueError) and what the aclnn API
rejects (AclnnError with its status and a message naming the argument), never a crash."""
import numpy as np
import pytest

import _op_hooks
import lstm_cell_grad as lcg
from tests.oracles import make_inputs

B, H = 3, 8
FIRST_PHASE = "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize"


def inputs(dtype=np.float32):
    return list(make_inputs(B, H, dtype, seed=50))


def outputs(dtype=np.float32):
    return [np.empty((B, 4 * H), dtype), np.empty((B, H), dtype), np.empty(4 * H, dtype)]


def call_expecting(status, *args, **kwargs):
    with pytest.raises(lcg.AclnnError) as caught:
        lcg.thnn_fused_lstm_cell_backward(*args, **kwargs)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.status == status and error.api == FIRST_PHASE
    assert error.message.startswith(FIRST_PHASE) and f"[status {status}]" in str(error)
    return error.message


@pytest.mark.parametrize("index,name", [(2, "cx"), (3, "cy"), (4, "storage")])
def test_none_for_a_required_input_is_a_type_error(index, name):
    args = inputs()
    args[index] = None
    with pytest.raises(TypeError, match=f"{name} is required"):
        lcg.thnn_fused_lstm_cell_backward(*args)


@pytest.mark.parametrize("bad", [[[1.0] * H] * B, 3.0, "cx", memoryview(b"1234")])
def test_not_an_array_is_a_type_error(bad):
    args = inputs()
    args[2] = bad
    with pytest.raises(TypeError, match="cx must be a numpy array or a torch tensor"):
        lcg.thnn_fused_lstm_cell_backward(*args)


def test_mixing_numpy_and_torch_is_a_type_error():
    torch = pytest.importorskip("torch")
    args = inputs()
    args[3] = torch.from_numpy(args[3])
    with pytest.raises(TypeError, match="mix numpy arrays and torch tensors.*cy: torch"):
        lcg.thnn_fused_lstm_cell_backward(*args)
    with pytest.raises(TypeError, match=r"out\[1\]: torch"):
        out = outputs()
        out[1] = torch.from_numpy(out[1])
        lcg.thnn_fused_lstm_cell_backward(*inputs(), out=out)


def test_non_numeric_dtype_is_a_type_error():
    args = inputs()
    args[0] = np.full((B, H), "x")
    with pytest.raises(TypeError, match="grad_hy has dtype str"):
        lcg.thnn_fused_lstm_cell_backward(*args)


def test_has_bias_must_be_a_bool():
    with pytest.raises(TypeError, match="has_bias must be a bool"):
        lcg.thnn_fused_lstm_cell_backward(*inputs(), has_bias="yes")


@pytest.mark.parametrize("index,name", [(0, "gradGatesOut"), (1, "gradCxOut")])
def test_none_for_a_required_output_is_161001(index, name):
    out = outputs()
    out[index] = None
    message = call_expecting(161001, *inputs(), out=out)
    assert f"{name} is a null pointer" in message


def test_grad_bias_none_with_has_bias_is_161001():
    out = outputs()
    out[2] = None
    message = call_expecting(161001, *inputs(), True, out=out)
    assert "gradBiasOut is a null pointer but hasBias is true" in message


@pytest.mark.parametrize("index,name", [(0, "gradHyOptional"), (1, "gradCOptional"), (2, "cx"), (3, "cy"),
                                        (4, "storage")])
def test_unsupported_dtype_is_161002_naming_the_input(index, name):
    args = inputs()
    args[index] = args[index].astype(np.float64)
    message = call_expecting(161002, *args)
    assert f"{name} has dtype float64; supported: float32, float16, bfloat16" in message


@pytest.mark.parametrize("index,name", [(0, "gradHyOptional"), (3, "cy"), (4, "storage")])
def test_mixed_dtypes_are_161002_naming_the_input(index, name):
    args = inputs()
    args[index] = args[index].astype(np.float16)
    message = call_expecting(161002, *args)
    assert f"{name} has dtype float16 but cx has float32" in message


def test_output_dtype_differing_is_161002():
    out = outputs()
    out[1] = np.zeros((B, H), np.float16)
    assert "gradCxOut has dtype float16 but cx has float32" in call_expecting(161002, *inputs(), out=out)


@pytest.mark.parametrize("index,name,shape", [
    (0, "gradHyOptional", (B, H + 1)), (1, "gradCOptional", (B + 1, H)), (3, "cy", (B,)),
    (4, "storage", (B, 3 * H)),
])
def test_wrong_input_shape_is_161002_naming_the_input(index, name, shape):
    args = inputs()
    args[index] = np.zeros(shape, np.float32)
    message = call_expecting(161002, *args)
    assert f"{name} has shape" in message and "expected" in message


def test_wrong_rank_of_cx_is_161002():
    args = inputs()
    args[2] = np.zeros((B, H, 1), np.float32)
    assert "cx has shape [3, 8, 1]; expected rank 2" in call_expecting(161002, *args)


@pytest.mark.parametrize("index,name,shape", [(0, "gradGatesOut", (B, H)), (1, "gradCxOut", (H, B)),
                                              (2, "gradBiasOut", (4 * H, 1))])
def test_wrong_output_shape_is_161002_naming_the_output(index, name, shape):
    out = outputs()
    out[index] = np.zeros(shape, np.float32)
    assert f"{name} has shape" in call_expecting(161002, *inputs(), out=out)


def c_api_failure(args, out):
    """The C API's own answer for the same arrays, past the Python-side checks."""
    from lstm_cell_grad import _C
    from lstm_cell_grad._arrays import to_numpy
    return _C.run([to_numpy(n, a) for n, a in zip("abcde", args)], True,
                  [to_numpy(n, a) for n, a in zip("fgh", out)], "Ascend910B1", 0)


def python_refusal(*args, **kwargs):
    """Overlap is checked in Python on the caller's views before anything is staged, with the
    C API's status; the message names the Python argument."""
    with pytest.raises(lcg.AclnnError) as caught:
        lcg.thnn_fused_lstm_cell_backward(*args, **kwargs)
    assert caught.value.status == 161002
    return caught.value.message


def test_overlapping_outputs_are_161002():
    shared = np.zeros((B, 4 * H), np.float32)
    out = (shared, shared[:, :H], np.empty(4 * H, np.float32))
    assert "out[0] (grad_gates) and out[1] (grad_cx) overlap" in python_refusal(*inputs(), out=out)
    status, api, message = c_api_failure(inputs(), out)
    assert status == 161002 and api == FIRST_PHASE and "gradGatesOut and gradCxOut overlap" in message


def test_output_partially_overlapping_an_input_is_161002():
    args = inputs()
    storage = args[4]
    out = (np.empty((B, 4 * H), np.float32), storage[:, H:2 * H], np.empty(4 * H, np.float32))
    assert "out[1] (grad_cx) partially overlaps input storage" in python_refusal(*args, out=out)
    status, api, message = c_api_failure(args, out)
    assert status == 161002 and "gradCxOut partially overlaps input storage" in message


def test_kernel_fault_is_reported_at_synchronize():
    # A device buffer freed between the two phases (a host-program bug, made by test code
    # through ACL and aclnn): the kernel's DMA from it is caught by the sim and surfaces at
    # aclrtSynchronizeStream, as on the device.
    status, api, message = _op_hooks.run_op_with_cx_freed_before_launch(B, H)
    assert status == lcg._C.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION == 507035
    assert api == "aclrtSynchronizeStream"
    assert "gm-allocation" in message and "DataCopyPad" in message
    # The process and the Python API's own stream are fine afterwards.
    grad_gates = lcg.thnn_fused_lstm_cell_backward(*inputs())[0]
    assert np.isfinite(grad_gates).all()


def test_kernel_fault_raises_aclnn_error_through_the_api(monkeypatch):
    # The API raises what the extension reports for a failed call: here the report of a
    # real kernel fault (the test above), in place of a successful run.
    fault = _op_hooks.run_op_with_cx_freed_before_launch(B, H)
    from lstm_cell_grad import _api
    monkeypatch.setattr(_api._C, "run", lambda *args, **kwargs: fault)
    with pytest.raises(lcg.AclnnError) as caught:
        lcg.thnn_fused_lstm_cell_backward(*inputs())
    assert caught.value.status == 507035 and caught.value.api == "aclrtSynchronizeStream"
    assert "a kernel launched on stream" in caught.value.message


@pytest.mark.parametrize("out,error,match", [
    ((np.empty((B, 4 * H), np.float32),), ValueError, "out must be a sequence"),
    ("abc", ValueError, "out must be a sequence"),
])
def test_malformed_out(out, error, match):
    with pytest.raises(error, match=match):
        lcg.thnn_fused_lstm_cell_backward(*inputs(), out=out)


def test_read_only_output_is_a_value_error():
    out = outputs()
    out[0].flags.writeable = False
    with pytest.raises(ValueError, match=r"out\[0\] \(grad_gates\): the array is read-only"):
        lcg.thnn_fused_lstm_cell_backward(*inputs(), out=out)


@pytest.mark.parametrize("cores,error", [(0, ValueError), (-3, ValueError), (True, TypeError), ("4", TypeError)])
def test_bad_num_cores(cores, error):
    with pytest.raises(error, match="num_cores"):
        lcg.thnn_fused_lstm_cell_backward(*inputs(), num_cores=cores)


def test_errors_leave_no_stale_message_behind():
    args = inputs()
    args[4] = args[4].astype(np.float64)
    with pytest.raises(lcg.AclnnError):
        lcg.thnn_fused_lstm_cell_backward(*args)
    args = inputs()
    args[3] = np.zeros((B, H + 1), np.float32)
    message = call_expecting(161002, *args)
    assert "storage" not in message and message.count(FIRST_PHASE) == 1


@pytest.mark.parametrize("dtype", ["complex64", "complex128", "uint16", "uint32", "uint64"])
def test_unsupported_dtype_is_named_by_its_own_name(dtype):
    args = inputs()
    args[2] = args[2].astype(dtype)
    message = call_expecting(161002, *args)
    assert f"cx has dtype {dtype}; supported" in message and "unsupported dtype" not in message


def _raise_shape_error():
    args = inputs()
    args[2] = args[2][:, :-1]
    lcg.thnn_fused_lstm_cell_backward(*args)


def test_aclnn_error_pickles_and_copies_with_its_attributes():
    import copy
    import pickle
    with pytest.raises(lcg.AclnnError) as caught:
        _raise_shape_error()
    error = caught.value
    error.note = "extra"
    for other in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(other) is lcg.AclnnError and str(other) == str(error)
        assert (other.status, other.api, other.message, other.note) == (error.status, error.api, error.message,
                                                                         "extra")


def _raise_aclnn_error():
    raise lcg.AclnnError(161002, "cx has shape [3, 7]", FIRST_PHASE)


def test_aclnn_error_crosses_a_process_pool():
    """A worker's AclnnError arrives as itself, not as BrokenProcessPool. (The worker raises
    it without running the op: a forked child must not rely on the parent's sim threads.)"""
    import concurrent.futures
    import multiprocessing
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        with pytest.raises(lcg.AclnnError) as caught:
            pool.submit(_raise_aclnn_error).result(timeout=60)
    assert (caught.value.status, caught.value.api) == (161002, FIRST_PHASE)
    assert caught.value.message == "cx has shape [3, 7]"
