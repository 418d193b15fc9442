"""`compare` and `check` locate bad elements in the op's terms; `plan` and the sim state the
same UB total."""
import dataclasses

import numpy as np
import pytest

lcg = pytest.importorskip("lstm_cell_grad")
from lstm_cell_grad._check import element_locator  # noqa: E402

BATCH, HIDDEN, CORES = 300, 40, 4


def owner(plan, row, col):
    """The block whose rectangle holds (row, col), from the plan's own table."""
    return next(k for k, (r0, r1, c0, c1) in enumerate(plan.core_rects) if r0 <= row < r1 and c0 <= col < c1)


def test_compare_names_the_first_and_worst_bad_elements_by_row_column_gate_and_core():
    inputs = lcg.random_inputs(BATCH, HIDDEN, "float32")
    results = lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True, num_cores=CORES)
    expected = lcg.reference(**inputs, has_bias=True)[0]
    plan = lcg.plan(BATCH, HIDDEN, "float32", has_bias=True, num_cores=CORES)
    bad = results[0].copy()
    bad[5, HIDDEN + 3] += 1.0        # row 5, gate f, column 3: first in row-major order
    bad[250, 3 * HIDDEN + 7] = np.nan  # row 250, gate o, column 7: the worst
    comparison, grad_cx, grad_bias = lcg.compare_outputs((bad,) + tuple(results[1:]), tuple(inputs.values()),
                                                         has_bias=True, plan=plan)
    assert grad_cx.ok and grad_bias.ok and grad_cx.first is None
    assert comparison.failures == 2
    assert comparison.first.index == (5, HIDDEN + 3)
    assert comparison.first.where.startswith(f"(row 5, column 3, gate f) in core {owner(plan, 5, 3)}'s tile rows")
    assert comparison.first.reference == pytest.approx(expected[5, HIDDEN + 3])
    assert comparison.worst.where.startswith(f"(row 250, column 7, gate o) in core {owner(plan, 250, 7)}'s tile")
    text = str(comparison)
    assert "first bad (row 5, column 3, gate f)" in text and "worst bad (row 250, column 7, gate o)" in text


def test_plan_states_the_ub_total_the_sim_uses_and_warns_past_it():
    plan = lcg.plan(BATCH, HIDDEN, "float16", has_bias=True, num_cores=CORES)
    soc = next(s for s in lcg.socs() if s.name == plan.soc)
    assert plan.ub_bytes == soc.ub_reported_bytes < soc.ub_bytes
    assert plan.ub_bytes_used <= plan.ub_bytes
    text = str(plan)
    assert f"of {soc.ub_reported_bytes} bytes" in text and f"the SoC's {soc.ub_bytes}" in text
    assert "WARNING" not in text
    over = dataclasses.replace(plan, ub_bytes_used=plan.ub_bytes + 2688)
    assert "WARNING: this plan needs" in str(over) and "2688 more than" in str(over)
