// The kernel's view of the high-level APIs' tiling structs (CANN generates
// kernel_tiling/kernel_tiling.h from asc-devkit's adv_api *_tilingdata.h blocks at build time:
// one plain struct per BEGIN_TILING_DATA_DEF, at global scope, e.g. SoftMaxTiling). Kernels and
// .asc programs include it directly, and tiling/tiling_api.h reaches it, as in CANN.
//
// The sim declares here the structs of the high-level APIs it implements. Tanh and Sigmoid take
// no tiling struct; a kernel that names the struct of an API the sim lacks fails to compile
// on that name, which is the API it needs.
#pragma once
#include <cstdint>

// SoftMax, SimpleSoftMax and the SoftmaxFlash family (asc-devkit
// include/adv_api/activation/softmax_tilingdata.h: the 16 uint32_t fields in this order,
// 64 bytes, what optiling::SoftMaxTiling's SaveToBuffer writes). The kernel's SoftMaxTiling is
// the struct the host's SoftMaxTilingFunc(..., AscendC::tiling::SoftMaxTiling&) fills, so a
// program's own tiling struct can hold one and hand it to either side.
namespace AscendC {
namespace tiling {
struct SoftMaxTiling {
    uint32_t srcM = 0;
    uint32_t srcK = 0;
    uint32_t srcSize = 0;
    uint32_t outMaxM = 0;
    uint32_t outMaxK = 0;
    uint32_t outMaxSize = 0;
    uint32_t splitM = 0;
    uint32_t splitK = 0;
    uint32_t splitSize = 0;
    uint32_t reduceM = 0;
    uint32_t reduceK = 0;
    uint32_t reduceSize = 0;
    uint32_t rangeM = 0;
    uint32_t tailM = 0;
    uint32_t tailSplitSize = 0;
    uint32_t tailReduceSize = 0;
};
static_assert(sizeof(SoftMaxTiling) == 64, "SoftMaxTiling is CANN's 64-byte layout");
}  // namespace tiling
}  // namespace AscendC
using SoftMaxTiling = AscendC::tiling::SoftMaxTiling;

// LogSoftMax (asc-devkit include/adv_api/activation/logsoftmax_tilingdata.h: the same 16
// uint32_t fields as SoftMaxTiling, in that order; a distinct struct, as in CANN).
namespace AscendC {
namespace tiling {
struct LogSoftMaxTiling {
    uint32_t srcM = 0;
    uint32_t srcK = 0;
    uint32_t srcSize = 0;
    uint32_t outMaxM = 0;
    uint32_t outMaxK = 0;
    uint32_t outMaxSize = 0;
    uint32_t splitM = 0;
    uint32_t splitK = 0;
    uint32_t splitSize = 0;
    uint32_t reduceM = 0;
    uint32_t reduceK = 0;
    uint32_t reduceSize = 0;
    uint32_t rangeM = 0;
    uint32_t tailM = 0;
    uint32_t tailSplitSize = 0;
    uint32_t tailReduceSize = 0;
};
static_assert(sizeof(LogSoftMaxTiling) == 64, "LogSoftMaxTiling is CANN's 64-byte layout");
}  // namespace tiling
}  // namespace AscendC
using LogSoftMaxTiling = AscendC::tiling::LogSoftMaxTiling;

// RmsNorm (asc-devkit include/adv_api/normalization/rmsnorm_tilingdata.h: 12 fields, 48 bytes).
namespace AscendC {
namespace tiling {
struct RmsNormTiling {
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    float reciprocalOfHLength = 0;
    uint32_t mainBshLength = 0;
    uint32_t mainBsLength = 0;
    uint32_t mainBsLengthAlign = 0;
    uint32_t loopRound = 0;
    uint32_t inputTailPos = 0;
    uint32_t tailBshLength = 0;
    uint32_t tailBsLength = 0;
};
static_assert(sizeof(RmsNormTiling) == 48, "RmsNormTiling is CANN's 48-byte layout");
}  // namespace tiling
}  // namespace AscendC
using RmsNormTiling = AscendC::tiling::RmsNormTiling;

