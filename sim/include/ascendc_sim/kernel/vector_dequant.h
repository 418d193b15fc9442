// The high-level AscendDequant (CANN's include/adv_api/quantization/ascend_dequant.h), int32_t
// source, the forms Atlas A2/A3 documents (deqScale a tensor or a scalar, with DequantParams, and
// the four older calCount forms), as the 2201 implementation runs them (asc-devkit impl/adv_api/
// detail/quantization/dequant/ascend_dequant_common_impl.h): the temp (float) holds the scale
// (calCount rounded up to 8 floats) then k rows of n source floats (k = the rest / n, at most m);
//   scale -> temp: float: Adds 0; uint64_t: the low 32 bits of each word (one GatherMask);
//     bfloat16_t: Cast to float; scalar: Duplicate float(deqScale), calCount elements;
//   per k rows: Cast int32_t -> float (CAST_NONE: to nearest even); each row's first calCount
//     elements Mul by the scale (the other columns keep the cast source); then Adds 0 (float
//     dst) or Cast float -> dstT (bfloat16_t CAST_RINT, half CAST_NONE: to nearest even), rows
//     padded to dstInner = n rounded up to 32 bytes of dstT;
//   the older calCount forms: rows of deqScale.GetSize() columns, and a last partial row's
//     first elements multiplied too.
// DEQUANT_WITH_SINGLE_ROW (the default mode) turns {1, n, calCount} into {n / calCount, calCount,
// calCount} when calCount is a multiple of 32 bytes of dstT and divides n.
// The sim issues DequantMul's row-by-row form (one count-form Mul of calCount per row) for every
// n; the implementation uses it when n > 2040 and otherwise covers the rows with strided repeats
// (the same values, fewer instructions).
// Checks (the impl's asserts): the dtype combinations of the page's tables (compile time);
// params.n a multiple of 8, m * n within src, 0 < calCount <= n, m * dstInner within dst,
// calCount within deqScale (OperandBounds / ApiMisuse); the temp holds the scale and one row
// (ApiMisuse naming GetAscendDequantMaxMinTmpSize). PER_TOKEN/PER_GROUP (AscendDeQuantParam) is
// Ascend 950 only (declared with a static_assert).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace AscendC {
struct DequantParams {
    uint32_t m;
    uint32_t n;
    uint32_t calCount;
};
struct AscendDeQuantConfig {
    bool hasOffset;
    int32_t kDim = 1;
};
enum class AscendDeQuantPolicy : int32_t { PER_TOKEN, PER_GROUP, PER_CHANNEL_PER_GROUP, PER_TOKEN_PER_GROUP };
struct AscendDeQuantParam {
    uint32_t m;
    uint32_t n;
    uint32_t calCount;
    uint32_t groupSize = 0;
};
enum class DeQuantMode : uint8_t {
    DEQUANT_WITH_SINGLE_ROW = 0,
    DEQUANT_WITH_MULTI_ROW,
};
}  // namespace AscendC

