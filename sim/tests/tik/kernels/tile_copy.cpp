// z = x, tile by tile through one TQueBind<VECIN, VECOUT> (MTE2 in, MTE3 out) with
// DataCopy(count): the CANN idiom for a pure copy. Core i copies elements
// [i * blockLength, (i + 1) * blockLength); each GlobalTensor declares exactly that share,
// so a too-small z allocation is invisible to the declared-size check and only the
// allocation check can catch it.
#include "kernel_operator.h"
#include "tile_copy_tiling.h"

using namespace AscendC;

namespace {

class KernelTileCopy {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z, const TileCopyTilingData& tiling) {
        blockLength_ = tiling.blockLength;
        tileLength_ = tiling.tileLength;
        const uint64_t start = static_cast<uint64_t>(GetBlockIdx()) * blockLength_;
        xGm_.SetGlobalBuffer((__gm__ float*)x + start, blockLength_);
        zGm_.SetGlobalBuffer((__gm__ float*)z + start, blockLength_);
        pipe_.InitBuffer(queue_, 2, tileLength_ * sizeof(float));
    }

    __aicore__ inline void Process() {
        for (uint32_t offset = 0; offset < blockLength_; offset += tileLength_) {
            const uint32_t length = blockLength_ - offset < tileLength_ ? blockLength_ - offset : tileLength_;
            LocalTensor<float> tile = queue_.AllocTensor<float>();
            DataCopy(tile, xGm_[offset], length);
            queue_.EnQue(tile);
            tile = queue_.DeQue<float>();
            DataCopy(zGm_[offset], tile, length);
            queue_.FreeTensor(tile);
        }
    }

private:
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> queue_;
    GlobalTensor<float> xGm_, zGm_;
    uint32_t blockLength_ = 0;
    uint32_t tileLength_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void tile_copy(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
    (void)workspace;
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA_WITH_STRUCT(TileCopyTilingData, tilingData, tiling);
    KernelTileCopy op;
    op.Init(x, z, tilingData);
    op.Process();
}
