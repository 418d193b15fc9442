// Host tiling of RmsNorm (tiling/rmsnorm_tiling.h; numbers as in asc-devkit
// impl/adv_api/tiling/normalization/rmsnorm_tiling_impl.cpp).
#include "tiling/rmsnorm_tiling.h"

#include <cstring>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlockFloats = 8;
constexpr uint32_t kBasicH = 64;
constexpr uint32_t kBasicBs = 8;

uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

bool Dims3(const TensorShape& shape, uint32_t* b, uint32_t* s, uint32_t* h) {
    const std::vector<int64_t> d = shape.GetDims();
    if (d.size() != 3) return false;
    *b = static_cast<uint32_t>(d[0]);
    *s = static_cast<uint32_t>(d[1]);
    *h = static_cast<uint32_t>(d[2]);
    return true;
}

bool NotBasic(uint32_t b, uint32_t s, uint32_t h) { return h % kBasicH != 0 || b * s % kBasicBs != 0 || h >= 2048; }

uint32_t MinBytes(uint32_t h, uint32_t typeSize) { return (h * (typeSize == 2 ? 2 : 1) + kBlockFloats) * 4; }

}  // namespace

bool GetRmsNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                             uint32_t& minValue, const bool isBasicBlock) {
    uint32_t b = 0, s = 0, h = 0;
    if (!Dims3(srcShape, &b, &s, &h) || typeSize == 0) return false;
    if (isBasicBlock && NotBasic(b, s, h)) return false;
    const uint32_t bsAligned = AlignUp(b * s, 32 / typeSize);
    maxValue = (b * s * h * (typeSize == 2 ? 2 : 1) + bsAligned) * 4;
    minValue = MinBytes(h, typeSize);
    return true;
}

bool GetRmsNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize, optiling::RmsNormTiling& tiling,
                          const bool isBasicBlock) {
    uint32_t b = 0, s = 0, h = 0, ob = 0, os = 0, oh = 0;
    if (!Dims3(srcShape, &b, &s, &h) || !Dims3(originSrcShape, &ob, &os, &oh)) return false;
    if (b != ob || s != os || h < oh || oh == 0 || typeSize == 0 || h * typeSize % 32 != 0) return false;
    if (isBasicBlock && NotBasic(b, s, h)) return false;
    if (stackBufferByteSize < MinBytes(h, typeSize)) return false;
    tiling.set_bLength(b);
    tiling.set_sLength(s);
    tiling.set_hLength(h);
    tiling.set_originalHLength(oh);
    tiling.set_reciprocalOfHLength(static_cast<float>(1.0 / static_cast<float>(oh)));  // in double, as CANN
    const uint32_t total = stackBufferByteSize / 4;
    const uint32_t coeff = typeSize == 4 ? 1u : 2u;
    uint32_t bs = 1;
    while (total >= (bs + 1) * h * coeff + AlignUp(bs + 1, kBlockFloats)) ++bs;
    const uint32_t input = b * s * h;
    uint32_t one = bs * h;
    if (one > input) one = input;
    bs = one / h;
    if (isBasicBlock) {
        bs = bs < kBasicBs ? bs : bs / kBasicBs * kBasicBs;
    } else if (bs > 255) {
        bs = 255;
    }
    one = bs * h;
    tiling.set_mainBshLength(one);
    tiling.set_mainBsLength(bs);
    tiling.set_mainBsLengthAlign(AlignUp(bs, kBlockFloats));
    tiling.set_loopRound(input / one);
    const uint32_t tail = input % one;
    tiling.set_tailBshLength(tail);
    tiling.set_inputTailPos(input - tail);
    tiling.set_tailBsLength(tail / h);
    return true;
}

bool GetRmsNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize,
                          AscendC::tiling::RmsNormTiling& tiling, const bool isBasicBlock) {
    optiling::RmsNormTiling data;
    const bool ok = GetRmsNormTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize, data, isBasicBlock);
    data.SaveToBuffer(&tiling, sizeof(tiling));
    return ok;
}

}  // namespace AscendC
