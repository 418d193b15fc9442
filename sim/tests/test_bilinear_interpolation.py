"""BilinearInterpolation (ISASI), half, both mask forms (vector_bilinear.h).

The A2/A3 composition (asc-devkit impl/basic_api/dav_c220/
kernel_operator_vec_bilinearinterpolation_impl.h): Gatherb the src0 blocks, Brcb src1, Mul
(one src1 element per repeat, or per block with repeatMode), Add the horizontal repeats into
the first, Adds 0 to dst. (1) numpy replay bit for bit (each half op rounded once); (2) float64
sum of products within (hRepeat + 1) half roundings; (3) the replay with repeatMode flipped must
not match; (4) misuse (repeats, vROffset, temp size, overlap, a misaligned offset) reported;
(5) float does not compile. The page's own example gives [389, 394, ..., 4096]."""
from __future__ import annotations

import numpy as np
import pytest

from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

U32 = np.uint32


def lanes(mask, bitwise):
    if bitwise:
        return np.array([(mask[i // 64] >> (i % 64)) & 1 for i in range(128)], bool)
    return np.arange(128) < mask


def replay(src0, offsets, src1, mask, bitwise, h, mode, blk, vr, v, dst_size, repeat_mode_flip=False):
    mode = mode != repeat_mode_flip
    on = lanes(mask, bitwise)
    reps = h * v
    g = np.stack([np.concatenate([src0[offsets[r * 8 + b] // 2:][:16] for b in range(8)]) for r in range(reps)])
    s = np.stack([np.repeat(src1[r * 8:r * 8 + 8] if mode else src1[r:r + 1].repeat(8), 16) for r in range(reps)])
    p = (g.astype(F32) * s.astype(F32)).astype(F16)
    dst = np.zeros(dst_size, F16)
    for i in range(v):
        acc = p[i * h].copy()
        for k in range(1, h):
            acc = np.where(on, (p[i * h + k].astype(F32) + acc.astype(F32)).astype(F16), acc)
        for e in np.nonzero(on)[0]:
            dst[i * vr + (e // 16) * blk * 16 + e % 16] = acc[e]
    return dst


def run(simtest, src0, offsets, src1, mask, bitwise, h, mode, blk, vr, v, dst_size, tmp_bytes=None, overlap=False):
    tmp_bytes = (src0.size + src1.size) * 32 if tmp_bytes is None else tmp_bytes
    m0, m1 = (mask if bitwise else (mask, 0))
    ints = [int(bitwise), int(np.int64(np.uint64(m0))), int(np.int64(np.uint64(m1))), h, int(mode), blk, vr, v]
    buffers = [np.zeros(dst_size, F16), src0, offsets, src1, np.zeros(tmp_bytes, np.uint8)]
    ops = [(0, 0, F16, dst_size), (1, 0, F16, src0.size), (2, 0, U32, offsets.size), (3, 0, F16, src1.size),
           (4, 0, np.uint8)]
    if overlap:  # src1 over the start of src0
        ops[3] = (1, 0, F16, src1.size)
    return run_vector(Misc(simtest), "BilinearInterpolation", buffers, ops, 0, ints=ints)


def test_page_example(simtest):
    src0 = np.arange(1, 513).astype(F16)
    offsets = (np.arange(32) * 32).astype(U32)
    src1 = np.arange(2, 18).astype(F16)
    r = run(simtest, src0, offsets, src1, 128, False, 2, False, 1, 128, 2, 256)
    assert r.ok, r.result["error"]
    got = r.array(0, F16)
    assert got[0] == 389 and got[1] == 394 and got[2] == 399 and got[255] == 4096
    assert_bits_equal(got, replay(src0, offsets, src1, 128, False, 2, False, 1, 128, 2, 256))
    # Gatherb, Brcb, Mul, one Add (hRepeat - 1 = 1 repeat) per vertical repeat, Adds
    assert r.vector_pipe()["instructions"] == 3 + 2 + 1


CASES = [  # mask, bitwise, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat
    (128, False, 3, True, 1, 128, 2),
    (100, False, 1, False, 1, 144, 3),
    ((0xF0F0F0F0F0F0F0F0, 0x00000000FFFFFFFF), True, 4, False, 2, 256, 2),
    ((2 ** 64 - 1, 2 ** 64 - 1), True, 2, True, 1, 192, 1),
]


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_replay_and_reference(simtest, case):
    mask, bitwise, h, mode, blk, vr, v = case
    rng = np.random.default_rng(h * 10 + v)
    blocks = 64
    src0 = rng.uniform(-4, 4, blocks * 16).astype(F16)
    offsets = (rng.integers(0, blocks, h * v * 8) * 32).astype(U32)
    src1 = rng.uniform(-2, 2, max(16, h * v * 8)).astype(F16)
    dst_size = (v - 1) * vr + 8 * blk * 16
    r = run(simtest, src0, offsets, src1, mask, bitwise, h, mode, blk, vr, v, dst_size)
    assert r.ok, r.result["error"]
    got = r.array(0, F16)
    want = replay(src0, offsets, src1, mask, bitwise, h, mode, blk, vr, v, dst_size)
    assert_bits_equal(got, want)
    # float64: the sum of h products, (h + 1) half roundings at most
    on = lanes(mask, bitwise)
    for i in range(v):
        for e in np.nonzero(on)[0]:
            terms = []
            for k in range(h):
                rep = i * h + k
                x = np.float64(src0[offsets[rep * 8 + e // 16] // 2 + e % 16])
                y = np.float64(src1[rep * 8 + e // 16] if mode else src1[rep])
                terms.append(x * y)
            at = i * vr + (e // 16) * blk * 16 + e % 16
            bound = (h + 1) * 2.0 ** -11 * sum(abs(t) for t in terms) + 2.0 ** -24
            assert abs(np.float64(got[at]) - sum(terms)) <= bound
    flipped = replay(src0, offsets, src1, mask, bitwise, h, mode, blk, vr, v, dst_size, repeat_mode_flip=True)
    assert not np.array_equal(flipped.view(np.uint16), got.view(np.uint16))


def _inputs():
    src0 = np.arange(1, 513).astype(F16)
    offsets = (np.arange(32) * 32).astype(U32)
    return src0, offsets, np.arange(2, 18).astype(F16)


def test_misuse_is_reported(simtest):
    src0, offsets, src1 = _inputs()
    base = dict(mask=128, bitwise=False, h=2, mode=False, blk=1, vr=128, v=2, dst_size=256)

    def call(**change):
        args = {**base, **change}
        tmp = change.pop("tmp_bytes", None)
        args.pop("tmp_bytes", None)
        return run(simtest, change.pop("src0", src0), change.pop("offsets", offsets), src1, args["mask"],
                   args["bitwise"], args["h"], args["mode"], args["blk"], args["vr"], args["v"], args["dst_size"],
                   tmp_bytes=tmp, overlap=change.pop("overlap", False))

    assert_reported(call(h=0), "api-misuse", "BilinearInterpolation", "hRepeat is 0")
    assert_reported(call(v=0), "api-misuse", "BilinearInterpolation", "vRepeat is 0")
    assert_reported(call(h=16, v=16), "api-misuse", "BilinearInterpolation", "exceeds 255")
    assert_reported(call(vr=112), "api-misuse", "BilinearInterpolation", "vROffset 112", "[128, 65535)")
    assert_reported(call(vr=136), "api-misuse", "BilinearInterpolation", "multiple of 32 bytes")
    assert_reported(call(tmp_bytes=4096), "api-misuse", "BilinearInterpolation", "sharedTmpBuffer", "16896")
    assert_reported(call(overlap=True), "api-misuse", "BilinearInterpolation", "src0", "src1")
    bad = offsets.copy()
    bad[3] = 40
    assert_reported(call(offsets=bad), "api-misuse", "Gatherb")


def test_float_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_bilinear.h"
using namespace AscendC;
void k(LocalTensor<float>& d, LocalTensor<uint32_t>& o, LocalTensor<uint8_t>& t) {
    BilinearInterpolation(d, d, o, d, uint64_t{64}, 1, false, 1, 128, 1, t);
}
""")
    assert "BilinearInterpolation: T must be half" in errors
