// SiLU, y = x / (1 + exp(-x)), as a kernel foreign to this project: written for CANN's CPU
// debug mode (tikicpulib.h, ICPU_RUN_KF) and run on the sim, to show the profile of any
// kernel (docs/sim_guide.md#profiling-any-kernel). Float32, double-buffered tiles.
//
//   g++ docs/examples/silu/silu.cpp $(python3 build.py flags) -o silu
//   python3 build.py profile-run --lines silu_lines.csv --trace silu_trace.json -- ./silu
#include <cmath>
#include <cstdio>

#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t kBufferNum = 2;

class KernelSilu {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength) {
        blockLength_ = totalLength / GetBlockNum();
        tileLength_ = tileLength;
        tiles_ = blockLength_ / tileLength;
        xGm_.SetGlobalBuffer((__gm__ float*)x + blockLength_ * GetBlockIdx(), blockLength_);
        yGm_.SetGlobalBuffer((__gm__ float*)y + blockLength_ * GetBlockIdx(), blockLength_);
        pipe_.InitBuffer(inQueue_, kBufferNum, tileLength_ * sizeof(float));
        pipe_.InitBuffer(outQueue_, kBufferNum, tileLength_ * sizeof(float));
        pipe_.InitBuffer(denominator_, tileLength_ * sizeof(float));
    }
    __aicore__ inline void Process() {
        for (uint32_t i = 0; i < tiles_; ++i) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t tile) {
        LocalTensor<float> x = inQueue_.AllocTensor<float>();
        DataCopy(x, xGm_[tile * tileLength_], tileLength_);
        inQueue_.EnQue(x);
    }
    __aicore__ inline void Compute() {
        LocalTensor<float> x = inQueue_.DeQue<float>();
        LocalTensor<float> y = outQueue_.AllocTensor<float>();
        LocalTensor<float> d = denominator_.Get<float>();
        Muls(d, x, -1.0f, tileLength_);   // -x
        Exp(d, d, tileLength_);           // exp(-x)
        Adds(d, d, 1.0f, tileLength_);    // 1 + exp(-x)
        Div(y, x, d, tileLength_);        // x / (1 + exp(-x))
        outQueue_.EnQue(y);
        inQueue_.FreeTensor(x);
    }
    __aicore__ inline void CopyOut(uint32_t tile) {
        LocalTensor<float> y = outQueue_.DeQue<float>();
        DataCopy(yGm_[tile * tileLength_], y, tileLength_);
        outQueue_.FreeTensor(y);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, kBufferNum> inQueue_;
    TQue<TPosition::VECOUT, kBufferNum> outQueue_;
    TBuf<TPosition::VECCALC> denominator_;
    GlobalTensor<float> xGm_, yGm_;
    uint32_t blockLength_ = 0, tileLength_ = 0, tiles_ = 0;
};

extern "C" __global__ __aicore__ void silu(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength) {
    KernelSilu op;
    op.Init(x, y, totalLength, tileLength);
    op.Process();
}

int main() {
    constexpr uint32_t kCores = 8, kTile = 4096, kTiles = 8;
    constexpr uint32_t n = kCores * kTile * kTiles;
    auto* x = reinterpret_cast<float*>(GmAlloc(n * sizeof(float)));
    auto* y = reinterpret_cast<float*>(GmAlloc(n * sizeof(float)));
    for (uint32_t i = 0; i < n; ++i) x[i] = -8.0f + 16.0f * static_cast<float>(i % 1000) / 1000.0f;
    SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(silu, kCores, reinterpret_cast<GM_ADDR>(x), reinterpret_cast<GM_ADDR>(y), n, kTile);
    double worst = 0.0;
    for (uint32_t i = 0; i < n; ++i) {
        const double want = x[i] / (1.0 + std::exp(-static_cast<double>(x[i])));
        worst = std::fmax(worst, std::fabs(y[i] - want) / std::fmax(1.0, std::fabs(want)));
    }
    std::printf("silu: %u elements on %u cores, worst relative error %.3g\n", n, kCores, worst);
    GmFree(x);
    GmFree(y);
    return sim::tik::LastRunFailed() || worst > 1e-5 ? 1 : 0;
}
