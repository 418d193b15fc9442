"""torch.ops.lstm_cell_grad.thnn_fused_lstm_cell_backward: schema, CPU kernel (the sim) against
the float64 formulas, fake kernel, autograd formula, opcheck, torch.compile."""
import pytest

torch = pytest.importorskip("torch")

import lstm_cell_grad  # noqa: E402
import lstm_cell_grad.torch as lcgt  # noqa: E402
from tests.oracles import assert_matches_formulas, assert_within, torch_formulas, torch_inputs  # noqa: E402

GRADS = [(True, True), (True, False), (False, True), (False, False)]
# float32, float16, bfloat16: the kernel on the sim; float64: the exact path.
DTYPES = [torch.float32, torch.float16, torch.bfloat16, torch.float64]


def test_schema_mirrors_aten_impl():
    ours = lcgt.OP._schema
    aten = torch.ops.aten._thnn_fused_lstm_cell_backward_impl.default._schema
    assert [(a.name, str(a.type)) for a in ours.arguments] == [(a.name, str(a.type)) for a in aten.arguments]
    assert [str(r.type) for r in aten.returns] == ["Tensor", "Tensor", "Tensor"]
    assert [str(r.type) for r in ours.returns] == ["Tensor", "Tensor", "Optional[Tensor]"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("grad_hy,grad_c", GRADS)
def test_cpu_kernel_matches_formulas(dtype, grad_hy, grad_c):
    inputs = torch_inputs(5, 33, dtype, seed=1, grad_hy=grad_hy, grad_c=grad_c)
    results = lcgt.thnn_fused_lstm_cell_backward(*inputs, True)
    for result, shape in zip(results, [(5, 132), (5, 33), (132,)]):
        assert result.dtype == dtype and tuple(result.shape) == shape and result.is_contiguous()
    assert_matches_formulas(results, inputs, dtype)
    if not (grad_hy or grad_c):
        assert all(torch.equal(r, torch.zeros_like(r)) for r in results)


@pytest.mark.parametrize("dtype", DTYPES)
def test_which_dtypes_reach_the_kernel(dtype, monkeypatch):
    """float64 never reaches the sim (no kernel variant): it is the float64 formulas."""
    calls = []
    run_on_sim = lstm_cell_grad.thnn_fused_lstm_cell_backward
    monkeypatch.setattr(lstm_cell_grad, "thnn_fused_lstm_cell_backward",
                        lambda *args: calls.append(args[2].dtype) or run_on_sim(*args))
    lcgt.OP(*torch_inputs(3, 4, dtype, seed=12), True)
    assert calls == ([] if dtype == torch.float64 else [dtype])
    assert set(lcgt.KERNEL_DTYPES) == {torch.float32, torch.float16, torch.bfloat16}


def test_float64_gradcheck_and_gradgradcheck_at_default_tolerances():
    """The op itself (its float64 path and its autograd formula), torch's defaults."""
    for grad_hy, grad_c in GRADS[:3]:
        inputs = [None if t is None else t.requires_grad_() for t in
                  torch_inputs(3, 4, torch.float64, seed=13, grad_hy=grad_hy, grad_c=grad_c)]
        present = [i for i, t in enumerate(inputs) if t is not None]

        def op(*tensors):
            args = list(inputs)
            for index, tensor in zip(present, tensors):
                args[index] = tensor
            return lcgt.OP(*args, True)

        tensors = tuple(inputs[i] for i in present)
        assert torch.autograd.gradcheck(op, tensors)
        assert torch.autograd.gradgradcheck(op, tensors)


def test_without_bias_grad_bias_is_none():
    inputs = torch_inputs(3, 8, seed=2)
    grad_gates, grad_cx, grad_bias = lcgt.OP(*inputs, False)
    assert grad_bias is None
    assert_matches_formulas((grad_gates, grad_cx, None), inputs, torch.float32)


def test_strided_views():
    inputs = torch_inputs(6, 10, seed=3)
    views = []
    for tensor in inputs:
        base = torch.zeros(tensor.shape[1] + 3, tensor.shape[0])
        base[2:2 + tensor.shape[1]] = tensor.t()
        views.append(base.t()[:, 2:2 + tensor.shape[1]])  # transposed, with a storage offset
    assert not views[2].is_contiguous() and views[2].storage_offset() == 12
    assert_matches_formulas(lcgt.OP(*views, True), inputs, torch.float32)


def test_errors_name_the_tensor():
    """By the schema's names (workspace, grad_cy; not the aclnn API's storage, gradCOptional)."""
    inputs = torch_inputs(3, 8, seed=4)
    with pytest.raises(lstm_cell_grad.AclnnError, match="cx has dtype int32") as error:
        lcgt.OP(*[t.to(torch.int32) for t in inputs], True)
    assert error.value.status == 161002
    with pytest.raises(lstm_cell_grad.AclnnError, match=r"workspace must have shape \(3, 32\)") as error:
        lcgt.OP(*inputs[:4], inputs[4][:, :31], True)
    assert error.value.status == 161002 and "storage" not in str(error.value)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.float64])
