"""The kernel's performance on the performance model, asserted on MODELED figures (the sim's
model of the kernel's own instruction stream), never on wall-clock time.

The targets: roofline fraction (floor / modeled aiv_time; the floor is the minimum GM bytes at
the best published A2 mixed rate or the fewest vector repeats, so the fraction is <= 1) >= 0.9
for every shape with B*H >= 1M in float32, float16 and bfloat16; >= 0.6 for (64, 1024)
float32; the busiest core within 5% of the mean for the large shapes; every SoC, bias on and
off, any gradient absent.

Each case below asserts what the kernel reaches today (`floor`, a regression guard) and,
where that is short of the target, a strict xfail records the gap: it fails the day the
target is reached, so the table gets updated. The figures and why: docs/benchmarks.md,
"The kernel on the performance model". Every run is also checked against the float64
formulas and the sim's checks.
"""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

SOCS = [soc.name for soc in lcg.socs()]

# (batch, hidden, dtype, has_bias, grads, target, floor): floor = reached on every SoC.
CASES = [
    (2048, 2048, np.float32, True, ("hy", "c"), 0.90, 0.73),
    (1024, 4096, np.float32, True, ("hy", "c"), 0.90, 0.74),
    (1024, 1024, np.float32, True, ("hy", "c"), 0.90, 0.79),
    (1024, 1024, np.float32, False, ("hy", "c"), 0.90, 0.84),
    (4096, 512, np.float32, True, ("hy",), 0.90, 0.84),
    (1024, 1024, np.float16, False, ("hy", "c"), 0.90, 0.69),
    (1024, 4096, np.float16, False, ("c",), 0.90, 0.91),
    # float16 with bias: the fp16 path widens each input right before its use (72 UB bytes
    # per element), so (1024, 1024) tiles hold 5 x 512 elements; the Casts make it vector-bound.
    (1024, 4096, np.float16, True, ("hy", "c"), 0.90, 0.61),
    # The bias chunk height is shared by every SoC (gradBias's summation order): 64 rows, a
    # 16 x 3 grid on 48 cores (0.62 on Ascend910B1) and 8 x 5 on 40 (0.46 on Ascend910B3,
    # where a core's 205 columns start off the 512-byte GM request grid: one request more a row).
    (1024, 1024, np.float16, True, ("hy", "c"), 0.90, 0.45),
    (4096, 512, np.float16, True, ("c",), 0.90, 0.75),
    (1024, 1024, "bfloat16", True, ("hy", "c"), 0.90, 0.44),  # 0.57 on Ascend910B1, 0.44 on B3
    (1024, 1024, "bfloat16", False, ("hy", "c"), 0.90, 0.55),
    # The small shape: the tiling counts the launch, which grows with the cores, so it runs on
    # 16 cores in one bias chunk (task 7.76 us on Ascend910B1, where 48 cores and three chunks
    # take 11.33 us); the fraction is over aiv_time, which the fewer cores lengthen.
    (64, 1024, np.float32, True, ("hy", "c"), 0.60, 0.28),
]
IDS = [f"{b}x{h}-{d if isinstance(d, str) else np.dtype(d).name}-{'bias' if bias else 'nobias'}-{'+'.join(g)}" for b, h, d, bias, g, _, _ in CASES]


def modeled(batch, hidden, dtype, soc=None, has_bias=True, grads=("hy", "c")):
    inputs = make_inputs(batch, hidden, dtype, seed=batch + hidden, grad_hy="hy" in grads, grad_c="c" in grads)
    results, prof = lcg.profile(*inputs, has_bias=has_bias, soc=soc)
    assert_meets_contract(results, inputs, has_bias=has_bias)
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"], launch["warnings"]
    return prof


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("batch, hidden, dtype, has_bias, grads, target, floor", CASES, ids=IDS)
def test_roofline_fraction_and_balance(soc, batch, hidden, dtype, has_bias, grads, target, floor):
    prof = modeled(batch, hidden, dtype, soc, has_bias, grads)
    assert prof.roofline_fraction >= floor, str(prof)
    if batch * hidden >= 1 << 20:
        assert prof.load_balance <= 1.05, str(prof)


@pytest.mark.parametrize("batch, hidden, dtype, has_bias, grads, target, floor",
                         [c for c in CASES if c[6] < c[5]], ids=[i for c, i in zip(CASES, IDS) if c[6] < c[5]])
@pytest.mark.xfail(strict=True, reason="short of its target on the model; see the module docstring")
def test_targets_not_reached_yet(batch, hidden, dtype, has_bias, grads, target, floor):
    # On the SoCs with the full GM bandwidth (on Ascend910B4 the floor doubles and every case passes).
    prof = modeled(batch, hidden, dtype, "Ascend910B1", has_bias, grads)
    assert prof.roofline_fraction >= target, str(prof)
