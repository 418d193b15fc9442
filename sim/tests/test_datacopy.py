"""DataCopy / DataCopyPad against a Python model of their parameters' meaning.

The model below is written from the CANN Ascend C API reference pages "DataCopy" and
"DataCopyPad（GMToUB非对齐数据搬运）" / "DataCopyPad（UBToGM非对齐数据搬运）" and asc-devkit's
CPU-debug overflow check (impl/basic_api/utils/kernel_check_data_copy_overflow.h), not from
the sim's C++: GM-side strides of
DataCopyPad count bytes, UB-side strides count 32-byte blocks, UB rows are padded to 32 bytes,
DataCopy(DataCopyParams) counts everything in 32-byte blocks. Each test runs one DMA on one
core and compares every byte of the UB buffer (and its defined-byte mask) or of the GM
allocation with the model.
"""
import numpy as np
import pytest

BLOCK = 32
POISON = 0xFF  # the sim's fill for UB that holds no data
ITEMSIZE = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1, "int16": 2, "int32": 4, "int64": 8}


def align_up(value, align=BLOCK):
    return (value + align - 1) // align * align


def element_bytes(dtype, value):
    """The bit pattern the kernel's static_cast<T>(value) produces."""
    if dtype == "float32":
        return np.float32(value).tobytes()
    if dtype == "float16":
        return np.float16(value).tobytes()
    return np.array([int(value)], dtype=dtype).tobytes()


# ---- the model -------------------------------------------------------------------------------

class Ub:
    """A UB buffer: bytes and which of them hold data."""

    def __init__(self, size, init=None):
        if init is None:
            self.data = bytearray([POISON] * size)
            self.defined = bytearray(size)
        else:
            self.data = bytearray(init)
            self.defined = bytearray([1] * size)

    def write(self, at, payload):
        self.data[at:at + len(payload)] = payload
        self.defined[at:at + len(payload)] = b"\x01" * len(payload)

    def poison(self, at, size):
        self.data[at:at + size] = bytes([POISON] * size)
        self.defined[at:at + size] = bytes(size)


def model_pad_gm_to_ub(ub, gm, gm_at, ub_at, s, count, length, src_stride, dst_stride, left, right, fill):
    """DataCopyPad GM->UB: GM rows `length + src_stride` bytes apart; UB rows R + dst_stride*32 apart,
    R = AlignUp(left*s + length + right*s, 32), data at left*s; `fill` = pad element bytes or None."""
    row_footprint = align_up(left * s + length + right * s)
    for i in range(count):
        g = gm_at + i * (length + src_stride)
        u = ub_at + i * (row_footprint + dst_stride * BLOCK)
        ub.write(u + left * s, gm[g:g + length])
        for start, end in ((u, u + left * s), (u + left * s + length, u + row_footprint)):
            if fill is None:
                ub.poison(start, end - start)
            else:
                ub.write(start, bytes(fill[(j - u) % s] for j in range(start, end)))


def model_pad_ub_to_gm(gm, ub, gm_at, ub_at, count, length, src_stride, dst_stride):
    """DataCopyPad UB->GM: UB rows AlignUp(length, 32) + src_stride*32 apart, GM rows length + dst_stride apart."""
    for i in range(count):
        u = ub_at + i * (align_up(length) + src_stride * BLOCK)
        g = gm_at + i * (length + dst_stride)
        gm[g:g + length] = ub[u:u + length]


def model_blocks(dst, src, dst_at, src_at, count, block_len, src_gap, dst_gap):
    """DataCopy with DataCopyParams: all four fields in 32-byte blocks, gap = end of row to next start."""
    row = block_len * BLOCK
    for i in range(count):
        s = src_at + i * (block_len + src_gap) * BLOCK
        d = dst_at + i * (block_len + dst_gap) * BLOCK
        dst[d:d + row] = src[s:s + row]


def assert_ok(result):
    assert result["ok"], result["error"]
    assert result["warnings"] == [], result["warnings"]


def assert_ub(result, ub):
    assert np.array_equal(np.frombuffer(result["defined"], np.uint8), np.frombuffer(bytes(ub.defined), np.uint8))
    got, want = np.frombuffer(result["ub"], np.uint8), np.frombuffer(bytes(ub.data), np.uint8)
    mismatch = np.flatnonzero(got != want)
    assert mismatch.size == 0, f"UB differs at bytes {mismatch[:10]} (got {got[mismatch[:10]]}, want {want[mismatch[:10]]})"


