// The high-level Digamma (CANN's include/adv_api/math/digamma.h), both forms (sharedTmpBuffer,
// framework temp), half and float, as the Atlas A2/A3 implementation runs it (asc-devkit
// impl/adv_api/detail/math/digamma/digamma_common_impl.h, digamma_common_basic_impl.h,
// digamma_v220_impl.h): per chunk of splitSize elements, every step one Counter-mode float
// instruction of the sim (Tan, Sin, Cos through the sim's own Tan/Sin/Cos step sequences).
//   float: dst = 0; then per class of x a Select (CMPMASK scalar 0 outside the class) added to dst:
//     NaN for x <= -8388608 and for the negative integers in (-8388608, 0) (Compare, Cast
//     CAST_ROUND, Compare EQ, And of the bit masks), x itself for NaN (Not of x < 0 and x >= 0);
//     x >= 0: P(x) = log(w) - 0.5/w - z (1/12 - z (1/120 - z (1/252 - z (1/240 - z (1/132 - z
//     (691/32760 - z / 12)))))) - sum_{i=0..9} 1/(x + i), w = x + 10, z = 1/w^2 (each product,
//     sum and quotient one instruction, in the implementation's order);
//     x < 0: P(1 - x) + pi * c(x), c(x) from the reduced argument t = (2x - round(2x)) pi/2 (odd
//     polynomial in t; -1/f where round(2x) is even, f otherwise).
//   half (cast to float first, the result back to half at the end): x >= 0 uses the short
//     form P'(x) = log(x + 3) - 0.5/(x+3) - 1/(12 (x+3)^2) - 1/(120 (x+3)^4) - 1/(252 (x+3)^6)
//     - 1/x - 1/(x+1) - 1/(x+2); x < -0.0001: P'(1 - x) - pi / tan(pi (x - floor(x)));
//     -0.0001 <= x < 0: P'(1 - x) - pi cos(pi (x - floor(x))) / sin(-pi x).
// Temp (float pieces of splitSize = tmpBytes / 4 / pieces / 32 * 32 elements, pieces 8 (half),
// 7 (float), 6 (float with isReuseSource, which then overwrites src)): result, tmpCal1..5,
// tmpScalar, then three byte masks of splitSize bytes. The last chunk runs calCount's tail
// rounded up to 8 elements. The Compare steps compare whole 64-lane repeats (A2/A3 ignore the
// mask for Compare), so each chunk reads up to 64-element multiples of its source and the temp.
// Checks as CANN's (api_check/kernel_check/math/digamma): T half or float (compile time);
// calCount within dst and src; dst, src and the temp pairwise disjoint (the page forbids the
// overlaps); one 32-element chunk at least (ApiMisuse naming GetDigammaMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_math_steps.h"
#include "ascendc_sim/kernel/vector_math_tan.h"
#include "ascendc_sim/kernel/vector_select.h"
#include "ascendc_sim/kernel/vector_trig.h"

namespace sim::vec::digamma {

constexpr float kMinNeg = -8388608.0f;
constexpr float kPi = 3.141592653589793238f;
constexpr uint32_t kNanBits = 0x7fc00000u;
// The asymptotic series' coefficients, innermost first after 1/12 (B_2k / 2k).
constexpr float kSeries[] = {2.10927960927960927961e-2f, 7.57575757575757575758e-3f, 4.16666666666666666667e-3f,
                             3.96825396825396825397e-3f, 8.33333333333333333333e-3f, 8.33333333333333333333e-2f};
// tan-like polynomial of the reflection term, innermost first after 0.0093383789065.
constexpr float kReflect[] = {0.00326538085938f, 0.0242919921875f, 0.053466796875f, 0.133377909660f,
                              0.333332300186f};

template <class T>
constexpr uint32_t Pieces(bool reuse) {
    return std::is_same_v<T, half> ? 8 : (reuse ? 6 : 7);
}

// The Counter-mode instruction helpers of Digamma and Lgamma (each followed by PipeBarrier, as
// the implementations issue them), over `split` elements.
struct CounterOps {
    uint32_t split = 0;
    AscendC::UnaryRepeatParams u;
    AscendC::BinaryRepeatParams b;

