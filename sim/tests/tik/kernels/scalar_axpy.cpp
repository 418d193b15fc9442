// z = alpha * x +/- y in the three-stage TQue pipeline, moving data with scalar
// GetValue/SetValue only: a kernel for the tikicpulib unit tests that needs no DMA or
// vector API. Each core takes a contiguous, balanced share of the elements.
//
// scalar_axpy_undersized is the same kernel with the GlobalTensor of x declared one tile
// long while the core reads its whole share, as shipped kernels sometimes do.
#include "kernel_operator.h"
#include "scalar_axpy_tiling.h"

using namespace AscendC;

namespace {

constexpr int32_t BUFFER_NUM = 2;

template <bool subtract>
class KernelScalarAxpy {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const ScalarAxpyTilingData& tiling,
                                bool declareOneTileOfX) {
        const uint32_t blockNum = static_cast<uint32_t>(GetBlockNum());
        const uint32_t blockIdx = static_cast<uint32_t>(GetBlockIdx());
        const uint32_t base = tiling.totalLength / blockNum;
        const uint32_t extra = tiling.totalLength % blockNum;
        blockLength_ = base + (blockIdx < extra ? 1 : 0);
        const uint32_t start = blockIdx * base + (blockIdx < extra ? blockIdx : extra);
        tileLength_ = tiling.tileLength;
        alpha_ = tiling.alpha;
        xGm_.SetGlobalBuffer((__gm__ float*)x + start, declareOneTileOfX ? tileLength_ : blockLength_);
        yGm_.SetGlobalBuffer((__gm__ float*)y + start, blockLength_);
        zGm_.SetGlobalBuffer((__gm__ float*)z + start, blockLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(float));
    }

    __aicore__ inline void Process() {
        for (uint32_t offset = 0; offset < blockLength_; offset += tileLength_) {
            const uint32_t length = blockLength_ - offset < tileLength_ ? blockLength_ - offset : tileLength_;
            CopyIn(offset, length);
            Compute(length);
            CopyOut(offset, length);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t length) {
        LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
        LocalTensor<float> yLocal = inQueueY_.AllocTensor<float>();
        for (uint32_t i = 0; i < length; ++i) {
            xLocal.SetValue(i, xGm_.GetValue(offset + i));
            yLocal.SetValue(i, yGm_.GetValue(offset + i));
        }
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute(uint32_t length) {
        LocalTensor<float> xLocal = inQueueX_.DeQue<float>();
        LocalTensor<float> yLocal = inQueueY_.DeQue<float>();
        LocalTensor<float> zLocal = outQueueZ_.AllocTensor<float>();
        for (uint32_t i = 0; i < length; ++i) {
            const float scaled = alpha_ * xLocal.GetValue(i);
            zLocal.SetValue(i, subtract ? scaled - yLocal.GetValue(i) : scaled + yLocal.GetValue(i));
        }
        outQueueZ_.EnQue(zLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t length) {
        LocalTensor<float> zLocal = outQueueZ_.DeQue<float>();
        for (uint32_t i = 0; i < length; ++i) zGm_.SetValue(offset + i, zLocal.GetValue(i));
        outQueueZ_.FreeTensor(zLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
    GlobalTensor<float> xGm_, yGm_, zGm_;
    uint32_t blockLength_ = 0;
    uint32_t tileLength_ = 0;
    float alpha_ = 0.0f;
};

template <bool subtract>
__aicore__ inline void RunScalarAxpy(GM_ADDR x, GM_ADDR y, GM_ADDR z, const ScalarAxpyTilingData& tiling,
                                     bool declareOneTileOfX) {
    KernelScalarAxpy<subtract> op;
    op.Init(x, y, z, tiling, declareOneTileOfX);
    op.Process();
}

__aicore__ inline void Dispatch(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling, bool declareOneTileOfX) {
    GET_TILING_DATA_WITH_STRUCT(ScalarAxpyTilingData, tilingData, tiling);
    if (TILING_KEY_IS(SCALAR_AXPY_KEY_ADD)) {
        RunScalarAxpy<false>(x, y, z, tilingData, declareOneTileOfX);
    } else if (TILING_KEY_IS(SCALAR_AXPY_KEY_SUB)) {
        RunScalarAxpy<true>(x, y, z, tilingData, declareOneTileOfX);
    }
}

}  // namespace

extern "C" __global__ __aicore__ void scalar_axpy(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
    (void)workspace;
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    Dispatch(x, y, z, tiling, /*declareOneTileOfX=*/false);
}

extern "C" __global__ __aicore__ void scalar_axpy_undersized(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                             GM_ADDR tiling) {
    (void)workspace;
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    Dispatch(x, y, z, tiling, /*declareOneTileOfX=*/true);
}

// Kernel-direct style (no tiling key, tiling struct passed by value), as CANN's
// kernel-invocation samples launch it: z = alpha * x + y.
extern "C" __global__ __aicore__ void scalar_axpy_direct(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                         ScalarAxpyTilingData tiling) {
    RunScalarAxpy<false>(x, y, z, tiling, /*declareOneTileOfX=*/false);
}
