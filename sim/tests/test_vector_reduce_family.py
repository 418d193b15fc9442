"""Max/min reductions (WholeReduceMax/Min, BlockReduceMax/Min, ReduceMax/Min) against numpy.

References follow CANN's ReduceRepeat/ReduceMax pages: per repeat the extreme of the active lanes
and the lane index of its first occurrence; index bits stored in the element type (uint32 for
ORDER_ONLY_INDEX); dstRepStride in units of the result; ReduceMax(count) gives the value and,
with calIndex, the element index. numpy's argmax/argmin return the first occurrence (and the
first NaN), which is the documented tie rule and the sim's NaN choice.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import numpy as np
import pytest

from sim.tests.vector_harness import F16, F32, Partly, assert_bits_equal, run_vector

ORDERS = {"VALUE_INDEX": 0, "INDEX_VALUE": 1, "ONLY_VALUE": 2, "ONLY_INDEX": 3}
UINT = {2: np.uint16, 4: np.uint32}


def lane_offsets(repeat, lanes, itemsize, blk, rep):
    per_block = 32 // itemsize
    lanes = np.asarray(lanes)
    return (repeat * rep * 32 + (lanes // per_block) * blk * 32) // itemsize + lanes % per_block


def mask_lanes(per_repeat, mask=None, bits=None):
    if bits is not None:
        value = bits[0] | ((bits[1] if per_repeat > 64 else 0) << 64)
        return np.array([l for l in range(per_repeat) if (value >> l) & 1])
    return np.arange(mask)


@pytest.mark.parametrize("api", ["WholeReduceMax", "WholeReduceMin"])
@pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("order", list(ORDERS))
@pytest.mark.parametrize("mask", [dict(mask=50), dict(bit_mask=[0xF0F0_0000_FFFF_0003, 0x8000_0000_0000_0001])],
                         ids=["continuous", "bits"])
def test_whole_reduce_max_min(simtest, api, dtype, order, mask):
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    lanes = mask_lanes(per_repeat, mask.get("mask"), mask.get("bit_mask"))
    repeats, blk, rep, dst_rep = 3, 2, 16, 2
    x = np.random.default_rng(11).uniform(-50, 50, repeats * rep * 32 // s + 8 * 32 // s).astype(dtype)
    first = lane_offsets(0, lanes, s, blk, rep)
    x[first[-1]] = x[first[0]] = np.array(99 if api.endswith("Max") else -99, dtype)  # a tie: the lower lane wins
    unit = {"VALUE_INDEX": 2 * s, "INDEX_VALUE": 2 * s, "ONLY_VALUE": s, "ONLY_INDEX": 4}[order]
    dst = np.full(256 // s, 3, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, repeat_time=repeats,
                     dst_rep_stride=dst_rep, src_blk_stride=blk, src_rep_stride=rep, order=ORDERS[order], **mask)
    assert run.ok, run.result["error"]
    raw = run.contents[0][:dst.nbytes]
    expected = bytearray(dst.tobytes())
    for r in range(repeats):
        values = x[lane_offsets(r, lanes, s, blk, rep)]
        k = int(np.argmax(values) if api.endswith("Max") else np.argmin(values))
        value, index = values[k].tobytes(), int(lanes[k])
        at = r * dst_rep * unit
        piece = {"VALUE_INDEX": value + np.array(index, UINT[s]).tobytes(),
                 "INDEX_VALUE": np.array(index, UINT[s]).tobytes() + value,
                 "ONLY_VALUE": value, "ONLY_INDEX": np.array(index, np.uint32).tobytes()}[order]
        expected[at:at + unit] = piece
    assert raw == bytes(expected)
    assert run.vector_pipe()["repeats"] == repeats


@pytest.mark.parametrize("api,pick", [("BlockReduceMax", np.max), ("BlockReduceMin", np.min)])
@pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
def test_block_reduce_max_min(simtest, api, pick, dtype):
    s = np.dtype(dtype).itemsize
    per_block = 32 // s
    repeats, mask = 2, 256 // s - per_block - 3  # the last block inactive, the one before partly
    x = np.random.default_rng(4).uniform(-9, 9, repeats * 256 // s).astype(dtype)
    dst = np.full(32, 5, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, mask=mask, repeat_time=repeats,
                     dst_rep_stride=2, src_blk_stride=1, src_rep_stride=8)
    assert run.ok, run.result["error"]
    expected = dst.copy()
    for r in range(repeats):
        for b in range(8):
            lanes = [l for l in range(b * per_block, (b + 1) * per_block) if l < mask]
            if lanes:
                expected[r * 2 * 8 + b] = pick(x[r * (256 // s) + np.array(lanes)])
    assert_bits_equal(run.array(0, dtype), expected)


@pytest.mark.parametrize("api", ["ReduceMax", "ReduceMin"])
@pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
@pytest.mark.parametrize("count", [1, 100, 1000])
@pytest.mark.parametrize("cal_index", [False, True])
def test_reduce_max_min_count(simtest, api, dtype, count, cal_index):
    s = np.dtype(dtype).itemsize
    x = np.random.default_rng(count).uniform(-1000, 1000, count).astype(dtype)
    if count > 10:
        x[count // 2] = x[count - 3] = np.array(5000 if api == "ReduceMax" else -5000, dtype)  # tie: first index
    dst = np.full(16, 1, dtype)
    run = run_vector(simtest, api, [dst, x, np.zeros(1024, dtype)], [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)],
                     count, cal_index=cal_index)
    assert run.ok, run.result["error"]
    k = int(np.argmax(x) if api == "ReduceMax" else np.argmin(x))
    out = run.array(0, dtype)
    assert_bits_equal(out[:1], x[k:k + 1])
    if cal_index:
        assert int(out[1:2].view(UINT[s])[0]) == k
    else:
        assert_bits_equal(out[1:], dst[1:])


def work_elements(first_repeats, s, cal_index):
    """ReduceMax.md's sharedTmpBuffer algorithm, written out again."""
    per_block, per_repeat = 32 // s, 256 // s
    up = lambda n, g: -(-n // g) * g
    first = first_repeats * 2
    if not cal_index:
        return up(first, per_block)
    second = -(-first // per_repeat) * 2
    need = up(first, per_block) + up(second, per_block)
    if second > 2:
        need += up(-(-second // per_repeat) * 2, per_block)
    return need


@pytest.mark.parametrize("cal_index", [False, True])
def test_reduce_max_work_too_small(simtest, cal_index):
    count = 64 * 70  # 70 float repeats
    needed = work_elements(70, 4, cal_index)
    x = np.ones(count, F32)
    ok = run_vector(simtest, "ReduceMax", [np.zeros(8, F32), x, np.zeros(needed, F32)],
                    [(0, 0, F32), (1, 0, F32), (2, 0, F32)], count, cal_index=cal_index)
    assert ok.ok, ok.result["error"]
    short = run_vector(simtest, "ReduceMax", [np.zeros(8, F32), x, np.zeros(needed, F32)],
                       [(0, 0, F32), (1, 0, F32), (2, 0, F32, needed - 8)], count, cal_index=cal_index)
    assert not short.ok and short.result["error_kind"] == "operand-bounds", short.result.get("error")
    assert "operand sharedTmpBuffer" in short.result["error"]


def test_whole_reduce_max_dst_alignment(simtest):
    # float (value, index) results are 8-byte units: dst at 4 bytes is misaligned.
    run = run_vector(simtest, "WholeReduceMax", [np.zeros(64, F32), np.ones(64, F32)], [(0, 1, F32), (1, 0, F32)], 0,
                     mask=64, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert not run.ok and run.result["error_kind"] == "ub-alignment", run.result.get("error")
    assert "WholeReduceMax: operand dst" in run.result["error"] and "8-byte aligned" in run.result["error"]


def test_whole_reduce_min_bad_order_and_repeat(simtest):
    for options, word in ((dict(order=7), "ReduceOrder 7"), (dict(repeat_time=256), "repeatTime 256")):
        run = run_vector(simtest, "WholeReduceMin", [np.zeros(64, F32), np.ones(64, F32)], [(0, 0, F32), (1, 0, F32)],
                         0, **{"mask": 64, "repeat_time": 1, "dst_rep_stride": 1, "src_blk_stride": 1,
                               "src_rep_stride": 8, **options})
        assert not run.ok and run.result["error_kind"] == "api-misuse", run.result.get("error")
        assert word in run.result["error"]


def test_whole_reduce_max_of_poisoned_data(simtest):
    defined = np.ones(128, bool)
    defined[70] = False
    run = run_vector(simtest, "WholeReduceMax", [np.zeros(64, F32), Partly(np.ones(128, F32), defined)],
                     [(0, 0, F32), (1, 0, F32)], 0, mask=64, repeat_time=2, dst_rep_stride=1, src_blk_stride=1,
                     src_rep_stride=8)
    assert not run.ok and run.result["error_kind"] == "uninitialized-read", run.result.get("error")


def test_types_and_timing_at_compile_time(tmp_path):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[2] / "sim" / "include"
    good = tmp_path / "timing.cpp"
    good.write_text("""
#include "ascendc_sim/model/soc_timing.h"
using namespace sim::model::timing;
static_assert(VectorCyclesPerRepeat("WholeReduceMax", 4) == 3.0, "max reductions are timed as VCADD");
static_assert(VectorCyclesPerRepeat("ReduceMin", 2) == 3.0, "max reductions are timed as VCADD");
static_assert(VectorCyclesPerRepeat("BlockReduceMax", 2) == 3.0, "max reductions are timed as VCADD");
""")
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(good)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    bad = tmp_path / "bad.cpp"
    bad.write_text("""
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<int16_t> s) {
    WholeReduceMax(i, i, 64, 1, 1, 1, 8);
    BlockReduceMin(s, s, 1, 64, 1, 1, 8);
    ReduceMax(i, i, i, 64, true);
}
""")
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(bad)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode != 0
    for message in ("WholeReduceMax: element type must be half or float", "BlockReduceMin: element type must be",
                    "ReduceMax: element type must be half or float"):
        assert message in result.stderr, f"{message!r} missing"
