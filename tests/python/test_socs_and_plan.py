"""Every SoC of the table and core caps: results, the launch the sim made, and plan()."""
import dataclasses

import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs

SOC_NAMES = [soc.name for soc in lcg.socs()]


def test_soc_table_has_the_documented_socs_with_sources():
    table = {soc.name: soc for soc in lcg.socs()}
    assert set(table) == {"Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910_93"}
    for soc in table.values():
        assert isinstance(soc, lcg.SocInfo) and soc.source and soc.aiv_cores in (40, 48)
        assert soc.ub_bytes == 192 * 1024
    assert lcg.backend() == "sim"


def test_the_profile_floor_takes_the_time_model_clock():
    # The vector floor's clock comes from the time model's table; the JSON of a launch carries
    # the clock its engine ran at: the two are one constant.
    from lstm_cell_grad import _C
    outputs, prof = lcg.profile(*make_inputs(64, 1024, "float32"))
    assert _C.aiv_clock_ghz(prof.soc) == pytest.approx(prof.raw["clock_GHz"])
    with pytest.raises(ValueError, match="soc 'Ascend000'"):
        _C.aiv_clock_ghz("Ascend000")


@pytest.mark.parametrize("soc", SOC_NAMES)
@pytest.mark.parametrize("cores", [1, 7, 48])
def test_every_soc_and_core_cap(soc, cores):
    inputs = make_inputs(300, 40, np.float16 if cores == 7 else np.float32, seed=cores)
    results = lcg.thnn_fused_lstm_cell_backward(*inputs, soc=soc, num_cores=cores)
    assert_meets_contract(results, inputs)
    launch = lcg.last_launch()
    aiv = next(s.aiv_cores for s in lcg.socs() if s.name == soc)
    assert launch["ok"] and launch["soc"] == soc
    assert 1 <= launch["block_dim"] <= min(cores, aiv)
    dtype = "float16" if cores == 7 else "float32"
    assert lcg.plan(300, 40, dtype, soc=soc, num_cores=cores).block_dim == launch["block_dim"]


def test_the_cap_binds_when_there_is_work():
    inputs = make_inputs(600, 64, seed=40)
    lcg.thnn_fused_lstm_cell_backward(*inputs, soc="Ascend910B3", num_cores=7)
    capped = lcg.last_launch()
    lcg.thnn_fused_lstm_cell_backward(*inputs, soc="Ascend910B3")
    uncapped = lcg.last_launch()
    assert capped["block_dim"] <= 7 < uncapped["block_dim"] <= 40
    assert len(uncapped["cores"]) == uncapped["block_dim"]
    assert all(core["gm_bytes_read"] > 0 for core in uncapped["cores"])