// LayerNorm (asc-devkit include/adv_api/normalization/layernorm_tilingdata.h: 25 uint32_t fields
// and lastDimValueBack, 104 bytes).
namespace AscendC {
namespace tiling {
struct LayerNormTiling {
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    uint32_t inputXSize = 0;
    uint32_t meanVarSize = 0;
    uint32_t numberOfTmpBuf = 0;
    uint32_t meanTmpTensorPos = 0;
    uint32_t meanTmpTensorSize = 0;
    uint32_t varianceTmpTensorPos = 0;
    uint32_t varianceTmpTensorSize = 0;
    uint32_t tmpBufSize = 0;
    uint32_t oneTmpSize = 0;
    uint32_t firstTmpStartPos = 0;
    uint32_t secondTmpStartPos = 0;
    uint32_t thirdTmpStartPos = 0;
    uint32_t loopRound = 0;
    uint32_t inputRoundSize = 0;
    uint32_t inputTailSize = 0;
    uint32_t inputTailPos = 0;
    uint32_t meanVarRoundSize = 0;
    uint32_t meanVarTailSize = 0;
    uint32_t meanVarTailPos = 0;
    uint32_t bshCurLength = 0;
    uint32_t bsCurLength = 0;
    float lastDimValueBack = 0;
};
static_assert(sizeof(LayerNormTiling) == 104, "LayerNormTiling is CANN's 104-byte layout");
}  // namespace tiling
}  // namespace AscendC
using LayerNormTiling = AscendC::tiling::LayerNormTiling;

// LayerNorm with LayerNormPara (layernorm_tilingdata.h's LayerNormSeparateTiling: 26 fields, 104
// bytes; k2Rec, k2RRec and rValueBack float).
namespace AscendC {
namespace tiling {
struct LayerNormSeparateTiling {
    uint32_t aLength = 0;
    uint32_t rLength = 0;
    uint32_t halfAddRepeatTimes = 0;
    uint32_t rHeadLength = 0;
    float k2Rec = 0;
    float k2RRec = 0;
    uint32_t inputXSize = 0;
    uint32_t meanVarSize = 0;
    uint32_t numberOfTmpBuf = 0;
    uint32_t varianceTmpTensorPos = 0;
    uint32_t varianceTmpTensorSize = 0;
    uint32_t tmpBufSize = 0;
    uint32_t oneTmpSize = 0;
    uint32_t firstTmpStartPos = 0;
    uint32_t secondTmpStartPos = 0;
    uint32_t thirdTmpStartPos = 0;
    uint32_t loopRound = 0;
    uint32_t inputRoundSize = 0;
    uint32_t inputTailSize = 0;
    uint32_t inputTailPos = 0;
    uint32_t meanVarRoundSize = 0;
    uint32_t meanVarTailSize = 0;
    uint32_t meanVarTailPos = 0;
    uint32_t arCurLength = 0;
    uint32_t aCurLength = 0;
    float rValueBack = 0;
};
static_assert(sizeof(LayerNormSeparateTiling) == 104, "LayerNormSeparateTiling is CANN's 104-byte layout");
}  // namespace tiling
}  // namespace AscendC
using LayerNormSeparateTiling = AscendC::tiling::LayerNormSeparateTiling;

// DeepNorm (asc-devkit include/adv_api/normalization/deepnorm_tilingdata.h: the fields of
// LayerNormTiling, in that order; a distinct struct, as in CANN).
namespace AscendC {
namespace tiling {
struct DeepNormTiling {
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    uint32_t inputXSize = 0;
    uint32_t meanVarSize = 0;
    uint32_t numberOfTmpBuf = 0;
    uint32_t meanTmpTensorPos = 0;
    uint32_t meanTmpTensorSize = 0;
    uint32_t varianceTmpTensorPos = 0;
    uint32_t varianceTmpTensorSize = 0;
    uint32_t tmpBufSize = 0;
    uint32_t oneTmpSize = 0;
    uint32_t firstTmpStartPos = 0;
    uint32_t secondTmpStartPos = 0;
    uint32_t thirdTmpStartPos = 0;
    uint32_t loopRound = 0;
    uint32_t inputRoundSize = 0;
    uint32_t inputTailSize = 0;
    uint32_t inputTailPos = 0;
    uint32_t meanVarRoundSize = 0;
    uint32_t meanVarTailSize = 0;
    uint32_t meanVarTailPos = 0;
    uint32_t bshCurLength = 0;
    uint32_t bsCurLength = 0;
    float lastDimValueBack = 0;
};
static_assert(sizeof(DeepNormTiling) == 104, "DeepNormTiling is CANN's 104-byte layout");
}  // namespace tiling
}  // namespace AscendC
using DeepNormTiling = AscendC::tiling::DeepNormTiling;

