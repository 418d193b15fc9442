"""Counters and the instruction log of the sample kernels: what the cost model will be fed.

Per core, the bytes on MTE2/MTE3, the DMA instructions and their burst sizes must be exactly what the
tiling implies (computed here from the tiling, independently of the kernel), and the implicit syncs of
the queues must come in matching, ordered Set/Wait pairs.
"""
import struct
from collections import Counter, defaultdict

import numpy as np
import pytest

from sim.tests.test_sample_kernels import add_tiling, core_shares, pack_add_tiling

# event_log tuples: (kind, pipe, peer, api, bytes, bursts, burstBytes, eventId)
KIND, PIPE, PEER, API, BYTES, BURSTS, BURST_BYTES, EVENT_ID = range(8)
BUFFER_NUM = 2


def tiles_of(length, tile):
    """Tile lengths of one core's share, the last one shorter."""
    return [min(tile, length - start) for start in range(0, length, tile)]


def launch_add(simtest, total, cores, max_tile, dtype=np.float32):
    x = np.arange(total, dtype=dtype)
    tiling = add_tiling(total, cores, x.itemsize, max_tile)
    kernel = "add_custom" if dtype == np.float32 else "add_custom_half"
    result = simtest.launch(kernel, cores, [("x", x.tobytes()), ("y", x.tobytes()), ("z", bytes(x.nbytes)),
                                            ("tiling", pack_add_tiling(tiling))], events=True)
    assert result["ok"], result["error"]
    return result, tiling, x.itemsize


@pytest.mark.parametrize("total,cores,max_tile,dtype", [
    (1003, 3, 96, np.float32),     # uneven split, tail tiles that end inside a 32-byte block
    (4096, 8, 128, np.float32),    # everything whole: DataCopy only
    (777, 5, 64, np.float16),
    (10, 48, 64, np.float32),      # most cores idle
])
def test_add_custom_counters_match_the_tiling(simtest, total, cores, max_tile, dtype):
    result, tiling, size = launch_add(simtest, total, cores, max_tile, dtype)
    for core, ((_, length), counters, log) in enumerate(zip(core_shares(tiling, cores), result["cores"],
                                                            result["event_log"])):
        tiles = tiles_of(length, tiling["tileLength"])
        whole = [t for t in tiles if t * size % 32 == 0]
        assert counters["gm_read"] == 2 * length * size, core
        assert counters["gm_written"] == length * size, core
        pipes = counters["pipes"]
        assert pipes["MTE2"]["instructions"] == 2 * len(tiles)
        assert pipes["MTE3"]["instructions"] == len(tiles)
        assert pipes["V"]["instructions"] == len(tiles) and pipes["V"]["bytes"] == length * size
        expected_api = Counter({"DataCopy": 3 * len(whole), "DataCopyPad": 3 * (len(tiles) - len(whole)),
                                "Add": len(tiles)})
        assert Counter(counters["by_api"]) == +expected_api
        # Every DMA is one burst of one tile: x, y in, then z out, tile by tile.
        dmas = [(e[PIPE], e[BURSTS], e[BURST_BYTES]) for e in log if e[KIND] == "Dma"]
        assert dmas == [d for t in tiles for d in
                        (("MTE2", 1, t * size), ("MTE2", 1, t * size), ("MTE3", 1, t * size))]


def test_add_custom_queue_events_pair_up_in_order(simtest):
    result, tiling, _ = launch_add(simtest, 5000, 2, 256)
    tiles = len(tiles_of(core_shares(tiling, 2)[0][1], tiling["tileLength"]))
    assert tiles == 10
    for log in result["event_log"]:
        # Each Wait consumes a Set of the same pipe pair made earlier (FIFO per pair and kind).
        pending = defaultdict(int)
        for e in log:
            if e[KIND] == "SetFlag":
                pending[(e[PIPE], e[PEER], e[API])] += 1
            elif e[KIND] == "WaitFlag":
                producer_api = {"DeQue": "EnQue", "AllocTensor": "FreeTensor"}[e[API]]
                key = (e[PEER], e[PIPE], producer_api)
                assert pending[key] > 0, f"{e} before its Set"
                pending[key] -= 1
        # EnQue/DeQue balance exactly; FreeTensor/AllocTensor leave the last BUFFER_NUM frees unclaimed.
        assert pending[("MTE2", "V", "EnQue")] == 0 and pending[("V", "MTE3", "EnQue")] == 0
        assert pending[("V", "MTE2", "FreeTensor")] == 2 * BUFFER_NUM
        assert pending[("MTE3", "V", "FreeTensor")] == BUFFER_NUM
        # Per tile, the three stages in the samples' order.
        sequence = [(e[KIND], e[PIPE], e[API]) for e in log]
        one_tile = [("Dma", "MTE2", "DataCopy"), ("Dma", "MTE2", "DataCopy"),
                    ("SetFlag", "MTE2", "EnQue"), ("SetFlag", "MTE2", "EnQue"),
                    ("WaitFlag", "V", "DeQue"), ("WaitFlag", "V", "DeQue"),
                    ("Vector", "V", "Add"), ("SetFlag", "V", "EnQue"),
                    ("SetFlag", "V", "FreeTensor"), ("SetFlag", "V", "FreeTensor"),
                    ("WaitFlag", "MTE3", "DeQue"), ("Dma", "MTE3", "DataCopy"), ("SetFlag", "MTE3", "FreeTensor")]
        allocation_waits = [("WaitFlag", "MTE2", "AllocTensor"), ("WaitFlag", "MTE2", "AllocTensor")]
        # From the third tile on, AllocTensor reuses a freed buffer and waits for its consumer.
        expected = one_tile * 2
        for _ in range(tiles - 2):
            expected += allocation_waits + one_tile[:6] + [("WaitFlag", "V", "AllocTensor")] + one_tile[6:]
        assert sequence == expected


