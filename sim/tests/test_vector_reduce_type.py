"""The ReduceType reductions (ReduceRepeat, ReduceDataBlock, ReducePairElem), their older names
(PairReduceSum, RepeatReduceSum), the mask forms of ReduceMax/ReduceMin/ReduceSum and the
reduction special registers, against numpy.

Sum references are the binary tree of the CANN pages (ReduceDataBlock.md's 关键特性说明): lanes
combined level by level in the element type, an absent lane passing its partner up unchanged; each
is also checked against the float64 sum. Max/min references are numpy's argmax/argmin (the first
occurrence: the pages' tie rule). Every API runs for half and float, the A2/A3 types.
"""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

DTYPES = pytest.mark.parametrize("dtype", [F32, F16], ids=lambda t: np.dtype(t).name)
UINT = {2: np.uint16, 4: np.uint32}


def tree(values, present, dtype, combine=np.add):
    """The tree reduction of values[present] in `dtype`; None when nothing is present."""
    vals = [dtype(v) for v in values]
    pres = list(present)
    while len(vals) > 1:
        nv, np_ = [], []
        for i in range(0, len(vals), 2):
            a, b, ha, hb = vals[i], vals[i + 1], pres[i], pres[i + 1]
            nv.append(dtype(combine(a, b)) if ha and hb else (a if ha else b))
            np_.append(ha or hb)
        vals, pres = nv, np_
    return vals[0] if pres[0] else None


def lanes_of(per_repeat, mask=None, bit_mask=None):
    if bit_mask is not None:
        value = bit_mask[0] | ((bit_mask[1] if per_repeat > 64 else 0) << 64)
        return np.array([(value >> l) & 1 for l in range(per_repeat)], bool)
    return np.arange(per_repeat) < mask