@pytest.mark.parametrize("bad", ["shape", "dtype"])
def test_one_exception_type_per_failure_in_every_dtype_and_entry_point(dtype, bad):
    """The same wrong argument raises AclnnError (status 161002) naming the schema's argument,
    whether the kernel runs (float32, float16, bfloat16) or the float64 path, and through the
    op, the Python wrapper or the fake kernel."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    inputs = torch_inputs(3, 8, dtype, seed=4)
    if bad == "shape":
        inputs[1] = inputs[1][:, :7]
    else:
        inputs[1] = inputs[1].to(torch.float32 if dtype != torch.float32 else torch.float16)
    calls = {"op": lambda args: lcgt.OP(*args, True),
             "wrapper": lambda args: lcgt.thnn_fused_lstm_cell_backward(*args, True)}
    for entry, call in calls.items():
        with pytest.raises(lstm_cell_grad.AclnnError) as error:
            call(inputs)
        assert error.value.status == 161002 and "grad_cy" in error.value.message, (entry, error.value)
        assert "gradCOptional" not in str(error.value)
    with FakeTensorMode() as mode:
        fake = [mode.from_tensor(t) for t in inputs]
        with pytest.raises(lstm_cell_grad.AclnnError, match="grad_cy"):
            lcgt.OP(*fake, True)


def test_kernel_errors_use_the_schema_names():
    """An error only the aclnn API reports comes back with the schema's argument names."""
    from lstm_cell_grad.torch._ops import _in_schema_names
    message = _in_schema_names(lstm_cell_grad.AclnnError(
        161002, "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize: storage has shape [2, 5]; gradCOptional, "
        "gradHyOptional", "api")).message
    assert message == "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize: workspace has shape [2, 5]; grad_cy, grad_hy"


def test_fake_kernel_gives_shapes_and_checks_them():
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode() as mode:
        inputs = [mode.from_tensor(t) for t in torch_inputs(7, 9, torch.bfloat16, seed=5)]
        grad_gates, grad_cx, grad_bias = lcgt.OP(*inputs, True)
        assert (tuple(grad_gates.shape), tuple(grad_cx.shape), tuple(grad_bias.shape)) == ((7, 36), (7, 9), (36,))
        assert grad_gates.dtype == torch.bfloat16
        assert lcgt.OP(None, *inputs[1:], False)[2] is None
        with pytest.raises(lstm_cell_grad.AclnnError, match=r"workspace must have shape \(7, 36\)"):
            lcgt.OP(*inputs[:4], inputs[4][:, :35], True)
    meta = [t.to("meta") for t in torch_inputs(2, 3, seed=6)]
    assert tuple(lcgt.OP(*meta, True)[0].shape) == (2, 12)


OPCHECK_CASES = {
    "both grads, bias": dict(grad_hy=True, grad_c=True, has_bias=True),
    "grad_hy only, no bias": dict(grad_hy=True, grad_c=False, has_bias=False),
    "grad_c only, bias": dict(grad_hy=False, grad_c=True, has_bias=True),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float64])
@pytest.mark.parametrize("case", OPCHECK_CASES)
def test_opcheck(case, dtype):
    options = OPCHECK_CASES[case]
    inputs = torch_inputs(3, 5, dtype, seed=7, grad_hy=options["grad_hy"], grad_c=options["grad_c"])
    inputs = [None if t is None else t.requires_grad_() for t in inputs]
    # Every util: schema, autograd registration, fake kernel, and eager vs AOT (forward and
    # the autograd formula) with dynamic shapes.
    torch.library.opcheck(lcgt.OP, (*inputs, options["has_bias"]))


@pytest.mark.parametrize("grad_hy,grad_c", GRADS[:3])
def test_autograd_formula_matches_autograd_of_formulas(grad_hy, grad_c):
    """Second order: the op's registered gradient against autograd of the float64 formulas."""
    inputs = torch_inputs(4, 6, seed=8, grad_hy=grad_hy, grad_c=grad_c)
    generator = torch.Generator().manual_seed(9)
    cotangents = [torch.randn(4, 24, generator=generator), torch.randn(4, 6, generator=generator),
                  torch.randn(24, generator=generator)]
    ours_in = [None if t is None else t.clone().requires_grad_() for t in inputs]
    ours_out = lcgt.OP(*ours_in, True)
    present = [t for t in ours_in if t is not None]
    ours = torch.autograd.grad(ours_out, present, cotangents)

    ref_in = [None if t is None else t.double().requires_grad_() for t in inputs]
    ref_out = torch_formulas(*ref_in)
    reference = torch.autograd.grad(ref_out, [t for t in ref_in if t is not None], [c.double() for c in cotangents])
    for got, expected in zip(ours, reference):
        assert got.dtype == torch.float32
        # The formula runs in float32 torch operations: sums of a few products, so a few ulp
        # of the largest element.
        assert_within(got, expected, 1e-5, scale=expected.abs().max(), name="second-order gradient")