def random_bytes(rng, size):
    return rng.integers(0, 256, size, dtype=np.uint8).tobytes()


# ---- DataCopyPad GM -> UB ----------------------------------------------------------------------

def random_pad_case(rng, dtype):
    s = ITEMSIZE[dtype]
    case = dict(count=int(rng.integers(1, 12)), length=s * int(rng.integers(1, 90)),
                src_stride=int(rng.integers(0, 70)), dst_stride=int(rng.integers(0, 3)),
                left=int(rng.integers(0, BLOCK // s + 1)), right=int(rng.integers(0, BLOCK // s + 1)),
                gm_offset=int(rng.integers(0, 9)), ub_offset=BLOCK // s * int(rng.integers(0, 3)))
    if rng.random() < 0.3:
        case["left"] = case["right"] = 0
    return case


@pytest.mark.parametrize("dtype", ["float32", "float16", "int8"])
@pytest.mark.parametrize("is_pad", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_pad_gm_to_ub_matches_model(simtest, dtype, is_pad, seed):
    rng = np.random.default_rng(1000 * seed + ITEMSIZE[dtype] + is_pad)
    s, c = ITEMSIZE[dtype], random_pad_case(rng, dtype)
    gm_at = c["gm_offset"] * s
    span = (c["count"] - 1) * (c["length"] + c["src_stride"]) + c["length"]
    gm = random_bytes(rng, gm_at + span + int(rng.integers(0, 40)))
    row = align_up(c["left"] * s + c["length"] + c["right"] * s)
    ub_bytes = align_up(c["ub_offset"] * s + c["count"] * row + (c["count"] - 1) * c["dst_stride"] * BLOCK + 64)
    pad_value = int(rng.integers(-100, 100))

    result = simtest.dma_gm_to_ub("pad_ext", dtype, gm, params=(c["count"], c["length"], c["src_stride"], c["dst_stride"]),
                                  gm_offset=c["gm_offset"], ub_bytes=ub_bytes, ub_offset=c["ub_offset"],
                                  is_pad=is_pad, left=c["left"], right=c["right"], pad_value=pad_value)
    assert_ok(result)
    ub = Ub(ub_bytes)
    model_pad_gm_to_ub(ub, gm, gm_at, c["ub_offset"] * s, s, c["count"], c["length"], c["src_stride"],
                       c["dst_stride"], c["left"], c["right"], element_bytes(dtype, pad_value) if is_pad else None)
    assert_ub(result, ub)


def test_pad_keeps_ub_between_rows_untouched(simtest):
    """dstStride gaps are skipped, not overwritten: UB content there survives the copy."""
    rng = np.random.default_rng(7)
    ub_init = random_bytes(rng, 1024)
    gm = random_bytes(rng, 400)
    result = simtest.dma_gm_to_ub("pad_ext", "float16", gm, params=(5, 38, 6, 2), ub_bytes=1024, ub_init=ub_init,
                                  is_pad=True, left=3, right=1, pad_value=2.5)
    assert_ok(result)
    ub = Ub(1024, ub_init)
    model_pad_gm_to_ub(ub, gm, 0, 0, 2, 5, 38, 6, 2, 3, 1, element_bytes("float16", 2.5))
    assert_ub(result, ub)
    assert result["ub"][64:128] == ub_init[64:128]  # R = 64, pitch 64 + 2 * 32: the first gap, spelled out


@pytest.mark.parametrize("dtype,value", [("float32", -7.25), ("float16", 3.0), ("int8", -5)])
def test_set_pad_value_fills_padding_when_is_pad_false(simtest, dtype, value):
    """SetPadValue loads the pad register; DataCopyPad with isPad false pads with it (the CANN sample's use)."""
    s = ITEMSIZE[dtype]
    gm = np.arange(256, dtype=np.uint8).tobytes()
    count, length, right = 4, 31 * s if s < 4 else 28, 1
    result = simtest.dma_gm_to_ub("pad_ext", dtype, gm, params=(count, length, 0, 0), ub_bytes=1024,
                                  is_pad=False, right=right, set_pad_value=value)
    assert_ok(result)
    ub = Ub(1024)
    model_pad_gm_to_ub(ub, gm, 0, 0, s, count, length, 0, 0, 0, right, element_bytes(dtype, value))
    assert_ub(result, ub)


def test_old_pad_params_take_raw_bits(simtest):
    """DataCopyPadParams.paddingValue is the element's bit pattern (uint64), handed over unconverted."""
    gm = np.arange(64, dtype=np.float32).tobytes()
    bits = int(np.float32(1.5).view(np.uint32))
    result = simtest.dma_gm_to_ub("pad_old", "float32", gm, params=(3, 20, 4, 1), ub_bytes=512,
                                  is_pad=True, left=1, right=2, pad_bits=bits)
    assert_ok(result)
    ub = Ub(512)
    model_pad_gm_to_ub(ub, gm, 0, 0, 4, 3, 20, 4, 1, 1, 2, np.float32(1.5).tobytes())
    assert_ub(result, ub)
    rows = np.frombuffer(result["ub"], np.float32)
    assert rows[0] == 1.5 and list(rows[1:6]) == [0, 1, 2, 3, 4] and rows[6] == 1.5  # the layout, spelled out


def test_unpadded_dummy_tail_is_poisoned(simtest):
    """isPad false, no padding: the bytes after each row up to 32 B hold no data (the NPU writes copies of the
    row's first element there; the sim marks them undefined so computing on them is caught)."""
    gm = np.arange(10, dtype=np.float32).tobytes()
    result = simtest.dma_gm_to_ub("pad_ext", "float32", gm, params=(2, 20, 0, 0), ub_bytes=64)
    assert_ok(result)
    defined = np.frombuffer(result["defined"], np.uint8)
    assert list(defined) == [1] * 20 + [0] * 12 + [1] * 20 + [0] * 12
    assert list(np.frombuffer(result["ub"], np.float32)[8:13]) == [5, 6, 7, 8, 9]


def test_strided_tile_read_like_ops_nn(simtest):
    """Read an (m x n) tile of a (B x H) row-major fp16 matrix into UB with row pitch nAligned
    ({m, n*s, (H-n)*s, 0}, DataCopyExtParams in the DataCopyPad pages), and check it against
    numpy slicing."""
    rng = np.random.default_rng(3)
    B, H, r0, c0, m, n = 9, 45, 2, 7, 5, 21
    matrix = rng.standard_normal((B, H)).astype(np.float16)
    n_aligned = align_up(n, 16)
    result = simtest.dma_gm_to_ub("pad_ext", "float16", matrix.tobytes(), params=(m, n * 2, (H - n) * 2, 0),
                                  gm_offset=r0 * H + c0, ub_bytes=m * n_aligned * 2)
    assert_ok(result)
    tile = np.frombuffer(result["ub"], np.float16).reshape(m, n_aligned)[:, :n]
    assert np.array_equal(tile.view(np.uint16), matrix[r0:r0 + m, c0:c0 + n].view(np.uint16))


# ---- DataCopyPad UB -> GM ----------------------------------------------------------------------

@pytest.mark.parametrize("api", ["pad_ext", "pad_old"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int8"])
@pytest.mark.parametrize("seed", range(4))
def test_pad_ub_to_gm_matches_model(simtest, api, dtype, seed):
    rng = np.random.default_rng(50 + seed * 7 + ITEMSIZE[dtype])
    s = ITEMSIZE[dtype]
    count, length = int(rng.integers(1, 10)), s * int(rng.integers(1, 70))
    src_stride, dst_stride = int(rng.integers(0, 3)), int(rng.integers(0, 50))
    gm_offset = int(rng.integers(0, 17))
    ub_bytes = align_up(count * (align_up(length) + src_stride * BLOCK) + 32)
    ub_init = random_bytes(rng, ub_bytes)
    gm_size = gm_offset * s + (count - 1) * (length + dst_stride) + length + int(rng.integers(0, 30))
    gm = bytes([0xA5] * gm_size)  # sentinel: bytes between and after the rows must keep it

    result = simtest.dma_ub_to_gm(api, dtype, gm, params=(count, length, src_stride, dst_stride),
                                  gm_offset=gm_offset, ub_bytes=ub_bytes, ub_init=ub_init)
    assert_ok(result)
    want = bytearray(gm)
    model_pad_ub_to_gm(want, ub_init, gm_offset * s, 0, count, length, src_stride, dst_stride)
    assert result["gm"] == bytes(want)


def test_strided_tile_write_like_ops_nn(simtest):
    """Write a UB tile with row pitch nAligned back into a (B x H) fp32 matrix at (r0, c0)
    ({m, n*s, 0, (H-n)*s}); everything outside the tile keeps its value."""
    rng = np.random.default_rng(11)
    B, H, r0, c0, m, n = 7, 30, 1, 5, 4, 13
    n_aligned = align_up(n, 8)
    tile = rng.standard_normal((m, n_aligned)).astype(np.float32)
    matrix = rng.standard_normal((B, H)).astype(np.float32)
    result = simtest.dma_ub_to_gm("pad_ext", "float32", matrix.tobytes(), params=(m, n * 4, 0, (H - n) * 4),
                                  gm_offset=r0 * H + c0, ub_bytes=tile.nbytes, ub_init=tile.tobytes())
    assert_ok(result)
    want = matrix.copy()
    want[r0:r0 + m, c0:c0 + n] = tile[:, :n]
    assert np.array_equal(np.frombuffer(result["gm"], np.float32).reshape(B, H), want)


def test_undefined_bytes_reaching_gm_are_reported(simtest):
    defined = bytes([1] * 40 + [0] * 4 + [1] * 20)
    result = simtest.dma_ub_to_gm("pad_ext", "float32", bytes(200), params=(2, 32, 0, 0), ub_bytes=64,
                                  ub_init=bytes(64), ub_init_defined=defined)
    assert not result["ok"]
    assert result["error_kind"] == "uninitialized-read"
    assert "DataCopyPad" in result["error"] and "UB [40, 44)" in result["error"] and "writes to GM" in result["error"]


def test_undefined_dummy_tail_is_not_written_to_gm(simtest):
    """Only blockLen bytes per row reach GM; poisoned bytes behind them in the 32-B row are discarded."""
    defined = bytes([1] * 20 + [0] * 12 + [1] * 20 + [0] * 12)
    ub_init = np.arange(16, dtype=np.float32).tobytes()
    result = simtest.dma_ub_to_gm("pad_ext", "float32", bytes(40), params=(2, 20, 0, 0), ub_bytes=64,
                                  ub_init=ub_init, ub_init_defined=defined)
    assert_ok(result)
    assert list(np.frombuffer(result["gm"], np.float32)) == [0, 1, 2, 3, 4, 8, 9, 10, 11, 12]


# ---- limits ---------------------------------------------------------------------------------------

def test_block_count_4095_is_accepted_and_4096_is_not(simtest):
    rng = np.random.default_rng(5)
    gm = random_bytes(rng, 4096 * 2)
    ok = simtest.dma_gm_to_ub("pad_ext", "float16", gm, params=(4095, 2, 0, 0), ub_bytes=4095 * BLOCK)
    assert_ok(ok)
    ub = Ub(4095 * BLOCK)
    model_pad_gm_to_ub(ub, gm, 0, 0, 2, 4095, 2, 0, 0, 0, 0, None)
    assert_ub(ok, ub)
    assert ok["cores"][0]["pipes"]["MTE2"]["instructions"] == 1

    bad = simtest.dma_gm_to_ub("pad_ext", "float16", gm, params=(4096, 2, 0, 0), ub_bytes=4096 * BLOCK)
    assert not bad["ok"] and bad["error_kind"] == "dma-params"
    assert "blockCount 4096 exceeds 4095" in bad["error"]

    up = simtest.dma_ub_to_gm("pad_ext", "float16", bytes(4096 * 2), params=(4096, 2, 0, 0), ub_bytes=4096 * BLOCK,
                              ub_init=bytes(4096 * BLOCK))
    assert not up["ok"] and up["error_kind"] == "dma-params" and "UB->GM" in up["error"]


@pytest.mark.parametrize("dtype,left,right,ok", [
    ("float32", 8, 8, True), ("float32", 9, 0, False), ("float16", 0, 17, False), ("int8", 32, 32, True),
    ("int8", 33, 0, False),
])
def test_padding_limit_is_32_bytes_each_side(simtest, dtype, left, right, ok):
    s = ITEMSIZE[dtype]
    result = simtest.dma_gm_to_ub("pad_ext", dtype, bytes(64), params=(1, 8 * s, 0, 0), ub_bytes=256,
                                  is_pad=True, left=left, right=right)
    assert result["ok"] == ok, result["error"]
    if not ok:
        assert result["error_kind"] == "dma-params" and "exceeds 32 bytes" in result["error"]


def test_block_len_must_be_whole_elements_and_at_most_2097151(simtest):
    odd = simtest.dma_gm_to_ub("pad_ext", "float32", bytes(64), params=(1, 6, 0, 0), ub_bytes=64)
    assert odd["error_kind"] == "dma-params" and "not a multiple of sizeof(T) = 4" in odd["error"]
    huge = simtest.dma_ub_to_gm("pad_ext", "int8", bytes(64), params=(1, 2097152, 0, 0), ub_bytes=64, ub_init=bytes(64))
    assert huge["error_kind"] == "dma-params" and "2097152 bytes exceeds 2097151" in huge["error"]


@pytest.mark.parametrize("params", [(0, 64, 0, 0), (3, 0, 0, 0)])
def test_zero_block_count_or_len_is_a_nop(simtest, params):
    ub_init = bytes(range(128))
    result = simtest.dma_gm_to_ub("pad_ext", "float32", bytes(1), params=params, ub_bytes=128, ub_init=ub_init)
    assert_ok(result)
    assert result["ub"] == ub_init
    assert result["cores"][0]["pipes"]["MTE2"]["instructions"] == 0


# ---- plain DataCopy -------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_datacopy_params_gaps_count_blocks_both_ways(simtest, seed):
    rng = np.random.default_rng(seed + 90)
    count, block_len, src_gap, dst_gap = (int(v) for v in rng.integers(1, 5, 4))
    gm_size = (count * (block_len + src_gap)) * BLOCK + 16
    gm = random_bytes(rng, gm_size)
    ub_bytes = count * (block_len + dst_gap) * BLOCK
    down = simtest.dma_gm_to_ub("copy_params", "float16", gm, params=(count, block_len, src_gap, dst_gap),
                                ub_bytes=ub_bytes)
    assert_ok(down)
    ub = Ub(ub_bytes)
    want = bytearray(ub.data)
    model_blocks(want, gm, 0, 0, count, block_len, src_gap, dst_gap)
    assert down["ub"] == bytes(want)

    ub_init = random_bytes(rng, ub_bytes)
    out_size = count * (block_len + src_gap) * BLOCK
    up = simtest.dma_ub_to_gm("copy_params", "float16", bytes(out_size), params=(count, block_len, dst_gap, src_gap),
                              ub_bytes=ub_bytes, ub_init=ub_init)
    assert_ok(up)
    want_gm = bytearray(out_size)
    model_blocks(want_gm, ub_init, 0, 0, count, block_len, dst_gap, src_gap)
    assert up["gm"] == bytes(want_gm)


def test_datacopy_count_moves_whole_blocks(simtest):
    x = np.arange(48, dtype=np.float32)
    result = simtest.dma_gm_to_ub("copy_count", "float32", x.tobytes(), count=40, gm_offset=8, ub_bytes=256)
    assert_ok(result)
    ub = np.frombuffer(result["ub"], np.float32)
    assert np.array_equal(ub[:40], x[8:48]) and np.isnan(ub[40:]).all()
    core = result["cores"][0]
    assert core["gm_read"] == 160 and core["by_api"] == {"DataCopy": 1}


def test_datacopy_count_not_whole_blocks(simtest):
    x = np.arange(16, dtype=np.float16)
    bad = simtest.dma_gm_to_ub("copy_count", "float16", x.tobytes(), count=13, ub_bytes=64)
    assert not bad["ok"] and bad["error_kind"] == "datacopy-length"
    assert "13 * 2 = 26 bytes is not a multiple of 32" in bad["error"]

    simtest.set_severity("datacopy-length", "warn")
    floored = simtest.dma_gm_to_ub("copy_count", "float16", x.tobytes(), count=20, ub_bytes=64)
    assert floored["ok"] and floored["warnings"][0]["kind"] == "datacopy-length"
    defined = np.frombuffer(floored["defined"], np.uint8)
    assert defined[:32].all() and not defined[32:].any()  # the NPU copies floor(40 / 32) blocks


def test_gm_address_alignment(simtest):
    """Plain DataCopy needs a GM address that is a multiple of sizeof(T); DataCopyPad takes any byte."""
    gm = bytes(range(256))
    shifted = simtest.dma_gm_to_ub("copy_count", "float32", gm, count=8, ub_bytes=64, gm_byte_shift=2)
    assert shifted["error_kind"] == "dma-params"
    assert "GM address is 2 bytes past a multiple of sizeof(T) = 4" in shifted["error"]
    padded = simtest.dma_gm_to_ub("pad_ext", "float32", gm, params=(2, 12, 1, 0), ub_bytes=64, gm_byte_shift=3)
    assert_ok(padded)
    assert padded["ub"][:12] == gm[3:15] and padded["ub"][32:44] == gm[16:28]
    out = simtest.dma_ub_to_gm("pad_ext", "int16", bytes(40), params=(1, 6, 0, 0), ub_bytes=32,
                               ub_init=bytes(range(1, 33)), gm_byte_shift=5)
    assert_ok(out)
    assert out["gm"] == bytes(5) + bytes(range(1, 7)) + bytes(29)


def test_ub_to_ub_copy_count(simtest):
    ub_init = np.arange(64, dtype=np.float32).tobytes()
    result = simtest.dma_ub_to_ub("copy_count", "float32", count=16, ub_bytes=256, src_offset=8, dst_offset=40,
                                  ub_init=ub_init)
    assert_ok(result)
    want = np.arange(64, dtype=np.float32)
    want[40:56] = want[8:24].copy()
    assert np.array_equal(np.frombuffer(result["ub"], np.float32), want)


def test_ub_to_ub_copy_carries_definedness_of_dma_loaded_data(simtest):
    # Bytes a GM->UB DataCopy stored are known defined without per-byte flags; the UB->UB copy
    # must still carry them over as defined (and the poison around them as undefined). A launch
    # first leaves every UB flag of the core at "undefined", so stale flags would show.
    simtest.dma_ub_to_ub("copy_count", "float32", count=16, ub_bytes=256, ub_init=bytes(256),
                         ub_init_defined=bytes(256))
    gm = np.arange(16, dtype=np.float32).tobytes()
    result = simtest.dma_ub_to_ub("copy_count", "float32", count=16, ub_bytes=256, src_offset=0, dst_offset=32,
                                  gm=gm)
    assert_ok(result)
    ub = np.frombuffer(result["ub"], np.float32)
    assert np.array_equal(ub[32:48], np.arange(16, dtype=np.float32))
    defined = np.frombuffer(result["defined"], np.uint8)
    assert defined[:64].all() and defined[128:192].all()
    assert not defined[64:128].any() and not defined[192:].any()


def test_ub_to_ub_copy_runs_on_the_vector_pipe(simtest):
    rng = np.random.default_rng(2)
    ub_init = random_bytes(rng, 1024)
    defined = bytes([1] * 512 + [0] * 512)
    result = simtest.dma_ub_to_ub("copy_params", "float32", params=(3, 2, 1, 0), ub_bytes=1024, src_offset=0,
                                  dst_offset=128, ub_init=ub_init, ub_init_defined=defined)
    assert_ok(result)
    want = bytearray(ub_init)
    model_blocks(want, ub_init, 512, 0, 3, 2, 1, 0)
    assert result["ub"] == bytes(want)
    assert np.frombuffer(result["defined"], np.uint8)[512:512 + 192].all()
    core = result["cores"][0]
    assert core["pipes"]["V"]["instructions"] == 1 and core["pipes"]["MTE2"]["instructions"] == 0


def test_dma_counters(simtest):
    """bytes = blockCount * blockLen on the GM side; one instruction per DataCopyPad."""
    gm = bytes(2000)
    down = simtest.dma_gm_to_ub("pad_ext", "float16", gm, params=(7, 58, 100, 1), ub_bytes=1024)
    assert_ok(down)
    mte2 = down["cores"][0]["pipes"]["MTE2"]
    assert mte2 == {"instructions": 1, "bytes": 7 * 58, "repeats": 0}
    up = simtest.dma_ub_to_gm("pad_ext", "float16", gm, params=(7, 58, 0, 10), ub_bytes=1024, ub_init=bytes(1024))
    assert_ok(up)
    assert up["cores"][0]["gm_written"] == 7 * 58 and up["cores"][0]["by_api"] == {"DataCopyPad": 1}
