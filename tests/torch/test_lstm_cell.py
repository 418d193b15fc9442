"""LSTMCellFunction / lstm_cell / LSTMCell against torch.nn.LSTMCell's own autograd (float32,
and float64 as the precise reference), with the op really running in the backward."""
import pytest

torch = pytest.importorskip("torch")

import lstm_cell_grad  # noqa: E402
import lstm_cell_grad.torch as lcgt  # noqa: E402
from tests.oracles import assert_within  # noqa: E402
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

INPUT_SIZE = 7


class OpCalls(TorchDispatchMode):
    """Records each call of the op with which gradient arguments were present."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is lcgt.OP:
            self.calls.append({"grad_hy": args[0] is not None, "grad_c": args[1] is not None, "has_bias": args[5]})
        return func(*args, **(kwargs or {}))


def make_cell_case(batch, hidden, dtype, seed, bias=True):
    """A reference nn.LSTMCell (float64) and inputs whose values are exact in `dtype`."""
    torch.manual_seed(seed)
    reference = torch.nn.LSTMCell(INPUT_SIZE, hidden, bias=bias)
    with torch.no_grad():
        for parameter in reference.parameters():
            parameter.copy_(parameter.to(dtype))
    tensors = [torch.randn(batch, INPUT_SIZE), torch.randn(batch, hidden), torch.randn(batch, hidden),
               torch.randn(batch, hidden), torch.randn(batch, hidden)]  # input, hx, cx, grad_hy, grad_c
    return reference, [t.to(dtype) for t in tensors]


def run_cell(cell, dtype, x, hx, cx, grad_hy, grad_c):
    """Forward, then backward of <hy, grad_hy> + <cy, grad_c> (None: that output unused);
    returns (hy, cy, gradients of input, hx, cx and every parameter)."""
    cell = cell.to(dtype)
    for parameter in cell.parameters():
        parameter.grad = None
    leaves = [t.detach().to(dtype).requires_grad_() for t in (x, hx, cx)]
    hy, cy = cell(leaves[0], (leaves[1], leaves[2]))
    loss = 0
    if grad_hy is not None:
        loss = loss + (hy * grad_hy.to(dtype)).sum()
    if grad_c is not None:
        loss = loss + (cy * grad_c.to(dtype)).sum()
    loss.backward()
    return hy, cy, [t.grad for t in leaves] + [p.grad for p in cell.parameters()]


def ours_from(reference):
    ours = lcgt.LSTMCell(reference.input_size, reference.hidden_size, bias=reference.bias)
    ours.load_state_dict(reference.state_dict())
    return ours


# float32 within 1e-5 (the elementwise part), then matmuls over <= 33 terms; float16 and
# bfloat16: values rounded to 2^-11 / 2^-8 relative at each stored step (the gates' storage, cy,
# grad_gates, products); float64: the exact path, so rounding of float64 operations only.
CELL_RTOL = {torch.float32: 1e-5, torch.float16: 1e-2, torch.bfloat16: 6e-2, torch.float64: 1e-12}


@pytest.mark.parametrize("dtype", list(CELL_RTOL))
@pytest.mark.parametrize("batch", [1, 5])
@pytest.mark.parametrize("hidden", [1, 8, 33])
def test_gradients_match_nn_lstmcell(dtype, batch, hidden):
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(batch, hidden, dtype, seed=batch * 100 + hidden)
    ours = ours_from(reference)
    with OpCalls() as spy:
        hy, cy, grads = run_cell(ours, dtype, x, hx, cx, grad_hy, grad_c)
    assert spy.calls == [{"grad_hy": True, "grad_c": True, "has_bias": True}]
    assert hy.dtype == dtype and all(g.dtype == dtype for g in grads)

    ref_hy, ref_cy, ref_grads = run_cell(reference, torch.float64, x, hx, cx, grad_hy, grad_c)
    rtol = CELL_RTOL[dtype]
    names = ["input", "hx", "cx", "weight_ih", "weight_hh", "bias_ih", "bias_hh"]
    assert_within(hy, ref_hy, rtol, scale=ref_hy.abs().max(), name="hy")
    assert_within(cy, ref_cy, rtol, scale=ref_cy.abs().max(), name="cy")  # f * cx + i * g may cancel
    for name, got, expected in zip(names, grads, ref_grads):
        assert_within(got, expected, rtol, scale=expected.abs().max(), name=f"grad of {name}")
    if dtype == torch.float32:  # and PyTorch's own float32 autograd, as the user sees it
        _, _, torch_grads = run_cell(reference, torch.float32, x, hx, cx, grad_hy, grad_c)
        for name, got, expected in zip(names, grads, torch_grads):
            assert_within(got, expected, rtol, scale=expected.abs().max(), name=f"grad of {name} vs float32")


@pytest.mark.parametrize("used", ["hy", "cy"])
def test_unused_output_reaches_the_op_as_none(used):
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(4, 6, torch.float32, seed=1)
    grad_hy, grad_c = (grad_hy, None) if used == "hy" else (None, grad_c)
    with OpCalls() as spy:
        _, _, grads = run_cell(ours_from(reference), torch.float32, x, hx, cx, grad_hy, grad_c)
    assert spy.calls == [{"grad_hy": used == "hy", "grad_c": used == "cy", "has_bias": True}]
    _, _, ref_grads = run_cell(reference, torch.float64, x, hx, cx, grad_hy, grad_c)
    for got, expected in zip(grads, ref_grads):
        assert_within(got, expected, 1e-5, scale=expected.abs().max())


def test_without_bias_and_with_frozen_bias():
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(3, 5, torch.float32, seed=2, bias=False)
    with OpCalls() as spy:
        _, _, grads = run_cell(ours_from(reference), torch.float32, x, hx, cx, grad_hy, grad_c)
    assert spy.calls[0]["has_bias"] is False and len(grads) == 5
    _, _, ref_grads = run_cell(reference, torch.float64, x, hx, cx, grad_hy, grad_c)
    for got, expected in zip(grads, ref_grads):
        assert_within(got, expected, 1e-5, scale=expected.abs().max())

    frozen = ours_from(make_cell_case(3, 5, torch.float32, seed=3)[0])
    frozen.bias_ih.requires_grad_(False)
    frozen.bias_hh.requires_grad_(False)
    with OpCalls() as spy:
        run_cell(frozen, torch.float32, x, hx, cx, grad_hy, grad_c)
    assert spy.calls[0]["has_bias"] is False  # no bias gradient asked of the op


def test_bias_gradients_do_not_alias():
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(2, 3, torch.float32, seed=4)
    ours = ours_from(reference)
    run_cell(ours, torch.float32, x, hx, cx, grad_hy, grad_c)
    assert torch.equal(ours.bias_ih.grad, ours.bias_hh.grad)
    ours.bias_ih.grad.zero_()
    assert ours.bias_hh.grad.abs().sum() > 0


def test_double_backward_matches_nn_lstmcell():
    """A gradient penalty: d/d(everything) of |d loss / d input|^2, through the op's own
    autograd formula."""
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(3, 4, torch.float32, seed=5)

    def penalty_grads(cell, dtype):
        cell = cell.to(dtype)
        leaves = [t.detach().to(dtype).requires_grad_() for t in (x, hx, cx)]
        hy, cy = cell(leaves[0], (leaves[1], leaves[2]))
        loss = (hy * grad_hy.to(dtype)).sum() + (cy * grad_c.to(dtype)).sum()
        first = torch.autograd.grad(loss, leaves + list(cell.parameters()), create_graph=True)
        penalty = sum((g ** 2).sum() for g in first)
        return torch.autograd.grad(penalty, leaves + list(cell.parameters()))

    ours = penalty_grads(ours_from(reference), torch.float32)
    expected = penalty_grads(reference, torch.float64)
    for got, want in zip(ours, expected):
        assert_within(got, want, 1e-4, scale=want.abs().max(), name="second-order gradient")


def test_float64_gradcheck_and_gradgradcheck_at_default_tolerances():
    """The whole cell in float64 (the op's exact path; double backward through PyTorch's
    differentiable formula), every input and parameter, torch's default eps/atol/rtol."""
    torch.manual_seed(9)
    cell = lcgt.LSTMCell(3, 4).double()
    leaves = [torch.randn(2, n, dtype=torch.float64, requires_grad=True) for n in (3, 4, 4)]

    def step(x, h, c, *parameters):
        return lcgt.lstm_cell(x, (h, c), *parameters)

    arguments = (*leaves, *cell.parameters())
    assert torch.autograd.gradcheck(step, arguments)
    assert torch.autograd.gradgradcheck(step, arguments)


