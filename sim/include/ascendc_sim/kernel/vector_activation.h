// High-level Tanh and Sigmoid, step by step as the 2201 implementations run them
// (asc-devkit impl/adv_api/detail/math/tanh/tanh_common_impl.h and
// impl/adv_api/detail/activation/sigmoid/sigmoid_impl.h),
// each step one vector instruction that rounds to its working type.
//
// Tanh (always in float; half is Cast to float first and back with CAST_NONE = RINT):
//   clip = Mins(x, 8.8f); clip = Maxs(clip, -8.8f); clip = Muls(clip, 2); clip = Exp(clip)
//   num = Adds(clip, -1); clip = Adds(clip, 1); y = Div(num, clip)
//   in chunks of floor(tmpBytes / 4 / (2 for half, 1 for float) / 32) * 32 elements.
// Sigmoid (in T itself, half stays half):
//   y = Muls(x, -1); y = Exp(y); y = Adds(y, 1); ones = Duplicate(1); y = Div(ones, y)
//   in chunks of tmpBytes / sizeof(T) elements, not rounded to 32 B as Tanh's are: a temp
//   whose size is not a multiple of 32 B misaligns the second chunk, which the sim reports
//   (UbAlignment) at the step that first uses it.
// Without sharedTmpBuffer the UB left after every InitBuffer is used (PopStackBuffer). No two
// of dst, src and the temp may overlap. Steps appear in the instruction log under their own
// kinds (Mins, Exp, ...); messages name them "Tanh (Exp step)".
#pragma once
#include <algorithm>
#include <cstdint>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"

namespace sim::vec {

template <class T>
constexpr bool kActivationType = kIsOneOf<T, half, float>;

constexpr float kTanhClip = 8.8f;  // FP32_MAX_V2 of the Tanh implementation

// The temp of the no-tmp overloads: everything after the last InitBuffer (ApiMisuse if no TPipe).
bool StackTemp(const ApiName& api, AscendC::LocalTensor<uint8_t>* temp);
// How a report names a temp: "sharedTmpBuffer", or "the temp (the UB left after InitBuffer)"
// for one StackTemp handed out.
const char* TempName(const UbRef& temp);
// ApiMisuse when the temp cannot hold one chunk; false when the call must be dropped. The report
// points at the host query that sizes the temp: `hostQuery`, or Get<api>MaxMinTmpSize.
bool CheckChunk(const ApiName& api, const UbRef& temp, uint64_t chunkElements, uint64_t minimumBytes,
                const char* hostQuery = nullptr);

// y = tanh(x) for one chunk of n float elements; clip is a float temp of >= n elements.
inline void TanhFormula(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src,
                        const AscendC::LocalTensor<float>& clip, int64_t n) {
    Scalar<MinOp>(ApiName{"Mins", "Tanh (Mins step)"}, clip, src, kTanhClip, n);
    Scalar<MaxOp>(ApiName{"Maxs", "Tanh (Maxs step)"}, clip, clip, -kTanhClip, n);
    Scalar<MulOp>(ApiName{"Muls", "Tanh (Muls step)"}, clip, clip, 2.0f, n);
    Unary<ExpOp>(ApiName{"Exp", "Tanh (Exp step)"}, clip, clip, n);
    Scalar<AddOp>(ApiName{"Adds", "Tanh (Adds -1 step)"}, dst, clip, -1.0f, n);
    Scalar<AddOp>(ApiName{"Adds", "Tanh (Adds +1 step)"}, clip, clip, 1.0f, n);
    Binary<DivOp>(ApiName{"Div", "Tanh (Div step)"}, dst, dst, clip, n);
}

template <class T>
void TanhImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Tanh: element type must be half or float on Atlas A2/A3");
    const ApiName api = Named("Tanh");
    constexpr uint32_t buffersPerChunk = sizeof(T) == 2 ? 2 : 1;  // half needs the float copy of x
    const uint64_t chunk = temp.GetSize() / sizeof(float) / buffersPerChunk / kBlockBytes * kBlockBytes;
    if (calCount == 0) return;
    if (!CheckFits(api, "dst", dst.SimRef(), uint64_t{calCount} * sizeof(T)) ||
        !CheckFits(api, "src", src.SimRef(), uint64_t{calCount} * sizeof(T)) ||
        !CheckChunk(api, temp.SimRef(), chunk, kBlockBytes * sizeof(float) * buffersPerChunk)) {
        return;
    }
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    const OperandRange dstRange{"dst", dst.SimRef(), bytes, sizeof(T)};
    const OperandRange srcRange{"src", src.SimRef(), bytes, sizeof(T)};
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), chunk * sizeof(float) * buffersPerChunk, 1};
    CheckDisjoint(api, dstRange, srcRange);
    CheckDisjoint(api, dstRange, tempRange);
    CheckDisjoint(api, srcRange, tempRange);

    const AscendC::LocalTensor<float> floats = temp.template ReinterpretCast<float>();
    const AscendC::LocalTensor<float> clip = floats[static_cast<uint32_t>(chunk * (buffersPerChunk - 1))];
    for (uint32_t offset = 0; offset < calCount; offset += static_cast<uint32_t>(chunk)) {
        const int64_t n = std::min<uint64_t>(chunk, calCount - offset);
        if constexpr (std::is_same_v<T, float>) {
            TanhFormula(dst[offset], src[offset], clip, n);
        } else {
            const AscendC::LocalTensor<float>& wide = floats;  // x in float, then the result
            Elementwise(ApiName{"Cast", "Tanh (Cast half->float step)"}, wide, n, CastNearestOp<float, half>{},
                        ElementwiseOptions{}, src[offset]);
            TanhFormula(wide, wide, clip, n);
            Elementwise(ApiName{"Cast", "Tanh (Cast float->half step)"}, dst[offset], n, CastNearestOp<half, float>{},
                        ElementwiseOptions{}, wide);
        }
    }
}

