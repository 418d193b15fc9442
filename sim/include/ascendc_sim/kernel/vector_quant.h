// The high-level AscendQuant (CANN's include/adv_api/quantization/ascend_quant.h), int8_t output,
// the forms Atlas A2/A3 documents (per tensor: float scale and offset; per channel: a scale
// tensor of scaleCount elements per row and a scalar or tensor offset), step by step as the
// 2201 implementation runs them (asc-devkit impl/adv_api/detail/quantization/quant/
// ascend_quant_pre_impl.h, through ascend_quant_v220_impl.h), each step one count-form
// instruction of the sim:
//   per tensor, per chunk: [float: tmp = Cast<half>(src) (CAST_NONE: to nearest even)];
//     tmp = Muls(tmp|src, half(scale)); tmp = Adds(tmp, half(offset)); dst = Cast<int8_t>(tmp)
//     (CAST_NONE: to nearest even, saturating, as the sim's Cast half -> int8_t).
//   per channel: [float: scale (and offset) cast to half IN PLACE, as the implementation reuses
//     the caller's tensors]; then per row of scaleCount elements, per chunk: [Cast src];
//     Mul(tmp, tmp|src, scale); Adds(offset) or Add(offsetTensor); Cast<int8_t>.
// Chunks: sharedTmpBuffer bytes / 2 down to a multiple of 32 half elements (or config.workLocalSize's
// when config gives it with calcCount, whose counts then replace the call's, as CANN's static path).
// The no-temp forms take the temp the framework leaves (everything after the last InitBuffer).
// Checks (api_check/kernel_check/quantization/quant and the impl's asserts): T half or float
// (compile time); calCount within src and dst; scaleCount / offsetCount within their tensors,
// scaleCount == offsetCount and > 0, calCount a positive multiple of scaleCount (ApiMisuse); the
// temp holds one 32-element chunk (ApiMisuse naming GetAscendQuantMaxMinTmpSize); dst, src and
// the temp pairwise disjoint. The dstT / PER_TOKEN / PER_GROUP forms are Ascend 950 only (not
// declared).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/int4.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace AscendC {
struct AscendQuantConfig {
    __aicore__ constexpr AscendQuantConfig(const uint32_t calcCount, const uint32_t offsetCount,
                                           const uint32_t scaleCount, const uint32_t workLocalSize)
        : calcCount(calcCount), offsetCount(offsetCount), scaleCount(scaleCount), workLocalSize(workLocalSize) {}
    uint32_t calcCount = 0;
    uint32_t offsetCount = 0;
    uint32_t scaleCount = 0;
    uint32_t workLocalSize = 0;
};
constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};
}  // namespace AscendC

namespace sim::vec {

template <class T>
constexpr bool kQuantSource = kIsOneOf<T, half, float>;

inline const MathSteps kQuantSteps{"AscendQuant"};

// The temp's chunk in half elements (0 after the ApiMisuse report).
inline uint64_t QuantChunk(const ApiName& api, const AscendC::LocalTensor<uint8_t>& temp, uint32_t workLocalSize) {
    const uint64_t bytes = workLocalSize != 0 ? workLocalSize : temp.GetSize();
    const uint64_t chunk = bytes / sizeof(half) / kBlockBytes * kBlockBytes;
    if (!CheckChunk(api, temp.SimRef(), chunk, kBlockBytes * sizeof(half), "GetAscendQuantMaxMinTmpSize")) return 0;
    return chunk;
}

inline bool QuantMisuse(const ApiName& api, const std::string& what) {
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + what);
    return false;
}

// The cast to int8_t of the last step (the sim's Cast half -> int8_t, CAST_NONE).
inline void QuantNarrow(const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<half>& tmp, int64_t n) {
    Elementwise(kQuantSteps("Cast", "Cast half->int8_t"), dst, n, CastOp<int8_t, half>{num::Rounding::NearestEven},
                ElementwiseOptions{}, tmp);
}

// tmp = src as half (float: one Cast; half: src itself, returned).
template <class T>
AscendC::LocalTensor<half> QuantWiden(const AscendC::LocalTensor<half>& tmp, const AscendC::LocalTensor<T>& src,
                                      int64_t n) {
    if constexpr (std::is_same_v<T, float>) {
        Elementwise(kQuantSteps("Cast", "Cast float->half"), tmp, n, CastNearestOp<half, float>{}, ElementwiseOptions{},
                    src);
        return tmp;
    } else {
        return src;
    }
}

