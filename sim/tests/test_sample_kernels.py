"""The sample kernels (sim/tests/kernels/add_custom.h, sum_sync_all.h) on every SoC and many core counts,
against numpy: z = x + y exactly, and a cross-core sum that is bitwise reproducible."""
import struct

import numpy as np
import pytest

CORE_COUNTS = [1, 2, 3, 7, 8, 20, 40, 47, 48]


def socs():
    import _simtest
    return _simtest.socs()


def add_tiling(total, cores, type_size, max_tile):
    """Host tiling of add_custom (written from its header comment): 32-byte blocks split over the cores,
    the first `total_blocks % cores` cores take one block more; tiles of max_tile elements."""
    per_block = 32 // type_size
    total_blocks = -(-total // per_block)
    tail = total_blocks // cores * per_block
    return dict(totalLength=total, formerNum=total_blocks % cores, formerLength=tail + per_block,
                tailLength=tail, tileLength=max_tile // per_block * per_block)


def pack_add_tiling(t):
    return struct.pack("<5I", t["totalLength"], t["formerNum"], t["formerLength"], t["tailLength"], t["tileLength"])


def core_shares(t, cores):
    """(start, length) of every core's share."""
    shares = []
    for i in range(cores):
        if i < t["formerNum"]:
            start, length = i * t["formerLength"], t["formerLength"]
        else:
            start = t["formerNum"] * t["formerLength"] + (i - t["formerNum"]) * t["tailLength"]
            length = t["tailLength"]
        length = max(0, min(length, t["totalLength"] - start))
        shares.append((start, length))
    return shares


def run_add(simtest, x, y, cores, soc=None, max_tile=256, events=False):
    kernel = "add_custom" if x.dtype == np.float32 else "add_custom_half"
    tiling = add_tiling(x.size, cores, x.itemsize, max_tile)
    result = simtest.launch(kernel, cores, [("x", x.tobytes()), ("y", y.tobytes()), ("z", bytes(x.nbytes)),
                                            ("tiling", pack_add_tiling(tiling))], soc=soc, events=events)
    return result, tiling


def test_add_tiling_covers_every_element_once(simtest):
    for total in [1, 7, 8, 9, 100, 1003, 4099]:
        for cores in CORE_COUNTS:
            for type_size in (2, 4):
                tiling = add_tiling(total, cores, type_size, 250)
                assert simtest.add_custom_tiling(total, cores, type_size, 250) == tiling  # the header's own helper
                shares = core_shares(tiling, cores)
                covered = [i for start, length in shares for i in range(start, start + length)]
                assert covered == list(range(total)), (total, cores)
                assert all(start * type_size % 32 == 0 for start, length in shares if length)  # aligned GM starts


@pytest.mark.parametrize("cores", CORE_COUNTS)
@pytest.mark.parametrize("soc", ["Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910_93"])
def test_add_custom_on_every_soc_and_core_count(simtest, soc, cores):
    assert soc in socs()
    rng = np.random.default_rng(cores * 31 + len(soc))
    length = cores * 67 + 5  # not a multiple of 8: the last busy core ends inside a 32-byte block
    x = rng.standard_normal(length).astype(np.float32)
    y = rng.standard_normal(length).astype(np.float32)
    result, _ = run_add(simtest, x, y, cores, soc=soc, max_tile=48)
    assert result["ok"], result["error"]
    assert result["warnings"] == []
    z = np.frombuffer(result["outputs"]["z"], np.float32)
    assert np.array_equal(z, x + y)


def test_add_soc_table_is_covered(simtest):
    assert sorted(socs()) == sorted(["Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910_93"])


@pytest.mark.parametrize("length", [1, 7, 13, 255, 4099, 20000])
def test_add_custom_lengths(simtest, length):
    rng = np.random.default_rng(length)
    x = rng.standard_normal(length).astype(np.float32)
    y = rng.standard_normal(length).astype(np.float32)
    result, _ = run_add(simtest, x, y, 8, max_tile=2048)
    assert result["ok"], result["error"]
    assert np.array_equal(np.frombuffer(result["outputs"]["z"], np.float32), x + y)


@pytest.mark.parametrize("cores,length", [(1, 1000), (3, 77), (48, 4000 + 9)])
def test_add_custom_half(simtest, cores, length):
    """fp16: each sum is the float sum rounded to nearest even (numpy computes half + half the same way)."""
    rng = np.random.default_rng(cores + length)
    x = (rng.standard_normal(length) * 100).astype(np.float16)
    y = (rng.standard_normal(length) * 100).astype(np.float16)
    result, _ = run_add(simtest, x, y, cores, max_tile=512)
    assert result["ok"], result["error"]
    z = np.frombuffer(result["outputs"]["z"], np.float16)
    assert np.array_equal(z.view(np.uint16), (x + y).view(np.uint16))


def test_add_custom_uses_the_largest_tile_ub_allows(simtest):
    """3 queues x 2 buffers x 32 KiB = 192 KiB exactly: fits; one more block per tile does not."""
    x = np.ones(65536, np.float32)
    ok, _ = run_add(simtest, x, x, 2, max_tile=8192)
    assert ok["ok"], ok["error"]
    too_big, _ = run_add(simtest, x, x, 2, max_tile=8192 + 8)
    assert too_big["error_kind"] == "ub-capacity" and "InitBuffer(TQue<VECOUT>#2 buffer 1" in too_big["error"]


# ---- SyncAll --------------------------------------------------------------------------------------

def sum_tiling(total, cores):
    core_length = -(-total // cores // 8) * 8 if total >= cores else 8
    return dict(totalLength=total, coreLength=core_length)


def reference_sum(x, cores, t):
    """Replays the kernel's order: each core adds its share in element order (float32), then core 0
    adds the partial sums in core order."""
    partials = []
    for core in range(cores):
        start = core * t["coreLength"]
        if start >= t["totalLength"]:
            length = 0
        elif core == cores - 1 or start + t["coreLength"] > t["totalLength"]:
            length = t["totalLength"] - start
        else:
            length = t["coreLength"]
        partial = np.float32(0)
        for v in x[start:start + length]:
            partial = np.float32(partial + v)
        partials.append(partial)
    total = np.float32(0)
    for p in partials:
        total = np.float32(total + p)
    return total


def run_sum(simtest, x, cores, soc=None):
    t = sum_tiling(x.size, cores)
    args = [("x", x.tobytes()), ("z", bytes(4)), ("workspace", bytes(cores * 32)),
            ("tiling", struct.pack("<2I", t["totalLength"], t["coreLength"]))]
    return simtest.launch("sum_sync_all", cores, args, soc=soc, events=True), t


@pytest.mark.parametrize("soc", ["Ascend910B1", "Ascend910_93"])
def test_sum_sync_all_48_cores_is_exact_and_reproducible(simtest, soc):
    rng = np.random.default_rng(48)
    x = (rng.standard_normal(48 * 37 + 5) * 1000).astype(np.float32)
    runs = []
    for _ in range(3):
        result, t = run_sum(simtest, x, 48, soc=soc)
        assert result["ok"], result["error"]
        assert [sum(e[0] == "SyncAll" for e in log) for log in result["event_log"]] == [1] * 48
        runs.append(result["outputs"]["z"])
    assert runs[0] == runs[1] == runs[2]
    assert np.frombuffer(runs[0], np.float32)[0] == reference_sum(x, 48, t)


@pytest.mark.parametrize("cores,length", [(1, 100), (5, 3), (13, 1001)])
def test_sum_sync_all_other_core_counts(simtest, cores, length):
    x = np.random.default_rng(length).standard_normal(length).astype(np.float32)
    result, t = run_sum(simtest, x, cores)
    assert result["ok"], result["error"]
    assert np.frombuffer(result["outputs"]["z"], np.float32)[0] == reference_sum(x, cores, t)


def test_sync_all_with_more_blocks_than_cores_is_an_error(simtest):
    """48 blocks on a 40-core SoC run in waves: a SyncAll would hang on hardware."""
    x = np.ones(48 * 8, np.float32)
    result, _ = run_sum(simtest, x, 48, soc="Ascend910B3")
    assert result["error_kind"] == "sync-misuse"
    assert "SyncAll" in result["error"] and "48 blocks on Ascend910B3 with 40 AIV cores" in result["error"]