namespace sim::vec {

template <class D, class S>
constexpr bool kDequantTensorPair = (std::is_same_v<S, uint64_t> && std::is_same_v<D, half>) ||
                                    (kIsOneOf<S, float, bfloat16_t> && kIsOneOf<D, float, bfloat16_t>);
template <class D, class S>
constexpr bool kDequantScalarPair = kIsOneOf<S, float, bfloat16_t> && kIsOneOf<D, float, bfloat16_t>;

inline const MathSteps kDequantSteps{"AscendDequant"};

struct LowWordOp {  // the low 32 bits of a uint64_t word, as float
    float operator()(uint64_t w) const {
        const uint32_t b = static_cast<uint32_t>(w);
        float f;
        std::memcpy(&f, &b, sizeof f);
        return f;
    }
};

// The scale source: a tensor, or a scalar (tensor null).
template <class S>
struct DequantScale {
    const AscendC::LocalTensor<S>* tensor;
    float scalar;
};

template <class D, class S, AscendC::DeQuantMode mode>
void DequantRun(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<int32_t>& src, const DequantScale<S>& scale,
                const AscendC::LocalTensor<uint8_t>* temp, AscendC::DequantParams p, uint32_t calCount, bool pure,
                bool checkParams) {
    const ApiName api = kDequantSteps.Whole();
    const auto misuse = [&](const std::string& what) { Violation(Check::ApiMisuse, std::string(api.text) + ": " + what); };
    if constexpr (mode == AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW) {
        if (p.m == 1 && p.calCount != 0 && p.calCount % (32 / sizeof(D)) == 0 && p.n % p.calCount == 0) {
            p.m = p.n / p.calCount;
            p.n = p.calCount;
        }
    }
    if (pure) calCount = p.m * p.n;
    const uint32_t dstInner = (p.n + 32 / sizeof(D) - 1) / (32 / sizeof(D)) * (32 / sizeof(D));
    if (checkParams) {
        if (p.n % 8 != 0) return misuse("params.n " + std::to_string(p.n) + " must be a multiple of 8 (32 bytes of int32_t)");
        if (p.calCount == 0 || p.calCount > p.n) {
            return misuse("params.calCount " + std::to_string(p.calCount) + " must be in (0, params.n " + std::to_string(p.n) + "]");
        }
    }
    if (calCount == 0 || p.n == 0) return;
    if (!CheckFits(api, "srcTensor", src.SimRef(), uint64_t{calCount} * 4) ||
        !CheckFits(api, "dstTensor", dst.SimRef(), uint64_t{(calCount + p.n - 1) / p.n} * dstInner * sizeof(D))) {
        return;
    }
    if (scale.tensor != nullptr && !CheckFits(api, "deqScale", scale.tensor->SimRef(), uint64_t{p.calCount} * sizeof(S))) return;
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    const AscendC::LocalTensor<float> buf = temp->template ReinterpretCast<float>();
    const uint32_t scaleSize = (p.calCount + 7) / 8 * 8;
    const uint64_t floats = temp->GetSize() / sizeof(float);
    const uint64_t rowsFit = floats > scaleSize ? (floats - scaleSize) / p.n : 0;
    if (!CheckChunk(api, temp->SimRef(), rowsFit, (uint64_t{scaleSize} + p.n) * sizeof(float), "GetAscendDequantMaxMinTmpSize")) {
        return;
    }
    const uint32_t tmpSize = static_cast<uint32_t>(std::min<uint64_t>(rowsFit * p.n, uint64_t{p.m} * p.n));
    const AscendC::LocalTensor<float> sc = buf, x = buf[scaleSize];
    CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), uint64_t{calCount} * sizeof(D), sizeof(D)},
                  OperandRange{"sharedTmpBuffer", temp->SimRef(), (uint64_t{scaleSize} + tmpSize) * 4, 1});
    CheckDisjoint(api, OperandRange{"srcTensor", src.SimRef(), uint64_t{calCount} * 4, 4},
                  OperandRange{"sharedTmpBuffer", temp->SimRef(), (uint64_t{scaleSize} + tmpSize) * 4, 1});

    // the scale in float
    if (scale.tensor == nullptr) {
        Fill(kDequantSteps("Duplicate"), sc, scale.scalar, p.calCount);
    } else if constexpr (std::is_same_v<S, float>) {
        Scalar<AddOp>(kDequantSteps("Adds", "Adds scale copy"), sc, *scale.tensor, 0.0f, p.calCount);
    } else if constexpr (std::is_same_v<S, uint64_t>) {
        Elementwise(kDequantSteps("GatherMask", "GatherMask scale low words"), sc, p.calCount, LowWordOp{},
                    ElementwiseOptions{}, *scale.tensor);
    } else {
        Elementwise(kDequantSteps("Cast", "Cast scale bfloat16_t->float"), sc, p.calCount, CastNearestOp<float, S>{},
                    ElementwiseOptions{}, *scale.tensor);
    }
    const auto block = [&](uint32_t at, uint32_t n) {
        Elementwise(kDequantSteps("Cast", "Cast int32_t->float"), x, n, CastOp<float, int32_t>{num::Rounding::NearestEven},
                    ElementwiseOptions{}, src[at]);
        const uint32_t rows = n / p.n;
        for (uint32_t r = 0; r < rows; ++r) Binary<MulOp>(kDequantSteps("Mul"), x[r * p.n], x[r * p.n], sc, p.calCount);
        const uint32_t part = n % p.n;
        if (!pure && part != 0) Binary<MulOp>(kDequantSteps("Mul", "Mul tail"), x[n - part], x[n - part], sc, part);
        const uint32_t out = p.n == dstInner ? at : at / p.n * dstInner;
        if constexpr (std::is_same_v<D, float>) {
            Scalar<AddOp>(kDequantSteps("Adds", "Adds copy"), dst[out], x, 0.0f, n);
        } else {
            const auto cast = [&](uint32_t d, uint32_t s, uint32_t count) {
                Elementwise(kDequantSteps("Cast", "Cast float->dst"), dst[d], count,
                            CastOp<D, float>{num::Rounding::NearestEven}, ElementwiseOptions{}, x[s]);
            };
            if (p.n == dstInner) {
                cast(out, 0, n);
            } else {
                for (uint32_t r = 0; r < rows; ++r) cast(out + r * dstInner, r * p.n, p.n);
                if (part != 0) cast(out + rows * dstInner, rows * p.n, part);
            }
        }
    };
    const uint32_t loops = calCount / tmpSize;
    for (uint32_t i = 0; i < loops; ++i) block(i * tmpSize, tmpSize);
    if (calCount % tmpSize != 0) block(calCount - calCount % tmpSize, calCount % tmpSize);
}