// LayerNormGrad (asc-devkit include/adv_api/normalization/layernorm_grad_tilingdata.h: 30
// uint32_t fields, 120 bytes; lastDimValueBack and lastDimValueBackMulTwo hold float bits).
namespace AscendC {
namespace tiling {
struct LayerNormGradTiling {
    uint32_t stackBufferSize = 0;
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    uint32_t oneCalSize = 0;
    uint32_t nohCalSize = 0;
    uint32_t loopNum = 0;
    uint32_t tailSize = 0;
    uint32_t nohTailSize = 0;
    uint32_t tmpTensorBSHPos = 0;
    uint32_t tmpTensorBSHSize = 0;
    uint32_t pdVarTensorPos = 0;
    uint32_t pdVarTensorSize = 0;
    uint32_t pdMeanTensorPos = 0;
    uint32_t pdMeanTensorSize = 0;
    uint32_t x1TensorPos = 0;
    uint32_t x1TensorSize = 0;
    uint32_t x2TensorPos = 0;
    uint32_t x2TensorSize = 0;
    uint32_t x3TensorPos = 0;
    uint32_t x3TensorSize = 0;
    uint32_t tmpTensorPos = 0;
    uint32_t tmpTensorSize = 0;
    uint32_t tmpTensor1Pos = 0;
    uint32_t tmpTensor1Size = 0;
    uint32_t tmpTensor2Pos = 0;
    uint32_t tmpTensor2Size = 0;
    uint32_t lastDimValueBack = 0;
    uint32_t lastDimValueBackMulTwo = 0;
};
static_assert(sizeof(LayerNormGradTiling) == 120, "LayerNormGradTiling is CANN's 120-byte layout");
}  // namespace tiling
}  // namespace AscendC
using LayerNormGradTiling = AscendC::tiling::LayerNormGradTiling;

// LayerNormGradBeta (asc-devkit include/adv_api/normalization/layernorm_grad_beta_tilingdata.h:
// 20 uint32_t fields, 80 bytes).
namespace AscendC {
namespace tiling {
struct LayerNormGradBetaTiling {
    uint32_t stackBufferSize = 0;
    uint32_t bLength = 0;
    uint32_t sLength = 0;
    uint32_t hLength = 0;
    uint32_t originalHLength = 0;
    uint32_t bshLength = 0;
    uint32_t bsLength = 0;
    uint32_t oneCalSize = 0;
    uint32_t numberOfTmpBuf = 0;
    uint32_t loopRound = 0;
    uint32_t inputTailSize = 0;
    uint32_t inputTailPos = 0;
    uint32_t bsTailSize = 0;
    uint32_t bshCurLength = 0;
    uint32_t bsCurLength = 0;
    uint32_t gammaTempTensorPos = 0;
    uint32_t betaTempTensorPos = 0;
    uint32_t inputDyTmpTensorPos = 0;
    uint32_t resForGammaTmpTensorPos = 0;
    uint32_t reserved = 0;
};
static_assert(sizeof(LayerNormGradBetaTiling) == 80, "LayerNormGradBetaTiling is CANN's 80-byte layout");
}  // namespace tiling
}  // namespace AscendC
using LayerNormGradBetaTiling = AscendC::tiling::LayerNormGradBetaTiling;