def test_double_backward_uses_pytorchs_differentiable_formula():
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(2, 3, torch.float32, seed=10)
    leaves = [t.clone().requires_grad_() for t in (x, hx, cx)]
    hy, cy = ours_from(reference)(leaves[0], (leaves[1], leaves[2]))
    with OpCalls() as spy:
        first = torch.autograd.grad((hy * grad_hy).sum() + (cy * grad_c).sum(), leaves, create_graph=True)
    assert spy.calls == []  # create_graph: aten::_thnn_differentiable_lstm_cell_backward, not the op
    assert all(g.requires_grad for g in first)
    with OpCalls() as spy:
        torch.autograd.grad((hy * grad_hy).sum(), leaves[0], retain_graph=True)
    assert len(spy.calls) == 1  # first order: the op


@pytest.mark.parametrize("dtype", [torch.float64, torch.bfloat16, torch.float16])
def test_module_dtype_conversions(dtype):
    """.double(), .bfloat16(), .half() work and train like nn.LSTMCell converted the same way."""
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(3, 8, dtype, seed=11)
    ours = {torch.float64: lambda m: m.double(), torch.bfloat16: lambda m: m.bfloat16(),
            torch.float16: lambda m: m.half()}[dtype](ours_from(reference))
    assert all(p.dtype == dtype for p in ours.parameters())
    hy, cy, grads = run_cell(ours, dtype, x, hx, cx, grad_hy, grad_c)
    assert hy.dtype == dtype and all(g.dtype == dtype for g in grads)
    _, _, ref_grads = run_cell(reference, torch.float64, x, hx, cx, grad_hy, grad_c)
    for got, expected in zip(grads, ref_grads):
        assert_within(got, expected, CELL_RTOL[dtype], scale=expected.abs().max())


