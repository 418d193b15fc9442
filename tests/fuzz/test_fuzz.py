"""Property-based fuzzing of the op's entry points (Python API and, through the binding, the
aclnn C API; the tiling's plan()): every case matches the float64 formulas within tolerance or
raises the expected error with nothing written. CI runs a short derandomized sweep; the long
run is `python3 -m tests.fuzz.long_run --cases N` (prints cases run and failures)."""
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import lstm_cell_grad as lcg
from tests.fuzz.cases import cases, run_case

CI_CASES = int(os.environ.get("LCG_FUZZ_CASES", "300"))
CI = settings(max_examples=CI_CASES, derandomize=True, database=None, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@CI
@given(cases())
def test_every_call_matches_or_refuses_cleanly(case):
    run_case(case)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(batch=st.one_of(st.integers(0, 4096), st.integers(0, 2 ** 62), st.just(2 ** 39)),
       hidden=st.one_of(st.integers(0, 4096), st.integers(0, 2 ** 62), st.just(2 ** 62 + 1)),
       dtype=st.sampled_from(["float32", "float16"]), has_bias=st.booleans(),
       cores=st.one_of(st.none(), st.integers(1, 64)))
def test_plan_is_consistent_or_a_clear_error(batch, hidden, dtype, has_bias, cores):
    try:
        plan = lcg.plan(batch, hidden, dtype, has_bias=has_bias, num_cores=cores)
    except ValueError as error:
        assert "tiling failed" in str(error)
        return
    assert 0 <= plan.block_dim <= plan.aiv_cores
    assert plan.ub_bytes_used <= plan.ub_bytes
    if plan.block_dim:
        assert plan.grid_rows * plan.grid_cols == plan.block_dim
        assert plan.tile_rows >= 1 and plan.tile_cols >= 1 and plan.row_unit >= 1