template <class T>
bool QuantOperands(const ApiName& api, const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<T>& src,
                   const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount, uint64_t chunk) {
    if (!CheckFits(api, "srcTensor", src.SimRef(), uint64_t{calCount} * sizeof(T)) ||
        !CheckFits(api, "dstTensor", dst.SimRef(), calCount)) {
        return false;
    }
    const OperandRange d{"dstTensor", dst.SimRef(), calCount, 1}, s{"srcTensor", src.SimRef(), uint64_t{calCount} * sizeof(T), sizeof(T)};
    const OperandRange t{"sharedTmpBuffer", temp.SimRef(), chunk * sizeof(half), 1};
    CheckDisjoint(api, d, s);
    CheckDisjoint(api, d, t);
    CheckDisjoint(api, s, t);
    return true;
}

template <class T, const AscendC::AscendQuantConfig& config>
void QuantPerTensor(const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<uint8_t>* temp, float scale, float offset, uint32_t calCount) {
    static_assert(kQuantSource<T>, "AscendQuant: source type must be half or float on Atlas A2/A3");
    const ApiName api = kQuantSteps.Whole();
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr bool kStatic = config.workLocalSize != 0 && config.calcCount != 0;
    if (kStatic) calCount = config.calcCount;
    if (calCount == 0) return;
    const uint64_t chunk = QuantChunk(api, *temp, kStatic ? config.workLocalSize : 0);
    if (chunk == 0 || !QuantOperands(api, dst, src, *temp, calCount, chunk)) return;
    const AscendC::LocalTensor<half> tmp = temp->template ReinterpretCast<half>();
    const half s = half(scale), o = half(offset);
    ForEachChunk(calCount, chunk, [&](uint32_t at, int64_t n) {
        const AscendC::LocalTensor<half> x = QuantWiden(tmp, src[at], n);
        Scalar<MulOp>(kQuantSteps("Muls"), tmp, x, s, n);
        Scalar<AddOp>(kQuantSteps("Adds"), tmp, tmp, o, n);
        QuantNarrow(dst[at], tmp, n);
    });
}