template <class D, class S>
inline bool DequantOldFormValid(const AscendC::LocalTensor<int32_t>& src, const AscendC::LocalTensor<S>& scale) {
    const uint32_t s = scale.GetSize();
    if (s == 0 || src.GetSize() % s != 0 || (std::is_same_v<S, uint64_t> && s % 8 != 0)) {
        Violation(Check::ApiMisuse, "AscendDequant: srcTensor's " + std::to_string(src.GetSize()) +
                                        " elements must be a multiple of deqScale's " + std::to_string(s) +
                                        (std::is_same_v<S, uint64_t> ? " (a multiple of 8 for uint64_t)" : ""));
        return false;
    }
    return true;
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_DEQUANT_TENSOR_TYPES()                                                                          \
    static_assert(sim::vec::kDequantTensorPair<dstT, scaleT>,                                                      \
                  "AscendDequant: (dstTensor, deqScale tensor) types must be (half, uint64_t), (float, float), "   \
                  "(float, bfloat16_t), (bfloat16_t, bfloat16_t) or (bfloat16_t, float) on Atlas A2/A3")
#define ASCENDC_SIM_DEQUANT_SCALAR_TYPES()                                                                          \
    static_assert(sim::vec::kDequantScalarPair<dstT, scaleT>,                                                      \
                  "AscendDequant: (dstTensor, deqScale scalar) types must be (bfloat16_t, bfloat16_t), "           \
                  "(bfloat16_t, float), (float, bfloat16_t) or (float, float) on Atlas A2/A3")

template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor,
                                                         const LocalTensor<scaleT>& deqScale,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer, DequantParams params) {
    ASCENDC_SIM_DEQUANT_TENSOR_TYPES();
    sim::NoteCallSite();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor, sim::vec::DequantScale<scaleT>{&deqScale, 0.0f},
                                             &sharedTmpBuffer, params, 0, true, true);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor,
                                                         const LocalTensor<scaleT>& deqScale, DequantParams params) {
    ASCENDC_SIM_DEQUANT_TENSOR_TYPES();
    sim::NoteCallSite();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor, sim::vec::DequantScale<scaleT>{&deqScale, 0.0f}, nullptr,
                                             params, 0, true, true);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer, DequantParams params) {
    ASCENDC_SIM_DEQUANT_SCALAR_TYPES();
    sim::NoteCallSite();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor,
                                             sim::vec::DequantScale<scaleT>{nullptr, static_cast<float>(deqScale)},
                                             &sharedTmpBuffer, params, 0, true, true);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                                                         DequantParams params) {
    ASCENDC_SIM_DEQUANT_SCALAR_TYPES();
    sim::NoteCallSite();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor,
                                             sim::vec::DequantScale<scaleT>{nullptr, static_cast<float>(deqScale)}, nullptr,
                                             params, 0, true, true);
}

