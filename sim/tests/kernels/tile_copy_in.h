// A copy-in-only kernel written for the time model's check against published Atlas A2 timings:
// the GM -> UB scenarios of asc-devkit's data_copy best-practice sample (its README, "GM to
// UB" tables), re-created from the README's description, not from its code: an M x N half
// matrix, the rows split evenly over the cores, each core's rows read in tiles of tileM x tileN
// (the last tile of a row shorter when tileN does not divide N), one DataCopyPad per tile with
// tileM bursts, back to back into the same UB buffer. Nothing reads the buffer: the copies
// are the whole kernel, so the MTE2 pipe's behaviour is all there is to time.
#pragma once
#include "kernel_operator.h"

struct TileCopyInParams {
    uint32_t rows;   // M
    uint32_t cols;   // N
    uint32_t tileM;  // rows per DataCopyPad (its burst count)
    uint32_t tileN;  // columns per burst
};

extern "C" __global__ __vector__ __aicore__ void tile_copy_in(GM_ADDR src, GM_ADDR params)
{
    AscendC::InitSocState();
    GET_TILING_DATA_WITH_STRUCT(TileCopyInParams, p, params);
    const uint32_t coreRows = p.rows / AscendC::GetBlockNum();
    const uint64_t firstRow = static_cast<uint64_t>(AscendC::GetBlockIdx()) * coreRows;
    AscendC::GlobalTensor<half> srcGm;
    srcGm.SetGlobalBuffer((__gm__ half*)src, static_cast<uint64_t>(p.rows) * p.cols);
    // Each UB row is its burst rounded up to 32 bytes.
    const uint32_t ubRowElems = AscendC::DivCeil(p.tileN * sizeof(half), 32u) * 32u / sizeof(half);
    AscendC::LocalTensor<half> buffer(AscendC::TPosition::VECIN, 0, p.tileM * ubRowElems);
    AscendC::DataCopyPadExtParams<half> noPadding{false, 0, 0, static_cast<half>(0)};
    for (uint32_t r = 0; r + p.tileM <= coreRows; r += p.tileM) {
        for (uint32_t c = 0; c < p.cols; c += p.tileN) {
            const uint32_t width = c + p.tileN <= p.cols ? p.tileN : p.cols - c;
            AscendC::DataCopyExtParams params{static_cast<uint16_t>(p.tileM),
                                              static_cast<uint32_t>(width * sizeof(half)),
                                              static_cast<uint32_t>((p.cols - width) * sizeof(half)), 0, 0};
            AscendC::DataCopyPad(buffer, srcGm[(firstRow + r) * p.cols + c], params, noPadding);
        }
    }
    AscendC::PipeBarrier<PIPE_ALL>();
}