template <class T>
void SigmoidImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Sigmoid: element type must be half or float on Atlas A2/A3");
    const ApiName api = Named("Sigmoid");
    const uint64_t chunk = temp.GetSize() / sizeof(T);
    if (calCount == 0) return;
    if (!CheckFits(api, "dst", dst.SimRef(), uint64_t{calCount} * sizeof(T)) ||
        !CheckFits(api, "src", src.SimRef(), uint64_t{calCount} * sizeof(T)) ||
        !CheckChunk(api, temp.SimRef(), chunk, sizeof(T))) {
        return;
    }
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    const OperandRange dstRange{"dst", dst.SimRef(), bytes, sizeof(T)};
    const OperandRange srcRange{"src", src.SimRef(), bytes, sizeof(T)};
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), std::min<uint64_t>(chunk, calCount) * sizeof(T), 1};
    CheckDisjoint(api, dstRange, srcRange);
    CheckDisjoint(api, dstRange, tempRange);
    CheckDisjoint(api, srcRange, tempRange);

    const AscendC::LocalTensor<T> ones = temp.template ReinterpretCast<T>();
    const T minusOne = ScalarAs<T>(-1.0f), one = ScalarAs<T>(1.0f);
    for (uint32_t offset = 0; offset < calCount; offset += static_cast<uint32_t>(chunk)) {
        const int64_t n = std::min<uint64_t>(chunk, calCount - offset);
        const AscendC::LocalTensor<T> y = dst[offset];
        Scalar<MulOp>(ApiName{"Muls", "Sigmoid (Muls -1 step)"}, y, src[offset], minusOne, n);
        Unary<ExpOp>(ApiName{"Exp", "Sigmoid (Exp step)"}, y, y, n);
        Scalar<AddOp>(ApiName{"Adds", "Sigmoid (Adds +1 step)"}, y, y, one, n);
        Fill(ApiName{"Duplicate", "Sigmoid (Duplicate 1 step)"}, ones, one, n);
        Binary<DivOp>(ApiName{"Div", "Sigmoid (Div step)"}, y, ones, y, n);
    }
}

}  // namespace sim::vec

namespace AscendC {

// Tanh's algorithm choice (asc-devkit impl/adv_api/detail/math/tanh/tanh_utils.h); the page
// gives `config` to Ascend 950 only: A2/A3 accept it and run the INTRINSIC formula above.
enum class TanhAlgo {
    INTRINSIC = 0,
    SUBSECTION_COMPENSATION,
};
struct TanhConfig {
    TanhAlgo algo = TanhAlgo::INTRINSIC;
};
constexpr TanhConfig DEFAULT_TANH_CONFIG = {TanhAlgo::INTRINSIC};

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tanh(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::TanhImpl(dst, src, sharedTmpBuffer, calCount);
}

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tanh(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                 const uint32_t calCount) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Tanh"), &stack)) sim::vec::TanhImpl(dst, src, stack, calCount);
}

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tanh(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::TanhImpl(dst, src, sharedTmpBuffer, src.GetSize());
}

template <typename T, bool isReuseSource = false, const TanhConfig& config = DEFAULT_TANH_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tanh(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Tanh"), &stack)) sim::vec::TanhImpl(dst, src, stack, src.GetSize());
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sigmoid(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                    const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::SigmoidImpl(dst, src, sharedTmpBuffer, calCount);
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sigmoid(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                    const uint32_t calCount) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Sigmoid"), &stack)) sim::vec::SigmoidImpl(dst, src, stack, calCount);
}

}  // namespace AscendC
