"""Cross-core flags (block_sync.h, gm_race.h): IBSet/IBWait, the turns of
InitDetermineComputeWorkspace/WaitPreBlock/NotifyNextBlock, and a GM flag published with
DataCacheCleanAndInvalid and polled with GetValue. Each orders what one core wrote before what
another reads after it: the GM race check must accept those kernels and still report the
broken ones (one core left unordered, a flag no core raises, a turn taken out of order). The
kernels are sim/tests/kernels/core_flags.h; the reference for the data is numpy."""
from __future__ import annotations

import json
import struct

import numpy as np
import pytest

SLOT = 8


def launch(simtest, name, cores, sync_bytes=None, **args):
    return simtest.launch(name, cores, list(args.items()) + [("sync", bytes(sync_bytes or cores * 64 + 64))])


def slots(cores, seed=0):
    return np.random.default_rng(seed).standard_normal(cores * SLOT).astype(np.float32)


def assert_alive(simtest):
    x = slots(4, seed=9)
    result = launch(simtest, "slots_gathered_after_ib_wait", 4, x=x.tobytes(), y=bytes(x.nbytes), z=bytes(x.nbytes))
    assert result["ok"], result["error"]


@pytest.mark.parametrize("cores", [2, 4, 8])
def test_ib_wait_orders_each_core_before_the_gather(simtest, cores):
    x = slots(cores)
    result = launch(simtest, "slots_gathered_after_ib_wait", cores, x=x.tobytes(), y=bytes(x.nbytes),
                    z=bytes(x.nbytes))
    assert result["ok"] and not result["warnings"], result["error"] + str(result["warnings"])
    assert result["outputs"]["z"] == x.tobytes()


def test_a_core_left_out_of_the_ib_waits_races(simtest):
    # Core 0 waits for cores 1 and 2 only: core 3's slot is read unordered.
    x = slots(4)
    result = launch(simtest, "slots_gathered_one_ib_wait_short", 4, x=x.tobytes(), y=bytes(x.nbytes),
                    z=bytes(x.nbytes))
    assert result["error_kind"] == "gm-race", result["error"]
    assert "core 0 (DataCopy, read) and core 3 (DataCopy, write)" in result["error"], result["error"]
    assert "no SyncAll, IBSet/IBWait, NotifyNextBlock/WaitPreBlock or published GM flag ordering them" in result["error"]
    assert_alive(simtest)


def test_ib_wait_for_a_flag_no_core_raises_is_a_hang(simtest):
    x = slots(2)
    result = launch(simtest, "ib_wait_for_no_one", 2, x=x.tobytes(), y=bytes(x.nbytes), z=bytes(x.nbytes))
    assert result["error_kind"] == "sync-misuse", result["error"]
    assert "IBWait(gmWorkspace, ubWorkspace, blockIdx 0, eventID 0): core 1 waits for an IBSet" in result["error"]
    assert "hangs on hardware" in result["error"]
    assert_alive(simtest)


def test_ib_set_past_its_workspace_is_reported(simtest):
    # eventID 2 on 2 cores: the flag is element 2 * 8 * 2 + 0 (32 bytes from byte 128), past a
    # workspace of 2 * 8 + 8 elements (96 bytes).
    x = slots(2)
    result = launch(simtest, "ib_set_past_workspace", 2, x=x.tobytes(), y=bytes(x.nbytes), z=bytes(x.nbytes))
    assert result["error_kind"] == "operand-bounds", result["error"]
    assert "IBSet(gmWorkspace, ubWorkspace, blockIdx 0, eventID 2): gmWorkspace has 96 bytes, needs 160" in result["error"]


