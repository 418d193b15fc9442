"""High-level TransData (vector_transdata.h) with its host GetTransDataMaxMinTmpSize
(tiling/transdata_tiling.h), and DataCopy with Nd2NzParams / Nz2NdParamsFull (data_copy_nd2nz.h).

Both only move bits, so the layout formulas (numpy index maps of NCDHW <-> NDC1HWC0 and
NCDHW <-> FRACTAL_Z_3D, ND <-> NZ) are exact references and compared bit for bit. The replays
re-run the 2201 instruction sequences on a numpy model of UB (TransDataTo5HD's 16 x 16 transposes,
DataCopy blocks, Duplicate; for ND2NZ the DataCopyPad series) and predict the whole destination
and how many instructions of each kind the sim logs; a replay with one constant wrong must not
match."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.vector_harness import assert_bits_equal, compile_errors

DT = {"float16": np.float16, "bfloat16": np.uint16, "int16": np.int16, "uint16": np.uint16,
      "float32": np.float32, "int32": np.int32, "uint32": np.uint32, "int8": np.int8, "uint8": np.uint8}


def ceil16(v):
    return -(-v // 16)


def raw16(n, seed):
    """n distinct-looking 16-bit patterns (no NaN trouble: compared as bits)."""
    return np.random.default_rng(seed).integers(0, 1 << 16, n, dtype=np.uint32).astype(np.uint16)


def other_shape(kind, n, c, d, h, w):
    if kind in ("to_6hd", "from_6hd"):
        return [n, d, ceil16(c), h, w, 16]
    return [d, ceil16(c), h, w, ceil16(n), 16, 16]


def sizes(kind, n, c, d, h, w):
    """(src elements, dst elements) the way the sample sizes them (NCDHW with its padded plane)."""
    hw = ceil16(h * w) * 16
    ncdhw = n * c * d * hw
    other = int(np.prod(other_shape(kind, n, c, d, h, w)))
    return (ncdhw, other) if kind.startswith("to_") else (other, ncdhw)


def run(simtest, kind, dims, src, *, dtype="int16", tmp=None, dst_elems=None, offsets=(0, 0, 0),
        no_temp=False, other=None, share=None):
    """One TransData; tmp None: the host's size. share=(k, byte offset): operand k of (dst, src, tmp)
    placed inside buffer 0 (dst's) at that offset, for overlap tests."""
    n, c, d, h, w = dims
    good = other_shape(kind, *dims)
    other = other or good
    src_shape, dst_shape = ([n, c, d, h, w], good) if kind.startswith("to_") else (good, [n, c, d, h, w])
    if tmp is None:
        ok, tmp, _ = simtest.transdata_tmp_size(kind, src_shape, dst_shape, dtype)
        assert ok
    dst_elems = dst_elems if dst_elems is not None else sizes(kind, *dims)[1]
    buffers = [(dst_elems * 2 + offsets[0], b""), (src.nbytes + offsets[1], bytes(offsets[1]) + src.tobytes())]
    operands = [(0, offsets[0], dst_elems * 2), (1, offsets[1], src.nbytes)]
    if not no_temp:
        buffers.append((tmp + offsets[2], b""))
        operands.append((2, offsets[2], tmp))
    if share is not None:
        k, at = share
        operands[k] = (0, at, operands[k][2])
    contents, result = simtest.run_transdata(dtype, kind, [n, c, d, h, w], other, buffers, operands,
                                             no_temp=no_temp)
    return contents, result


def out(contents, kind, dims, result):
    assert result["ok"], result["error"]
    return np.frombuffer(contents[0], np.uint16)[:sizes(kind, *dims)[1]]


# ---- formula references -------------------------------------------------------------------------

def ref_to_6hd(src, n, c, d, h, w):
    hw, c1 = ceil16(h * w) * 16, ceil16(c)
    x = np.zeros((n, c1 * 16, d, h * w), np.uint16)
    x[:, :c] = src.reshape(n, c, d, hw)[..., :h * w]
    return x.reshape(n, c1, 16, d, h * w).transpose(0, 3, 1, 4, 2).ravel()


def ref_from_6hd(src, n, c, d, h, w):
    """The NCDHW result's h*w part (the padded plane tail is left undefined)."""
    c1 = ceil16(c)
    x = src.reshape(n, d, c1, h * w, 16).transpose(0, 2, 4, 1, 3).reshape(n, c1 * 16, d, h * w)
    return x[:, :c]


def ref_to_fractal(src, n, c, d, h, w):
    hw, c1, n1 = ceil16(h * w) * 16, ceil16(c), ceil16(n)
    x = np.zeros((n1 * 16, c1 * 16, d, h * w), np.uint16)
    x[:n, :c] = src.reshape(n, c, d, hw)[..., :h * w]
    # [n1, n0, c1, c0, d, hw] -> [d, c1, hw, n1, n0, c0]
    return x.reshape(n1, 16, c1, 16, d, h * w).transpose(4, 2, 5, 0, 1, 3).ravel()


def ref_from_fractal(src, n, c, d, h, w):
    hw, c1, n1 = ceil16(h * w) * 16, ceil16(c), ceil16(n)
    x = src.reshape(d, c1, h * w, n1, 16, 16).transpose(3, 4, 1, 5, 0, 2).reshape(n1 * 16, c1 * 16, d, h * w)
    full = np.zeros((n, c, d, hw), np.uint16)  # the padded plane tail is the Duplicate's zeros
    full[..., :h * w] = x[:n, :c]
    return full.ravel()


SHAPES = [(16, 16, 1, 3, 5), (3, 20, 2, 3, 5), (17, 5, 2, 4, 4), (2, 33, 1, 2, 8)]


@pytest.mark.parametrize("dims", SHAPES)
@pytest.mark.parametrize("kind", ["to_6hd", "from_6hd", "to_fractal", "from_fractal"])
def test_layout_formula(simtest, kind, dims):
    n, c, d, h, w = dims
    src = raw16(sizes(kind, *dims)[0], seed=sum(dims))
    contents, result = run(simtest, kind, dims, src)
    got = out(contents, kind, dims, result)
    if kind == "to_6hd":
        assert_bits_equal(got, ref_to_6hd(src, *dims))
    elif kind == "to_fractal":
        assert_bits_equal(got, ref_to_fractal(src, *dims))
    elif kind == "from_fractal":
        assert_bits_equal(got, ref_from_fractal(src, *dims))
    else:
        hw = ceil16(h * w) * 16
        assert_bits_equal(got.reshape(n, c, d, hw)[..., :h * w].ravel(), ref_from_6hd(src, *dims).ravel())


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "uint16"])
def test_every_dtype_and_the_framework_temp(simtest, dtype):
    dims = (3, 20, 2, 3, 5)
    src = raw16(sizes("to_fractal", *dims)[0], seed=5)
    contents, result = run(simtest, "to_fractal", dims, src, dtype=dtype)
    assert_bits_equal(out(contents, "to_fractal", dims, result), ref_to_fractal(src, *dims))
    contents, result = run(simtest, "to_fractal", dims, src, dtype=dtype, no_temp=True)
    assert_bits_equal(out(contents, "to_fractal", dims, result), ref_to_fractal(src, *dims))


