"""The roofline is honest: its floor is the minimum GM bytes at the best published A2/A3 mixed
rate (the model's fresh-data rate) or the fewest vector repeats, so no modeled call beats it."""
import pytest

lstm_cell_grad = pytest.importorskip("lstm_cell_grad")

from lstm_cell_grad._profile import has_model  # noqa: E402

if not has_model():
    pytest.skip("this build has no performance model", allow_module_level=True)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("has_bias", [True, False])
def test_roofline_fraction_never_exceeds_one_on_a_large_shape(dtype, has_bias):
    # 1024 x 1024 fits the 192 MiB L2 whole: an L2 that absorbs the writes modeled it 1.35-1.47x
    # "faster than the roofline" before every written byte counted against the fresh-data rate.
    inputs = lstm_cell_grad.random_inputs(1024, 1024, dtype)
    _, prof = lstm_cell_grad.profile(**inputs, has_bias=has_bias)
    assert prof.fresh_bandwidth_GBps == pytest.approx(2345.6)
    assert 0.5 < prof.roofline_fraction <= 1.0
    assert prof.roofline_bound == "hbm"