    using F = AscendC::LocalTensor<float>;
    static void Bar() { AscendC::PipeBarrier<PIPE_V>(); }
    void Count(uint64_t n) const { AscendC::SetVectorMask<float>(0, n); }
    void Counter() const {
        AscendC::SetMaskCount();
        Count(split);
    }
    void Dup(const F& d, float v) const {
        AscendC::Duplicate<float, false>(d, v, AscendC::MASK_PLACEHOLDER, 1, AscendC::DEFAULT_BLK_STRIDE,
                                         AscendC::DEFAULT_REPEAT_STRIDE);
        Bar();
    }
    void Adds(const F& d, const F& s, float v) const {
        AscendC::Adds<float, false>(d, s, v, AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
    }
    void Muls(const F& d, const F& s, float v) const {
        AscendC::Muls<float, false>(d, s, v, AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
    }
    void Add(const F& d, const F& x, const F& y) const {
        AscendC::Add<float, false>(d, x, y, AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
    }
    void Sub(const F& d, const F& x, const F& y) const {
        AscendC::Sub<float, false>(d, x, y, AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
    }
    void Mul(const F& d, const F& x, const F& y) const {
        AscendC::Mul<float, false>(d, x, y, AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
    }
    void Div(const F& d, const F& x, const F& y) const {
        AscendC::Div<float, false>(d, x, y, AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
    }
    void Ln(const F& d, const F& s) const {
        AscendC::Ln<float, false>(d, s, AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
    }
    void Round(const F& d, const F& s, AscendC::RoundMode mode) const {
        AscendC::Cast<float, float, false>(d, s, mode, AscendC::MASK_PLACEHOLDER, 1,
                                           {1, 1, AscendC::DEFAULT_REPEAT_STRIDE, AscendC::DEFAULT_REPEAT_STRIDE});
        Bar();
    }
    void CompareWith(const AscendC::LocalTensor<uint8_t>& mask, const F& x, const F& y, AscendC::CMPMODE mode) const {
        const auto repeat = static_cast<uint8_t>((uint64_t{split} * sizeof(float) + 255) / 256);
        AscendC::Compare<float, uint8_t, false>(mask, Whole(x, repeat), Whole(y, repeat), mode,
                                                AscendC::MASK_PLACEHOLDER, repeat, b);
        // The instruction writes every bit of its repeats. Those past the chunk come from lanes
        // nothing wrote (the sim would call them undefined) and are never used, but the And/Not
        // steps read them in the same 2-byte lanes as used bits: count them written.
        Core().MarkDefined(mask.SimRef().offset, uint64_t{repeat} * 8, true);
        Bar();
    }
    // The view the Compare reads: its whole 64-lane repeats, past the tensor's end on the last
    // chunk as on the hardware (those lanes' bits are never used).
    static F Whole(const F& t, uint8_t repeats) {
        F view = t;
        if (view.GetSize() < uint32_t{repeats} * 64) view.SetSize(uint32_t{repeats} * 64);
        return view;
    }
};

// One chunk's tensors of Digamma.
struct Run : CounterOps {
    AscendC::LocalTensor<float> result, c1, c2, c3, c4, c5, scalar;
    AscendC::LocalTensor<uint8_t> m, m1, m2;

    // mask = src cmp scalar, over whole 64-lane repeats
    void CompareTo(const AscendC::LocalTensor<uint8_t>& mask, const F& src, float v, AscendC::CMPMODE mode) const {
        Dup(scalar, v);
        CompareWith(mask, src, scalar, mode);
    }
    // d = x & y over the masks' bytes (uint16_t lanes), then the float count again
    void AndMasks(const AscendC::LocalTensor<uint8_t>& d, const AscendC::LocalTensor<uint8_t>& x,
                  const AscendC::LocalTensor<uint8_t>& y) const {
        Count((split + 15) / 16);
        AscendC::And<uint16_t, false>(d.ReinterpretCast<uint16_t>(), x.ReinterpretCast<uint16_t>(),
                                      y.ReinterpretCast<uint16_t>(), AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
        Count(split);
    }
    // dst += (mask ? src : 0), through tmp
    void Select(const F& dst, const F& src, const AscendC::LocalTensor<uint8_t>& mask, const F& tmp) const {
        Dup(scalar, 0.0f);
        AscendC::SetCmpMask<float>(scalar);
        Bar();
        AscendC::Select<float, uint8_t>(tmp, mask, src, 1, b);
        Bar();
        Add(dst, tmp, dst);
    }
    void NegIntMask(const F& src) const {  // m1 = src in (-8388608, 0) and an integer
        CompareTo(m1, src, 0.0f, AscendC::CMPMODE::LT);
        CompareTo(m2, src, kMinNeg, AscendC::CMPMODE::GT);
        AndMasks(m1, m1, m2);
        Round(c1, src, AscendC::RoundMode::CAST_ROUND);
        CompareWith(m2, src, c1, AscendC::CMPMODE::EQ);
        AndMasks(m1, m1, m2);
    }
    void NanMask(const F& src) const {  // m = neither src < 0 nor src >= 0
        CompareTo(m1, src, 0.0f, AscendC::CMPMODE::LT);
        CompareTo(m2, src, 0.0f, AscendC::CMPMODE::GE);
        Count((split + 15) / 16);
        AscendC::Not<uint16_t, false>(m1.ReinterpretCast<uint16_t>(), m1.ReinterpretCast<uint16_t>(),
                                      AscendC::MASK_PLACEHOLDER, 1, u);
        AscendC::Not<uint16_t, false>(m2.ReinterpretCast<uint16_t>(), m2.ReinterpretCast<uint16_t>(),
                                      AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
        AscendC::And<uint16_t, false>(m.ReinterpretCast<uint16_t>(), m1.ReinterpretCast<uint16_t>(),
                                      m2.ReinterpretCast<uint16_t>(), AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
        Count(split);
    }
    // the classes every type starts with: NaN for x <= -8388608, the negative integers, NaN inputs
    void Specials(const F& dst, const F& src, const F& tmp) const {
        uint32_t bits = kNanBits;
        float nan;
        std::memcpy(&nan, &bits, sizeof nan);
        Dup(result, nan);
        CompareTo(m, src, kMinNeg, AscendC::CMPMODE::LE);
        Select(dst, result, m, tmp);
        NegIntMask(src);
        Select(dst, result, m1, tmp);
        NanMask(src);
        Select(dst, src, m, tmp);
    }

    // ---- float ----
    void Series(const F& dst, const F& src) const {  // log(w) - 0.5/w - z(...), w = x + 10
        Adds(c1, src, 10.0f);
        Ln(dst, c1);
        Dup(scalar, 1.0f);
        Div(c1, scalar, c1);
        Muls(c2, c1, 0.5f);
        Sub(dst, dst, c2);
        AscendC::Mul<float, false>(c1, c1, c1, AscendC::MASK_PLACEHOLDER, 1, b);
        Dup(c2, 8.33333333333333333333e-2f);
        for (float k : kSeries) {
            AscendC::Duplicate<float, false>(scalar, k, AscendC::MASK_PLACEHOLDER, 1, AscendC::DEFAULT_BLK_STRIDE,
                                             AscendC::DEFAULT_REPEAT_STRIDE);
            Mul(c2, c1, c2);
            Sub(c2, scalar, c2);
        }
        Mul(c2, c1, c2);
        Sub(dst, dst, c2);
    }
    void Reciprocals(const F& dst, const F& src, int last) const {  // sum_{i=0..last} 1/(x + i), uses c2
        Dup(scalar, 1.0f);
        AscendC::Div<float, false>(dst, scalar, src, AscendC::MASK_PLACEHOLDER, 1, b);
        for (int i = 1; i <= last; ++i) {
            Adds(c2, src, static_cast<float>(i));
            Div(c2, scalar, c2);
            Add(dst, dst, c2);
        }
    }
    void Positive(const F& dst, const F& src) const {
        Series(dst, src);
        Reciprocals(c1, src, 9);
        Sub(dst, dst, c1);
    }
    void Reflection(const F& dst, const F& src) const {  // pi * c(x), uses c1, c2, c3, m1, m2
        Add(c1, src, src);
        Round(c2, c1, AscendC::RoundMode::CAST_ROUND);
        Sub(c1, c1, c2);
        Muls(c1, c1, 1.5707963267948966f);
        const AscendC::LocalTensor<int32_t> n = c2.ReinterpretCast<int32_t>();
        AscendC::Cast<int32_t, float, false>(n, c2, AscendC::RoundMode::CAST_ROUND, AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
        AscendC::Duplicate<int32_t, false>(c3.ReinterpretCast<int32_t>(), 1, AscendC::MASK_PLACEHOLDER, 1,
                                           AscendC::DEFAULT_BLK_STRIDE, AscendC::DEFAULT_REPEAT_STRIDE);
        Bar();
        Count(uint64_t{split} * 2);
        AscendC::And<uint16_t, false>(c2.ReinterpretCast<uint16_t>(), c2.ReinterpretCast<uint16_t>(),
                                      c3.ReinterpretCast<uint16_t>(), AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
        Count(split);
        AscendC::Cast<float, int32_t, false>(c2, n, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1, u);
        CompareTo(m1, c2, 0.5f, AscendC::CMPMODE::LT);  // round(2x) even
        CompareTo(m2, c2, 0.5f, AscendC::CMPMODE::GE);  // odd
        Mul(c2, c1, c1);
        Dup(dst, 0.0093383789065f);
        for (float k : kReflect) {
            Mul(dst, dst, c2);
            Adds(dst, dst, k);
        }
        Mul(dst, dst, c2);
        Mul(dst, dst, c1);
        Add(c1, dst, c1);
        Dup(dst, 0.0f);
        Select(dst, c1, m2, c3);
        Dup(scalar, -1.0f);
        Div(c1, scalar, c1);
        Select(dst, c1, m1, c3);
        Muls(dst, dst, kPi);
    }
    void Negative(const F& dst, const F& src) const {
        Muls(c3, src, -1.0f);
        Adds(c3, c3, 1.0f);
        Positive(dst, c3);
        Reflection(c4, src);
        Add(dst, dst, c4);
    }
    void Float(const F& dst, const F& src) const {
        AscendC::Duplicate<float, false>(dst, 0.0f, AscendC::MASK_PLACEHOLDER, 1, AscendC::DEFAULT_BLK_STRIDE,
                                         AscendC::DEFAULT_REPEAT_STRIDE);
        Specials(dst, src, c3);
        CompareTo(m, src, 0.0f, AscendC::CMPMODE::GE);
        Positive(result, src);
        Select(dst, result, m, c3);
        CompareTo(m, src, 0.0f, AscendC::CMPMODE::LT);
        Negative(result, src);
        Select(dst, result, m, c3);
    }

    // ---- half (in float) ----
    void PositiveHalf(const F& dst, const F& src) const {  // uses c1, c2, scalar
        Adds(c1, src, 3.0f);
        Ln(dst, c1);
        Dup(scalar, 1.0f);
        Div(c1, scalar, c1);
        Muls(scalar, c1, 0.5f);
        Sub(dst, dst, scalar);
        Mul(c1, c1, c1);
        Muls(scalar, c1, 0.0833333333333333f);
        Sub(dst, dst, scalar);
        Mul(c2, c1, c1);
        Muls(scalar, c2, 0.0083333333333333f);
        Sub(dst, dst, scalar);
        Mul(c2, c2, c1);
        Muls(scalar, c2, 0.003968253968254f);
        Sub(dst, dst, scalar);
        Reciprocals(c1, src, 2);
        Sub(dst, dst, c1);
    }
    void NegativeHalf(const F& dst, const F& src) const {  // c3 holds pi / tan(pi frac(x))
        Dup(scalar, 1.0f);
        Sub(c5, scalar, src);
        PositiveHalf(dst, c5);
        Adds(c2, dst, 0.0f);  // P'(1 - x), for NegativeRange
        Sub(dst, dst, c3);
    }
    void NegativeRange(const F& dst, const F& src) const {  // src is overwritten (reused by Sin)
        Round(scalar, src, AscendC::RoundMode::CAST_FLOOR);
        Sub(scalar, src, scalar);
        Muls(scalar, scalar, kPi);
        TrigChunk<TrigKind::Cos>(c3, scalar, scalar, result, result[split], split);
        Counter();
        Muls(src, src, -kPi);
        TrigChunk<TrigKind::Sin>(scalar, src, src, result, result[split], split);
        Counter();
        Muls(c3, c3, kPi);
        Div(c3, c3, scalar);
        Sub(dst, c2, c3);
    }
    void Half(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<half>& src) const {
        const AscendC::UnaryRepeatParams widen{1, 1, AscendC::DEFAULT_REPEAT_STRIDE, AscendC::HALF_DEFAULT_REPEAT_STRIDE};
        AscendC::Cast<float, half, false>(c5, src, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1, widen);
        Bar();
        Round(c4, c5, AscendC::RoundMode::CAST_FLOOR);
        Sub(c4, c5, c4);
        Muls(c4, c4, kPi);
        // Tan's steps with result, c1, c2 as its temps and c3 as its copy of the argument
        Adds(c3, c4, 0.0f);
        TanChunk(MathSteps{"Digamma"}, scalar, c3, result, c1, c2, split);
        Counter();
        Dup(c1, kPi);
        Div(c3, c1, scalar);
        AscendC::Duplicate<float, false>(c4, 0.0f, AscendC::MASK_PLACEHOLDER, 1, AscendC::DEFAULT_BLK_STRIDE,
                                         AscendC::DEFAULT_REPEAT_STRIDE);
        Specials(c4, c5, c1);
        CompareTo(m, c5, 0.0f, AscendC::CMPMODE::GE);
        PositiveHalf(result, c5);
        Select(c4, result, m, c1);
        CompareTo(m, c5, -0.0001f, AscendC::CMPMODE::LT);
        NegativeHalf(result, c5);
        Select(c4, result, m, c1);
        AscendC::Cast<float, half, false>(c5, src, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1, widen);
        Bar();
        CompareTo(m1, c5, 0.0f, AscendC::CMPMODE::LT);  // -0.0001 <= x < 0
        CompareTo(m2, c5, -0.0001f, AscendC::CMPMODE::GE);
        AndMasks(m, m1, m2);
        NegativeRange(result, c5);
        Select(c4, result, m, c1);
        AscendC::Cast<half, float, false>(dst, c4, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          {1, 1, AscendC::HALF_DEFAULT_REPEAT_STRIDE, AscendC::DEFAULT_REPEAT_STRIDE});
        Bar();
    }
};

template <class T, bool isReuseSource>
void Impl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
          const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "Digamma: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const ApiName api = Named("Digamma");
    if (calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) return;
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = Pieces<T>(isReuseSource);
    const uint64_t split = MathChunk(api, dst, src, *temp, calCount, pieces, "GetDigammaMaxMinTmpSize");
    if (split == 0) return;
    Run r;
    const AscendC::LocalTensor<float> t = temp->template ReinterpretCast<float>();
    r.split = static_cast<uint32_t>(split);
    r.result = t;
    r.c1 = t[split];
    r.c2 = t[split * 2];
    r.c3 = t[split * 3];
    uint64_t next = split * 4;
    if constexpr (kHalf) {
        r.c4 = t[split * 4];
        r.c5 = t[split * 5];
        next = split * 6;
    } else if constexpr (!isReuseSource) {
        r.c4 = t[split * 4];
        next = split * 5;
    }
    r.scalar = t[next];
    const AscendC::LocalTensor<uint8_t> masks = t[next + split].template ReinterpretCast<uint8_t>();
    r.m = masks;
    r.m1 = masks[split];
    r.m2 = masks[split * 2];
    AscendC::SetMaskCount();
    const uint32_t loops = calCount / r.split;
    uint32_t tail = calCount % r.split;
    const auto chunk = [&](uint32_t at) {
        if constexpr (kHalf) {
            r.Half(dst[at], src[at]);
        } else {
            if constexpr (isReuseSource) r.c4 = src[at];
            r.Float(dst[at], src[at]);
        }
    };
    r.Count(r.split);
    for (uint32_t i = 0; i < loops; ++i) chunk(i * r.split);
    if (tail > 0) {
        tail = (tail + 7) / 8 * 8;
        r.split = tail;
        r.Count(tail);
        chunk(loops * static_cast<uint32_t>(split));
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::digamma

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Digamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                    LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::digamma::Impl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Digamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                    const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::digamma::Impl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}

}  // namespace AscendC
