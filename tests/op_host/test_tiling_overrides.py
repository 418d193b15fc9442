"""Tiling overrides (the free choices `tune` sweeps): validated by the op's tiling with a
message naming the bad one, reflected in the plan, and honoured by the kernel, whose
results stay right (float64 formulas)."""
import numpy as np
import pytest

import lstm_cell_grad as lcg
from tests.oracles import assert_meets_contract, make_inputs
from lstm_cell_grad._profile import run_with_tiling

T = lcg.TilingOverrides


def test_default_plan_is_unchanged_by_empty_overrides():
    assert lcg.plan(1024, 512, "float16") == lcg.plan(1024, 512, "float16", overrides=T())


@pytest.mark.parametrize("overrides, fields", [
    (T(grid_rows=4, grid_cols=6, bias_chunk_rows=128), {"grid_rows": 4, "grid_cols": 6, "block_dim": 24}),
    (T(grid_rows=2), {"grid_rows": 2}),
    (T(tile_cols=64), {"tile_cols": 64}),
    (T(tile_rows=1), {"tile_rows": 1}),
    (T(buffer_num=1), {"buffer_num": 1}),
    (T(bias_chunk_rows=64), {"bias_chunk_rows": 64, "bias_chunks": 16, "row_unit": 64}),
])
def test_overrides_reach_the_plan(overrides, fields):
    p = lcg.plan(1024, 512, "float16", overrides=overrides)
    for name, value in fields.items():
        assert getattr(p, name) == value, name


@pytest.mark.parametrize("overrides, message", [
    (T(bias_chunk_rows=128, grid_rows=9), "gridRows override 9 exceeds the 8 row units"),
    (T(grid_cols=30, grid_rows=2), "needs more than the 48 AIV cores"),
    (T(tile_cols=20), "tileCols override 20 must be a multiple of 16"),
    (T(tile_rows=500), "tileRows override 500 exceeds"),
    (T(buffer_num=3), "bufferNum override must be 1 or 2"),
])
def test_bad_overrides_are_rejected_by_name(overrides, message):
    with pytest.raises(ValueError, match=message):
        lcg.plan(1024, 512, "float16", overrides=overrides)


def test_override_values_must_be_ints_in_the_bindings_range():
    """Checked when the overrides are made, naming the field: a bool, float or str is a
    TypeError, a value outside the binding's uint32_t a ValueError (not pybind11's "Unable to
    cast")."""
    for bad in (2.5, True, "4"):
        with pytest.raises(TypeError, match="tiling override grid_rows must be an int, not"):
            T(grid_rows=bad)
    for bad in (0, -1, 2 ** 32, 2 ** 33):
        with pytest.raises(ValueError, match=r"tiling override tile_rows must be an int in \[1, 4294967295\]"):
            T(tile_rows=bad)
    assert T(tile_rows=2 ** 32 - 1).as_dict() == {"tile_rows": 2 ** 32 - 1}


def test_bias_chunk_rows_needs_bias():
    with pytest.raises(ValueError, match="biasChunkRows override needs hasBias"):
        lcg.plan(256, 64, has_bias=False, overrides=T(bias_chunk_rows=64))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("overrides", [
    T(grid_rows=3, grid_cols=5, tile_rows=2, tile_cols=16, buffer_num=1),
    T(bias_chunk_rows=32, grid_rows=7),
    T(tile_cols=32, buffer_num=2, bias_chunk_rows=200, grid_rows=1, grid_cols=2),
])
def test_the_kernel_honours_overrides(dtype, overrides):
    inputs = make_inputs(300, 72, dtype, seed=5)
    name = np.dtype(dtype).name
    expected_plan = lcg.plan(300, 72, name, overrides=overrides)
    results = run_with_tiling(*inputs, tiling=overrides)
    assert_meets_contract(results, inputs)
    launch = lcg.last_launch()
    assert launch["ok"] and not launch["warnings"]
    assert launch["block_dim"] == expected_plan.block_dim
    # The overrides were the call's arguments: the next call has the default plan.
    lcg.thnn_fused_lstm_cell_backward(*inputs)
    assert lcg.last_launch()["block_dim"] == lcg.plan(300, 72, name).block_dim


def test_remembered_plans_answer_exactly_as_fresh_ones():
    # The TilingFunc's adapter remembers its last few answers (lstm_cell_grad_tiling_memo.h):
    # cycling through more distinct arguments than it keeps (shape, dtype, options, SoC,
    # overrides, a failing one) must give every answer again unchanged, so no two arguments
    # are ever mistaken for each other.
    calls = [dict(batch=b, hidden=h, dtype=d) for b, h, d in
             [(1, 8, "float32"), (64, 1024, "float32"), (64, 1024, "float16"), (64, 1024, "bfloat16"),
              (300, 40, "float32"), (1024, 512, "float16")]]
    calls += [dict(batch=64, hidden=1024, dtype="float32", has_bias=False),
              dict(batch=64, hidden=1024, dtype="float32", grads=("hy",)),
              dict(batch=64, hidden=1024, dtype="float32", soc="Ascend910B4"),
              dict(batch=64, hidden=1024, dtype="float32", num_cores=7),
              dict(batch=1024, hidden=512, dtype="float16", overrides=T(grid_rows=2)),
              dict(batch=1024, hidden=512, dtype="float16", overrides=T(buffer_num=3))]

    def answer(call):
        try:
            return lcg.plan(**call)
        except ValueError as error:
            return str(error)

    def fresh(call):  # after more unrelated arguments than the memo keeps
        for k in range(1, 17):
            lcg.plan(2, 16 * k, "float32")
        return answer(call)

    fresh_answers = [fresh(call) for call in calls]
    for _ in range(2):  # back to back: each may be served by what an earlier one left
        assert [answer(call) for call in calls] == fresh_answers


def test_overrides_reach_a_launch_only_as_its_argument():
    """The shipped TilingFunc reads only its TilingContext: op_host keeps no per-thread state
    (the NPU package would carry it), the binding has no setter for one, and a launch with
    overrides leaves none behind, on its own thread or another."""
    from tests.build_support import ROOT
    import threading
    from lstm_cell_grad import _C
    for source in sorted((ROOT / "op_host").iterdir()):
        assert "thread_local" not in source.read_text(), source.name
    assert not hasattr(_C, "set_tiling_overrides")
    inputs = make_inputs(300, 72, np.float32, seed=5)
    overrides = T(grid_rows=3, grid_cols=1)
    default_dim = lcg.plan(300, 72).block_dim
    assert lcg.plan(300, 72, overrides=overrides).block_dim == 3 != default_dim
    seen = {}

    def other_thread():
        lcg.thnn_fused_lstm_cell_backward(*inputs)
        seen["other"] = lcg.last_launch()["block_dim"]

    run_with_tiling(*inputs, tiling=overrides)
    assert lcg.last_launch()["block_dim"] == 3
    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join(timeout=60)
    assert seen == {"other": default_dim}


def test_a_launch_with_a_bad_override_names_it():
    inputs = make_inputs(64, 32, np.float32, seed=1)
    with pytest.raises(lcg.AclnnError, match="bufferNum override must be 1 or 2"):
        run_with_tiling(*inputs, tiling=T(buffer_num=3))
    with pytest.raises(TypeError, match="tiling must be a TilingOverrides"):
        run_with_tiling(*inputs, tiling={"grid_rows": 2})
