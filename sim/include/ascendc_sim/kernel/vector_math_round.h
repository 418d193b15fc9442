// High-level Floor, Ceil, Round, Trunc and Frac (CANN's include/adv_api/math/floor.h, ceil.h,
// round.h, trunc.h, frac.h), step by step as the Atlas A2/A3 implementations run them (asc-devkit
// impl/adv_api/detail/math/<api>/<api>_v220_impl.h and <api>_common_impl.h). Every step is one
// count-form Cast (float -> float in the API's rounding: CAST_FLOOR, CAST_CEIL, CAST_RINT,
// CAST_TRUNC) or Sub; a half input goes through a float temp: Cast half->float (CAST_NONE,
// exact), the float steps, Cast float->half (CAST_NONE: the integral results are exact in half,
// Frac's difference is rounded to nearest even).
//   Floor, Round (float): one Cast over all calCount elements; the temp is not used.
//   Ceil, Trunc (float): one Cast per chunk of tmpBytes / 4 / 32 * 32 elements (the temp only
//     sets the chunk).
//   Floor, Ceil, Round, Trunc (half): per chunk of tmpBytes / 4 / 32 * 32 elements, in place in
//     the temp: Cast to float, Cast in the rounding, Cast back.
//   Frac (float): y = Cast<CAST_TRUNC>(x) into dst, then dst = x - dst (Sub), all calCount
//     elements at once, the temp unused; (half): chunks of tmpBytes / 4 / 2 / 32 * 32 elements,
//     two float pieces a, b: a = x, b = trunc(a), b = a - b, y = b.
// Checks as CANN's (api_check/kernel_check/math/<api>): T half or float (compile time);
// isReuseSource is reserved (must be false); calCount within dst and src; dst and src disjoint
// for Floor, Ceil and Frac (their pages forbid the overlap; Round and Trunc allow it); a used
// temp disjoint from both and holding one 32-element chunk.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

enum class RoundKind { Floor, Ceil, Round, Trunc, Frac };

constexpr const char* RoundKindName(RoundKind kind) {
    return kind == RoundKind::Floor   ? "Floor"
           : kind == RoundKind::Ceil  ? "Ceil"
           : kind == RoundKind::Round ? "Round"
           : kind == RoundKind::Trunc ? "Trunc"
                                      : "Frac";
}
constexpr num::Rounding RoundKindRounding(RoundKind kind) {
    return kind == RoundKind::Floor  ? num::Rounding::Floor
           : kind == RoundKind::Ceil ? num::Rounding::Ceil
           : kind == RoundKind::Round ? num::Rounding::NearestEven
                                      : num::Rounding::TowardZero;
}
constexpr const char* RoundKindQuery(RoundKind kind) {
    return kind == RoundKind::Floor   ? "GetFloorMaxMinTmpSize"
           : kind == RoundKind::Ceil  ? "GetCeilMaxMinTmpSize"
           : kind == RoundKind::Round ? "GetRoundMaxMinTmpSize"
           : kind == RoundKind::Trunc ? "GetTruncMaxMinTmpSize"
                                      : "GetFracMaxMinTmpSize";
}

// ApiMisuse unless isReuseSource is false (the reserved flag of these APIs).
inline bool CheckReservedReuse(const ApiName& api, bool isReuseSource) {
    if (!isReuseSource) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": isReuseSource is reserved on Atlas A2/A3 and must be false");
    return false;
}

template <RoundKind kind, class T, bool isReuseSource>
void RoundFamilyImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                     const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Floor, Ceil, Round, Trunc, Frac: element type must be half or float on Atlas A2/A3");
    const MathSteps steps{RoundKindName(kind)};
    const ApiName api = steps.Whole();
    constexpr bool kHalf = std::is_same_v<T, half>;
    constexpr bool kDisjoint = kind == RoundKind::Floor || kind == RoundKind::Ceil || kind == RoundKind::Frac;
    constexpr num::Rounding rounding = RoundKindRounding(kind);
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 ||
        !CheckMathOperands(api, dst, src, calCount, kDisjoint)) {
        return;
    }
    if constexpr (!kHalf && (kind == RoundKind::Floor || kind == RoundKind::Round)) {
        steps.Cast(dst, src, rounding, calCount);
        return;
    } else if constexpr (!kHalf && kind == RoundKind::Frac) {
        steps.Cast(dst, src, rounding, calCount);
        Binary<SubOp>(steps("Sub"), dst, src, dst, calCount);
        return;
    } else {
        AscendC::LocalTensor<uint8_t> stack;
        if (temp == nullptr) {
            if (!StackTemp(api, &stack)) return;
            temp = &stack;
        }
        constexpr uint32_t pieces = kind == RoundKind::Frac ? 2 : 1;
        const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces, RoundKindQuery(kind));
        if (chunk == 0) return;
        const AscendC::LocalTensor<float> a = TempPiece(*temp, chunk, 0);
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            if constexpr (!kHalf) {
                steps.Cast(dst[offset], src[offset], rounding, n);  // Ceil, Trunc
            } else if constexpr (kind == RoundKind::Frac) {
                const AscendC::LocalTensor<float> b = TempPiece(*temp, chunk, 1);
                steps.Widen(a, src[offset], n);
                steps.Cast(b, a, rounding, n);
                Binary<SubOp>(steps("Sub"), b, a, b, n);
                steps.Narrow(dst[offset], b, n);
            } else {
                steps.Widen(a, src[offset], n);
                steps.Cast(a, a, rounding, n);
                steps.Narrow(dst[offset], a, n);
            }
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_ROUND_API(Name, Kind)                                                                        \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,                \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::RoundFamilyImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);     \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::RoundFamilyImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);              \
    }
// Trunc and Frac also take the whole tensor (calCount = srcTensor.GetSize()).
#define ASCENDC_SIM_ROUND_WHOLE_API(Name, Kind)                                                                  \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer) {              \
        sim::NoteCallSite();                                                                                     \
        sim::vec::RoundFamilyImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer,                \
                                                          srcTensor.GetSize());                                  \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) { \
        sim::NoteCallSite();                                                                                     \
        sim::vec::RoundFamilyImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());   \
    }
ASCENDC_SIM_ROUND_API(Floor, sim::vec::RoundKind::Floor)
ASCENDC_SIM_ROUND_API(Ceil, sim::vec::RoundKind::Ceil)
ASCENDC_SIM_ROUND_API(Round, sim::vec::RoundKind::Round)
ASCENDC_SIM_ROUND_API(Trunc, sim::vec::RoundKind::Trunc)
ASCENDC_SIM_ROUND_WHOLE_API(Trunc, sim::vec::RoundKind::Trunc)
ASCENDC_SIM_ROUND_API(Frac, sim::vec::RoundKind::Frac)
ASCENDC_SIM_ROUND_WHOLE_API(Frac, sim::vec::RoundKind::Frac)
#undef ASCENDC_SIM_ROUND_WHOLE_API
#undef ASCENDC_SIM_ROUND_API

}  // namespace AscendC