// the older forms (the page: not recommended)
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor,
                                                         const LocalTensor<scaleT>& deqScale,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    ASCENDC_SIM_DEQUANT_TENSOR_TYPES();
    sim::NoteCallSite();
    if (calCount == 0 || calCount > srcTensor.GetSize()) {
        sim::Violation(sim::Check::OperandBounds, "AscendDequant: calCount " + std::to_string(calCount) +
                                                      " must be in (0, srcTensor's " + std::to_string(srcTensor.GetSize()) + "]");
        return;
    }
    if (!sim::vec::DequantOldFormValid<dstT>(srcTensor, deqScale)) return;
    const uint32_t s = deqScale.GetSize();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor, sim::vec::DequantScale<scaleT>{&deqScale, 0.0f},
                                             &sharedTmpBuffer, DequantParams{srcTensor.GetSize() / s, s, s}, calCount, false,
                                             false);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor,
                                                         const LocalTensor<scaleT>& deqScale,
                                                         const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCENDC_SIM_DEQUANT_TENSOR_TYPES();
    sim::NoteCallSite();
    if (!sim::vec::DequantOldFormValid<dstT>(srcTensor, deqScale)) return;
    const uint32_t s = deqScale.GetSize();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor, sim::vec::DequantScale<scaleT>{&deqScale, 0.0f},
                                             &sharedTmpBuffer, DequantParams{srcTensor.GetSize() / s, s, s},
                                             srcTensor.GetSize(), false, false);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor,
                                                         const LocalTensor<scaleT>& deqScale, const uint32_t calCount) {
    ASCENDC_SIM_DEQUANT_TENSOR_TYPES();
    sim::NoteCallSite();
    if (calCount == 0 || calCount > srcTensor.GetSize()) {
        sim::Violation(sim::Check::OperandBounds, "AscendDequant: calCount " + std::to_string(calCount) +
                                                      " must be in (0, srcTensor's " + std::to_string(srcTensor.GetSize()) + "]");
        return;
    }
    if (!sim::vec::DequantOldFormValid<dstT>(srcTensor, deqScale)) return;
    const uint32_t s = deqScale.GetSize();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor, sim::vec::DequantScale<scaleT>{&deqScale, 0.0f}, nullptr,
                                             DequantParams{srcTensor.GetSize() / s, s, s}, calCount, false, false);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendDequant(const LocalTensor<dstT>& dstTensor,
                                                         const LocalTensor<int32_t>& srcTensor,
                                                         const LocalTensor<scaleT>& deqScale) {
    ASCENDC_SIM_DEQUANT_TENSOR_TYPES();
    sim::NoteCallSite();
    if (!sim::vec::DequantOldFormValid<dstT>(srcTensor, deqScale)) return;
    const uint32_t s = deqScale.GetSize();
    sim::vec::DequantRun<dstT, scaleT, mode>(dstTensor, srcTensor, sim::vec::DequantScale<scaleT>{&deqScale, 0.0f}, nullptr,
                                             DequantParams{srcTensor.GetSize() / s, s, s}, srcTensor.GetSize(), false, false);
}

#undef ASCENDC_SIM_DEQUANT_TENSOR_TYPES
#undef ASCENDC_SIM_DEQUANT_SCALAR_TYPES

}  // namespace AscendC
