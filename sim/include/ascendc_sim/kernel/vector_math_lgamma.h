// The high-level Lgamma (CANN's include/adv_api/math/lgamma.h), both forms (sharedTmpBuffer,
// framework temp), half and float, as the Atlas A2/A3 implementation runs it (asc-devkit
// impl/adv_api/detail/math/lgamma/lgamma_common_impl.h, lgamma_common_basic_impl.h,
// lgamma_common_utils.h, lgamma_v220_impl.h): per chunk, every step one Counter-mode float
// instruction of the sim (Sin through the sim's own Sin step sequence), the classes of x merged
// by Select (CMPMASK scalar 0 outside the class) and Add, as Digamma (vector_math_digamma.h).
//   float, on |x|: [0, 0.7): -ln(x p(x) + x); [0.7, 1.5): (1 - x) q(1 - x); [1.5, 3): (x - 2)
//     r(x - 2); [3, 5.8): (x - 3) + (x - 3) s1(x - 3) / s2(x - 3) (each polynomial the
//     implementation's float coefficients by Horner, one Muls/Adds/Mul per step); [5.8, inf):
//     (x - 0.5) ln(x) - x + 0.91893851757 + (0.0833332762122 + t(1/x^2)) / x, the log halved
//     and added twice; inf: inf. x < 0 from |x|: -ln|x| below 1e-19, else 1.1447298526763916
//     - ln(|sin-like(pi frac)| |x|) - lgamma(|x|) (odd/even polynomials of the reduced argument),
//     inf at the negative integers and where the product overflows; NaN passes through.
//   half (cast to float, the result back to half): x >= 0: Stirling at x + 4 (0.5 ln(2 pi /
//     (x+4)) + (x+4)(ln(x+4 + 1/(12(x+4) - 0.1/(x+4))) - 1)) minus ln(x (x+1) (x+2) (x+3)) as
//     four logs; x < 0: -lgamma_pos(1 - x) + ln(pi / |sin(pi (x - floor(x)))|); NaN passes;
//     |x| >= 65504 gives 655040 (inf in half).
// Temp (float pieces of splitSize = tmpBytes / 4 / pieces / 32 * 32 elements, pieces 13 (half),
// 8 (float), 7 (float with isReuseSource, whose zero scalar then lives in src)): tmp1..tmp6,
// tmpScalar and four byte masks (half: tmp6 is 6 pieces after a gap). Compare steps cover whole
// 64-lane repeats (half: of the full chunk even on the tail).
// Checks as CANN's (api_check/kernel_check/math/lgamma): T half or float (compile time);
// calCount within dst and src; dst, src and the temp pairwise disjoint (the page forbids the
// overlaps); one 32-element chunk at least (ApiMisuse naming GetLgammaMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/kernel/vector_math_digamma.h"

namespace sim::vec::lgamma {

constexpr float kPi = 3.1415927410125732421875f;
constexpr float kMinNeg = 9.99999968266e-20f;
constexpr uint32_t kInfBits = 0x7f800000u;
constexpr float kP007[] = {0.00358751555905f, -0.00547128543258f, -0.0446271263063f, 0.167317703366f,
                           -0.0421359799802f, -0.655867278576f, 0.577215373516f};
constexpr float kP0715[] = {0.0458826646209f, 0.103739671409f, 0.122803635895f, 0.127524212003f,
                            0.143216684461f, 0.169343575835f, 0.207407936454f, 0.27058750391f,
                            0.400685429573f, 0.82246696949f, 0.577215671539f};
constexpr float kP153[] = {4.95984932058e-05f, -0.000220894842641f, 0.000541314249858f, -0.00120451697148f,
                           0.00288425176404f, -0.00738275796175f, 0.0205813199282f, -0.067352488637f,
                           0.322467029095f, 0.422784328461f};
constexpr float kP358a[] = {-748.890319824f, -12349.7421875f, -41061.375f, -48310.6640625f};
constexpr float kP358b[] = {-259.250976562f, -10777.1796875f, -92685.046875f};
constexpr float kP58[] = {0.000777830660809f, -0.00277765537612f};
constexpr float kOdd[] = {0.00002427957952022552490234375f, -0.001388786011375486850738525390625f,
                          0.0416667275130748748779296875f, -0.4999999701976776123046875f};
constexpr float kEven[] = {-0.000195746586541645228862762451171875f, 0.0083327032625675201416015625f,
                           -0.16666662693023681640625f};

inline float Inf() {
    float v;
    std::memcpy(&v, &kInfBits, sizeof v);
    return v;
}

struct Run : digamma::CounterOps {
    AscendC::LocalTensor<float> t1, t2, t3, t4, t5, t6, scalar;
    AscendC::LocalTensor<uint8_t> m, k1, k2, k3;  // mask, tmpMask1..3
    uint32_t compareSplit = 0;                     // the elements a Compare covers (half: the full chunk)

