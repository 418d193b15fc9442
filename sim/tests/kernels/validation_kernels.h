// Kernels for the time model's VALIDATION set (sim/tests/test_model_validation.py): public
// Atlas A2/A3 samples with published msprof figures from which no constant of soc_timing.h
// was taken. Each re-creates its sample's instruction sequence from the sample's README and
// source (read from CANN_SOURCES_DIR by the test, never copied here), with the APIs the sim has:
//
// repeat_copy_in: asc-devkit 04_memory_access/data_copy, "GM to UB" scenarios 5-8: an M x N
//   half matrix read in tileM x tileN tiles by back-to-back DataCopyPad, no compute.
//     mode 0 (scenario 5): each core's rows, the whole row width, `repeats` times over;
//     mode 1 (scenario 6): N cut in 4 quarters, each quarter read `repeats` times before the next;
//     mode 2 (scenario 7): every core reads the whole matrix, all in the same block order;
//     mode 3 (scenario 8): every core reads the whole matrix, the order rotated by block index.
// nd2nz_standin: asc-devkit 04_memory_access/bank_conflict_nd2nz on dav-2201: 8192 x 8192 half,
//   48 blocks (6 row splits x 8 column splits), 144 x 128 tiles, ping-pong on explicit flags:
//   DataCopy GM->UB of 144 rows of 256 B, the ND->NZ reorder as the sample issues it (one
//   AscendC::Copy of `height` repeats with CopyRepeatParams{dstStride = 144 or 145 blocks,
//   srcStride 1, dstRepeatSize 1, srcRepeatSize 8}), DataCopy UB->GM of 8 columns of 144 x 32 B.
#pragma once
#include "kernel_operator.h"

struct RepeatCopyInParams {
    uint32_t rows;     // M
    uint32_t cols;     // N
    uint32_t tileM;    // rows per DataCopyPad (its burst count)
    uint32_t tileN;    // columns per burst
    uint32_t mode;     // 0..3, above
    uint32_t repeats;  // modes 0, 1: reads of each range
};

namespace validation_kernels {

// Reads rows [row0, row0 + count) x columns [col0, col0 + width) in tiles into `buffer`.
__aicore__ inline void ReadRange(const AscendC::LocalTensor<half>& buffer, const AscendC::GlobalTensor<half>& src,
                                 const RepeatCopyInParams& p, uint64_t row0, uint32_t count, uint32_t col0,
                                 uint32_t width) {
    AscendC::DataCopyPadExtParams<half> noPadding{false, 0, 0, static_cast<half>(0)};
    for (uint32_t r = 0; r + p.tileM <= count; r += p.tileM) {
        for (uint32_t c = col0; c < col0 + width; c += p.tileN) {
            const uint32_t w = c + p.tileN <= col0 + width ? p.tileN : col0 + width - c;
            AscendC::DataCopyExtParams params{static_cast<uint16_t>(p.tileM), static_cast<uint32_t>(w * sizeof(half)),
                                              static_cast<uint32_t>((p.cols - w) * sizeof(half)), 0, 0};
            AscendC::DataCopyPad(buffer, src[(row0 + r) * p.cols + c], params, noPadding);
        }
    }
}

}  // namespace validation_kernels

extern "C" __global__ __vector__ __aicore__ void repeat_copy_in(GM_ADDR src, GM_ADDR params)
{
    AscendC::InitSocState();
    GET_TILING_DATA_WITH_STRUCT(RepeatCopyInParams, p, params);
    const uint32_t blocks = AscendC::GetBlockNum(), block = AscendC::GetBlockIdx();
    const uint32_t coreRows = p.rows / blocks;
    AscendC::GlobalTensor<half> srcGm;
    srcGm.SetGlobalBuffer((__gm__ half*)src, static_cast<uint64_t>(p.rows) * p.cols);
    const uint32_t ubRowElems = AscendC::DivCeil(p.tileN * sizeof(half), 32u) * 32u / sizeof(half);
    AscendC::LocalTensor<half> buffer(AscendC::TPosition::VECIN, 0, p.tileM * ubRowElems);
    const uint64_t myRow = static_cast<uint64_t>(block) * coreRows;
    if (p.mode == 0) {
        for (uint32_t k = 0; k < p.repeats; ++k) validation_kernels::ReadRange(buffer, srcGm, p, myRow, coreRows, 0, p.cols);
    } else if (p.mode == 1) {
        const uint32_t quarter = p.cols / 4;
        for (uint32_t q = 0; q < 4; ++q) {
            for (uint32_t k = 0; k < p.repeats; ++k) {
                validation_kernels::ReadRange(buffer, srcGm, p, myRow, coreRows, q * quarter, quarter);
            }
        }
    } else {
        // Every core reads every block of coreRows rows; mode 3 starts at its own block.
        for (uint32_t m = 0; m < blocks; ++m) {
            const uint32_t which = p.mode == 3 ? (m + block) % blocks : m;
            validation_kernels::ReadRange(buffer, srcGm, p, static_cast<uint64_t>(which) * coreRows, coreRows, 0, p.cols);
        }
    }
    AscendC::PipeBarrier<PIPE_ALL>();
}

