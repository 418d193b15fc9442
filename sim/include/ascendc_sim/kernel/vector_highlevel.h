// High-level Silu and Swish (CANN's include/adv_api/activation/silu.h and swish.h), step by
// step as the 2201 implementations run them (impl/adv_api/detail/activation/silu/
// silu_common_impl.h, swish/swish_common_impl.h), each step one vector instruction in T that
// rounds to T (half stays half):
//   y = Muls(x, -beta); y = Exp(y); y = Adds(y, 1); y = Div(x, y)      (Silu: beta = 1;
//   Swish: -beta computed in float and converted to T)
// The implementations run these four steps twice: once in counter mode over all dataSize
// elements, then again in repeat mode, in pieces of 255 repeats, the remaining repeats and a
// last partial repeat (from x again, so the result is the same). The sim issues both passes,
// so the log and the modeled time hold the instructions the hardware runs; the second pass's
// pieces are count-form instructions of the same elements and repeats. dst and src must not
// overlap (the first step overwrites what the last one reads). Steps appear in the log under
// their own kinds (Muls, Exp, ...); messages name them "Silu (Exp step)".
#pragma once
#include <algorithm>
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"

namespace sim::vec {

constexpr uint32_t kMaxRepeats = 255;  // MAX_REPEAT_TIMES of one repeat-mode instruction

struct SwishSteps {
    ApiName muls, exp, adds, div;
};

template <class T>
void SwishFormula(const SwishSteps& steps, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  T minusBeta, int64_t n) {
    Scalar<MulOp>(steps.muls, dst, src, minusBeta, n);
    Unary<ExpOp>(steps.exp, dst, dst, n);
    Scalar<AddOp>(steps.adds, dst, dst, ScalarAs<T>(1.0f), n);
    Binary<DivOp>(steps.div, dst, src, dst, n);
}

template <class T>
void SwishImpl(const ApiName& api, const SwishSteps& steps, const AscendC::LocalTensor<T>& dst,
               const AscendC::LocalTensor<T>& src, uint32_t dataSize, T minusBeta) {
    if (dataSize == 0) return;
    const uint64_t bytes = uint64_t{dataSize} * sizeof(T);
    if (!CheckFits(api, "dstLocal", dst.SimRef(), bytes) || !CheckFits(api, "srcLocal", src.SimRef(), bytes)) return;
    CheckDisjoint(api, OperandRange{"dstLocal", dst.SimRef(), bytes, sizeof(T)},
                  OperandRange{"srcLocal", src.SimRef(), bytes, sizeof(T)});
    SwishFormula(steps, dst, src, minusBeta, dataSize);  // counter mode, all elements
    constexpr uint32_t perRepeat = kRepeatBytes / sizeof(T);
    const uint32_t repeats = dataSize / perRepeat, tail = dataSize % perRepeat;
    uint32_t offset = 0;
    for (uint32_t done = 0; done < repeats; done += kMaxRepeats) {
        const uint32_t piece = std::min(kMaxRepeats, repeats - done) * perRepeat;
        SwishFormula(steps, dst[offset], src[offset], minusBeta, piece);
        offset += piece;
    }
    if (tail != 0) SwishFormula(steps, dst[offset], src[offset], minusBeta, tail);
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                 uint32_t dataSize) {
    static_assert(sim::vec::kActivationType<T>, "Silu: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    static const sim::vec::SwishSteps steps{{"Muls", "Silu (Muls -1 step)"}, {"Exp", "Silu (Exp step)"},
                                            {"Adds", "Silu (Adds +1 step)"}, {"Div", "Silu (Div step)"}};
    sim::vec::SwishImpl(sim::vec::Named("Silu"), steps, dstLocal, srcLocal, dataSize, sim::vec::ScalarAs<T>(-1.0f));
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                  uint32_t dataSize, const T scalarValue) {
    static_assert(sim::vec::kActivationType<T>, "Swish: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    static const sim::vec::SwishSteps steps{{"Muls", "Swish (Muls -beta step)"}, {"Exp", "Swish (Exp step)"},
                                            {"Adds", "Swish (Adds +1 step)"}, {"Div", "Swish (Div step)"}};
    const T minusBeta = sim::vec::ScalarAs<T>(-1.0f * static_cast<float>(scalarValue));
    sim::vec::SwishImpl(sim::vec::Named("Swish"), steps, dstLocal, srcLocal, dataSize, minusBeta);
}

}  // namespace AscendC
