// A 32-byte block written in part and copied to GM whole (as reduce samples do with their one
// result): no error, the block's other bytes travel as they were. Copying a second block the
// kernel never wrote is an uninitialized-read.
#pragma once
#include "kernel_operator.h"

template <uint32_t copiedFloats>
__aicore__ inline void CopyPartBlock(GM_ADDR y) {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, 64);
    AscendC::GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float*)y, 16);
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    tile.SetValue(0, 3.5f);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, copiedFloats);
    queue.FreeTensor(tile);
}

extern "C" __global__ __aicore__ void part_block_to_gm(GM_ADDR y) { CopyPartBlock<8>(y); }
extern "C" __global__ __aicore__ void unwritten_block_to_gm(GM_ADDR y) { CopyPartBlock<16>(y); }