// Per channel; offsetTensor null: the scalar offset.
template <class T, const AscendC::AscendQuantConfig& config>
void QuantPerChannel(const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<T>& src,
                     const AscendC::LocalTensor<uint8_t>* temp, const AscendC::LocalTensor<T>& scaleTensor,
                     const AscendC::LocalTensor<T>* offsetTensor, T offset, uint32_t scaleCount, uint32_t offsetCount,
                     uint32_t calCount) {
    static_assert(kQuantSource<T>, "AscendQuant: source type must be half or float on Atlas A2/A3");
    const ApiName api = kQuantSteps.Whole();
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr bool kStatic = config.scaleCount != 0 && config.calcCount != 0;
    if (kStatic) {
        scaleCount = config.scaleCount;
        offsetCount = config.offsetCount;
        calCount = config.calcCount;
    }
    if (!CheckFits(api, "scaleTensor", scaleTensor.SimRef(), uint64_t{scaleCount} * sizeof(T))) return;
    if (offsetTensor != nullptr) {
        if (!CheckFits(api, "offsetTensor", offsetTensor->SimRef(), uint64_t{offsetCount} * sizeof(T))) return;
        if (scaleCount != offsetCount) {
            QuantMisuse(api, "scaleCount " + std::to_string(scaleCount) + " must equal offsetCount " +
                                 std::to_string(offsetCount));
            return;
        }
    }
    if (scaleCount == 0) return (void)QuantMisuse(api, "scaleCount must not be 0");
    if (calCount == 0 || calCount % scaleCount != 0) {
        QuantMisuse(api, "calCount " + std::to_string(calCount) + " must be a positive multiple of scaleCount " +
                             std::to_string(scaleCount) + " (the source's rows of scaleCount channels)");
        return;
    }
    const uint64_t chunk = QuantChunk(api, *temp, kStatic ? config.workLocalSize : 0);
    if (chunk == 0 || !QuantOperands(api, dst, src, *temp, calCount, chunk)) return;
    const AscendC::LocalTensor<half> tmp = temp->template ReinterpretCast<half>();
    AscendC::LocalTensor<half> scaleH, offsetH;
    if constexpr (std::is_same_v<T, float>) {
        // the caller's scale and offset become half in place (the implementation's reuse)
        ElementwiseOptions inPlace;
        inPlace.orderedOverlap = true;
        scaleH = scaleTensor.template ReinterpretCast<half>();
        Elementwise(kQuantSteps("Cast", "Cast scale float->half"), scaleH, scaleCount, CastNearestOp<half, float>{}, inPlace,
                    scaleTensor);
        if (offsetTensor != nullptr) {
            offsetH = offsetTensor->template ReinterpretCast<half>();
            Elementwise(kQuantSteps("Cast", "Cast offset float->half"), offsetH, offsetCount, CastNearestOp<half, float>{},
                        inPlace, *offsetTensor);
        }
    } else {
        scaleH = scaleTensor;
        if (offsetTensor != nullptr) offsetH = *offsetTensor;
    }
    const half o = half(static_cast<float>(offset));
    for (uint32_t row = 0; row < calCount / scaleCount; ++row) {
        const uint32_t base = row * scaleCount;
        ForEachChunk(scaleCount, chunk, [&](uint32_t at, int64_t n) {
            const AscendC::LocalTensor<half> x = QuantWiden(tmp, src[base + at], n);
            Binary<MulOp>(kQuantSteps("Mul"), tmp, x, scaleH[at], n);
            if (offsetTensor != nullptr) Binary<AddOp>(kQuantSteps("Add"), tmp, tmp, offsetH[at], n);
            else Scalar<AddOp>(kQuantSteps("Adds"), tmp, tmp, o, n);
            QuantNarrow(dst[base + at], tmp, n);
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_QUANT_T template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
#define ASCENDC_SIM_QUANT_INLINE __aicore__ ASCEND_SIM_CALL_SITE_INLINE void

// per tensor
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                                                         const float offset, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::QuantPerTensor<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, calCount);
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                                                         const float offset) {
    sim::NoteCallSite();
    sim::vec::QuantPerTensor<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, srcTensor.GetSize());
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const float scale, const float offset, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::QuantPerTensor<T, config>(dstTensor, srcTensor, nullptr, scale, offset, calCount);
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const float scale, const float offset) {
    sim::NoteCallSite();
    sim::vec::QuantPerTensor<T, config>(dstTensor, srcTensor, nullptr, scale, offset, srcTensor.GetSize());
}

// per channel, scalar offset
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                         const LocalTensor<T>& scaleTensor, const T offset,
                                                         const uint32_t scaleCount, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, nullptr, offset, scaleCount,
                                         scaleCount, calCount);
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                         const LocalTensor<T>& scaleTensor, const T offset) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, nullptr, offset,
                                         scaleTensor.GetSize(), scaleTensor.GetSize(), srcTensor.GetSize());
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<T>& scaleTensor, const T offset,
                                                         const uint32_t scaleCount, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, nullptr, scaleTensor, nullptr, offset, scaleCount, scaleCount,
                                         calCount);
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<T>& scaleTensor, const T offset) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, nullptr, scaleTensor, nullptr, offset, scaleTensor.GetSize(),
                                         scaleTensor.GetSize(), srcTensor.GetSize());
}

// per channel, offset tensor
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                         const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor,
                                                         const uint32_t scaleCount, const uint32_t offsetCount,
                                                         const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, &offsetTensor, T{}, scaleCount,
                                         offsetCount, calCount);
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                         const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scaleTensor, &offsetTensor, T{},
                                         scaleTensor.GetSize(), offsetTensor.GetSize(), srcTensor.GetSize());
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor,
                                                         const uint32_t scaleCount, const uint32_t offsetCount,
                                                         const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, nullptr, scaleTensor, &offsetTensor, T{}, scaleCount,
                                         offsetCount, calCount);
}
ASCENDC_SIM_QUANT_T ASCENDC_SIM_QUANT_INLINE AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                                         const LocalTensor<T>& scaleTensor, const LocalTensor<T>& offsetTensor) {
    sim::NoteCallSite();
    sim::vec::QuantPerChannel<T, config>(dstTensor, srcTensor, nullptr, scaleTensor, &offsetTensor, T{}, scaleTensor.GetSize(),
                                         offsetTensor.GetSize(), srcTensor.GetSize());
}

#undef ASCENDC_SIM_QUANT_T
#undef ASCENDC_SIM_QUANT_INLINE

}  // namespace AscendC

