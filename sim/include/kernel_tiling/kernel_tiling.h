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
