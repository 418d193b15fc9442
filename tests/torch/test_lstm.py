"""lstm_cell_grad.torch.LSTM against torch.nn.LSTM: outputs, states and gradients of every
parameter, loading an nn.LSTM state dict, and 20 training steps of a 2-layer bidirectional
model (losses and gradients step by step)."""
import pytest

torch = pytest.importorskip("torch")

import lstm_cell_grad.torch as lcgt  # noqa: E402
from tests.oracles import assert_within  # noqa: E402


def twins(seed, **options):
    """An nn.LSTM and our LSTM with the same weights (through the state dict)."""
    torch.manual_seed(seed)
    reference = torch.nn.LSTM(**options)
    ours = lcgt.LSTM(**options)
    ours.load_state_dict(reference.state_dict())
    return reference, ours


def outputs_and_gradients(model, x, hx):
    x = x.clone().requires_grad_()
    hx = None if hx is None else tuple(t.clone().requires_grad_() for t in hx)
    model.zero_grad()
    output, (h_n, c_n) = model(x, hx)
    # Weights for every output, so that each element's gradient differs.
    generator = torch.Generator().manual_seed(1)
    loss = sum((t * torch.randn(t.shape, generator=generator, dtype=t.dtype)).sum() for t in (output, h_n, c_n))
    loss.backward()
    grads = [x.grad] + ([] if hx is None else [t.grad for t in hx]) + [p.grad for p in model.parameters()]
    return (output, h_n, c_n), grads


CASES = {
    "2 layers, bidirectional": dict(input_size=5, hidden_size=6, num_layers=2, bidirectional=True),
    "batch first, no bias": dict(input_size=4, hidden_size=3, num_layers=1, batch_first=True, bias=False),
    "3 layers, one direction": dict(input_size=3, hidden_size=7, num_layers=3),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("with_state", [False, True])
def test_matches_nn_lstm(case, with_state):
    options = CASES[case]
    reference, ours = twins(3, **options)
    steps, batch = 4, 3
    size = options["input_size"]
    shape = (batch, steps, size) if options.get("batch_first") else (steps, batch, size)
    x = torch.randn(shape)
    states = options["num_layers"] * (2 if options.get("bidirectional") else 1)
    hx = (torch.randn(states, batch, options["hidden_size"]), torch.randn(states, batch, options["hidden_size"])) \
        if with_state else None
    ours_out, ours_grads = outputs_and_gradients(ours, x, hx)
    ref_out, ref_grads = outputs_and_gradients(reference, x, hx)
    for name, got, want in zip(("output", "h_n", "c_n"), ours_out, ref_out):
        assert got.shape == want.shape
        assert_within(got, want, 1e-5, scale=want.abs().max(), name=name)
    assert len(ours_grads) == len(ref_grads)
    for got, want in zip(ours_grads, ref_grads):
        assert_within(got, want, 1e-5, scale=want.abs().max(), name="gradient")


def test_unbatched_input():
    reference, ours = twins(4, input_size=3, hidden_size=4, num_layers=2, bidirectional=True)
    x = torch.randn(5, 3)
    got, want = ours(x), reference(x)
    assert got[0].shape == want[0].shape == (5, 8) and got[1][0].shape == want[1][0].shape == (4, 4)
    assert_within(got[0], want[0], 1e-5, scale=1.0)


def test_state_dict_round_trip_and_unsupported_options():
    reference, ours = twins(5, input_size=2, hidden_size=3, num_layers=2, bidirectional=True)
    assert list(ours.state_dict()) == list(reference.state_dict())
    back = torch.nn.LSTM(input_size=2, hidden_size=3, num_layers=2, bidirectional=True)
    back.load_state_dict(ours.state_dict())
    with pytest.raises(ValueError, match="proj_size"):
        lcgt.LSTM(input_size=2, hidden_size=3, proj_size=2)
    packed = torch.nn.utils.rnn.pack_padded_sequence(torch.randn(3, 2, 2), [3, 2])
    with pytest.raises(TypeError, match="PackedSequence"):
        ours(packed)
    with pytest.raises(ValueError, match=r"h_0 must have shape \(4, 2, 3\)"):
        ours(torch.randn(3, 2, 2), (torch.zeros(2, 2, 3), torch.zeros(4, 2, 3)))


def test_trains_like_nn_lstm_for_20_steps():
    """A 2-layer bidirectional LSTM and a linear head, trained 20 SGD steps on the same data
    as torch.nn.LSTM from the same weights: the loss of every step and every gradient of the
    last step agree (float32; both drift only by rounding)."""
    torch.manual_seed(6)
    options = dict(input_size=4, hidden_size=8, num_layers=2, bidirectional=True, batch_first=True)
    models = {}
    for name, lstm_type in (("ours", lcgt.LSTM), ("torch", torch.nn.LSTM)):
        torch.manual_seed(7)
        models[name] = torch.nn.ModuleDict({"lstm": lstm_type(**options), "head": torch.nn.Linear(16, 1)})
    models["ours"].load_state_dict(models["torch"].state_dict())
    generator = torch.Generator().manual_seed(8)
    x = torch.randn(6, 5, 4, generator=generator)
    target = torch.tanh(0.5 * x.cumsum(dim=1).sum(dim=2, keepdim=True))  # depends on the past


    losses = {name: [] for name in models}
    last_grads = {}
    for name, model in models.items():
        optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
        for _ in range(20):
            optimizer.zero_grad()
            output, _ = model["lstm"](x)
            loss = torch.nn.functional.mse_loss(model["head"](output), target)
            loss.backward()
            optimizer.step()
            losses[name].append(loss.item())
        last_grads[name] = [p.grad for p in model.parameters()]
    assert losses["ours"][-1] < 0.9 * losses["ours"][0]  # it learns
    for step, (got, want) in enumerate(zip(losses["ours"], losses["torch"])):
        assert abs(got - want) <= 1e-5 * abs(want), f"step {step}: loss {got} vs {want}"
    for got, want in zip(last_grads["ours"], last_grads["torch"]):
        # 20 steps of float32 rounding differences, amplified by the training (the first step's
        # gradients agree to 1e-5: test_matches_nn_lstm).
        assert_within(got, want, 1e-3, scale=want.abs().max(), name="gradient after 20 steps")


def test_float64_gradcheck_of_a_bidirectional_lstm():
    """float64 runs the op's exact path: gradcheck and gradgradcheck of the whole sequence
    module (input and initial state) at torch's default tolerances."""
    torch.manual_seed(9)
    lstm = lcgt.LSTM(input_size=2, hidden_size=2, num_layers=2, bidirectional=True).double()
    x = torch.randn(2, 1, 2, dtype=torch.float64, requires_grad=True)
    h_0 = torch.randn(4, 1, 2, dtype=torch.float64, requires_grad=True)
    c_0 = torch.randn(4, 1, 2, dtype=torch.float64, requires_grad=True)

    def run(x, h_0, c_0):
        output, (h_n, c_n) = lstm(x, (h_0, c_0))
        return output, h_n, c_n

    assert torch.autograd.gradcheck(run, (x, h_0, c_0))
    assert torch.autograd.gradgradcheck(run, (x, h_0, c_0))