struct Nd2NzParams {
    uint32_t scenario;  // 1: dstNzC0Stride = 144 (compact), 2: 145 (one spare row)
};

extern "C" __global__ __vector__ __aicore__ void nd2nz_standin(GM_ADDR x, GM_ADDR z, GM_ADDR params)
{
    AscendC::InitSocState();
    GET_TILING_DATA_WITH_STRUCT(Nd2NzParams, p, params);
    constexpr uint32_t kM = 8192, kN = 8192, kTileH = 144, kTileW = 128, kC0 = 16, kRowSplits = 6, kColSplits = 8;
    constexpr uint32_t kC0Cols = kTileW / kC0;
    const uint32_t c0Stride = p.scenario == 1 ? kTileH : kTileH + 1;  // in 32-B blocks
    const uint32_t ndElems = kTileH * kTileW;
    const uint32_t nzElems = ((kTileH - 1) + (kC0Cols - 1) * c0Stride + 1 + (p.scenario == 2 ? 1 : 0)) * kC0;
    const uint32_t ndBytes = ndElems * sizeof(half), nzBytes = nzElems * sizeof(half);
    AscendC::GlobalTensor<half> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, static_cast<uint64_t>(kM) * kN);
    zGm.SetGlobalBuffer((__gm__ half*)z, static_cast<uint64_t>(kM) * kN);
    // UB as the sample lays it out: [ndPing | ndPong | nzPing | nzPong].
    AscendC::LocalTensor<half> nd[2] = {AscendC::LocalTensor<half>(AscendC::TPosition::VECIN, 0, ndElems),
                                        AscendC::LocalTensor<half>(AscendC::TPosition::VECIN, ndBytes, ndElems)};
    AscendC::LocalTensor<half> nz[2] = {
        AscendC::LocalTensor<half>(AscendC::TPosition::VECOUT, 2 * ndBytes, nzElems),
        AscendC::LocalTensor<half>(AscendC::TPosition::VECOUT, 2 * ndBytes + nzBytes, nzElems)};
    const uint32_t block = AscendC::GetBlockIdx();
    const uint32_t rowSplit = block / kColSplits, colSplit = block % kColSplits;
    const uint32_t rowTiles = (kM + kTileH - 1) / kTileH, colTilesPerSplit = kN / kTileW / kColSplits;
    const uint32_t base = rowTiles / kRowSplits, extra = rowTiles % kRowSplits;
    const uint32_t rowTileBegin = rowSplit * base + (rowSplit < extra ? rowSplit : extra);
    const uint32_t tiles = (base + (rowSplit < extra ? 1 : 0)) * colTilesPerSplit;
    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(EVENT_ID0);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(EVENT_ID1);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(EVENT_ID0);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(EVENT_ID1);
    for (uint32_t i = 0; i < tiles; ++i) {
        const int32_t ev = (i & 1) == 0 ? EVENT_ID0 : EVENT_ID1;
        const uint32_t b = i & 1;
        const uint32_t rowStart = (rowTileBegin + i / colTilesPerSplit) * kTileH;
        const uint32_t colStart = (colSplit * colTilesPerSplit + i % colTilesPerSplit) * kTileW;
        const uint32_t height = kM - rowStart < kTileH ? kM - rowStart : kTileH;
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(ev);
        AscendC::DataCopyParams in{static_cast<uint16_t>(height), static_cast<uint16_t>(kTileW / kC0),
                                   static_cast<uint16_t>((kN - kTileW) / kC0), 0};
        AscendC::DataCopy(nd[b], xGm[static_cast<uint64_t>(rowStart) * kN + colStart], in);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(ev);
        // The reorder: one Copy, a repeat per ND row (8 contiguous blocks read, written one per NZ
        // column, c0Stride blocks apart).
        AscendC::CopyRepeatParams reorder{static_cast<uint16_t>(c0Stride), 1, 1, static_cast<uint16_t>(kC0Cols)};
        AscendC::Copy(nz[b], nd[b], static_cast<uint64_t>(kTileW), static_cast<uint8_t>(height), reorder);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(ev);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(ev);
        AscendC::DataCopyParams out{static_cast<uint16_t>(kC0Cols), static_cast<uint16_t>(height),
                                    static_cast<uint16_t>(c0Stride - height), static_cast<uint16_t>(kM - height)};
        const uint64_t dstBlock = rowStart + static_cast<uint64_t>(colStart / kC0) * kM;
        AscendC::DataCopy(zGm[dstBlock * kC0], nz[b], out);
        AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(ev);
    }
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(EVENT_ID1);
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(EVENT_ID1);
}