@pytest.mark.parametrize("cores", [3, 8])
def test_turns_run_the_cores_in_block_order(simtest, cores):
    x = slots(cores, seed=cores)
    result = launch(simtest, "running_sum_in_turns", cores, x=x.tobytes(), y=bytes(SLOT * 4), z=bytes(x.nbytes))
    assert result["ok"] and not result["warnings"], result["error"] + str(result["warnings"])
    # Core i saw the float32 sum of cores 0..i, added in block order.
    partial = np.zeros(SLOT, np.float32)
    expected = []
    for core in range(cores):
        partial = (partial + x[core * SLOT:(core + 1) * SLOT]).astype(np.float32)
        expected.append(partial.copy())
    assert result["outputs"]["z"] == np.concatenate(expected).tobytes()
    assert result["outputs"]["y"] == partial.tobytes()


def test_a_turn_ended_without_waiting_is_reported(simtest):
    x = slots(2)
    result = launch(simtest, "notify_without_wait", 2, x=x.tobytes(), y=bytes(x.nbytes), z=bytes(x.nbytes))
    assert result["error_kind"] == "sync-misuse", result["error"]
    assert "NotifyNextBlock(gmWorkspace, ubWorkspace): core 1 ends turn 1 while the turn is 0" in result["error"]
    assert_alive(simtest)


@pytest.mark.parametrize("cores", [2, 8])
def test_a_published_gm_flag_orders_the_gather(simtest, cores):
    x = slots(cores)
    result = launch(simtest, "slots_gathered_after_gm_flags", cores, sync_bytes=cores * 64, x=x.tobytes(),
                    y=bytes(x.nbytes), z=bytes(x.nbytes))
    assert result["ok"] and not result["warnings"], result["error"] + str(result["warnings"])
    assert result["outputs"]["z"] == x.tobytes()


def test_an_unpublished_gm_flag_orders_nothing(simtest):
    x = slots(4)
    result = launch(simtest, "slots_gathered_after_unpublished_flags", 4, sync_bytes=4 * 64, x=x.tobytes(),
                    y=bytes(x.nbytes), z=bytes(x.nbytes))
    assert result["error_kind"] == "gm-race", result["error"]
    assert "(DataCopy, read)" in result["error"] and "(DataCopy, write)" in result["error"]


def test_the_model_holds_the_waiter_until_the_last_set(simtest):
    # Modeled: core 0's gather starts after every other core raised its flag, and its wait shows
    # in its profile as the IBWait it is.
    cores = 4
    x = slots(cores)
    result = launch(simtest, "slots_gathered_after_ib_wait", cores, x=x.tobytes(), y=bytes(x.nbytes),
                    z=bytes(x.nbytes))
    assert result["ok"], result["error"]
    profile = json.loads(simtest.last_profile(True))
    timeline = profile["timeline"]
    writes_end = max(t["start_us"] + t["dur_us"] for t in timeline
                     if t["core"] > 0 and t["pipe"] == "MTE3")
    gather = min(t["start_us"] for t in timeline if t["core"] == 0 and t["pipe"] == "MTE2"
                 and t["start_us"] > min(u["start_us"] for u in timeline if u["core"] == 0 and u["pipe"] == "MTE2"))
    assert gather >= writes_end, (gather, writes_end)
    waits = [w for c in profile["cores"] if c["core"] == 0 for w in c["waits"]]
    assert any(w["event"] == "IBWait" and w["us"] > 0 for w in waits), waits


@pytest.mark.parametrize("cores", [2, 8])
def test_cross_core_flag_mode_0_is_an_all_core_barrier(simtest, cores):
    x = slots(cores)
    result = launch(simtest, "slots_gathered_after_cross_core_flag", cores, x=x.tobytes(), y=bytes(x.nbytes),
                    z=bytes(x.nbytes))
    assert result["ok"] and not result["warnings"], result["error"] + str(result["warnings"])
    assert result["outputs"]["z"] == x.tobytes()


def test_cross_core_flag_a_core_never_sets_is_a_hang(simtest):
    x = slots(4)
    result = launch(simtest, "cross_core_flag_one_core_missing", 4, x=x.tobytes(), y=bytes(x.nbytes),
                    z=bytes(x.nbytes))
    assert result["error_kind"] == "sync-misuse", result["error"]
    assert "CrossCoreWaitFlag<0>(3): core" in result["error"] and "hangs on hardware" in result["error"]
    assert_alive(simtest)
