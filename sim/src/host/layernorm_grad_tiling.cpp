// Host tiling of LayerNormGrad and LayerNormGradBeta (tiling/layernorm_grad_tiling.h,
// tiling/layernorm_grad_beta_tiling.h; numbers as in asc-devkit impl/adv_api/tiling/normalization/
// layernorm_grad_tiling_impl.cpp and layernorm_grad_beta_tiling_impl.cpp, Atlas A2/A3).
#include <cstdio>
#include <cstring>
#include <vector>

#include "tiling/layernorm_grad_beta_tiling.h"
#include "tiling/layernorm_grad_tiling.h"

namespace AscendC {
namespace {

// CANN reports a bad shape or type size and goes on (its check returns only from itself).
bool Check(const char* api, const char* func, const TensorShape& shape, uint32_t typeSize) {
    bool ok = true;
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[%s][%s] Type size %u is unsupported!\n", api, func, typeSize);
        ok = false;
    }
    if (shape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[%s][%s] Input Shape size must be greater than 0.\n", api, func);
        ok = false;
    }
    if (shape.GetDims().size() != 4) {
        std::fprintf(stderr, "[%s][%s] The dims of srcShape is %zu, should be 4!\n", api, func, shape.GetDims().size());
        ok = false;
    }
    return ok;
}

uint32_t FloatBits(float f) {
    uint32_t w;
    std::memcpy(&w, &f, 4);
    return w;
}

uint32_t GradBuffers(uint32_t typeSize, bool isReuseSource) { return typeSize == 2 ? 9u : (isReuseSource ? 4u : 6u); }

}  // namespace

void GetLayerNormGradMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                   uint32_t& maxValue, uint32_t& minValue) {
    Check("LayerNormGrad", "GetLayerNormGradMaxMinTmpSize", srcShape, typeSize);
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 4) return;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t input = b * s * h, square = h * h;
    const uint32_t k = GradBuffers(typeSize, isReuseSource);
    maxValue = k * (input > square ? input : square) * typeSize;
    minValue = k * (input < square ? input : square) * typeSize;
}

void GetLayerNormGradNDTilingInfo(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource, optiling::LayerNormGradTiling& tiling) {
    Check("LayerNormGrad", "GetLayerNormGradNDTilingInfo", srcShape, typeSize);
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 4 || d[2] <= 0 || d[3] <= 0) return;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t oriH = static_cast<uint32_t>(d[3]);
    const uint32_t input = b * s * h;
    uint32_t one = stackBufferSize / 4 / GradBuffers(typeSize, isReuseSource) / h * h;
    const uint32_t perBlock = typeSize == 4 ? 8 : 16;
    const uint32_t noh = (one / h + perBlock - 1) / perBlock * perBlock;
    one = noh * h;
    if (one == 0) return;
    const bool reuse = isReuseSource && typeSize == 4;
    const uint32_t pdVar = one, pdMean = 2 * one;
    const uint32_t x1 = reuse ? 0 : 3 * one, x2 = reuse ? 0 : 4 * one, x3 = reuse ? 3 * one : 5 * one;
    const uint32_t tmp = typeSize == 2 ? x3 + one : 0;
    tiling.set_stackBufferSize(stackBufferSize);
    tiling.set_bLength(b);
    tiling.set_sLength(s);
    tiling.set_hLength(h);
    tiling.set_originalHLength(oriH);
    tiling.set_oneCalSize(one);
    tiling.set_nohCalSize(noh);
    tiling.set_loopNum(input / one);
    tiling.set_tailSize(input % one);
    tiling.set_nohTailSize(input % one / h);
    tiling.set_tmpTensorBSHPos(0);
    tiling.set_pdVarTensorPos(pdVar);
    tiling.set_pdMeanTensorPos(pdMean);
    tiling.set_x1TensorPos(x1);
    tiling.set_x2TensorPos(x2);
    tiling.set_x3TensorPos(x3);
    tiling.set_tmpTensorPos(tmp);
    tiling.set_tmpTensor1Pos(typeSize == 2 ? tmp + one : 0);
    tiling.set_tmpTensor2Pos(typeSize == 2 ? tmp + 2 * one : 0);
    tiling.set_tmpTensorBSHSize(one);
    tiling.set_pdVarTensorSize(one);
    tiling.set_pdMeanTensorSize(one);
    tiling.set_x1TensorSize(one);
    tiling.set_x2TensorSize(one);
    tiling.set_x3TensorSize(one);
    tiling.set_tmpTensorSize(one);
    tiling.set_tmpTensor1Size(one);
    tiling.set_tmpTensor2Size(one);
    tiling.set_lastDimValueBack(FloatBits(1.0f / static_cast<float>(oriH)));
    tiling.set_lastDimValueBackMulTwo(FloatBits(2.0f / static_cast<float>(oriH)));
}

void GetLayerNormGradNDTilingInfo(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                                  const bool isReuseSource, AscendC::tiling::LayerNormGradTiling& tiling) {
    optiling::LayerNormGradTiling data;
    GetLayerNormGradNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetLayerNormGradBetaMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;
    Check("LayerNormGradBeta", "GetLayerNormGradBetaMaxMinTmpSize", srcShape, typeSize);
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 4) return;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t k = typeSize == 2 ? 4 : 2;
    maxValue = k * b * s * h * 4;
    minValue = k * h * 4;
}

void GetLayerNormGradBetaNDTilingInfo(const TensorShape srcShape, const uint32_t stackBufferSize,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      optiling::LayerNormGradBetaTiling& tiling) {
    (void)isReuseSource;
    Check("LayerNormGradBeta", "GetLayerNormGradBetaNDTilingInfo", srcShape, typeSize);
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 4 || d[2] <= 0) return;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t bsh = b * s * h, floats = stackBufferSize / 4;
    if (floats < 2 * h) {
        std::fprintf(stderr, "[LayerNormGradBeta][GetLayerNormGradBetaNDTilingInfo] stackBufferSize is too small\n");
        return;
    }
    uint32_t one = floats;
    uint32_t buffers = 1;
    if (typeSize == 2) {
        buffers = 2;
        one = (one - 2 * h) / 2;
    }
    one = one / h * h;
    if (one >= bsh) one = bsh;
    if (one == 0) return;
    const uint32_t tail = bsh % one;
    tiling.set_stackBufferSize(floats);
    tiling.set_bLength(b);
    tiling.set_sLength(s);
    tiling.set_hLength(h);
    tiling.set_originalHLength(static_cast<uint32_t>(d[3]));
    tiling.set_bshLength(bsh);
    tiling.set_bsLength(b * s);
    tiling.set_oneCalSize(one);
    tiling.set_numberOfTmpBuf(buffers);
    tiling.set_loopRound(bsh / one);
    tiling.set_inputTailSize(tail);
    tiling.set_inputTailPos(bsh - tail);
    tiling.set_bsTailSize(tail / h);
    tiling.set_bshCurLength(one);
    tiling.set_bsCurLength(one / h);
    tiling.set_gammaTempTensorPos(0);
    tiling.set_betaTempTensorPos(typeSize == 2 ? h : 0);
    tiling.set_inputDyTmpTensorPos(typeSize == 2 ? 2 * h : 0);
    tiling.set_resForGammaTmpTensorPos(typeSize == 2 ? 2 * h + one : 0);
}

void GetLayerNormGradBetaNDTilingInfo(const TensorShape srcShape, const uint32_t stackBufferSize,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      AscendC::tiling::LayerNormGradBetaTiling& tiling) {
    optiling::LayerNormGradBetaTiling data;
    GetLayerNormGradBetaNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