// ---- AscendAntiQuant (CANN's include/adv_api/quantization/ascend_antiquant.h) ----
// The Atlas A2/A3 steps for a half output without transpose (asc-devkit impl/adv_api/detail/
// quantization/antiquant/ascend_antiquant_impl.h), each one vector instruction of the sim on the
// mask register, as the implementation issues them:
//   offset and scale tensors (N = src elements / K, one offset/scale per column):
//     Counter mode, count = all of src: dst = Cast<half>(src) (int8 -> half is exact);
//     per block of at most 255 rows, per 128 columns: Add(dst, dst, offset row) and
//     Mul(dst, dst, scale row) (Counter mode, 128 x rows; src1RepStride 0 repeats the row);
//     a column tail below 128 the same in Normal mode with the first `tail` lanes.
//   scalar offset and scale: Counter mode over all of src: Cast, Adds(offset), Muls(scale).
//   scalar scale only: Cast, Muls(scale).
// Every step rounds to half (the A2 implementation computes a half output in half, unlike the
// float path of bfloat16_t). The mask register ends in Normal mode, all lanes set. The temp is not
// read on this path (GetAscendAntiQuantMaxMinTmpSize gives 0 for a half output).
// Not modelled (compile error): bfloat16_t output (float intermediates through the temp),
// isTranspose = true, int4b_t sources. The scale-tensor-only form: vector_antiquant_scale.h.
// Checks (ApiMisuse): K > 0 and dividing src's elements; N a multiple of 16 (rows start on 32-B
// blocks); dst holding src's elements; offset and scale holding N; dst disjoint from offset/scale.
namespace AscendC {
struct AntiQuantShapeInfo {
    uint32_t offsetHeight{0};
    uint32_t offsetWidth{0};
    uint32_t scaleHeight{0};
    uint32_t scaleWidth{0};
};
}  // namespace AscendC