    void Abs(const F& d, const F& s) const {
        AscendC::Abs<float, false>(d, s, AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
    }
    void Recip(const F& d, const F& s) const {
        AscendC::Reciprocal<float, false>(d, s, AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
    }
    void Cmp(const AscendC::LocalTensor<uint8_t>& mask, const F& x, const F& y, AscendC::CMPMODE mode) const {
        digamma::CounterOps whole = *this;
        whole.split = compareSplit;
        whole.CompareWith(mask, x, y, mode);
    }
    void CmpTo(const AscendC::LocalTensor<uint8_t>& mask, const F& src, const F& tmp, float v,
               AscendC::CMPMODE mode) const {
        Dup(tmp, v);
        Cmp(mask, src, tmp, mode);
    }
    void MaskNot(const AscendC::LocalTensor<uint8_t>& d, const AscendC::LocalTensor<uint8_t>& s) const {
        AscendC::Not<uint16_t, false>(d.ReinterpretCast<uint16_t>(), s.ReinterpretCast<uint16_t>(),
                                      AscendC::MASK_PLACEHOLDER, 1, u);
        Bar();
    }
    void MaskAnd(const AscendC::LocalTensor<uint8_t>& d, const AscendC::LocalTensor<uint8_t>& x,
                 const AscendC::LocalTensor<uint8_t>& y) const {
        AscendC::And<uint16_t, false>(d.ReinterpretCast<uint16_t>(), x.ReinterpretCast<uint16_t>(),
                                      y.ReinterpretCast<uint16_t>(), AscendC::MASK_PLACEHOLDER, 1, b);
        Bar();
    }
    void MaskLanes() const { Count((split + 15) / 16); }
    void FloatLanes() const { Count(split); }
    // dst += (mask ? src : scalar) through tmp (scalar: tmpScalar's first element, 0 here)
    void Select(const F& dst, const F& src, const AscendC::LocalTensor<uint8_t>& mask, const F& tmp) const {
        AscendC::SetCmpMask<float>(scalar);
        Bar();
        AscendC::Select<float, uint8_t>(tmp, mask, src, 1, b);
        Bar();
        Add(dst, tmp, dst);
    }
    // tmp = ((c0 x + c1) x + ... + c_last) x
    template <size_t N>
    void Horner(const F& tmp, const F& x, const float (&c)[N]) const {
        Muls(tmp, x, c[0]);
        Adds(tmp, tmp, c[1]);
        for (size_t i = 2; i < N; ++i) {
            Mul(tmp, tmp, x);
            Adds(tmp, tmp, c[i]);
        }
        Mul(tmp, tmp, x);
    }

    // ---- float ----
    void Range(float lo, float hi) const {  // m = lo <= |x| < hi
        CmpTo(m, t6, t1, hi, AscendC::CMPMODE::LT);
        CmpTo(k1, t6, t1, lo, AscendC::CMPMODE::GE);
        MaskLanes();
        MaskAnd(m, k1, m);
        FloatLanes();
    }
    void Positive() const {  // t5 = lgamma(|x|) piecewise
        Dup(t5, 0.0f);
        CmpTo(m, t6, t1, 0.7f, AscendC::CMPMODE::LT);
        Horner(t1, t6, kP007);
        Mul(t1, t1, t6);
        Add(t1, t1, t6);
        Ln(t1, t1);
        Muls(t1, t1, -1.0f);
        Select(t5, t1, m, t1);
        Range(0.7f, 1.5f);
        Muls(t1, t6, -1.0f);
        Adds(t1, t1, 1.0f);
        Horner(t2, t1, kP0715);
        Select(t5, t2, m, t1);
        Range(1.5f, 3.0f);
        Adds(t1, t6, -2.0f);
        Horner(t2, t1, kP153);
        Select(t5, t2, m, t1);
        Range(3.0f, 5.8f);
        Adds(t1, t6, -3.0f);
        Horner(t2, t1, kP358a);
        Adds(t2, t2, -143033.40625f);
        Horner(t3, t1, kP358b);
        Adds(t3, t3, -206353.578125f);
        Div(t3, t2, t3);
        Add(t3, t3, t1);
        Select(t5, t3, m, t1);
        Range(5.8f, Inf());
        Ln(t1, t6);
        Muls(t1, t1, 0.5f);
        Adds(t2, t6, -0.5f);
        Mul(t2, t2, t1);
        Recip(t3, t6);
        Mul(t4, t3, t3);
        Horner(t1, t4, kP58);
        Adds(t1, t1, 0.0833332762122f);
        Mul(t1, t1, t3);
        Adds(t1, t1, 0.91893851757f);
        Add(t1, t1, t2);
        Add(t1, t1, t2);
        Sub(t1, t1, t6);
        Select(t5, t1, m, t1);
        CmpTo(m, t6, t1, Inf(), AscendC::CMPMODE::GE);
        Select(t5, t6, m, t1);
    }
    void Negative() const {  // t4 = lgamma(x) for x < 0 from |x| in t6 and lgamma(|x|) in t5
        Dup(t4, 0.0f);
        CmpTo(m, t6, t1, kMinNeg, AscendC::CMPMODE::LT);
        Ln(t1, t6);
        Muls(t1, t1, -1.0f);
        Select(t4, t1, m, t1);
        // the reduced argument and the parity of round(2|x|)
        Add(t2, t6, t6);
        Adds(t2, t2, 0.5f);
        Round(t2, t2, AscendC::RoundMode::CAST_FLOOR);
        Muls(t3, t2, 0.5f);
        Round(t3, t3, AscendC::RoundMode::CAST_FLOOR);
        Muls(t3, t3, 2.0f);
        Sub(t3, t2, t3);
        CmpTo(m, t3, t1, 0.5f, AscendC::CMPMODE::GE);  // odd
        MaskLanes();
        MaskNot(k1, m);  // even
        FloatLanes();
        Muls(t2, t2, -0.5f);
        Add(t2, t2, t6);
        Muls(t2, t2, kPi);
        // the odd and even polynomials
        Mul(t3, t2, t2);
        Horner(t1, t3, kEven);
        Mul(t1, t1, t2);
        Add(t1, t1, t2);
        Dup(t2, 0.0f);
        Select(t2, t1, k1, t1);
        Horner(t1, t3, kOdd);
        Adds(t1, t1, 1.0f);
        Select(t2, t1, m, t1);
        // 1.1447298526763916 - ln(|t2| |x|) - lgamma(|x|); t3 keeps the product
        Abs(t1, t2);
        Mul(t3, t1, t6);
        Ln(t1, t3);
        Muls(t1, t1, -1.0f);
        Adds(t1, t1, 1.1447298526763916015625f);
        Muls(t2, t5, -1.0f);
        Add(t2, t1, t2);
        // select where |x| is no integer, the product finite and |x| >= 1e-19; inf elsewhere
        Round(t1, t6, AscendC::RoundMode::CAST_FLOOR);
        Cmp(m, t1, t6, AscendC::CMPMODE::NE);
        Dup(t1, Inf());
        Cmp(k1, t3, t1, AscendC::CMPMODE::LT);
        MaskLanes();
        MaskAnd(m, k1, m);
        FloatLanes();
        CmpTo(k1, t6, t1, kMinNeg, AscendC::CMPMODE::GE);
        MaskLanes();
        MaskAnd(m, k1, m);
        FloatLanes();
        Select(t4, t2, m, t1);
        MaskLanes();
        MaskNot(k1, m);
        FloatLanes();
        CmpTo(m, t6, t1, kMinNeg, AscendC::CMPMODE::GE);
        MaskLanes();
        MaskAnd(k1, k1, m);
        FloatLanes();
        Dup(t2, Inf());
        Select(t4, t2, k1, t1);
    }
    void Float(const F& dst, const F& src) {
        CmpTo(k2, src, t1, 0.0f, AscendC::CMPMODE::GE);
        CmpTo(k3, src, t1, 0.0f, AscendC::CMPMODE::LT);
        Abs(t6, src);
        AscendC::Duplicate<float, false>(scalar, 0.0f, AscendC::MASK_PLACEHOLDER, 1, AscendC::DEFAULT_BLK_STRIDE,
                                         AscendC::DEFAULT_REPEAT_STRIDE);
        Positive();
        AscendC::Duplicate<float, false>(dst, 0.0f, AscendC::MASK_PLACEHOLDER, 1, AscendC::DEFAULT_BLK_STRIDE,
                                         AscendC::DEFAULT_REPEAT_STRIDE);
        Select(dst, t5, k2, t1);
        Negative();
        Select(dst, t4, k3, t1);
        MaskLanes();
        MaskNot(m, k2);
        MaskNot(k1, k3);
        MaskAnd(m, k1, m);
        FloatLanes();
        Select(dst, t6, m, t1);
    }

    // ---- half (in float) ----
    // lgamma(x) for x > 0 into d from x (w: four pieces of temp)
    void PositiveHalf(const F& d, const F& x, const F& w) const {
        const uint32_t s = compareSplit;
        const F w1 = w, w2 = w[s], w3 = w[s * 2], w4 = w[s * 3];
        Adds(w1, x, 4.0f);
        Dup(d, 1.0f);
        Div(d, d, w1);
        Muls(w2, d, kPi);
        Muls(w2, w2, 2.0f);
        Ln(w2, w2);
        Muls(w2, w2, 0.5f);
        Muls(w3, d, -0.1f);
        Muls(w4, w1, 12.0f);
        Add(w4, w4, w3);
        Dup(d, 1.0f);
        Div(w4, d, w4);
        Add(w4, w4, w1);
        Ln(w4, w4);
        Adds(w4, w4, -1.0f);
        Mul(w4, w4, w1);
        Add(d, w4, w2);
        Ln(w3, x);
        for (float k : {1.0f, 2.0f, 3.0f}) {
            Adds(w2, x, k);
            Ln(w2, w2);
            Add(w3, w3, w2);
        }
        Sub(d, d, w3);
    }
    void NegativeHalf(const F& d, const F& x, const F& w) const {
        const uint32_t s = compareSplit;
        const F w1 = w, w2 = w[s], w3 = w[s * 2], w7 = w[s * 2];
        Muls(w1, x, -1.0f);
        Adds(w1, w1, 1.0f);
        PositiveHalf(d, w1, w7);
        Muls(d, d, -1.0f);
        Round(w1, x, AscendC::RoundMode::CAST_FLOOR);
        Sub(w1, x, w1);
        Muls(w1, w1, kPi);
        TrigChunk<TrigKind::Sin>(w2, w1, w7[s * 2], w7, w7[s], split);
        Counter();
        Abs(w2, w2);
        Dup(w3, kPi);
        Div(w2, w3, w2);
        Ln(w2, w2);
        Add(d, d, w2);
    }
    void Half(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<half>& src) const {
        Dup(t1, 0.0f);
        AscendC::Cast<float, half, false>(t2, src, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          {1, 1, AscendC::DEFAULT_REPEAT_STRIDE, AscendC::HALF_DEFAULT_REPEAT_STRIDE});
        Bar();
        Dup(scalar, 0.0f);
        PositiveHalf(t3, t2, t6);
        CmpTo(m, t2, t5, 0.0f, AscendC::CMPMODE::GE);
        Select(t1, t3, m, t5);
        NegativeHalf(t4, t2, t6);
        CmpTo(k1, t2, t5, 0.0f, AscendC::CMPMODE::LT);
        Select(t1, t4, k1, t5);
        MaskLanes();
        MaskNot(k2, m);
        MaskNot(k3, k1);
        MaskAnd(k2, k2, k3);
        FloatLanes();
        Select(t1, t2, k2, t4);
        Abs(t2, t2);
        CmpTo(k2, t2, t4, 65504.0f, AscendC::CMPMODE::GE);
        MaskLanes();
        MaskNot(k3, k2);
        FloatLanes();
        Dup(scalar, 655040.0f);  // |x| >= 65504: the value becomes half's inf
        AscendC::SetCmpMask<float>(scalar);
        Bar();
        AscendC::Select<float, uint8_t>(t1, k3, t1, 1, b);
        Bar();
        AscendC::Cast<half, float, false>(dst, t1, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          {1, 1, AscendC::HALF_DEFAULT_REPEAT_STRIDE, AscendC::DEFAULT_REPEAT_STRIDE});
        Bar();
    }
};

template <class T, bool isReuseSource>
void Impl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
          const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "Lgamma: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const ApiName api = Named("Lgamma");
    if (calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) return;
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = kHalf ? 13 : (isReuseSource ? 7 : 8);
    const uint64_t split = MathChunk(api, dst, src, *temp, calCount, pieces, "GetLgammaMaxMinTmpSize");
    if (split == 0) return;
    Run r;
    const AscendC::LocalTensor<float> t = temp->template ReinterpretCast<float>();
    r.split = r.compareSplit = static_cast<uint32_t>(split);
    r.t1 = t;
    r.t2 = t[split];
    r.t3 = t[split * 2];
    r.t4 = t[split * 3];
    r.t5 = t[split * 4];
    uint64_t masks = 0;
    if constexpr (kHalf) {
        r.scalar = t[split * 5];
        masks = split * 6;
        r.t6 = t[split * 7];
    } else {
        r.t6 = t[split * 5];
        masks = isReuseSource ? split * 6 : split * 7;
        if constexpr (!isReuseSource) r.scalar = t[split * 6];
    }
    const AscendC::LocalTensor<uint8_t> bytes = t[masks].template ReinterpretCast<uint8_t>();
    r.m = bytes;
    r.k1 = bytes[split];
    r.k2 = bytes[split * 2];
    r.k3 = bytes[split * 3];
    const uint32_t loops = calCount / r.split, tail = calCount % r.split;
    const auto chunk = [&](uint32_t at) {
        if constexpr (kHalf) {
            r.Half(dst[at], src[at]);
        } else {
            if constexpr (isReuseSource) r.scalar = src[at];
            r.Float(dst[at], src[at]);
        }
    };
    AscendC::SetMaskCount();
    r.Count(r.split);
    for (uint32_t i = 0; i < loops; ++i) chunk(i * static_cast<uint32_t>(split));
    if (tail > 0) {
        r.split = tail;
        if constexpr (!kHalf) r.compareSplit = tail;  // half compares the full chunk
        r.Count(tail);
        chunk(loops * static_cast<uint32_t>(split));
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::lgamma

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Lgamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::lgamma::Impl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Lgamma(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                   const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::lgamma::Impl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}

}  // namespace AscendC