def lane_index(r, lane, itemsize, blk, rep):
    per_block = 32 // itemsize
    return (r * rep * 32 + (lane // per_block) * blk * 32) // itemsize + lane % per_block


def group_results(x, present, repeats, group, dtype, blk, rep, combine=np.add):
    """Per repeat, per group of `group` lanes: the tree result or None."""
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    out = []
    for r in range(repeats):
        vals = [x[lane_index(r, l, s, blk, rep)] for l in range(per_repeat)]
        pres = present[r] if np.ndim(present) == 2 else present
        out.append([tree(vals[g:g + group], pres[g:g + group], dtype, combine) for g in range(0, per_repeat, group)])
    return out


MASKS = pytest.mark.parametrize(
    "mask", [dict(mask=45), dict(bit_mask=[0xF0F0_0000_FFFF_0003, 0x8000_0000_0000_0001])], ids=["continuous", "bits"])


def expected_dst(dst, results, dst_rep, groups):
    out = dst.copy()
    for r, row in enumerate(results):
        for g, value in enumerate(row):
            if value is not None:
                out[r * dst_rep * groups + g] = value
    return out


@DTYPES
@MASKS
@pytest.mark.parametrize("api,group", [("ReduceRepeat.SUM", None), ("ReduceDataBlock.SUM", "block"),
                                       ("ReducePairElem.SUM", 2), ("PairReduceSum", 2)])
def test_sum_forms(simtest, dtype, mask, api, group):
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    group = per_repeat if group is None else (32 // s if group == "block" else group)
    groups = per_repeat // group
    repeats, blk, rep, dst_rep = 3, 2, 17, 2
    x = np.random.default_rng(5).uniform(-4, 4, repeats * rep * 32 // s + 16 * 32 // s).astype(dtype)
    present = lanes_of(per_repeat, mask.get("mask"), mask.get("bit_mask"))
    dst = np.full(repeats * dst_rep * groups + groups, 7, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, repeat_time=repeats,
                     dst_rep_stride=dst_rep, src_blk_stride=blk, src_rep_stride=rep, **mask)
    assert run.ok, run.result["error"]
    results = group_results(x, present, repeats, group, dtype, blk, rep)
    assert_bits_equal(run.array(0, dtype), expected_dst(dst, results, dst_rep, groups))
    for r, row in enumerate(results):  # the tree sums are sums: near the float64 reference
        for g, value in enumerate(row):
            if value is None:
                continue
            exact = sum(float(x[lane_index(r, l, s, blk, rep)]) for l in range(g * group, (g + 1) * group)
                        if present[l])
            assert abs(float(value) - exact) <= 1e-2 * max(1.0, abs(exact))
    assert run.vector_pipe()["repeats"] == repeats


@DTYPES
@pytest.mark.parametrize("kind", ["MAX", "MIN"])
def test_data_block_max_min(simtest, dtype, kind):
    s = np.dtype(dtype).itemsize
    per_repeat, per_block = 256 // s, 32 // s
    repeats = 2
    x = np.random.default_rng(8).uniform(-9, 9, repeats * per_repeat).astype(dtype)
    present = lanes_of(per_repeat, per_repeat - per_block - 3)
    dst = np.full(32, 5, dtype)
    run = run_vector(simtest, "ReduceDataBlock." + kind, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0,
                     mask=per_repeat - per_block - 3, repeat_time=repeats, dst_rep_stride=2, src_blk_stride=1,
                     src_rep_stride=8)
    assert run.ok, run.result["error"]
    pick = np.fmax if kind == "MAX" else np.fmin
    results = group_results(x, present, repeats, per_block, dtype, 1, 8, combine=pick)
    for r, row in enumerate(results):
        for g, value in enumerate(row):
            if value is not None:
                block = x[r * per_repeat + g * per_block:][:per_block][present[g * per_block:(g + 1) * per_block]]
                assert value == (block.max() if kind == "MAX" else block.min())
    assert_bits_equal(run.array(0, dtype), expected_dst(dst, results, 2, 8))


@DTYPES
@pytest.mark.parametrize("kind", ["MAX", "MIN"])
@pytest.mark.parametrize("order", [0, 1, 2, 3])
def test_reduce_repeat_max_min(simtest, dtype, kind, order):
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    repeats, blk, rep, dst_rep = 3, 1, 8, 1
    x = np.random.default_rng(2).uniform(-50, 50, repeats * per_repeat).astype(dtype)
    x[per_repeat + 7] = x[per_repeat + 3] = dtype(99 if kind == "MAX" else -99)  # a tie: lane 3 wins
    unit = {0: 2 * s, 1: 2 * s, 2: s, 3: 4}[order]
    dst = np.zeros(repeats * unit // s + 8, dtype)
    run = run_vector(simtest, "ReduceRepeat." + kind, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, mask=per_repeat,
                     repeat_time=repeats, dst_rep_stride=dst_rep, src_blk_stride=blk, src_rep_stride=rep, order=order)
    assert run.ok, run.result["error"]
    raw = run.contents[0][:dst.nbytes]
    expected = bytearray(dst.tobytes())
    for r in range(repeats):
        values = x[r * per_repeat:(r + 1) * per_repeat]
        k = int(np.argmax(values) if kind == "MAX" else np.argmin(values))
        value, index = values[k].tobytes(), np.array(k, UINT[s]).tobytes()
        piece = {0: value + index, 1: index + value, 2: value, 3: np.array(k, np.uint32).tobytes()}[order]
        expected[r * unit:(r + 1) * unit] = piece
    assert raw == bytes(expected)


@DTYPES
def test_repeat_reduce_sum_matches_reduce_repeat(simtest, dtype):
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    x = np.random.default_rng(3).uniform(-3, 3, 4 * per_repeat).astype(dtype)
    outs = []
    for api, extra in (("RepeatReduceSum", dict(repeat_params=[5])), ("ReduceRepeat.SUM", {})):
        run = run_vector(simtest, api, [np.zeros(16, dtype), x], [(0, 0, dtype), (1, 0, dtype)], 0, mask=per_repeat - 1,
                         repeat_time=4, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8, **extra)
        assert run.ok, run.result["error"]
        outs.append(run.array(0, dtype))
    assert_bits_equal(outs[0], outs[1])
    results = group_results(x, lanes_of(per_repeat, per_repeat - 1), 4, per_repeat, dtype, 1, 8)
    assert_bits_equal(outs[0][:4], np.array([row[0] for row in results], dtype))


@DTYPES
@pytest.mark.parametrize("api,group", [("ReduceRepeat.SUM", "repeat"), ("ReduceDataBlock.SUM", "block")])
def test_counter_mode_register(simtest, dtype, api, group):
    """isSetMask = false after SetMaskCount: the count covers whole repeats and a partial last one;
    repeatTime is ignored (the asc-devkit reduce sample's pattern)."""
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    count = 2 * per_repeat + 37
    x = np.random.default_rng(9).uniform(-2, 2, 3 * per_repeat).astype(dtype)
    g = per_repeat if group == "repeat" else 32 // s
    dst = np.full(3 * (per_repeat // g), 4, dtype)
    run = run_vector(simtest, api, [dst, x], [(0, 0, dtype), (1, 0, dtype)], 0, is_set_mask=False, counter_mode=True,
                     set_len=count, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert run.ok, run.result["error"]
    present = np.array([[r * per_repeat + l < count for l in range(per_repeat)] for r in range(3)])
    results = group_results(x, present, 3, g, dtype, 1, 8)
    assert_bits_equal(run.array(0, dtype), expected_dst(dst, results, 1, per_repeat // g))
    assert run.vector_pipe()["repeats"] == 3


@DTYPES
def test_normal_mode_register(simtest, dtype):
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    x = np.random.default_rng(4).uniform(-2, 2, 2 * per_repeat).astype(dtype)
    run = run_vector(simtest, "ReducePairElem.SUM", [np.zeros(per_repeat, dtype), x], [(0, 0, dtype), (1, 0, dtype)],
                     0, is_set_mask=False, set_mask=[0, 0xFF00FF], repeat_time=2, dst_rep_stride=1, src_blk_stride=1,
                     src_rep_stride=8)
    assert run.ok, run.result["error"]
    present = lanes_of(per_repeat, bit_mask=[0xFF00FF, 0])
    results = group_results(x, present, 2, 2, dtype, 1, 8)
    assert_bits_equal(run.array(0, dtype), expected_dst(np.zeros(per_repeat, dtype), results, 1, per_repeat // 2))


@DTYPES
@pytest.mark.parametrize("kind", ["Max", "Min"])
@pytest.mark.parametrize("cal_index", [True, False])
@pytest.mark.parametrize("mask", [dict(mask=37), dict(bit_mask=[0x0F0F_0F0F_0000_FFFF, 0x1])], ids=["continuous", "bits"])
def test_reduce_max_min_mask_form(simtest, dtype, kind, cal_index, mask):
    s = np.dtype(dtype).itemsize
    per_repeat, per_block = 256 // s, 32 // s
    repeats, rep = 5, 12
    x = np.random.default_rng(6).uniform(-20, 20, repeats * rep * per_block + per_repeat).astype(dtype)
    present = lanes_of(per_repeat, mask.get("mask"), mask.get("bit_mask"))
    lanes = np.nonzero(present)[0]
    best = dtype(77 if kind == "Max" else -77)  # the same extreme in repeats 3 and 1: repeat 1 wins
    x[3 * rep * per_block + lanes[0]] = best
    x[1 * rep * per_block + lanes[-1]] = best
    work = np.zeros(64, dtype)
    run = run_vector(simtest, f"Reduce{kind}Mask", [np.zeros(per_block, dtype), x, work],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], 0, repeat_time=repeats, src_rep_stride=rep,
                     cal_index=cal_index, **mask)
    assert run.ok, run.result["error"]
    out = run.array(0, dtype)
    assert out[0] == best
    if cal_index:
        assert int(out[1:2].view(UINT[s])[0]) == 1 * rep * per_block + lanes[-1]
    else:
        assert out[1] == 0  # only dst[0] is written


@DTYPES
@pytest.mark.parametrize("repeats", [1, 7, 70])
def test_reduce_sum_mask_form(simtest, dtype, repeats):
    s = np.dtype(dtype).itemsize
    per_repeat, per_block = 256 // s, 32 // s
    rep = 8
    x = np.random.default_rng(repeats).uniform(-1, 1, repeats * per_repeat).astype(dtype)
    present = lanes_of(per_repeat, per_repeat - 5)
    work = np.zeros((repeats + per_block - 1) // per_block * per_block, dtype)
    run = run_vector(simtest, "ReduceSumMask", [np.zeros(per_block, dtype), x, work],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], 0, mask=per_repeat - 5, repeat_time=repeats,
                     src_rep_stride=rep)
    assert run.ok, run.result["error"]
    level = [row[0] for row in group_results(x, present, repeats, per_repeat, dtype, 1, rep)]
    while len(level) > 1:  # trees over groups of one repeat's lanes (ReduceSum.md's 方式二)
        level = [tree(level[i:i + per_repeat] + [dtype(0)] * (per_repeat - len(level[i:i + per_repeat])),
                      [True] * len(level[i:i + per_repeat]) + [False] * (per_repeat - len(level[i:i + per_repeat])),
                      dtype) for i in range(0, len(level), per_repeat)]
    out = run.array(0, dtype)
    assert_bits_equal(out[:1], np.array([level[0]], dtype))
    exact = float(np.sum(x.reshape(repeats, per_repeat)[:, :per_repeat - 5].astype(np.float64)))
    assert abs(float(out[0]) - exact) <= 2e-2 * max(1.0, abs(exact))


@DTYPES
@pytest.mark.parametrize("kind", ["MAX", "MIN"])
def test_max_min_spr(simtest, dtype, kind):
    s = np.dtype(dtype).itemsize
    per_repeat = 256 // s
    x = np.random.default_rng(12).uniform(-10, 10, 3 * per_repeat).astype(dtype)
    k = 2 * per_repeat + 11
    x[k] = dtype(50 if kind == "MAX" else -50)
    run = run_vector(simtest, "MaxMinSpr." + kind, [np.zeros(16, dtype), x, np.zeros(16, dtype)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype)], 0, mask=per_repeat, repeat_time=3,
                     dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert run.ok, run.result["error"]
    spr = run.array(2, dtype)
    assert spr[0] == x[k]
    assert int(spr[1:2].view(UINT[s])[0]) == 11  # the lane in its repeat


@DTYPES
def test_sum_spr_is_reduce_sum(simtest, dtype):
    x = np.random.default_rng(13).uniform(-1, 1, 1000).astype(dtype)
    run = run_vector(simtest, "SumSpr", [np.zeros(16, dtype), x, np.zeros(64, dtype), np.zeros(16, dtype)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, dtype), (3, 0, dtype)], 1000)
    assert run.ok, run.result["error"]
    assert_bits_equal(run.array(3, dtype)[:1], run.array(0, dtype)[:1])


# ---- bad calls ----

def test_spr_never_written_is_reported(simtest):
    for api, word in (("SprUnread.MAX", "MAX_MIN_CNT"), ("SprUnread.SUM", "ACC_VAL")):
        run = run_vector(simtest, api, [np.zeros(16, F32)], [(0, 0, F32)], 0)
        assert_reported(run, "api-misuse", word, "not written")
    run = run_vector(simtest, "MaxMinSprValueOnly", [np.zeros(16, F16)], [(0, 0, F16)], 0)
    assert_reported(run, "api-misuse", "GetReduceRepeatMaxMinSpr(maxMinValue)", "Atlas A2/A3")


@pytest.mark.parametrize("api", ["ReduceRepeat.SUM", "ReduceDataBlock.MAX", "ReducePairElem.SUM"])
def test_out_of_range_arguments_are_reported(simtest, api):
    x = np.zeros(512, F32)
    run = run_vector(simtest, api, [np.zeros(64, F32), x], [(0, 0, F32), (1, 0, F32)], 0, mask=64, repeat_time=256,
                     dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "api-misuse", "repeatTime 256")
    run = run_vector(simtest, api, [np.zeros(64, F32), x], [(0, 0, F32), (1, 0, F32)], 0, mask=65, repeat_time=1,
                     dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "api-misuse", "mask 65")
    run = run_vector(simtest, api, [np.zeros(64, F32), x], [(0, 0, F32), (1, 0, F32)], 0, mask=64, repeat_time=9,
                     dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "operand-bounds", "src")


def test_misaligned_dst_is_reported(simtest):
    x = np.zeros(128, F16)
    run = run_vector(simtest, "ReduceDataBlock.SUM", [np.zeros(64, F16), x], [(0, 4, F16), (1, 0, F16)], 0, mask=128,
                     repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "ub-alignment", "dst", "16-byte")
    run = run_vector(simtest, "ReduceRepeat.MAX", [np.zeros(64, F32), np.zeros(64, F32)], [(0, 1, F32), (1, 0, F32)],
                     0, mask=64, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8, order=0)
    assert_reported(run, "ub-alignment", "dst", "8-byte")


def test_small_work_and_bad_stride_of_mask_forms(simtest):
    x = np.zeros(64 * 20, F32)
    run = run_vector(simtest, "ReduceSumMask", [np.zeros(8, F32), x, np.zeros(8, F32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 0, mask=64, repeat_time=20, src_rep_stride=8)
    assert_reported(run, "operand-bounds", "sharedTmpBuffer")
    run = run_vector(simtest, "ReduceMaxMask", [np.zeros(8, F32), x, np.zeros(64, F32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 0, mask=64, repeat_time=2, src_rep_stride=-1)
    assert_reported(run, "api-misuse", "srcRepStride -1")


def test_counter_mode_with_no_count_is_reported(simtest):
    run = run_vector(simtest, "ReduceRepeat.SUM", [np.zeros(8, F32), np.zeros(64, F32)], [(0, 0, F32), (1, 0, F32)],
                     0, is_set_mask=False, counter_mode=True, set_len=0, repeat_time=1, dst_rep_stride=1,
                     src_blk_stride=1, src_rep_stride=8)
    assert_reported(run, "api-misuse", "counts no element")


def test_missing_sync_before_a_reduction_is_reported(simtest):
    x = np.arange(128, dtype=np.float32)
    ok = simtest.launch("reduce_repeat_after_synced_dma", 1, [("x", x.tobytes()), ("y", bytes(32))])
    assert ok["ok"], ok["error"]
    y = np.frombuffer(ok["outputs"]["y"], np.float32)
    assert y[0] == x[:64].sum() and y[1] == x[64:].sum()
    bad = simtest.launch("reduce_repeat_missing_mte2_v_sync", 1, [("x", x.tobytes()), ("y", bytes(32))])
    assert bad["error_kind"] == "pipe-hazard", bad.get("error")
    for word in ("ReduceRepeat<SUM>", "operand src", "written by pipe MTE2"):
        assert word in bad["error"], bad["error"]


def test_wrong_types_do_not_compile(tmp_path):
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<half> h, LocalTensor<float> f, LocalTensor<int16_t> s) {
    uint64_t mask[2] = {~0ull, ~0ull};
    ReduceRepeat<ReduceType::SUM, int32_t>(i, i, 64, 1, 1, 1, 8);
    ReduceRepeat<ReduceType::SUM, float>(f, h, 64, 1, 1, 1, 8);
    ReduceDataBlock<ReduceType::MAX, int16_t>(s, s, mask, 1, 1, 1, 8);
    ReducePairElem<ReduceType::MAX, half>(h, h, 64, 1, 1, 1, 8);
    PairReduceSum<int32_t>(i, i, 1, 64, 1, 1, 8);
    RepeatReduceSum<int16_t>(s, s, 1, 64, 1, 1, 1, 8);
    ReduceMax<int32_t>(i, i, i, 64, 1, 8, true);
    ReduceSum<int16_t>(s, s, s, mask, 1, 8);
    int32_t a = 0, b = 0;
    GetReduceRepeatMaxMinSpr<int32_t>(a, b);
    (void)GetReduceRepeatSumSpr<int32_t>();
}
""")
    for text in ("ReduceRepeat: element type must be half or float",
                 "ReduceRepeat: dst type T and src type U must be the same",
                 "ReduceDataBlock: element type must be half or float",
                 "ReducePairElem: only ReduceType::SUM is supported",
                 "PairReduceSum: element type must be half or float",
                 "RepeatReduceSum: element type must be half or float",
                 "ReduceMax: element type must be half or float",
                 "ReduceSum: element type must be half or float",
                 "GetReduceRepeatMaxMinSpr: T must be half or float",
                 "GetReduceRepeatSumSpr: T must be half or float"):
        assert text in stderr, text