def test_float16_autograd_formula_returns_float16():
    inputs = [t.requires_grad_() for t in torch_inputs(2, 4, torch.float16, seed=10)]
    grads = torch.autograd.grad(lcgt.OP(*inputs, True)[0].sum(), inputs)
    assert all(g.dtype == torch.float16 for g in grads)


def test_torch_compile_fullgraph_dynamic():
    def step(grad_hy, grad_c, cx, cy, storage):
        grad_gates, grad_cx, grad_bias = lcgt.OP(grad_hy, grad_c, cx, cy, storage, True)
        return grad_gates * 2, grad_cx + 1, grad_bias

    compiled = torch.compile(step, backend="aot_eager", fullgraph=True, dynamic=True)
    for batch, hidden in [(3, 4), (5, 7)]:
        inputs = torch_inputs(batch, hidden, seed=11)
        expected = step(*inputs)
        for got, want in zip(compiled(*inputs), expected):
            assert torch.equal(got, want)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_vmap_of_the_op_folds_into_the_batch(dtype):
    """torch.func.vmap has a batching rule: each instance as the op gives it alone, and the op
    against torch's own autograd of the cell for one instance (oracles' formulas)."""
    count, batch, hidden = 3, 4, 8
    stacked = [torch.stack(group) for group in zip(*[torch_inputs(batch, hidden, dtype, seed=40 + k)
                                                     for k in range(count)])]
    results = torch.func.vmap(lambda *args: lcgt.OP(*args, True))(*stacked)
    for k in range(count):
        alone = lcgt.OP(*[t[k] for t in stacked], True)
        for got, want in zip(results, alone):
            torch.testing.assert_close(got[k], want)
    # One input shared (not vmapped), one vmapped along dim 1; no bias.
    shared_cy = stacked[3][0]
    gates, grad_cx = torch.func.vmap(lambda g, c: lcgt.OP(g, None, c, shared_cy, stacked[4][0], False)[:2],
                                     in_dims=(1, 0))(stacked[0].movedim(0, 1), stacked[2])
    for k in range(count):
        alone = lcgt.OP(stacked[0][k], None, stacked[2][k], shared_cy, stacked[4][0], False)
        torch.testing.assert_close(gates[k], alone[0])
        torch.testing.assert_close(grad_cx[k], alone[1])
    assert_matches_formulas(tuple(r[0] for r in results), [t[0] for t in stacked], dtype)


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacrev"])
def test_differentiating_torch_func_transforms_say_they_are_unsupported(transform):
    inputs = torch_inputs(2, 8, torch.float64, seed=7)

    def grad_cx_sum(cx):
        return lcgt.thnn_fused_lstm_cell_backward(inputs[0], inputs[1], cx, inputs[3], inputs[4], True)[1].sum()
    call = {"grad": lambda: torch.func.grad(grad_cx_sum)(inputs[2]),
            "vjp": lambda: torch.func.vjp(grad_cx_sum, inputs[2]),
            "jacrev": lambda: torch.func.jacrev(grad_cx_sum)(inputs[2])}[transform]
    with pytest.raises(RuntimeError, match="torch.func.grad, vjp, jacrev and jvp are not supported"):
        call()
    cell = lcgt.LSTMCell(5, 8).double()
    x = torch.randn(2, 5, dtype=torch.float64)
    cell_call = {"grad": lambda: torch.func.grad(lambda v: cell(v)[0].sum())(x),
                 "vjp": lambda: torch.func.vjp(lambda v: cell(v)[0].sum(), x),
                 "jacrev": lambda: torch.func.jacrev(lambda v: cell(v)[0].sum())(x)}[transform]
    with pytest.raises(RuntimeError, match="LSTMCell: torch.func transforms .* are not supported"):
        cell_call()
    with pytest.raises(RuntimeError, match="LSTMCell: torch.func transforms"):
        torch.func.vmap(lambda v: cell(v.unsqueeze(0))[0])(x)
    # What works instead: torch.autograd, against torch's own autograd of nn.LSTMCell.
    reference = torch.nn.LSTMCell(5, 8).double()
    reference.load_state_dict(cell.state_dict())
    ours = torch.autograd.grad(cell(x.requires_grad_())[0].sum(), x)[0]
    theirs = torch.autograd.grad(reference(x)[0].sum(), x)[0]
    torch.testing.assert_close(ours, theirs)