def test_forward_has_its_own_docstring():
    doc = lcgt.LSTMCell.forward.__doc__
    assert doc and "overridden" not in doc and "hx" in doc


def test_lstm_cell_function_unbatched_and_default_state():
    reference, (x, hx, cx, _, _) = make_cell_case(1, 6, torch.float32, seed=6)
    weights = (reference.weight_ih, reference.weight_hh, reference.bias_ih, reference.bias_hh)
    hy, cy = lcgt.lstm_cell(x[0], (hx[0], cx[0]), *weights)
    ref_hy, ref_cy = reference(x[0], (hx[0], cx[0]))
    assert hy.shape == (6,) and cy.shape == (6,)
    assert_within(hy, ref_hy, 1e-6)
    assert_within(cy, ref_cy, 1e-6)
    hy, cy = lcgt.LSTMCell.forward(reference, x)  # hx None: zeros
    ref_hy, ref_cy = reference(x)
    assert_within(hy, ref_hy, 1e-6)
    assert_within(cy, ref_cy, 1e-6)
    (hy.sum() + cy.sum()).backward()
    assert reference.weight_hh.grad is not None


def test_rejects_what_the_op_cannot_run():
    reference, (x, hx, cx, _, _) = make_cell_case(2, 3, torch.float64, seed=7)
    weights = (reference.weight_ih.double(), reference.weight_hh.double(), None, None)
    with pytest.raises(TypeError, match="input has dtype torch.int32"):
        lcgt.LSTMCellFunction.apply(x.to(torch.int32), hx, cx, *weights)
    weights = [w.float() for w in weights[:2]]
    with pytest.raises(TypeError, match="hx has dtype torch.float64"):
        lcgt.LSTMCellFunction.apply(x.float(), hx, cx.float(), *weights)
    with pytest.raises(ValueError, match=r"cx must have shape \(2, 3\)"):
        lcgt.LSTMCellFunction.apply(x.float(), hx.float(), cx.float()[:, :2], *weights)


def test_torch_compile_forward_and_backward(monkeypatch):
    """The cell compiled whole (fullgraph): its backward, with the op in it, is traced by AOT
    autograd through the op's fake kernel and runs the op's CPU kernel."""
    reference, (x, hx, cx, grad_hy, grad_c) = make_cell_case(4, 5, torch.float32, seed=8)
    eager, compiled_cell = ours_from(reference), ours_from(reference)
    compiled = torch.compile(compiled_cell, backend="aot_eager", fullgraph=True)
    _, _, expected = run_cell(eager, torch.float32, x, hx, cx, grad_hy, grad_c)

    kernel_runs = []
    run_on_sim = lstm_cell_grad.thnn_fused_lstm_cell_backward
    monkeypatch.setattr(lstm_cell_grad, "thnn_fused_lstm_cell_backward",
                        lambda *args: kernel_runs.append(args[:2]) or run_on_sim(*args))
    _, _, got = run_cell(compiled, torch.float32, x, hx, cx, grad_hy, grad_c)
    assert len(kernel_runs) == 1 and all(grad is not None for grad in kernel_runs[0])
    for a, b in zip(got, expected):
        assert torch.equal(a, b)
