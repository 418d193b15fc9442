"""Every bad input of the contract returns its status and a message naming the argument,
and nothing is written to the outputs."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import make_inputs


def inputs(batch=4, hidden=8, dtype=np.float32):
    return make_inputs(batch, hidden, dtype)


def outputs(batch=4, hidden=8, dtype=np.float32):
    return (np.full((batch, 4 * hidden), 7, dtype), np.full((batch, hidden), 7, dtype), np.full(4 * hidden, 7, dtype))


def expect_error(status, words, args, has_bias=True, out=None):
    out = out if out is not None else outputs()
    before = [o.copy() if o is not None else None for o in out]
    with pytest.raises(lcg.AclnnError) as info:
        lcg.thnn_fused_lstm_cell_backward(*args, has_bias, out=out)
    assert info.value.status == status, str(info.value)
    for word in words:
        assert word in str(info.value), str(info.value)
    for o, b in zip(out, before):
        if o is not None:
            np.testing.assert_array_equal(o, b)


def test_wrong_dtype():
    args = inputs()
    args[2] = args[2].astype(np.float64)
    expect_error(161002, ["cx", "float64"], args)


def test_mixed_dtypes():
    args = inputs()
    args[1] = args[1].astype(np.float16)
    expect_error(161002, ["gradCOptional", "float16"], args)


def test_wrong_rank():
    args = inputs()
    args[3] = args[3].reshape(-1)
    expect_error(161002, ["cy", "shape"], args)


@pytest.mark.parametrize("index,name", [(0, "gradHyOptional"), (1, "gradCOptional"), (3, "cy"), (4, "storage")])
def test_wrong_shape(index, name):
    args = inputs()
    args[index] = np.ascontiguousarray(args[index][:, :-1])
    expect_error(161002, [name, "expected"], args)


def test_wrong_output_shapes():
    expect_error(161002, ["gradGatesOut"], inputs(), out=(np.zeros((4, 31), np.float32),) + outputs()[1:])
    expect_error(161002, ["gradBiasOut"], inputs(), out=outputs()[:2] + (np.zeros(33, np.float32),))


def test_overlapping_outputs():
    block = np.full((4, 40), 7, np.float32)
    gates, grad_cx = block[:, :32], block[:, 28:36]  # gradCx reaches into gradGates
    expect_error(161002, ["overlap"], inputs(), out=(gates, grad_cx, np.zeros(32, np.float32)))


def test_bias_output_missing_with_has_bias():
    expect_error(161001, ["gradBiasOut"], inputs(), out=outputs()[:2] + (None,))


def test_no_bias_leaves_bias_output_untouched():
    out = outputs()
    lcg.thnn_fused_lstm_cell_backward(*inputs(), False, out=out)
    assert (out[2] == 7).all()


def test_not_an_array_is_type_error():
    args = inputs()
    args[2] = "cx"
    with pytest.raises(TypeError):
        lcg.thnn_fused_lstm_cell_backward(*args, True)