def test_plan_fields_are_consistent():
    plan = lcg.plan(1000, 300, "float16", soc="Ascend910B4", num_cores=7)
    assert (plan.soc, plan.dtype, plan.aiv_cores, plan.grads) == ("Ascend910B4", "float16", 7, ("hy", "c"))
    assert plan.block_dim == plan.grid_rows * plan.grid_cols <= 7
    assert plan.col_unit in (16, 256)  # 32 bytes of float16, or a 512-byte GM request
    assert plan.tile_cols % 16 == 0 and plan.tile_rows >= 1
    assert 0 < plan.ub_bytes_used <= plan.ub_bytes == 192 * 1024 - 256
    # The busiest core owns ceil-divided shares of the batch (in row units) and of H.
    row_units = -(-1000 // plan.row_unit)
    assert plan.busiest_rows == min(1000, -(-row_units // plan.grid_rows) * plan.row_unit)
    assert plan.busiest_cols <= -(-300 // (plan.grid_cols * plan.col_unit)) * plan.col_unit + plan.col_unit
    assert plan.bias_chunks == -(-1000 // plan.bias_chunk_rows) and plan.workspace_bytes > 0
    text = str(plan)
    for fragment in ("Ascend910B4", "block dim", f"{plan.grid_rows} x {plan.grid_cols}", "tile",
                     f"{plan.ub_bytes_used} of {plan.ub_bytes} bytes", "workspace", "bias chunks"):
        assert fragment in text
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.block_dim = 1


def test_plan_options_change_the_tiling_key():
    keys = {(dtype, bias, grads): lcg.plan(64, 64, dtype, has_bias=bias, grads=grads).tiling_key
            for dtype in ("float32", "float16", "bfloat16") for bias in (True, False)
            for grads in (("hy", "c"), ("c",), ())}
    assert len(set(keys.values())) == len(keys)
    assert lcg.plan(64, 64, np.float16).tiling_key == keys[("float16", True, ("hy", "c"))]
    # 8 kernel variants per dtype: float32 0-7, float16 8-15, bfloat16 16-23.
    assert {dtype: sorted(k for (d, _, _), k in keys.items() if d == dtype)[-1] // 8
            for dtype in ("float32", "float16", "bfloat16")} == {"float32": 0, "float16": 1, "bfloat16": 2}
    bf16 = lcg.plan(64, 64, "bfloat16")
    assert bf16.dtype == "bfloat16" and bf16.col_unit == 16 and bf16.tiling_key == 23
    no_bias = lcg.plan(64, 64, has_bias=False)
    assert no_bias.bias_chunks == 0


def test_plan_of_nothing_launches_nothing():
    assert lcg.plan(0, 8, has_bias=False).block_dim == 0
    assert lcg.plan(5, 0).block_dim == 0


@pytest.mark.parametrize("kwargs,error", [
    (dict(dtype="float64"), ValueError), (dict(grads=("hy", "x")), ValueError), (dict(soc="Ascend310"), ValueError),
    (dict(num_cores=0), ValueError), (dict(num_cores=2.5), TypeError), (dict(soc=910), TypeError),
])
def test_plan_rejects_bad_options(kwargs, error):
    with pytest.raises(error):
        lcg.plan(8, 8, **kwargs)


def test_unknown_soc_names_the_known_ones():
    inputs = make_inputs(2, 8)
    with pytest.raises(ValueError, match="unknown SoC 'Ascend310'.*Ascend910B1"):
        lcg.thnn_fused_lstm_cell_backward(*inputs, soc="Ascend310")


@pytest.mark.parametrize("kwargs,error,message", [
    (dict(batch=3.7), TypeError, "batch must be an int, not float"),
    (dict(batch=True), TypeError, "batch must be an int, not bool"),
    (dict(hidden=np.float64(8)), TypeError, "hidden must be an int, not float64"),
    (dict(batch=-1), ValueError, r"batch must be an int in \[0, 9223372036854775807\], got -1"),
    (dict(batch=2 ** 63), ValueError, "batch must be an int in"),
    (dict(num_cores=2 ** 32), ValueError, r"num_cores must be an int in \[1, 4294967295\]"),
    (dict(num_cores=2.0), TypeError, "num_cores must be an int, not float"),
])
def test_plan_checks_its_integer_arguments_before_the_binding(kwargs, error, message):
    """Not truncated (3.7 planned as 3, True as 1), not pybind11's "incompatible function
    arguments": the argument named, in the C type's range."""
    args = dict(batch=8, hidden=8)
    args.update(kwargs)
    with pytest.raises(error, match=message):
        lcg.plan(args.pop("batch"), args.pop("hidden"), **args)


def test_tune_checks_its_arguments_before_running():
    from lstm_cell_grad._tune import tune
    with pytest.raises(ValueError, match=r"max_trials must be an int in \[1,"):
        tune(8, 8, max_trials=0)
    with pytest.raises(ValueError, match="unknown SoC 'junk'"):
        tune(8, 8, soc="junk")
    with pytest.raises(TypeError, match="batch must be an int, not float"):
        tune(8.5, 8)
