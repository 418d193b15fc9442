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
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
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