# ---- the replay of the 2201 instruction sequence --------------------------------------------------

class Ub:
    """UB of 16-bit elements addressed in bytes, with the three instructions TransData issues."""

    def __init__(self, nbytes):
        self.m = np.zeros(nbytes // 2, np.uint16)
        self.counts = {}

    def note(self, api):
        self.counts[api] = self.counts.get(api, 0) + 1

    def duplicate(self, at, count):
        self.note("Duplicate")
        self.m[at // 2:at // 2 + count] = 0

    def copy(self, dst, src, count, length, src_gap, dst_gap):  # DataCopyParams, in 32-byte blocks
        self.note("DataCopy")
        for k in range(count):
            s = src // 2 + k * (length + src_gap) * 16
            t = dst // 2 + k * (length + dst_gap) * 16
            self.m[t:t + length * 16] = self.m[s:s + length * 16].copy()

    def trans5hd(self, dst_list, src_list, repeats, dst_stride, src_stride):
        self.note("TransDataTo5HD")
        repeats %= 256
        if repeats == 1:
            dst_stride = src_stride = 0
        for r in range(repeats):
            block = np.stack([self.m[a // 2 + r * src_stride * 16:][:16] for a in src_list])
            for j, a in enumerate(dst_list):
                self.m[a // 2 + r * dst_stride * 16:][:16] = block[:, j]


def replay_to_6hd(src, n, c, d, h, w, c0=16):
    hw, c1 = ceil16(h * w) * 16, ceil16(c)
    src_b, dst_b = sizes("to_6hd", n, c, d, h, w)
    tmp_at = 0
    src_at = d * hw * 2 + d * c1 * 16 * hw * 2
    dst_at = src_at + src_b * 2
    ub = Ub(dst_at + dst_b * 2)
    ub.m[src_at // 2:src_at // 2 + src_b] = src
    plane, hwc0 = d * hw, h * w * 16
    ub.duplicate(tmp_at, plane)
    work = tmp_at + plane * 2
    for b in range(n):
        for j in range(c1):
            ch = min(16, c - j * 16)
            frm = src_at + (b * plane * c + j * plane * 16) * 2
            to = work + j * plane * 16 * 2
            ub.trans5hd([to + i * c0 * 2 for i in range(16)],
                        [frm + i * plane * 2 if i < ch else tmp_at for i in range(16)], plane // 16, 16, 1)
        for j in range(c1):
            ub.copy(dst_at + (b * c1 * d * hwc0 + j * hwc0) * 2, work + j * plane * 16 * 2, d, hwc0 // 16,
                    (hw - h * w) * 16 // 16, (c1 - 1) * hwc0 // 16)
    return ub.m[dst_at // 2:dst_at // 2 + dst_b], ub.counts


def replay_from_fractal(src, n, c, d, h, w, n0=16):
    hw, c1, n1 = ceil16(h * w) * 16, ceil16(c), ceil16(n)
    src_b, dst_b = sizes("from_fractal", n, c, d, h, w)
    area = n1 * 16 * c1 * 16 * d * hw
    whole = c == c1 * 16 and n == n1 * 16
    tmp_at = 0
    src_at = area * 2 * (1 if whole else 2)
    dst_at = src_at + src_b * 2
    ub = Ub(dst_at + max(dst_b, area) * 2)
    ub.m[src_at // 2:src_at // 2 + src_b] = src
    first = dst_at if whole else tmp_at
    second = tmp_at if whole else tmp_at + area * 2
    n1n0 = n1 * 16
    row, plane = h * w * n1n0 * 16, hw * n1n0 * 16
    ub.duplicate(first, c1 * d * plane)
    for z in range(d):
        ub.copy(first + z * plane * 2, src_at + z * c1 * row * 2, c1, row // 16, 0,
                ((d - 1) * plane + (hw - h * w) * n1n0 * 16) // 16)
    per_c1 = d * hw * n1n0 * 16
    for j in range(c1):
        ub.trans5hd([second + (j * per_c1 + i * d * hw * n1n0) * 2 for i in range(16)],
                    [first + (j * per_c1 + i * n0) * 2 for i in range(16)], d * hw * n1, 1, 16)
    per_batch = c * d * hw
    left = n
    for j in range(n1):
        ub.trans5hd([dst_at + (j * per_batch * 16 + i * per_batch) * 2 if (left >= 16 or i < left)
                     else tmp_at + i * 64 for i in range(16)],
                    [second + (j * 16 + i * n1n0) * 2 for i in range(16)], per_batch // 16, 1, n1n0)
        left -= 16
    return ub.m[dst_at // 2:dst_at // 2 + dst_b], ub.counts


@pytest.mark.parametrize("dims", [(16, 16, 1, 3, 5), (3, 20, 2, 3, 5)])
def test_replay_to_6hd(simtest, dims):
    src = raw16(sizes("to_6hd", *dims)[0], seed=11)
    contents, result = run(simtest, "to_6hd", dims, src)
    got = out(contents, "to_6hd", dims, result)
    expected, counts = replay_to_6hd(src, *dims)
    assert_bits_equal(got, expected)
    by_api = result["cores"][0]["by_api"]
    for api, count in counts.items():
        assert by_api.get(api) == count, (api, by_api)
    wrong, _ = replay_to_6hd(src, *dims, c0=8)  # lanes 8 elements apart instead of C0 = 16
    assert not np.array_equal(got, wrong)


@pytest.mark.parametrize("dims", [(16, 16, 1, 3, 5), (17, 5, 2, 4, 4)])
def test_replay_from_fractal(simtest, dims):
    src = raw16(sizes("from_fractal", *dims)[0], seed=12)
    contents, result = run(simtest, "from_fractal", dims, src)
    got = out(contents, "from_fractal", dims, result)
    expected, counts = replay_from_fractal(src, *dims)
    assert_bits_equal(got, expected)
    by_api = result["cores"][0]["by_api"]
    for api, count in counts.items():
        assert by_api.get(api) == count, (api, by_api)
    wrong, _ = replay_from_fractal(src, *dims, n0=8)
    assert not np.array_equal(got, wrong)


# ---- the host temp size ----------------------------------------------------------------------------

@pytest.mark.parametrize("dims", SHAPES)
def test_host_tmp_size(simtest, dims):
    n, c, d, h, w = dims
    hw, c1, n1 = ceil16(h * w) * 16, ceil16(c), ceil16(n)
    work = d * c1 * 16 * hw * 2
    expect = {
        "to_6hd": d * hw * 2 + work,
        "from_6hd": work + 512,
        "to_fractal": max(c * d * hw * 2, d * h * w * n1 * 16 * 2) + n1 * 16 * work,
        "from_fractal": n1 * 16 * work * (1 if (n % 16 == 0 and c % 16 == 0) else 2),
    }
    for kind, size in expect.items():
        o = other_shape(kind, *dims)
        src, dst = ([n, c, d, h, w], o) if kind.startswith("to_") else (o, [n, c, d, h, w])
        assert simtest.transdata_tmp_size(kind, src, dst, "float16") == (True, size, size)


def test_host_rejects(simtest, capfd):
    nc, hd = [3, 20, 2, 3, 5], [3, 2, 2, 3, 5, 16]
    assert simtest.transdata_tmp_size("to_6hd", nc, hd, "float32")[0] is False
    assert "DT_FLOAT16" in capfd.readouterr().err
    assert simtest.transdata_tmp_size("to_6hd", nc, [3, 2, 1, 3, 5, 16], "int16")[0] is False  # c1 wrong
    assert "c1" in capfd.readouterr().err
    assert simtest.transdata_tmp_size("to_6hd", nc, hd[:5], "int16")[0] is False
    assert simtest.transdata_tmp_size("other", nc, hd, "int16")[0] is False
    assert "srcFormat/dstFormat" in capfd.readouterr().err


# ---- broken calls ------------------------------------------------------------------------------------

DIMS = (3, 20, 2, 3, 5)


def reported(result, kind, *words):
    assert not result["ok"], "the violation was not reported"
    assert result["error_kind"] == kind, result["error"]
    for word in words:
        assert word in result["error"], f"{word!r} missing from: {result['error']}"


def test_small_temp(simtest):
    src = raw16(sizes("to_fractal", *DIMS)[0], seed=1)
    ok, need, _ = simtest.transdata_tmp_size("to_fractal", [3, 20, 2, 3, 5], other_shape("to_fractal", *DIMS),
                                             "int16")
    _, result = run(simtest, "to_fractal", DIMS, src, tmp=need - 32)
    reported(result, "api-misuse", "TransData", "sharedTmpBuffer", "GetTransDataMaxMinTmpSize", str(need))


def test_small_dst_and_src(simtest):
    src = raw16(sizes("to_6hd", *DIMS)[0], seed=2)
    _, result = run(simtest, "to_6hd", DIMS, src, dst_elems=sizes("to_6hd", *DIMS)[1] - 16)
    reported(result, "api-misuse", "TransData", "dstTensor", "below its layout")
    _, result = run(simtest, "to_6hd", DIMS, src[:-16])
    reported(result, "api-misuse", "TransData", "srcTensor", "AlignUp(h*w, 16)")


def test_inconsistent_layouts(simtest):
    src = raw16(sizes("to_fractal", *DIMS)[0], seed=3)
    _, result = run(simtest, "to_fractal", DIMS, src, other=[2, 2, 3, 5, 1, 16, 16])  # c1 fine, n1 fine, d ok
    assert result["ok"], result["error"]
    _, result = run(simtest, "to_fractal", DIMS, src, other=[2, 1, 3, 5, 1, 16, 16])
    reported(result, "api-misuse", "FRACTAL_Z_3D", "c1 = ceil(c/16) = 2")
    _, result = run(simtest, "to_fractal", DIMS, src, other=[2, 2, 3, 5, 1, 8, 16])
    reported(result, "api-misuse", "n0 = 16")
    src6 = raw16(sizes("from_6hd", *DIMS)[0], seed=4)
    _, result = run(simtest, "from_6hd", DIMS, src6, other=[3, 1, 2, 3, 5, 16])
    reported(result, "api-misuse", "NDC1HWC0", "n, d, h, w")


def test_overlap_and_misaligned(simtest):
    src = raw16(sizes("to_6hd", *DIMS)[0], seed=6)
    _, result = run(simtest, "to_6hd", DIMS, src, share=(2, 64))  # the temp inside dst
    reported(result, "api-misuse", "TransData", "dstTensor", "sharedTmpBuffer")
    _, result = run(simtest, "to_6hd", DIMS, src, offsets=(0, 16, 0))  # src 16 bytes past a 32-byte boundary
    reported(result, "ub-alignment", "TransDataTo5HD")


def test_wrong_dtype_and_rank_do_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
constexpr TransDataConfig cfg = {DataFormat::NCDHW, DataFormat::NDC1HWC0};
void f(LocalTensor<float>& d, LocalTensor<float>& s, LocalTensor<uint8_t>& t, LocalTensor<half>& dh,
       LocalTensor<half>& sh, LocalTensor<int64_t>& l, GlobalTensor<int64_t>& g, LocalTensor<int8_t>& l8,
       GlobalTensor<int8_t>& g8) {
    auto nc = MakeLayout(MakeShape(1, 16, 1, 4, 4), MakeStride());
    auto hd = MakeLayout(MakeShape(1, 1, 1, 4, 4, 16), MakeStride());
    TransDataParams<decltype(nc), decltype(hd)> p = {nc, hd};
    TransData<cfg>(d, s, t, p);
    TransDataParams<decltype(nc), decltype(nc)> q = {nc, nc};
    TransData<cfg>(dh, sh, t, q);
    DataCopy(l, g, Nd2NzParams{});
    DataCopy(g8, l8, Nz2NdParamsFull{});
}
""")
    assert "TransData: element type must be half, bfloat16_t, uint16_t or int16_t" in errors
    assert "dstLayout's shape rank does not fit config.dstFormat" in errors
    assert "DataCopy (Nd2NzParams): element type" in errors
    assert "DataCopy (Nz2NdParamsFull): element type" in errors


# ---- DataCopy with Nd2NzParams (GM -> UB) -----------------------------------------------------------

def nd2nz_pieces(dtype, p):
    """The A2 DataCopyPad series: (ub element offset, gm element offset, rows, row bytes, gm gap bytes,
    ub gap blocks), in the A2 code's integer arithmetic."""
    nd_num, n_value, d_value, src_nd, src_d, c0_stride, n_stride, dst_nz = p
    size = np.dtype(DT[dtype]).itemsize
    is_float = dtype == "float32"
    c0 = 16 if is_float else 32 // size
    chunk_gm = (255 * d_value) & 0xFFFF
    pieces = []
    for _ in range(nd_num):
        for t in range(-(-d_value // c0)):
            cols = c0 if d_value >= (t + 1) * c0 else d_value % c0
            row = cols * size
            ub0 = (t * c0_stride * (32 // size)) & 0xFFFF
            gm0 = (t * c0) & 0xFFFF
            if is_float:
                gap = ((n_stride * 32 - 64) % (1 << 64)) // 32 % (1 << 32)
                if cols < c0:
                    gap = (c0 - cols) * 4 // 32
            else:
                gap = int((n_stride - 32) / 32)
            gm_gap = (src_d * size - row) % (1 << 64) % (1 << 32)
            for r in range(n_value // 255):
                pieces.append((dst_nz + ub0 + r * 255 * c0, src_nd + gm0 + r * chunk_gm, 255, row, gm_gap, gap))
            if n_value % 255:
                pieces.append((dst_nz + ub0 + n_value // 255 * 255 * c0, src_nd + gm0 + n_value // 255 * 255 * d_value,
                               n_value % 255, row, gm_gap, gap))
    return pieces


def nd2nz_replay(dtype, gm, p, ub_elems):
    """UB elements and defined flags after the series (rows shorter than 32 bytes: the tail undefined)."""
    size = np.dtype(DT[dtype]).itemsize
    ub = np.zeros(ub_elems, gm.dtype)
    defined = np.zeros(ub_elems, bool)
    for ub0, gm0, rows, row, gm_gap, gap in nd2nz_pieces(dtype, p):
        pitch = (-(-row // 32) * 32 + gap * 32) // size
        for k in range(rows):
            s = gm0 + k * (row + gm_gap) // size
            t = ub0 + k * pitch
            ub[t:t + row // size] = gm[s:s + row // size]
            defined[t:t + row // size] = True
            defined[t + row // size:t + -(-row // 32) * 32 // size] = False
    return ub, defined


def run_nd2nz(simtest, dtype, gm, p, ub_bytes=8192, **kw):
    r = simtest.run_nd2nz(dtype, gm.tobytes(), list(p), ub_bytes=ub_bytes, **kw)
    ub = np.frombuffer(r["ub"], DT[dtype])
    defined = np.frombuffer(r["defined"], np.uint8).reshape(-1, np.dtype(DT[dtype]).itemsize).all(axis=1)
    return r, ub, defined


def test_nd2nz_doc_example(simtest):
    gm = np.arange(1, 1025, dtype=np.float16)
    r, ub, defined = run_nd2nz(simtest, "float16", gm, (1, 32, 32, 0, 32, 32, 1, 0))
    assert r["ok"], r["error"]
    expected = gm.reshape(32, 2, 16).transpose(1, 0, 2).ravel()  # [1..16, 33..48, ...]
    assert_bits_equal(ub[:1024], expected)
    assert defined[:1024].all()
    assert r["cores"][0]["by_api"].get("DataCopyPad") == 2
    assert r["cores"][0]["pipes"]["MTE2"]["bytes"] == 2048


@pytest.mark.parametrize("dtype,p", [
    ("float16", (1, 20, 40, 0, 48, 24, 1, 0)),      # a narrow last column group, padded rows
    ("int8", (1, 8, 64, 0, 64, 8, 1, 32)),          # 1-byte C0 = 32, a matrix offset
    ("int32", (2, 6, 16, 8, 24, 6, 64, 0)),         # ndNum 2 (both passes at the same offsets), nStride 64
    ("bfloat16", (1, 300, 16, 0, 16, 300, 1, 0)),   # more than 255 rows: two DataCopyPad chunks
    ("float32", (1, 8, 20, 0, 20, 16, 2, 0)),       # float: 16-column groups, nStride 2 -> gap 0
    ("uint32", (1, 4, 8, 0, 8, 4, 1, 0)),
])
def test_nd2nz_replay(simtest, dtype, p):
    rng = np.random.default_rng(7)
    gm = rng.integers(0, 120, 8000).astype(DT[dtype])
    r, ub, defined = run_nd2nz(simtest, dtype, gm, p, ub_bytes=32768)
    assert r["ok"], r["error"]
    want, want_defined = nd2nz_replay(dtype, gm, p, len(ub))
    assert np.array_equal(defined, want_defined)
    assert_bits_equal(ub[want_defined], want[want_defined])
    assert r["cores"][0]["by_api"].get("DataCopyPad") == len(nd2nz_pieces(dtype, p))
    wrong = list(p)
    wrong[7] += 32 // np.dtype(DT[dtype]).itemsize  # dstNzMatrixStride off by one block
    w, w_defined = nd2nz_replay(dtype, gm, wrong, len(ub))
    assert not (np.array_equal(w_defined, defined) and np.array_equal(w[defined], ub[defined]))


def test_nd2nz_is_the_nz_layout(simtest):
    """The usual call (dValue a multiple of C0, nStride 1, C0 stride = nValue) is ND -> NZ."""
    for dtype in ("float16", "int8", "int32"):
        c0 = 32 // np.dtype(DT[dtype]).itemsize
        rows, cols = 12, 3 * c0
        gm = (np.arange(rows * cols) % 113).astype(DT[dtype])
        r, ub, _ = run_nd2nz(simtest, dtype, gm, (1, rows, cols, 0, cols, rows, 1, 0))
        assert r["ok"], r["error"]
        assert_bits_equal(ub[:rows * cols], gm.reshape(rows, 3, c0).transpose(1, 0, 2).ravel())


def test_nd2nz_broken(simtest):
    gm = np.arange(1024, dtype=np.float16)
    r, _, _ = run_nd2nz(simtest, "float16", gm, (1, 20000, 32, 0, 32, 32, 1, 0))
    reported(r, "api-misuse", "DataCopy (Nd2NzParams)", "intriParams.nValue", "[0, 16384]")
    r, _, _ = run_nd2nz(simtest, "float16", gm, (1, 32, 32, 0, 32, 32, 1, 0), ub_offset=16)
    reported(r, "ub-alignment", "DataCopy (Nd2NzParams)", "dst")
    r, _, _ = run_nd2nz(simtest, "float16", gm, (1, 32, 32, 0, 32, 32, 1, 0), ub_bytes=1024)
    reported(r, "operand-bounds", "DataCopy (Nd2NzParams)", "dst")
    r, _, _ = run_nd2nz(simtest, "float16", gm, (1, 32, 32, 0, 32, 32, 1, 0), declared=512)
    reported(r, "gm-declared-size", "DataCopyPad")
    r, _, _ = run_nd2nz(simtest, "float16", gm[:512], (1, 64, 32, 0, 32, 64, 1, 0), ub_bytes=8192)
    assert not r["ok"] and r["error_kind"] == "gm-allocation", r["error"]
    # float with dstNzNStride 1: the A2 arithmetic wraps the UB gap, which DataCopyPad rejects.
    r, _, _ = run_nd2nz(simtest, "float32", np.arange(256, dtype=np.float32), (1, 4, 16, 0, 16, 4, 1, 0))
    assert not r["ok"] and "DataCopyPad" in r["error"], r["error"]


# ---- DataCopy with Nz2NdParamsFull (UB -> GM) -------------------------------------------------------

def nz2nd_ref(src, p, gm_elems, dtype):
    nd_num, n_value, d_value, src_nd, src_n, dst_d, dst_nd = p
    gm = np.zeros(gm_elems, src.dtype)
    for i in range(nd_num):
        for r in range(n_value):
            for col in range(d_value):
                gm[i * dst_nd + r * dst_d + col] = src[i * src_nd * 256 + (col // 16) * src_n * 16 + r * 16 + col % 16]
    return gm


@pytest.mark.parametrize("dtype,p", [
    ("float16", (2, 4, 32, 1, 4, 160, 48)),   # the page's half example
    ("float32", (2, 4, 32, 1, 4, 144, 40)),   # the page's float example
    ("int16", (1, 5, 48, 1, 6, 50, 1)),
    ("uint32", (3, 2, 16, 1, 2, 16, 32)),
])
def test_nz2nd(simtest, dtype, p):
    size = np.dtype(DT[dtype]).itemsize
    src = (np.arange(4096 // size) % 251).astype(DT[dtype])
    gm_elems = 1024
    r = simtest.run_nz2nd(dtype, src.tobytes(), list(p), gm_elems * size, ub_bytes=4096)
    assert r["ok"], r["error"]
    got = np.frombuffer(r["gm"], DT[dtype])
    assert_bits_equal(got, nz2nd_ref(src, p, gm_elems, dtype))
    groups = -(-p[2] // 16)
    assert r["cores"][0]["by_api"].get("DataCopyPad") == p[0] * groups
    assert r["cores"][0]["pipes"]["MTE3"]["instructions"] == p[0] * groups


def test_nz2nd_broken(simtest):
    src = np.arange(2048, dtype=np.float16).tobytes()
    r = simtest.run_nz2nd("float16", src, [1, 4, 20, 1, 4, 32, 1], 4096)
    reported(r, "api-misuse", "DataCopy (Nz2NdParamsFull)", "divisible by 16")
    r = simtest.run_nz2nd("float16", src, [1, 4, 32, 0, 4, 32, 1], 4096)
    reported(r, "api-misuse", "intriParams.srcNdMatrixStride", "[1, 512]")
    r = simtest.run_nz2nd("float16", src, [2, 3, 32, 1, 3, 32, 96], 4096)
    reported(r, "api-misuse", "divisible by nValue * sizeof(T)")
    r = simtest.run_nz2nd("float16", src, [1, 4, 32, 1, 4, 32, 1], 4096, ub_offset=16)
    reported(r, "ub-alignment", "DataCopy (Nz2NdParamsFull)", "src")
    r = simtest.run_nz2nd("float16", src, [1, 64, 32, 1, 64, 32, 1], 4096, ub_bytes=2048)
    reported(r, "operand-bounds", "DataCopy (Nz2NdParamsFull)", "src")
    r = simtest.run_nz2nd("float16", src, [1, 4, 32, 1, 4, 32, 1], 4096, declared=64)
    reported(r, "gm-declared-size", "DataCopyPad")


# ---- the Ascend-950-only Broadcast forms -------------------------------------------------------------

@pytest.mark.parametrize("form,words", [("tiling", "GetBroadcastTilingInfo"),
                                        ("broadcast", "Broadcast with a BroadcastTiling")])
def test_dynamic_broadcast_is_reported_on_a2(simtest, form, words):
    """CANN builds both on A2/A3 with an empty body: the sim builds them and reports the call."""
    reported(simtest.run_broadcast_dynamic(form), "api-misuse", words, "Ascend 950PR/950DT only",
             "Broadcast<T, dim, axis>")


def test_operands_in_one_buffer(simtest):
    """dst viewing its buffer to the end, src behind it: the layouts' extents do not overlap."""
    dims = (3, 20, 2, 3, 5)
    src = raw16(sizes("to_6hd", *dims)[0], seed=9)
    dst_bytes = sizes("to_6hd", *dims)[1] * 2
    ok, tmp, _ = simtest.transdata_tmp_size("to_6hd", [3, 20, 2, 3, 5], other_shape("to_6hd", *dims), "int16")
    contents, result = simtest.run_transdata(
        "int16", "to_6hd", list(dims), other_shape("to_6hd", *dims),
        [(dst_bytes + src.nbytes, bytes(dst_bytes) + src.tobytes()), (tmp, b"")],
        [(0, 0, 0), (0, dst_bytes, src.nbytes), (1, 0, tmp)])
    assert result["ok"], result["error"]
    got = np.frombuffer(contents[0], np.uint16)[:dst_bytes // 2]
    assert_bits_equal(got, ref_to_6hd(src, *dims))