def test_sum_sync_all_counters(simtest):
    cores, total = 48, 48 * 16 + 3
    x = np.ones(total, np.float32)
    core_length = 16
    result = simtest.launch("sum_sync_all", cores, [("x", x.tobytes()), ("z", bytes(4)),
                                                     ("workspace", bytes(cores * 32)),
                                                     ("tiling", struct.pack("<2I", total, core_length))], events=True)
    assert result["ok"], result["error"]
    assert np.frombuffer(result["outputs"]["z"], np.float32)[0] == total
    for core, (counters, log) in enumerate(zip(result["cores"], result["event_log"])):
        length = core_length + (3 if core == cores - 1 else 0)
        dmas = [(e[PIPE], e[BURSTS], e[BURST_BYTES]) for e in log if e[KIND] == "Dma"]
        expected = [("MTE2", 1, 4 * length), ("MTE3", 1, 4)]
        if core == 0:
            expected += [("MTE2", cores, 4), ("MTE3", 1, 4)]  # 48 rows of 4 bytes: the partial sums
        assert dmas == expected
        assert counters["gm_read"] == 4 * length + (4 * cores if core == 0 else 0)
        assert counters["gm_written"] == 4 * (2 if core == 0 else 1)
        syncs = [(e[KIND], e[PIPE], e[PEER], e[EVENT_ID]) for e in log if e[KIND] in ("SetFlag", "WaitFlag", "SyncAll")]
        first = [("SetFlag", "MTE2", "S", 0), ("WaitFlag", "S", "MTE2", 0),
                 ("SetFlag", "S", "MTE3", 0), ("WaitFlag", "MTE3", "S", 0), ("SyncAll", "S", "S", -1)]
        assert syncs == (first + first[:4] if core == 0 else first)


def add_launch(total, cores, max_tile):
    """A launch of add_custom for simtest.launch_sequence (without its `hold`), and its tiling."""
    x = np.arange(total, dtype=np.float32)
    tiling = add_tiling(total, cores, x.itemsize, max_tile)
    args = [("x", x.tobytes()), ("y", x.tobytes()), ("z", bytes(x.nbytes)), ("tiling", pack_add_tiling(tiling))]
    return ("add_custom", cores, args), tiling


def tiling_dmas(tiling, cores, size):
    """Per core, the DMAs add_custom must issue: x, y in, then z out, tile by tile."""
    return [[d for t in tiles_of(length, tiling["tileLength"]) for d in
             (("MTE2", 1, t * size), ("MTE2", 1, t * size), ("MTE3", 1, t * size))]
            for _, length in core_shares(tiling, cores)]


def test_logs_reused_across_launches_hold_only_their_own_events(simtest):
    # A launch's cores take emptied logs from the storage finished launches left behind
    # (counters.h, TakeCoreCounters): every log must hold exactly its own launch's events and its
    # totals only those, also right after a launch that failed half-way, and a result still held
    # must keep its log while later launches reuse the storage of results let go.
    big, big_tiling = add_launch(48 * 640, 48, 64)  # 30 DMAs per core
    small, small_tiling = add_launch(1003, 3, 96)
    failed = ("write_past_allocation", 2, [("x", bytes(3 * 64 * 4)), ("y", bytes(2 * 64 * 4))])  # core 1 writes past y
    sequence = [(big, True), (big, False), (big, False), (small, False), (failed, False), (small, True),
                (small, False), (big, True), (small, True)]
    results = simtest.launch_sequence([launch + (hold,) for launch, hold in sequence])
    assert not results[4]["ok"] and "core 1/2" in results[4]["error"]
    for result, (launch, _) in zip(results, sequence):
        if launch is failed:
            continue
        assert result["ok"], result["error"]
        tiling, cores = (big_tiling, 48) if launch is big else (small_tiling, 3)
        logs = result["event_log"]
        assert [[(e[PIPE], e[BURSTS], e[BURST_BYTES]) for e in log if e[KIND] == "Dma"] for log in logs] == \
            tiling_dmas(tiling, cores, 4)
        for counters, log in zip(result["cores"], logs):
            instructions = Counter(e[PIPE] for e in log if e[KIND] in ("Dma", "Vector", "Scalar"))
            assert {pipe: totals["instructions"] for pipe, totals in counters["pipes"].items()} == \
                {pipe: instructions[pipe] for pipe in ("S", "V", "MTE2", "MTE3")}
            assert counters["syncs"] == sum(e[KIND] not in ("Dma", "Vector", "Scalar") for e in log)
        assert logs == (results[0] if launch is big else results[3])["event_log"]
