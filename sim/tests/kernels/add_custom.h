// add_custom: z = x + y, the Ascend C samples' vector kernel in its three-stage form
// (CopyIn -> Compute -> CopyOut joined by TQue queues, double-buffered).
//
// Work split: the data is cut into 32-byte blocks; the first `formerNum` cores take
// `formerLength` elements each, the others `tailLength` (one block fewer), and the last
// busy core stops at totalLength, so any length works on any number of cores. Inside a
// core, tiles of tileLength elements; the last tile is shorter. Whole-block tiles move with
// DataCopy(count); a tile that ends inside a block moves with DataCopyPad.
#pragma once
#include "kernel_operator.h"

struct AddCustomTilingData {
    uint32_t totalLength;   // elements of x, y and z
    uint32_t formerNum;     // cores that take formerLength elements
    uint32_t formerLength;  // elements per former core (whole 32-byte blocks)
    uint32_t tailLength;    // elements per later core (whole 32-byte blocks, may be 0)
    uint32_t tileLength;    // elements per tile (whole 32-byte blocks)
};

constexpr int32_t BUFFER_NUM = 2;  // double buffering: one tile in flight while one computes

// Host side: the tiling for `totalLength` elements of `typeSize` bytes on `blockDim` cores,
// tiles of at most `maxTileLength` elements.
inline AddCustomTilingData MakeAddCustomTiling(uint32_t totalLength, uint32_t blockDim, uint32_t typeSize,
                                               uint32_t maxTileLength)
{
    const uint32_t blockElements = 32 / typeSize;
    const uint32_t totalBlocks = (totalLength + blockElements - 1) / blockElements;
    AddCustomTilingData tiling;
    tiling.totalLength = totalLength;
    tiling.formerNum = totalBlocks % blockDim;
    tiling.tailLength = totalBlocks / blockDim * blockElements;
    tiling.formerLength = tiling.tailLength + blockElements;
    tiling.tileLength = maxTileLength / blockElements * blockElements;
    return tiling;
}

template <typename T>
class KernelAdd {
public:
    __aicore__ inline KernelAdd() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddCustomTilingData& tiling)
    {
        const uint32_t blockIdx = AscendC::GetBlockIdx();
        uint64_t start;
        if (blockIdx < tiling.formerNum) {
            start = static_cast<uint64_t>(blockIdx) * tiling.formerLength;
            blockLength = tiling.formerLength;
        } else {
            start = static_cast<uint64_t>(tiling.formerNum) * tiling.formerLength +
                    static_cast<uint64_t>(blockIdx - tiling.formerNum) * tiling.tailLength;
            blockLength = tiling.tailLength;
        }
        // The last busy core's share ends at totalLength; cores past it have nothing to do.
        blockLength = start >= tiling.totalLength ? 0 : static_cast<uint32_t>(
            start + blockLength > tiling.totalLength ? tiling.totalLength - start : blockLength);
        tileLength = tiling.tileLength;
        xGm.SetGlobalBuffer((__gm__ T*)x + start, blockLength);
        yGm.SetGlobalBuffer((__gm__ T*)y + start, blockLength);
        zGm.SetGlobalBuffer((__gm__ T*)z + start, blockLength);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, tileLength * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        const uint32_t tileNum = (blockLength + tileLength - 1) / tileLength;
        for (uint32_t i = 0; i < tileNum; i++) {
            const uint32_t length = (i == tileNum - 1) ? blockLength - i * tileLength : tileLength;
            CopyIn(i, length);
            Compute(length);
            CopyOut(i, length);
        }
    }

private:
    __aicore__ inline bool WholeBlocks(uint32_t length) const { return length * sizeof(T) % 32 == 0; }

    __aicore__ inline void CopyIn(uint32_t progress, uint32_t length)
    {
        AscendC::LocalTensor<T> xLocal = inQueueX.AllocTensor<T>();
        AscendC::LocalTensor<T> yLocal = inQueueY.AllocTensor<T>();
        const uint32_t offset = progress * tileLength;
        if (WholeBlocks(length)) {
            AscendC::DataCopy(xLocal, xGm[offset], length);
            AscendC::DataCopy(yLocal, yGm[offset], length);
        } else {
            const AscendC::DataCopyExtParams rows{1, static_cast<uint32_t>(length * sizeof(T)), 0, 0, 0};
            const AscendC::DataCopyPadExtParams<T> noPadding{false, 0, 0, 0};
            AscendC::DataCopyPad(xLocal, xGm[offset], rows, noPadding);
            AscendC::DataCopyPad(yLocal, yGm[offset], rows, noPadding);
        }
        inQueueX.EnQue(xLocal);
        inQueueY.EnQue(yLocal);
    }
    __aicore__ inline void Compute(uint32_t length)
    {
        AscendC::LocalTensor<T> xLocal = inQueueX.DeQue<T>();
        AscendC::LocalTensor<T> yLocal = inQueueY.DeQue<T>();
        AscendC::LocalTensor<T> zLocal = outQueueZ.AllocTensor<T>();
        AscendC::Add(zLocal, xLocal, yLocal, length);
        outQueueZ.EnQue<T>(zLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }
    __aicore__ inline void CopyOut(uint32_t progress, uint32_t length)
    {
        AscendC::LocalTensor<T> zLocal = outQueueZ.DeQue<T>();
        const uint32_t offset = progress * tileLength;
        if (WholeBlocks(length)) {
            AscendC::DataCopy(zGm[offset], zLocal, length);
        } else {
            AscendC::DataCopyPad(zGm[offset], zLocal,
                                 AscendC::DataCopyExtParams{1, static_cast<uint32_t>(length * sizeof(T)), 0, 0, 0});
        }
        outQueueZ.FreeTensor(zLocal);
    }

    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueueX;
    AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueueY;
    AscendC::TQue<AscendC::TPosition::VECOUT, BUFFER_NUM> outQueueZ;
    AscendC::GlobalTensor<T> xGm;
    AscendC::GlobalTensor<T> yGm;
    AscendC::GlobalTensor<T> zGm;
    uint32_t blockLength = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA_WITH_STRUCT(AddCustomTilingData, tilingData, tiling);
    KernelAdd<float> op;
    op.Init(x, y, z, tilingData);
    op.Process();
}

extern "C" __global__ __aicore__ void add_custom_half(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA_WITH_STRUCT(AddCustomTilingData, tilingData, tiling);
    KernelAdd<half> op;
    op.Init(x, y, z, tilingData);
    op.Process();
}