// Pad / UnPad (CANN's include/adv_api/pad/pad_tilingdata.h, the field order of its
// TILING_DATA_DEFs), read by the kernel-side Pad and UnPad.
namespace AscendC {
namespace tiling {
struct PadTiling {
    uint32_t srcHeight = 0;
    uint32_t srcWidth = 0;
    uint32_t srcOriWidth = 0;
    uint32_t widthWithoutLastBlock = 0;
    uint32_t blocksPerRow = 0;
    uint32_t heightTiling = 0;
    uint32_t heightFractal = 0;
    uint32_t heightFractalTail = 0;
    uint32_t mainLoopOffset = 0;
    uint32_t tailBlockOffset = 0;
    uint32_t tmpBuffer1BlockNum = 0;
    uint32_t tmpBuffer1RowNum = 0;
    uint32_t tmpBuffer2Offset = 0;
    uint32_t widthTiling = 0;
    uint32_t widthFractal = 0;
    uint32_t widthFractalTail = 0;
    uint32_t widthFractalTailAlingned = 0;
    uint32_t brcbTiling = 0;
    uint32_t brcbFractal = 0;
    uint32_t brcbFractalTail = 0;
    uint32_t maxRepeatTimes = 0;
    uint32_t brcbTilingRepeatTimes = 0;
    uint32_t brcbTilingRepeatTimesTail = 0;
    uint32_t brcbFractalTailRepeatTimes = 0;
    uint32_t brcbFractalTailRepeatTimesTail = 0;
    uint32_t reserved = 0;
};
static_assert(sizeof(PadTiling) == 104, "PadTiling is CANN's 104-byte layout");
struct UnPadTiling {
    uint32_t srcHeight = 0;
    uint32_t srcWidth = 0;
    uint32_t tmpBuffer1BlockNum = 0;
    uint32_t tmpBuffer1RowNum = 0;
    uint32_t tmpBuffer2Offset = 0;
    uint32_t widthTiling = 0;
    uint32_t widthFractal = 0;
    uint32_t widthFractalTail = 0;
};
static_assert(sizeof(UnPadTiling) == 32, "UnPadTiling is CANN's 32-byte layout");
}  // namespace tiling
}  // namespace AscendC
using PadTiling = AscendC::tiling::PadTiling;
using UnPadTiling = AscendC::tiling::UnPadTiling;

// ConfusionTranspose (CANN's include/adv_api/transpose/confusion_transpose_tilingdata.h): 18
// numbers whose meaning depends on the TransposeType, read by the kernel-side Transpose.
namespace AscendC {
namespace tiling {
struct ConfusionTransposeTiling {
    uint32_t param0 = 0;
    uint32_t param1 = 0;
    uint32_t param2 = 0;
    uint32_t param3 = 0;
    uint32_t param4 = 0;
    uint32_t param5 = 0;
    uint32_t param6 = 0;
    uint32_t param7 = 0;
    uint32_t param8 = 0;
    uint32_t param9 = 0;
    uint32_t param10 = 0;
    uint32_t param11 = 0;
    uint32_t param12 = 0;
    uint32_t param13 = 0;
    uint32_t param14 = 0;
    uint32_t param15 = 0;
    uint32_t param16 = 0;
    uint32_t param17 = 0;
};
static_assert(sizeof(ConfusionTransposeTiling) == 72, "ConfusionTransposeTiling is CANN's 72-byte layout");
}  // namespace tiling
}  // namespace AscendC
using ConfusionTransposeTiling = AscendC::tiling::ConfusionTransposeTiling;

// BatchNorm (asc-devkit include/adv_api/normalization/batchnorm_tilingdata.h: 20 fields, 80
// bytes; firstDimValueBack float).
namespace AscendC {
namespace tiling {
struct BatchNormTiling {
    uint32_t originalBLength = 0;
    uint32_t meanVarSize = 0;
    uint32_t meanTmpTensorPos = 0;
    uint32_t varianceTmpTensorPos = 0;
    uint32_t tmpBufSize = 0;
    uint32_t oneTmpSize = 0;
    uint32_t firstTmpStartPos = 0;
    uint32_t secondTmpStartPos = 0;
    uint32_t thirdTmpStartPos = 0;
    uint32_t loopRound = 0;
    uint32_t inputTailSize = 0;
    uint32_t inputTailPos = 0;
    uint32_t meanVarTailSize = 0;
    uint32_t meanVarTailPos = 0;
    uint32_t bshCurLength = 0;
    uint32_t shCurLength = 0;
    float firstDimValueBack = 0;
    uint32_t castHalfRepStride = 0;
    uint32_t shCurLengthBlockNum = 0;
    uint32_t castHalfOutRepStride = 0;
};
static_assert(sizeof(BatchNormTiling) == 80, "BatchNormTiling is CANN's 80-byte layout");
}  // namespace tiling
}  // namespace AscendC
using BatchNormTiling = AscendC::tiling::BatchNormTiling;

