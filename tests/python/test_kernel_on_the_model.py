"""The kernel's performance targets, asserted on MODELED figures (the sim's performance
model of the kernel's own instruction stream), never on wall-clock time:

  * roofline fraction (HBM floor / modeled aiv_time) >= 0.85 for (1024, 4096) float16 and
    (2048, 2048) float32 with bias; >= 0.80 for every shape with B*H >= 1M; >= 0.5 for
    (64, 1024) float32;
  * the busiest core's modeled time within 5% of the mean for the large shapes;
  * every SoC, both dtypes, bias on and off, any gradient absent; no check or race report.

Every run is also checked against the float64 formulas, so a fast wrong kernel fails.
"""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from lcg_testing import assert_matches, formulas, make_inputs

SOCS = [soc.name for soc in lcg.socs()]
GRAD_SETS = [("hy", "c"), ("hy",), ("c",)]


def modeled(batch, hidden, dtype, soc=None, has_bias=True, grads=("hy", "c")):
    inputs = make_inputs(batch, hidden, dtype, seed=batch + hidden, grad_hy="hy" in grads, grad_c="c" in grads)
    results, prof = lcg.profile(*inputs, has_bias=has_bias, soc=soc)
    assert_matches(results, formulas(*inputs), has_bias=has_bias)
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"], launch["warnings"]
    return prof


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("batch, hidden, dtype", [(1024, 4096, np.float16), (2048, 2048, np.float32)])
def test_the_two_target_shapes_reach_085_of_the_roofline(soc, batch, hidden, dtype):
    prof = modeled(batch, hidden, dtype, soc)
    assert prof.roofline_fraction >= 0.85, str(prof)
    assert prof.load_balance <= 1.05, str(prof)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("has_bias", [True, False])
def test_shapes_of_a_million_elements_reach_080(soc, dtype, has_bias):
    prof = modeled(1024, 1024, dtype, soc, has_bias)
    assert prof.roofline_fraction >= 0.80, str(prof)
    assert prof.load_balance <= 1.05, str(prof)


@pytest.mark.parametrize("grads", GRAD_SETS)
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("batch, hidden", [(1024, 1024), (4096, 512)])
def test_absent_gradients_keep_the_target(grads, dtype, batch, hidden):
    prof = modeled(batch, hidden, dtype, grads=grads)
    assert prof.roofline_fraction >= 0.80, str(prof)


@pytest.mark.parametrize("soc", SOCS)
def test_the_small_shape_reaches_half_the_roofline(soc):
    prof = modeled(64, 1024, np.float32, soc)
    assert prof.roofline_fraction >= 0.5, str(prof)