namespace sim::vec {

template <class In, class Out, bool isTranspose>
constexpr void AntiQuantTypes() {
    static_assert(std::is_same_v<In, int8_t> || std::is_same_v<In, AscendC::int4b_t>,
                  "AscendAntiQuant: InputDataType must be int8_t or int4b_t on Atlas A2/A3");
    static_assert(std::is_same_v<Out, half> || std::is_same_v<Out, bfloat16_t>,
                  "AscendAntiQuant: OutputDataType must be half or bfloat16_t on Atlas A2/A3");
    static_assert(std::is_same_v<In, int8_t>, "AscendAntiQuant: int4b_t sources are not modelled by the sim");
    static_assert(std::is_same_v<Out, half>,
                  "AscendAntiQuant: a bfloat16_t output (float path through the temp) is not modelled by the sim");
    static_assert(!isTranspose, "AscendAntiQuant: isTranspose = true is not modelled by the sim");
}

// dst, src and K; N (columns) through *n. False after the ApiMisuse report.
inline bool AntiQuantShape(const ApiName& api, const AscendC::LocalTensor<half>& dst,
                           const AscendC::LocalTensor<int8_t>& src, uint32_t k, bool perColumn, uint32_t* n) {
    const uint64_t elements = src.GetSize();
    if (k == 0) return QuantMisuse(api, "K is 0");
    if (elements == 0 || elements % k != 0) {
        return QuantMisuse(api, "srcTensor's " + std::to_string(elements) + " elements are not K (" +
                                    std::to_string(k) + ") rows");
    }
    *n = static_cast<uint32_t>(elements / k);
    if (perColumn && *n % 16 != 0) {
        return QuantMisuse(api, "a row of N = " + std::to_string(*n) +
                                    " half elements must be a whole number of 32-byte blocks (N a multiple of 16)");
    }
    return CheckFits(api, "dstTensor", dst.SimRef(), elements * sizeof(half));
}

inline void AntiQuantCastSource(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int8_t>& src,
                                uint32_t elements) {
    AscendC::SetMaskCount();
    AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(0, elements);
    AscendC::UnaryRepeatParams toHalf;
    toHalf.srcRepStride = AscendC::HALF_DEFAULT_REPEAT_STRIDE;
    const uint32_t repeats = (elements + 255) / 256;
    AscendC::Cast<half, int8_t, false>(dst, src, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER,
                                       static_cast<uint8_t>(std::min<uint32_t>(repeats, 255)), toHalf);
    AscendC::PipeBarrier<PIPE_V>();
}

inline void AntiQuantTensors(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int8_t>& src,
                             const AscendC::LocalTensor<half>& offset, const AscendC::LocalTensor<half>& scale,
                             uint32_t k) {
    const ApiName api = Named("AscendAntiQuant");
    uint32_t n = 0;
    if (!AntiQuantShape(api, dst, src, k, true, &n)) return;
    if (!CheckFits(api, "offset", offset.SimRef(), uint64_t{n} * sizeof(half)) ||
        !CheckFits(api, "scale", scale.SimRef(), uint64_t{n} * sizeof(half))) {
        return;
    }
    const OperandRange d{"dstTensor", dst.SimRef(), uint64_t{src.GetSize()} * sizeof(half), sizeof(half)};
    CheckDisjoint(api, d, OperandRange{"offset", offset.SimRef(), uint64_t{n} * sizeof(half), sizeof(half)});
    CheckDisjoint(api, d, OperandRange{"scale", scale.SimRef(), uint64_t{n} * sizeof(half), sizeof(half)});
    CheckDisjoint(api, d, OperandRange{"srcTensor", src.SimRef(), src.GetSize(), 1});
    AntiQuantCastSource(dst, src, src.GetSize());
    constexpr uint32_t kColumns = 128, kMaxRows = 255;
    AscendC::BinaryRepeatParams rows;
    rows.dstRepStride = rows.src0RepStride = static_cast<uint8_t>(n * sizeof(half) / kBlockBytes);
    rows.src1RepStride = 0;
    const uint32_t tail = n % kColumns, aligned = n - tail;
    for (uint32_t row0 = 0; row0 < k; row0 += kMaxRows) {
        const uint32_t count = std::min(kMaxRows, k - row0);
        const uint32_t at = row0 * n;
        AscendC::SetMaskCount();
        AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(0, kColumns * count);
        for (uint32_t c = 0; c < aligned; c += kColumns) {
            AscendC::Add<half, false>(dst[at + c], dst[at + c], offset[c], AscendC::MASK_PLACEHOLDER,
                                      static_cast<uint8_t>(count), rows);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul<half, false>(dst[at + c], dst[at + c], scale[c], AscendC::MASK_PLACEHOLDER,
                                      static_cast<uint8_t>(count), rows);
            AscendC::PipeBarrier<PIPE_V>();
        }
        AscendC::SetMaskNorm();
        AscendC::ResetMask();
        if (tail > 0) {
            AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(static_cast<int32_t>(tail));
            AscendC::Add<half, false>(dst[at + aligned], dst[at + aligned], offset[aligned], AscendC::MASK_PLACEHOLDER,
                                      static_cast<uint8_t>(count), rows);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul<half, false>(dst[at + aligned], dst[at + aligned], scale[aligned], AscendC::MASK_PLACEHOLDER,
                                      static_cast<uint8_t>(count), rows);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::ResetMask();
        }
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

inline void AntiQuantScalars(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int8_t>& src,
                             const half* offset, half scale, uint32_t k) {
    const ApiName api = Named("AscendAntiQuant");
    uint32_t n = 0;
    if (!AntiQuantShape(api, dst, src, k, false, &n)) return;
    const uint32_t elements = src.GetSize();
    AntiQuantCastSource(dst, src, elements);
    const AscendC::UnaryRepeatParams same;
    if (offset != nullptr) {
        AscendC::Adds<half, false>(dst, dst, *offset, AscendC::MASK_PLACEHOLDER, 1, same);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::Muls<half, false>(dst, dst, scale, AscendC::MASK_PLACEHOLDER, 1, same);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec

namespace AscendC {

template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendAntiQuant(
    const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
    const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}) {
    sim::vec::AntiQuantTypes<InputDataType, OutputDataType, isTranspose>();
    sim::NoteCallSite();
    (void)sharedTmpBuffer;
    (void)shapeInfo;
    sim::vec::AntiQuantTensors(dst, src, offset, scale, k);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendAntiQuant(
    const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
    const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale, const uint32_t k,
    const AntiQuantShapeInfo& shapeInfo = {}) {
    sim::vec::AntiQuantTypes<InputDataType, OutputDataType, isTranspose>();
    sim::NoteCallSite();
    (void)shapeInfo;
    sim::vec::AntiQuantTensors(dst, src, offset, scale, k);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendAntiQuant(
    const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src, const OutputDataType offset,
    const OutputDataType scale, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
    const AntiQuantShapeInfo& shapeInfo = {}) {
    sim::vec::AntiQuantTypes<InputDataType, OutputDataType, isTranspose>();
    sim::NoteCallSite();
    (void)sharedTmpBuffer;
    (void)shapeInfo;
    sim::vec::AntiQuantScalars(dst, src, &offset, scale, k);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendAntiQuant(
    const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src, const OutputDataType offset,
    const OutputDataType scale, const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}) {
    sim::vec::AntiQuantTypes<InputDataType, OutputDataType, isTranspose>();
    sim::NoteCallSite();
    (void)shapeInfo;
    sim::vec::AntiQuantScalars(dst, src, &offset, scale, k);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendAntiQuant(
    const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src, const OutputDataType scale,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}) {
    sim::vec::AntiQuantTypes<InputDataType, OutputDataType, isTranspose>();
    sim::NoteCallSite();
    (void)sharedTmpBuffer;
    (void)shapeInfo;
    sim::vec::AntiQuantScalars(dst, src, nullptr, scale, k);
}

}  // namespace AscendC