// GroupNorm (asc-devkit include/adv_api/normalization/groupnorm_tilingdata.h: 28 uint32_t fields,
// factor float and smallShape bool, 120 bytes).
namespace AscendC {
namespace tiling {
struct GroupNormTiling {
    uint32_t n = 0;
    uint32_t c = 0;
    uint32_t hw = 0;
    uint32_t g = 0;
    uint32_t d = 0;
    uint32_t hwAlignSize = 0;
    uint32_t dhwAlignSize = 0;
    uint32_t inputXSize = 0;
    uint32_t meanVarSize = 0;
    uint32_t numberOfTmpBuf = 0;
    uint32_t meanTmpTensorPos = 0;
    uint32_t meanTmpTensorSize = 0;
    uint32_t varianceTmpTensorPos = 0;
    uint32_t varianceTmpTensorSize = 0;
    uint32_t tmpBufSize = 0;
    uint32_t oneTmpSize = 0;
    uint32_t firstTmpStartPos = 0;
    uint32_t secondTmpStartPos = 0;
    uint32_t thirdTmpStartPos = 0;
    uint32_t loopRound = 0;
    uint32_t inputRoundSize = 0;
    uint32_t inputTailSize = 0;
    uint32_t inputTailPos = 0;
    uint32_t meanVarRoundSize = 0;
    uint32_t meanVarTailSize = 0;
    uint32_t meanVarTailPos = 0;
    uint32_t bshCurLength = 0;
    uint32_t bsCurLength = 0;
    float factor = 0;
    bool smallShape = false;
};
static_assert(sizeof(GroupNormTiling) == 120, "GroupNormTiling is CANN's 120-byte layout");
}  // namespace tiling
}  // namespace AscendC
using GroupNormTiling = AscendC::tiling::GroupNormTiling;

// TopK (asc-devkit include/adv_api/sort/topk_tilingdata.h: 18 int32/uint32 fields, the Small
// mode's two offsets and four uint32 GatherMask patterns, then eight uint16 half patterns; 112
// bytes, what optiling::TopkTiling's SaveToBuffer writes and TopKTilingFunc fills).
namespace AscendC {
namespace tiling {
struct TopkTiling {
    int32_t tmpLocalSize = 0;
    int32_t allDataSize = 0;
    int32_t innerDataSize = 0;
    uint32_t sortRepeat = 0;
    int32_t mrgSortRepeat = 0;
    int32_t kAlignFourBytes = 0;
    int32_t kAlignTwoBytes = 0;
    int32_t maskOffset = 0;
    int32_t maskVreducev2FourBytes = 0;
    int32_t maskVreducev2TwoBytes = 0;
    int32_t mrgSortSrc1offset = 0;
    int32_t mrgSortSrc2offset = 0;
    int32_t mrgSortSrc3offset = 0;
    int32_t mrgSortTwoQueueSrc1Offset = 0;
    int32_t mrgFourQueueTailPara1 = 0;
    int32_t mrgFourQueueTailPara2 = 0;
    int32_t srcIndexOffset = 0;
    uint32_t copyUbToUbBlockCount = 0;
    int32_t topkMrgSrc1MaskSizeOffset = 0;
    int32_t topkNSmallSrcIndexOffset = 0;
    uint32_t vreduceValMask0 = 0;
    uint32_t vreduceValMask1 = 0;
    uint32_t vreduceIdxMask0 = 0;
    uint32_t vreduceIdxMask1 = 0;
    uint16_t vreducehalfValMask0 = 0;
    uint16_t vreducehalfValMask1 = 0;
    uint16_t vreducehalfValMask2 = 0;
    uint16_t vreducehalfValMask3 = 0;
    uint16_t vreducehalfValMask4 = 0;
    uint16_t vreducehalfValMask5 = 0;
    uint16_t vreducehalfValMask6 = 0;
    uint16_t vreducehalfValMask7 = 0;
};
static_assert(sizeof(TopkTiling) == 112, "TopkTiling is CANN's 112-byte layout");
}  // namespace tiling
}  // namespace AscendC
using TopkTiling = AscendC::tiling::TopkTiling;
