"""High-level DropOut (vector_dropout.h), Select with a byte mask (vector_select_bytes.h), CumSum
(vector_cumsum.h) and GroupBarrier (block_sync.h), with the host temp sizes of Silu/Swish, Sort,
DropOut, Select and CumSum. The kernels are sim/tests/kernels/filter_math_apis.h. For each API: a
bit-exact numpy replay of the instruction sequence (float32 products and running sums in order),
a float64 reference within the roundings, a perturbed replay that must not match, broken calls
reported in the kernel's terms, and a wrong dtype rejected at compile time."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from sim.tests.vector_harness import compile_errors


def f32bits(value: float) -> int:
    return struct.unpack("<i", struct.pack("<f", value))[0]


def params(*values) -> bytes:
    return np.array(list(values) + [0] * (8 - len(values)), dtype=np.int32).tobytes()


# ---- DropOut --------------------------------------------------------------------------------

def run_dropout(simtest, src, mask, first, src_last, mask_last, keep, tmp=512, framework=False):
    kernel = "dropout_f32" if src.dtype == np.float32 else "dropout_f16"
    p = params(first, src_last, mask_last, tmp, f32bits(keep), 0, int(framework))
    return simtest.launch(kernel, 1, [("src", src.tobytes()), ("mask", mask.tobytes()),
                                      ("dst", bytes(src.nbytes)), ("p", p)])


def bits_of(mask_bytes: np.ndarray, first: int, src_last: int) -> np.ndarray:
    return np.unpackbits(mask_bytes.reshape(first, -1), axis=1, bitorder="little")[:, :src_last]


@pytest.mark.parametrize("first,src_last", [(4, 256), (4, 64), (3, 256)])  # mask rows of 32-byte multiples
def test_dropout_bit_mode_replays_select_then_muls(simtest, first, src_last):
    rng = np.random.default_rng(first)
    src = rng.uniform(-100, 100, (first, src_last)).astype(np.float32)
    mask = rng.integers(0, 256, (first, src_last // 8), dtype=np.uint8)
    keep = 0.3
    r = run_dropout(simtest, src, mask, first, src_last, src_last // 8, keep)
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["dst"], np.float32).reshape(first, src_last)
    bits = bits_of(mask, first, src_last)
    replay = np.where(bits == 1, src, np.float32(0)) * np.float32(np.float32(1.0) / np.float32(keep))
    assert np.array_equal(out, replay)
    reference = np.where(bits == 1, src.astype(np.float64) / keep, 0.0)
    assert np.allclose(out, reference, rtol=2 * 2.0 ** -24, atol=0)
    perturbed = np.where(bits == 1, src / np.float32(keep), np.float32(0))  # a division, not 1/p times
    assert not np.array_equal(out, perturbed)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_dropout_byte_mode_replays_cast_mul_muls(simtest, dtype):
    rng = np.random.default_rng(5)
    first, last = 4, 160
    src = rng.uniform(-10, 10, (first, last)).astype(dtype)
    mask = rng.integers(0, 2, (first, last), dtype=np.uint8)
    keep = 0.7
    r = run_dropout(simtest, src, mask, first, last, last, keep, tmp=1024)
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["dst"], dtype).reshape(first, last)
    div = dtype(np.float32(1.0) / np.float32(keep))
    replay = (mask.astype(dtype) * src) * div
    assert np.array_equal(out, replay)
    perturbed = (mask.astype(dtype) * src) / dtype(keep)
    assert not np.array_equal(out, perturbed)


def test_dropout_misaligned_byte_mask_packs_the_rows(simtest):
    rng = np.random.default_rng(6)
    first, src_last, mask_last = 3, 48, 64
    src = rng.uniform(-10, 10, (first, src_last)).astype(np.float32)
    mask = rng.integers(0, 2, (first, mask_last), dtype=np.uint8)
    r = run_dropout(simtest, src, mask, first, src_last, mask_last, 0.5, tmp=1024)
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["dst"], np.float32).reshape(first, src_last)
    assert np.array_equal(out, mask[:, :src_last].astype(np.float32) * src * np.float32(2.0))


def test_dropout_broken_calls_are_reported(simtest):
    src = np.ones((4, 64), np.float32)
    mask = np.full((4, 8), 255, np.uint8)
    r = run_dropout(simtest, src, mask, 4, 64, 8, 1.5)
    assert r["error_kind"] == "api-misuse" and "DropOut: keepProb is 1.5" in r["error"], r["error"]
    r = run_dropout(simtest, src, mask, 4, 64, 8, 0.5, tmp=128)
    assert r["error_kind"] == "api-misuse", r["error"]
    assert "DropOut: sharedTmpBuffer holds 128 bytes" in r["error"] and "GetDropOutMaxMinTmpSize" in r["error"]
    mask = np.full((4, 16), 255, np.uint8)  # 16-byte mask rows for 64 elements: repacked, but not 32-byte rows
    r = run_dropout(simtest, src, mask, 4, 64, 16, 0.5)
    assert "DropOut: info.maskLastAxis (16) must be a multiple of 32 bytes" in r["error"], r["error"]


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_dropout_without_sharedtmpbuffer_takes_the_ub_left(simtest, dtype):
    # The framework form runs the same steps on the UB after the last InitBuffer: outputs equal
    # the sharedTmpBuffer form's bit for bit; too little UB left is reported as that temp.
    rng = np.random.default_rng(11)
    src = rng.uniform(-10, 10, (4, 160)).astype(dtype)
    mask = rng.integers(0, 2, (4, 160), dtype=np.uint8)
    given = run_dropout(simtest, src, mask, 4, 160, 160, 0.7, tmp=1024)
    left = run_dropout(simtest, src, mask, 4, 160, 160, 0.7, tmp=1024, framework=True)
    assert given["ok"] and left["ok"], (given["error"], left["error"])
    assert given["outputs"]["dst"] == left["outputs"]["dst"]
    small = run_dropout(simtest, src, mask, 4, 160, 160, 0.7, tmp=32, framework=True)
    assert small["error_kind"] == "api-misuse", small["error"]
    assert "DropOut: the temp (the UB left after InitBuffer) holds 32 bytes" in small["error"], small["error"]


def test_dropout_tmp_sizes():
    import _simtest
    assert _simtest.dropout_tmp_size([4, 256, 32], 4, False) == [2 * 4 * 256 * 32 * 4, 512] * 2
    assert _simtest.dropout_tmp_size([8], 2, False) == [512, 512, 512, 512]


# ---- Select with a byte mask ----------------------------------------------------------------

def run_select(simtest, src, mask, first, src_last, mask_last, scalar, tmp=1024, scalar_first=False, overlap=False):
    kernel = "select_bytes_f32" if src.dtype == np.float32 else "select_bytes_f16"
    p = params(first, src_last, mask_last, tmp, f32bits(scalar), int(scalar_first), int(overlap))
    return simtest.launch(kernel, 1, [("src", src.tobytes()), ("mask", mask.tobytes()),
                                      ("dst", bytes(src.nbytes)), ("p", p)])


@pytest.mark.parametrize("dtype,first,src_last,mask_last,tmp", [
    (np.float32, 2, 32, 32, 1024), (np.float16, 4, 96, 96, 1024), (np.float32, 3, 40, 64, 2048),
    (np.float32, 8, 512, 512, 1024)])
def test_select_takes_the_scalar_where_the_mask_is_set(simtest, dtype, first, src_last, mask_last, tmp):
    rng = np.random.default_rng(src_last)
    src = rng.uniform(-5, 5, (first, src_last)).astype(dtype)
    mask = rng.integers(0, 2, (first, mask_last), dtype=np.uint8)
    r = run_select(simtest, src, mask, first, src_last, mask_last, 1.25, tmp)
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["dst"], dtype).reshape(first, src_last)
    m = mask[:, :src_last]
    assert np.array_equal(out, np.where(m != 0, dtype(1.25), src))
    assert not np.array_equal(out, np.where(m == 0, dtype(1.25), src))  # the mask read the other way
    r = run_select(simtest, src, mask, first, src_last, mask_last, 1.25, tmp, scalar_first=True)
    out = np.frombuffer(r["outputs"]["dst"], dtype).reshape(first, src_last)
    assert np.array_equal(out, np.where(m != 0, src, dtype(1.25)))


def test_select_broken_calls_are_reported(simtest):
    src = np.ones((2, 32), np.float32)
    mask = np.ones((2, 32), np.uint8)
    r = run_select(simtest, src, mask, 2, 32, 32, 0.0, tmp=512)
    assert r["error_kind"] == "api-misuse", r["error"]
    assert "sharedTmpBuffer holds 512 bytes, below 1024" in r["error"]
    r = run_select(simtest, src, mask, 2, 32, 16, 0.0)
    assert "srcLastAxis <= maskLastAxis" in r["error"], r["error"]
    src, mask = np.ones((8, 32), np.float32), np.ones((8, 32), np.uint8)
    r = run_select(simtest, src, mask, 8, 32, 32, 0.0, overlap=True)  # the temp is the source's 1024 bytes
    assert "sharedTmpBuffer" in r["error"] and "src" in r["error"] and "holds" not in r["error"], r["error"]


def test_select_tmp_sizes():
    import _simtest
    assert _simtest.select_tmp_size([2, 32], [1], 4, [2, 32], 1, False) == [1024, 1024]
    n = 8 * 1024
    assert _simtest.select_tmp_size([8, 1024], [1], 4, [8, 1024], 1, False) == [n * 2 + 512, 4096 * 2 + 512]
    assert _simtest.select_tmp_size([8, 1000], [1], 4, [8, 1024], 1, False) == [
        8000 * 2 + 512 + 8000, 4096 * 2 + 512 + 8000]


# ---- CumSum ---------------------------------------------------------------------------------

def run_cumsum(simtest, src, last_axis, tmp, framework=False):
    kind = "last" if last_axis else "first"
    kernel = f"cumsum_{kind}_{'f32' if src.dtype == np.float32 else 'f16'}"
    outter, inner = src.shape
    return simtest.launch(kernel, 1, [("src", src.tobytes()), ("dst", bytes(src.nbytes)),
                                      ("last", bytes(inner * src.itemsize)),
                                      ("p", params(outter, inner, tmp, int(framework)))])


def sequential_cumsum(x: np.ndarray, axis: int) -> np.ndarray:
    out = x.astype(np.float32).copy()
    if axis == 0:
        for r in range(1, out.shape[0]):
            out[r] = out[r - 1] + out[r]
    else:
        for c in range(1, out.shape[1]):
            out[:, c] = out[:, c - 1] + out[:, c]
    return out


@pytest.mark.parametrize("dtype,shape,last_axis", [
    (np.float32, (32, 160), False), (np.float16, (7, 48), False), (np.float32, (16, 8), True),
    (np.float32, (20, 24), True), (np.float32, (40, 16), True), (np.float16, (16, 16), True),
    (np.float16, (5, 32), True)])
def test_cumsum_replays_the_running_sum(simtest, dtype, shape, last_axis):
    import _simtest
    rng = np.random.default_rng(shape[0] * 100 + shape[1])
    src = rng.uniform(-4, 4, shape).astype(dtype)
    mx, mn = _simtest.cumsum_tmp_size(list(shape), src.itemsize, last_axis)
    r = run_cumsum(simtest, src, last_axis, mn)
    assert r["ok"], r["error"]
    out = np.frombuffer(r["outputs"]["dst"], dtype).reshape(shape)
    replay = sequential_cumsum(src, 1 if last_axis else 0).astype(dtype)
    assert np.array_equal(out, replay)
    last = np.frombuffer(r["outputs"]["last"], dtype)
    assert np.array_equal(last, out[-1])
    reference = np.cumsum(src.astype(np.float64), axis=1 if last_axis else 0)
    steps = shape[1] if last_axis else shape[0]
    ulp = 2.0 ** -24 if dtype == np.float32 else 2.0 ** -11
    bound = (steps * 2.0 ** -24 * np.cumsum(np.abs(src.astype(np.float64)), axis=1 if last_axis else 0)
             + ulp * np.abs(reference) + 1e-30)
    assert np.all(np.abs(out.astype(np.float64) - reference) <= bound)
    perturbed = np.cumsum(src.astype(np.float64), axis=1 if last_axis else 0).astype(dtype)  # no float32 rounding
    if dtype == np.float32:
        assert not np.array_equal(out, perturbed)


def test_cumsum_larger_temp_takes_more_rows_per_chunk(simtest):
    src = np.random.default_rng(3).uniform(-1, 1, (48, 16)).astype(np.float32)
    import _simtest
    mx, mn = _simtest.cumsum_tmp_size([48, 16], 4, True)
    r = run_cumsum(simtest, src, True, mx)
    assert r["ok"], r["error"]
    assert np.array_equal(np.frombuffer(r["outputs"]["dst"], np.float32).reshape(48, 16), sequential_cumsum(src, 1))


def test_cumsum_broken_calls_are_reported(simtest):
    src = np.ones((16, 16), np.float32)
    r = run_cumsum(simtest, src, True, 1024)
    assert r["error_kind"] == "api-misuse", r["error"]
    assert "CumSum: sharedTmpBuffer holds 1024 bytes, below the 2048" in r["error"]
    src = np.ones((4, 12), np.float32)  # 48-byte rows: not 32-byte aligned
    r = run_cumsum(simtest, src, False, 0)
    assert "inner * sizeof(T) 32-byte aligned" in r["error"], r["error"]


@pytest.mark.parametrize("dtype,last_axis", [(np.float32, True), (np.float16, False)])
def test_cumsum_without_sharedtmpbuffer_takes_the_ub_left(simtest, dtype, last_axis):
    import _simtest
    src = np.random.default_rng(7).uniform(-4, 4, (16, 32)).astype(dtype)
    mx, mn = _simtest.cumsum_tmp_size([16, 32], src.itemsize, last_axis)
    given = run_cumsum(simtest, src, last_axis, mn)
    left = run_cumsum(simtest, src, last_axis, mn, framework=True)
    assert given["ok"] and left["ok"], (given["error"], left["error"])
    assert given["outputs"]["dst"] == left["outputs"]["dst"] and given["outputs"]["last"] == left["outputs"]["last"]
    assert np.array_equal(np.frombuffer(left["outputs"]["dst"], dtype).reshape(16, 32),
                          sequential_cumsum(src, 1 if last_axis else 0).astype(dtype))
    small = run_cumsum(simtest, src, last_axis, 32, framework=True)
    assert small["error_kind"] == "api-misuse", small["error"]
    assert "CumSum: the temp (the UB left after InitBuffer) holds 32 bytes" in small["error"], small["error"]


def test_cumsum_tmp_sizes():
    import _simtest
    assert _simtest.cumsum_tmp_size([32, 160], 4, False) == [0, 0]
    assert _simtest.cumsum_tmp_size([32, 160], 2, False) == [32 * 160 * 4] * 2
    assert _simtest.cumsum_tmp_size([32, 160], 4, True) == [32 * 160 * 8, 16 * 160 * 8]
    assert _simtest.cumsum_tmp_size([20, 32], 2, True) == [32 * 32 * 2 + 32 * 32 * 4, 32 * 16 * 2 + 16 * 32 * 4]


# ---- host sizes of Silu/Swish and Sort -------------------------------------------------------

def test_silu_swish_and_sort_tmp_sizes(capfd):
    import _simtest
    assert _simtest.silu_tmp_size([32], 4) == [0, 0, 0, 0]
    concat, sort, mx, mn = _simtest.sort_tmp_sizes(128, 4)
    assert (concat, sort, mx, mn) == (0, 128 * 2 * 4, 0, 0)
    assert _simtest.sort_tmp_sizes(128, 2)[1] == 128 * 4 * 2
    assert "Unsupported NpuArch for Sort API" in capfd.readouterr().err


# ---- GroupBarrier ---------------------------------------------------------------------------

def run_barrier(simtest, arrive, wait, rounds=1, arrivals=None, cores=None):
    arrivals = arrive if arrivals is None else arrivals
    x = np.random.default_rng(arrive * 10 + wait).standard_normal(rounds * arrive * 8).astype(np.float32)
    lines = max(arrive, wait)
    return x, simtest.launch("barrier_gather", cores or arrive + wait, [
        ("x", x.tobytes()), ("y", bytes(rounds * arrive * 32)), ("z", bytes(rounds * wait * arrive * 32)),
        ("ws", bytes(lines * 512)), ("p", params(arrive, wait, rounds, arrivals))])


@pytest.mark.parametrize("arrive,wait,rounds", [(2, 6, 1), (3, 2, 1), (2, 3, 3)])
def test_group_barrier_orders_the_arrivals_before_the_waiters(simtest, arrive, wait, rounds):
    x, r = run_barrier(simtest, arrive, wait, rounds)
    assert r["ok"] and not r.get("warnings"), r["error"] + str(r.get("warnings"))
    z = np.frombuffer(r["outputs"]["z"], np.float32).reshape(rounds, wait, arrive * 8)
    for k in range(rounds):
        for w in range(wait):
            assert np.array_equal(z[k, w], x[k * arrive * 8:(k + 1) * arrive * 8])


def test_group_barrier_with_a_missing_arrival_hangs(simtest):
    _, r = run_barrier(simtest, 3, 2, arrivals=2)
    assert r["error_kind"] == "sync-misuse", r["error"]
    assert "GroupBarrier::Wait(" in r["error"] and "arrive counter" in r["error"] and "hangs on hardware" in r["error"]


def test_group_barrier_misuse_is_reported(simtest):
    _, r = run_barrier(simtest, 2, 6, cores=4)  # waitSize 6 > GetBlockNum() 4
    assert r["error_kind"] == "api-misuse", r["error"]
    assert "arriveSize and waitSize must lie in [1, GetBlockNum() = 4]" in r["error"]


# ---- wrong dtypes ---------------------------------------------------------------------------

def test_wrong_dtypes_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
void Bad(AscendC::LocalTensor<int32_t> d, AscendC::LocalTensor<int32_t> s, AscendC::LocalTensor<uint8_t> m,
         AscendC::LocalTensor<uint8_t> t) {
    AscendC::DropOut(d, s, m, t, 0.5f, AscendC::DropOutShapeInfo());
    AscendC::Select(d, s, int32_t(1), m, t, AscendC::SelectWithBytesMaskShapeInfo());
    AscendC::CumSum<int32_t>(d, d, s, t, AscendC::CumSumInfo{1, 8});
}
""")
    assert "DropOut: T must be half or float on Atlas A2/A3" in errors
    assert "Select (SelectWithBytesMask): T must be half or float on Atlas A2/A3" in errors
    assert "CumSum: T must be half or float on Atlas A2/A3" in errors
