"""The wrapper's short path: plain numpy arrays and no `out=` go to the binding without the
general path's kind, conversion and staging work. It must be taken only for arrays the
binding takes as they are, give what the general path gives bit for bit, and leave every
check of the aclnn layer in place."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad import _api
from tests.oracles import assert_meets_contract, make_inputs


class Subclass(np.ndarray):
    """An ndarray subclass: the short path leaves it to the general one."""


@pytest.fixture
def short_path_calls(monkeypatch):
    """How many calls took the short path (their inputs went to the binding as they are)."""
    calls = []
    real = _api.plain_numpy_args

    def counted(values):
        args = real(values)
        if args is not None:
            calls.append(args)
        return args

    monkeypatch.setattr(_api, "plain_numpy_args", counted)
    return calls


def general_path(inputs, has_bias):
    """The same call through the general path: outputs given with `out=`."""
    batch, hidden = inputs[2].shape
    outs = [np.full((batch, 4 * hidden), np.nan, inputs[2].dtype), np.full((batch, hidden), np.nan, inputs[2].dtype),
            np.full((4 * hidden,), np.nan, inputs[2].dtype) if has_bias else None]
    return lcg.thnn_fused_lstm_cell_backward(*inputs, has_bias, out=outs)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("has_bias", [True, False])
@pytest.mark.parametrize("grad_hy,grad_c", [(True, True), (False, True), (True, False)])
def test_short_path_matches_the_general_path_bit_for_bit(short_path_calls, dtype, has_bias, grad_hy, grad_c):
    inputs = make_inputs(1, 8, dtype, seed=5, grad_hy=grad_hy, grad_c=grad_c)
    short = lcg.thnn_fused_lstm_cell_backward(*inputs, has_bias)
    assert len(short_path_calls) == 1
    general = general_path(inputs, has_bias)
    assert len(short_path_calls) == 1  # out= never takes it
    for ours, theirs in zip(short, general):
        if theirs is None:
            assert ours is None
            continue
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape and ours.flags.c_contiguous
        assert ours.tobytes() == theirs.tobytes()
    assert_meets_contract(short, inputs, has_bias)


def reversed_columns(array):
    return np.ascontiguousarray(array[:, ::-1])[:, ::-1]  # same values, negative column stride


def big_endian(array):
    return array.astype(array.dtype.newbyteorder(">"))


@pytest.mark.parametrize("layout", [reversed_columns, big_endian, lambda a: a.view(Subclass)],
                         ids=["negative-strides", "big-endian", "subclass"])
def test_layouts_the_binding_cannot_take_go_the_general_way_with_the_same_answer(short_path_calls, layout):
    inputs = make_inputs(1, 8, np.float32, seed=6)
    plain = lcg.thnn_fused_lstm_cell_backward(*inputs)
    assert len(short_path_calls) == 1
    changed = inputs[:2] + [layout(inputs[2])] + inputs[3:]
    assert np.array_equal(changed[2], inputs[2])
    other = lcg.thnn_fused_lstm_cell_backward(*changed)
    assert len(short_path_calls) == 1
    for ours, theirs in zip(other, plain):
        assert np.asarray(ours).tobytes() == theirs.tobytes()


@pytest.mark.parametrize("name,bad,mentions", [
    ("cx", np.zeros((1, 9), np.float32), "cx"),
    ("cy", np.zeros((1, 8), np.float16), "cy"),
    ("storage", np.zeros((1, 24), np.float32), "storage"),
    ("grad_hy", np.zeros((2, 8), np.float32), "gradHy"),
])
def test_the_aclnn_checks_still_refuse_a_small_call_on_the_short_path(short_path_calls, name, bad, mentions):
    inputs = dict(zip(["grad_hy", "grad_c", "cx", "cy", "storage"], make_inputs(1, 8, np.float32, seed=7)))
    inputs[name] = bad
    with pytest.raises(lcg.AclnnError) as caught:
        lcg.thnn_fused_lstm_cell_backward(**inputs)
    assert len(short_path_calls) == 1  # it was the short path that met the check
    assert caught.value.status == 161002
    assert mentions in str(caught.value), str(caught.value)


def test_python_argument_errors_come_before_the_short_path(short_path_calls):
    inputs = make_inputs(1, 8, np.float32, seed=8)
    with pytest.raises(TypeError, match="cx is required"):
        lcg.thnn_fused_lstm_cell_backward(inputs[0], inputs[1], None, inputs[3], inputs[4])
    with pytest.raises(TypeError, match="has_bias must be a bool"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, has_bias=1)
    with pytest.raises(ValueError, match=r"num_cores must be an int in \[1, 4294967295\], got 0"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, num_cores=0)
    with pytest.raises(TypeError, match="must be a numpy array or a torch tensor"):
        lcg.thnn_fused_lstm_cell_backward(inputs[0], inputs[1], inputs[2].tolist(), inputs[3], inputs[4])
    assert not short_path_calls
