// The high-level Power (CANN's include/adv_api/math/power.h): dst = base ^ exp with a tensor or a
// scalar for either, step by step as the Atlas A2/A3 implementation runs it (asc-devkit
// impl/adv_api/detail/math/power/power_common_impl.h, power_float_impl.h, power_v220_impl.h),
// each step one count-form float instruction of the sim over one chunk of n elements:
//   dst = Exp(Mul(y, Ln(Abs(x))))                                  (exp(y ln|x|))
//   t1 = Rint(Abs(y)); t2 = Floor(t1 * 0.5) * 2; t1 = Rint((t1 - t2) * -2 + 1)   (-1: y odd)
//   m1 = (ShiftRight(bits(x), 31) == 1)                                           (x negative)
//   t2 = Abs(y); t3 = Abs(t2 - Rint(t2)); intY = t3 < 1e-8; m1 = m1 And intY
//   t2 = Select(m1, t1, 1.0); dst = t2 * dst                       (the sign of x^odd, x < 0)
//   m1 = (|y| != 0) And (x != 1) And ((x != -1) Or (|y| != inf)); dst = Select(m1, dst, 1.0)
//   m1 = (|y| == inf) Or intY Or (x >= 0) Or (x == -inf);          dst = Select(m1, dst, NaN)
// The masks are bit masks (CompareScalar in Counter mode, And/Or over ceil(n / 16) uint16
// words), the Select's scalar comes from CMPMASK (SetCmpMask of a 32-byte block of 1.0 or NaN the
// API writes at the temp's start). half is Cast to float (CAST_NONE) into the temp first and the
// result back (CAST_NONE = to nearest even); a scalar operand is Duplicated into a temp piece
// once.
// Temp: 256 bytes (the 1.0 and NaN blocks), then chunks of n = (tmpBytes - 256) / 4 / f / 32 * 32
// float elements, f = 4 (float, tensor^tensor), 5 (float with a scalar), 7 (half); pieces as the
// implementation lays them out: [half: x, y, result floats][float scalar form: the scalar's
// piece] t1, t2, t3 (floats), m1, m2, m3, intY (n bytes each).
// int32_t runs power_int_impl.h's loops (PowerIntChunk below) in chunks of tmpBytes / 4 / f / 32 * 32
// elements, f = 6 (tensor^tensor) or 7 (with a scalar), no reserved bytes; the ReduceSum that
// ends each loop gets t2 as its work tensor (v220 passes a piece PowerIParamsCalc leaves unset).
// Checks as CANN's (api_check/kernel_check/math/power): T half, float or int32_t (compile time);
// isReuseSource reserved (must be false); calCount within dst and the source tensors; dst
// disjoint from each source tensor (the page forbids the overlap) and the temp's used bytes
// disjoint from dst and the sources; the temp must exceed 256 bytes and give one 32-element
// chunk (GetPowerMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_count_compare.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"
#include "ascendc_sim/kernel/vector_select.h"

namespace AscendC {
// asc-devkit impl/adv_api/detail/math/power/power_common_utils.h; the page gives `config` to
// Ascend 950 only: A2/A3 accept it and run the INTRINSIC algorithm above.
enum class PowerAlgo {
    INTRINSIC = 0,
    DOUBLE_FLOAT_TECH,
};
struct PowerConfig {
    PowerAlgo algo = PowerAlgo::INTRINSIC;
};
constexpr PowerConfig defaultPowerConfig = {PowerAlgo::INTRINSIC};
}  // namespace AscendC

namespace sim::vec {

template <class T>
constexpr bool kPowerType = kIsOneOf<T, half, float, int32_t>;

constexpr uint32_t kPowerScalarBytes = 256;  // ONE_REPEAT_BYTE_SIZE: the 1.0 / NaN blocks
constexpr float kPowerIntThreshold = 0.00000001f;

// The float temps of one chunk (PowerFParamsCalc's layout).
struct PowerFloatTemps {
    AscendC::LocalTensor<float> t1, t2, t3;
    AscendC::LocalTensor<uint8_t> m1, m2, m3, intY;
    AscendC::LocalTensor<float> scalars;  // [0, 8): 1.0, [8, 16): NaN
};

inline PowerFloatTemps PowerTempsAt(const AscendC::LocalTensor<uint8_t>& temp, uint32_t byteOffset, uint64_t n) {
    PowerFloatTemps p;
    p.scalars = temp.template ReinterpretCast<float>();
    const AscendC::LocalTensor<float> f = temp[byteOffset].template ReinterpretCast<float>();
    const auto at = [&](uint64_t i) { return static_cast<uint32_t>(n * i); };
    p.t1 = f;
    p.t2 = f[at(1)];
    p.t3 = f[at(2)];
    const AscendC::LocalTensor<uint8_t> masks = temp[byteOffset + at(3) * 4];
    p.m1 = masks;
    p.m2 = masks[at(1)];
    p.m3 = masks[at(2)];
    p.intY = masks[at(3)];
    return p;
}

// dst = sel ? src : CMPMASK's scalar (loaded from `scalarBlock`), n lanes in Counter mode.
inline void PowerSelect(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                        const AscendC::LocalTensor<uint8_t>& sel, const AscendC::LocalTensor<float>& src,
                        const AscendC::LocalTensor<float>& scalarBlock, int64_t n) {
    LoadCmpMask(steps("SetCmpMask"), scalarBlock.SimRef());
    float scalar;
    std::memcpy(&scalar, Core().cmpMask.bits, sizeof scalar);
    const UbRef selRef = sel.SimRef();
    const ApiName api = steps("Select");
    InCounterMode(static_cast<uint32_t>(n), [&](const MaskArg& mask) {
        SelectBits bits;
        RunSelect(api, mask, true, 1, &bits, &selRef, SelectScalarOp<float>{&bits, scalar}, dst,
                  AscendC::BinaryRepeatParams{}, src);
    });
}

inline void PowerMaskOp(const MathSteps& steps, bool isAnd, const AscendC::LocalTensor<uint8_t>& dst,
                        const AscendC::LocalTensor<uint8_t>& a, const AscendC::LocalTensor<uint8_t>& b, int64_t n) {
    const int64_t words = (n + 15) / 16;
    const auto u16 = [](const AscendC::LocalTensor<uint8_t>& t) { return t.template ReinterpretCast<uint16_t>(); };
    if (isAnd) Binary<AndOp>(steps("And"), u16(dst), u16(a), u16(b), words);
    else Binary<OrOp>(steps("Or"), u16(dst), u16(a), u16(b), words);
}

// CommonPowerF: dst = x ^ y for n float elements.
inline void PowerFloatChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                            const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& y,
                            const PowerFloatTemps& p, int64_t n) {
    using num::Rounding;
    constexpr float kInf = std::numeric_limits<float>::infinity();
    const auto cmp = [&](const AscendC::LocalTensor<uint8_t>& m, const AscendC::LocalTensor<float>& src, float v,
                         AscendC::CMPMODE mode) { CountCompareScalar(steps("CompareScalar"), m, src, v, mode, n); };
    // exp(y ln|x|)
    Unary<AbsOp>(steps("Abs"), dst, x, n);
    Unary<LnOp>(steps("Ln"), dst, dst, n);
    Binary<MulOp>(steps("Mul"), dst, y, dst, n);
    Unary<ExpOp>(steps("Exp"), dst, dst, n);
    // t1 = -1 where y is odd, 1 where even
    Unary<AbsOp>(steps("Abs"), p.t1, y, n);
    steps.Cast(p.t1, p.t1, Rounding::NearestEven, n);
    Scalar<MulOp>(steps("Muls"), p.t2, p.t1, 0.5f, n);
    steps.Cast(p.t2, p.t2, Rounding::Floor, n);
    Scalar<MulOp>(steps("Muls"), p.t2, p.t2, 2.0f, n);
    Binary<SubOp>(steps("Sub"), p.t1, p.t1, p.t2, n);
    Scalar<MulOp>(steps("Muls"), p.t1, p.t1, -2.0f, n);
    Scalar<AddOp>(steps("Adds"), p.t1, p.t1, 1.0f, n);
    steps.Cast(p.t1, p.t1, Rounding::NearestEven, n);
    // m1 = x negative and y an integer
    const AscendC::LocalTensor<uint32_t> t2u = p.t2.template ReinterpretCast<uint32_t>();
    Elementwise(steps("ShiftRight"), t2u, n, ShiftRightOp<uint32_t>{31}, ElementwiseOptions{},
                x.template ReinterpretCast<uint32_t>());
    CountCompareScalar(steps("CompareScalar"), p.m1, p.t2.template ReinterpretCast<int32_t>(), int32_t{1},
                       AscendC::CMPMODE::EQ, n);
    Unary<AbsOp>(steps("Abs"), p.t2, y, n);
    steps.Cast(p.t3, p.t2, Rounding::NearestEven, n);
    Binary<SubOp>(steps("Sub"), p.t3, p.t2, p.t3, n);
    Unary<AbsOp>(steps("Abs"), p.t3, p.t3, n);
    cmp(p.intY, p.t3, kPowerIntThreshold, AscendC::CMPMODE::LT);
    PowerMaskOp(steps, true, p.m1, p.intY, p.m1, n);
    PowerSelect(steps, p.t2, p.m1, p.t1, p.scalars, n);
    Binary<MulOp>(steps("Mul"), dst, p.t2, dst, n);
    // 1 where y == 0, x == 1, or x == -1 with |y| = inf
    Unary<AbsOp>(steps("Abs"), p.t1, y, n);
    cmp(p.m1, p.t1, 0.0f, AscendC::CMPMODE::NE);
    cmp(p.m2, x, 1.0f, AscendC::CMPMODE::NE);
    PowerMaskOp(steps, true, p.m1, p.m2, p.m1, n);
    cmp(p.m2, x, -1.0f, AscendC::CMPMODE::NE);
    cmp(p.m3, p.t1, kInf, AscendC::CMPMODE::NE);
    PowerMaskOp(steps, false, p.m2, p.m3, p.m2, n);
    PowerMaskOp(steps, true, p.m1, p.m2, p.m1, n);
    PowerSelect(steps, dst, p.m1, dst, p.scalars, n);
    // NaN where x < 0 (not -inf) and y is finite and not an integer
    Unary<AbsOp>(steps("Abs"), p.t1, y, n);
    cmp(p.m1, p.t1, kInf, AscendC::CMPMODE::EQ);
    PowerMaskOp(steps, false, p.m1, p.intY, p.m1, n);
    cmp(p.m2, x, 0.0f, AscendC::CMPMODE::GE);
    cmp(p.m3, x, -kInf, AscendC::CMPMODE::EQ);
    PowerMaskOp(steps, false, p.m2, p.m3, p.m2, n);
    PowerMaskOp(steps, false, p.m1, p.m2, p.m1, n);
    PowerSelect(steps, dst, p.m1, dst, p.scalars[8], n);
}

// The int32_t temps of one chunk (PowerIParamsCalc's layout on v220).
struct PowerIntTemps {
    AscendC::LocalTensor<int32_t> expIt, oriAbs, record, t1, t2;
    AscendC::LocalTensor<uint8_t> negMask, mask, scalarBlock;
};

inline PowerIntTemps PowerIntTempsAt(const AscendC::LocalTensor<uint8_t>& temp, uint32_t byteOffset, uint64_t n) {
    PowerIntTemps p;
    const AscendC::LocalTensor<int32_t> i = temp[byteOffset].template ReinterpretCast<int32_t>();
    const auto at = [&](uint64_t k) { return static_cast<uint32_t>(n * k); };
    p.expIt = i;
    p.oriAbs = i[at(1)];
    p.record = i[at(2)];
    p.t1 = i[at(3)];
    p.t2 = i[at(4)];
    p.negMask = temp[byteOffset + at(5) * 4];
    p.mask = p.negMask[at(1)];
    p.scalarBlock = p.negMask[at(2)];
    return p;
}

// dst = sel ? a : b (VSEL_TENSOR_TENSOR_MODE on the int32 bit patterns as float): sel's UB address
// is Duplicated into the scalar block and loaded into CMPMASK first, as the v220 path does (4
// words, the 16 bytes SetCmpMask reads).
inline void PowerIntSelect(const MathSteps& steps, const AscendC::LocalTensor<int32_t>& dst,
                           const AscendC::LocalTensor<uint8_t>& sel, const AscendC::LocalTensor<int32_t>& a,
                           const AscendC::LocalTensor<int32_t>& b, const AscendC::LocalTensor<uint8_t>& scalarBlock,
                           int64_t n) {
    const UbRef selRef = sel.SimRef();
    Fill(steps("Duplicate"), scalarBlock.template ReinterpretCast<uint32_t>(), selRef.offset, 4);
    LoadCmpMask(steps("SetCmpMask"), scalarBlock.SimRef());
    const ApiName api = steps("Select");
    const auto f = [](const AscendC::LocalTensor<int32_t>& t) { return t.template ReinterpretCast<float>(); };
    InCounterMode(static_cast<uint32_t>(n), [&](const MaskArg& mask) {
        SelectBits bits;
        RunSelect(api, mask, true, 1, &bits, &selRef, SelectTensorsOp{&bits}, f(dst), AscendC::BinaryRepeatParams{},
                  f(a), f(b));
    });
}

// CommonPowerI: dst = x ^ y for n int32 elements: |y| split into its highest power of two 2^k
// (x squared k times, while any exponent has bits left: a ReduceSum of the remaining exponents,
// read by the scalar unit, ends each loop) and the rest (one multiplication by x per unit, again
// until the ReduceSum is 0); a negative y gives trunc(1 / x^|y|) (0 where x^|y| is 0).
inline void PowerIntChunk(const MathSteps& steps, const AscendC::LocalTensor<int32_t>& dst,
                          const AscendC::LocalTensor<int32_t>& x, const AscendC::LocalTensor<int32_t>& y,
                          const PowerIntTemps& p, int64_t n) {
    using AscendC::CMPMODE;
    const auto f = [](const AscendC::LocalTensor<int32_t>& t) { return t.template ReinterpretCast<float>(); };
    const auto toFloat = [&](const AscendC::LocalTensor<int32_t>& src) {
        Elementwise(steps("Cast"), f(p.t1), n, CastOp<float, int32_t>{num::Rounding::NearestEven}, ElementwiseOptions{},
                    src);
    };
    const auto isZero = [&](const AscendC::LocalTensor<int32_t>& src) {
        CountCompareScalar(steps("CompareScalar"), p.mask, src, int32_t{0}, CMPMODE::EQ, n);
    };
    const auto shiftExp = [&] {
        Elementwise(steps("ShiftRight"), p.expIt, n, ShiftRightOp<int32_t>{1}, ElementwiseOptions{}, p.expIt);
    };
    const auto anyLeft = [&](const AscendC::LocalTensor<int32_t>& exps) {
        toFloat(exps);
        const AscendC::LocalTensor<float> sum = p.scalarBlock.template ReinterpretCast<float>();
        ReduceSumCount(sum, f(p.t1), f(p.t2), static_cast<int32_t>(n));
        return sum.GetValue(0) != 0.0f;
    };
    toFloat(y);
    CountCompareScalar(steps("CompareScalar"), p.negMask, f(p.t1), 0.0f, CMPMODE::LT, n);
    Scalar<MulOp>(steps("Muls"), p.t1, y, int32_t{-1}, n);
    PowerIntSelect(steps, p.expIt, p.negMask, p.t1, y, p.scalarBlock, n);
    Scalar<MulOp>(steps("Muls"), p.oriAbs, p.expIt, int32_t{1}, n);
    isZero(p.oriAbs);
    Fill(steps("Duplicate"), p.record, int32_t{0}, n);
    Fill(steps("Duplicate"), p.t2, int32_t{1}, n);
    PowerIntSelect(steps, p.record, p.mask, p.record, p.t2, p.scalarBlock, n);
    PowerIntSelect(steps, dst, p.mask, p.t2, x, p.scalarBlock, n);
    shiftExp();
    isZero(p.expIt);
    while (anyLeft(p.expIt)) {
        Binary<MulOp>(steps("Mul"), p.t1, dst, dst, n);
        Scalar<MulOp>(steps("Muls"), p.t2, p.record, int32_t{2}, n);
        PowerIntSelect(steps, dst, p.mask, dst, p.t1, p.scalarBlock, n);
        PowerIntSelect(steps, p.record, p.mask, p.record, p.t2, p.scalarBlock, n);
        shiftExp();
        isZero(p.expIt);
    }
    Binary<SubOp>(steps("Sub"), p.record, p.oriAbs, p.record, n);
    isZero(p.record);
    while (anyLeft(p.record)) {
        Binary<MulOp>(steps("Mul"), p.t1, dst, x, n);
        Scalar<AddOp>(steps("Adds"), p.t2, p.record, int32_t{-1}, n);
        PowerIntSelect(steps, dst, p.mask, dst, p.t1, p.scalarBlock, n);
        PowerIntSelect(steps, p.record, p.mask, p.record, p.t2, p.scalarBlock, n);
        isZero(p.record);
    }
    // negative exponents
    isZero(dst);
    const AscendC::LocalTensor<float> result = f(p.oriAbs), ones = f(p.expIt);
    Elementwise(steps("Cast"), result, n, CastOp<float, int32_t>{num::Rounding::NearestEven}, ElementwiseOptions{}, dst);
    Fill(steps("Duplicate"), ones, 1.0f, n);
    Binary<DivOp>(steps("Div"), result, ones, result, n);
    Elementwise(steps("Cast"), p.t1, n, CastOp<int32_t, float>{num::Rounding::TowardZero}, ElementwiseOptions{}, result);
    PowerIntSelect(steps, dst, p.negMask, p.t1, dst, p.scalarBlock, n);
    Fill(steps("Duplicate"), p.t2, int32_t{0}, n);
    PowerIntSelect(steps, dst, p.mask, p.t2, dst, p.scalarBlock, n);
}

// The float and half body of PowerImpl (after its checks): the 1.0 / NaN blocks, the scalar's
// piece, the chunks.
template <class T>
void PowerFloatCall(const MathSteps& steps, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* base,
                    T baseScalar, const AscendC::LocalTensor<T>* exp, T expScalar,
                    const AscendC::LocalTensor<uint8_t>& tempRef, uint32_t calCount, uint64_t chunk, bool bothTensors);

// One Power call: base and exp each a tensor (non-null) or the scalar.
template <class T, bool isReuseSource>
void PowerImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* base, T baseScalar,
               const AscendC::LocalTensor<T>* exp, T expScalar, const AscendC::LocalTensor<uint8_t>* temp,
               uint32_t calCount) {
    static_assert(kPowerType<T>, "Power: element type must be half, float or int32_t on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    constexpr bool kInt = std::is_same_v<T, int32_t>;
    const MathSteps steps{"Power"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0) return;
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    if (!CheckFits(api, "dstTensor", dst.SimRef(), bytes)) return;
    if (base != nullptr && !CheckFits(api, "src0Tensor", base->SimRef(), bytes)) return;
    if (exp != nullptr && !CheckFits(api, "src1Tensor", exp->SimRef(), bytes)) return;
    const OperandRange dstRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)};
    if (base != nullptr) CheckDisjoint(api, dstRange, OperandRange{"src0Tensor", base->SimRef(), bytes, sizeof(T)});
    if (exp != nullptr) CheckDisjoint(api, dstRange, OperandRange{"src1Tensor", exp->SimRef(), bytes, sizeof(T)});
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    const bool bothTensors = base != nullptr && exp != nullptr;
    const uint32_t factor = kInt ? (bothTensors ? 6 : 7) : kHalf ? 7 : (bothTensors ? 4 : 5);
    const uint64_t reserved = kInt ? 0 : kPowerScalarBytes;  // the 1.0 / NaN blocks (float and half)
    const uint64_t tmpBytes = temp->GetSize();
    const uint64_t chunk =
        tmpBytes > reserved ? (tmpBytes - reserved) / sizeof(float) / factor / kBlockBytes * kBlockBytes : 0;
    if (!CheckChunk(api, temp->SimRef(), chunk, reserved + uint64_t{kBlockBytes} * sizeof(float) * factor,
                    "GetPowerMaxMinTmpSize")) {
        return;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp->SimRef(), reserved + chunk * sizeof(float) * factor, 1};
    CheckDisjoint(api, dstRange, tempRange);
    if (base != nullptr) CheckDisjoint(api, OperandRange{"src0Tensor", base->SimRef(), bytes, sizeof(T)}, tempRange);
    if (exp != nullptr) CheckDisjoint(api, OperandRange{"src1Tensor", exp->SimRef(), bytes, sizeof(T)}, tempRange);

    if constexpr (kInt) {
        // [the scalar's piece] then PowerIParamsCalc's pieces; the scalar Duplicated once
        const AscendC::LocalTensor<int32_t> scalarPiece = temp->template ReinterpretCast<int32_t>();
        const PowerIntTemps p = PowerIntTempsAt(*temp, static_cast<uint32_t>(bothTensors ? 0 : chunk * 4), chunk);
        if (base == nullptr) Fill(steps("Duplicate"), scalarPiece, baseScalar, static_cast<int64_t>(chunk));
        if (exp == nullptr) Fill(steps("Duplicate"), scalarPiece, expScalar, static_cast<int64_t>(chunk));
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            PowerIntChunk(steps, dst[offset], base != nullptr ? (*base)[offset] : scalarPiece,
                          exp != nullptr ? (*exp)[offset] : scalarPiece, p, n);
        });
    } else {
        PowerFloatCall<T>(steps, dst, base, baseScalar, exp, expScalar, *temp, calCount, chunk, bothTensors);
    }
}

template <class T>
void PowerFloatCall(const MathSteps& steps, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>* base,
                    T baseScalar, const AscendC::LocalTensor<T>* exp, T expScalar,
                    const AscendC::LocalTensor<uint8_t>& tempRef, uint32_t calCount, uint64_t chunk, bool bothTensors) {
    constexpr bool kHalf = std::is_same_v<T, half>;
    const AscendC::LocalTensor<uint8_t>* temp = &tempRef;
    const AscendC::LocalTensor<float> floats = temp->template ReinterpretCast<float>();
    const auto piece = [&](uint32_t i) {
        return (*temp)[static_cast<uint32_t>(kPowerScalarBytes + chunk * sizeof(float) * i)].template ReinterpretCast<float>();
    };
    // InitTmpScalar: a block of 1.0 and one of NaN
    Fill(steps("Duplicate"), floats, 1.0f, 8);
    Fill(steps("Duplicate"), floats[8], std::numeric_limits<float>::quiet_NaN(), 8);
    if constexpr (kHalf) {
        const AscendC::LocalTensor<float> x = piece(0), y = piece(1), result = piece(2);
        const PowerFloatTemps p = PowerTempsAt(*temp, static_cast<uint32_t>(kPowerScalarBytes + chunk * 12), chunk);
        if (base == nullptr) Fill(steps("Duplicate"), x, static_cast<float>(baseScalar), static_cast<int64_t>(chunk));
        if (exp == nullptr) Fill(steps("Duplicate"), y, static_cast<float>(expScalar), static_cast<int64_t>(chunk));
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            if (base != nullptr) steps.Widen(x, (*base)[offset], n);
            if (exp != nullptr) steps.Widen(y, (*exp)[offset], n);
            PowerFloatChunk(steps, result, x, y, p, n);
            steps.Narrow(dst[offset], result, n);
        });
    } else {
        const uint32_t scalarPieces = bothTensors ? 0 : 1;
        const AscendC::LocalTensor<float> scalarPiece = piece(0);
        const PowerFloatTemps p =
            PowerTempsAt(*temp, static_cast<uint32_t>(kPowerScalarBytes + chunk * sizeof(float) * scalarPieces), chunk);
        if (base == nullptr) Fill(steps("Duplicate"), scalarPiece, baseScalar, static_cast<int64_t>(chunk));
        if (exp == nullptr) Fill(steps("Duplicate"), scalarPiece, expScalar, static_cast<int64_t>(chunk));
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            PowerFloatChunk(steps, dst[offset], base != nullptr ? (*base)[offset] : scalarPiece,
                            exp != nullptr ? (*exp)[offset] : scalarPiece, p, n);
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_POWER_TEMPLATE template <typename T, bool isReuseSource = false, const PowerConfig& config = defaultPowerConfig>
#define ASCENDC_SIM_POWER_CALL(base, baseScalar, exp, expScalar, temp, count) \
    sim::NoteCallSite();                                                          \
    sim::vec::PowerImpl<T, isReuseSource>(dstTensor, base, baseScalar, exp, expScalar, temp, count)

// Power(dstTensor, src0Tensor, src1Tensor)
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const LocalTensor<T>& src1Tensor,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, &src1Tensor, T{}, &sharedTmpBuffer, calCount);
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const LocalTensor<T>& src1Tensor,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, &src1Tensor, T{}, &sharedTmpBuffer, src0Tensor.GetSize());
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const LocalTensor<T>& src1Tensor, uint32_t calCount) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, &src1Tensor, T{}, nullptr, calCount);
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const LocalTensor<T>& src1Tensor) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, &src1Tensor, T{}, nullptr, src0Tensor.GetSize());
}

// Power(dstTensor, src0Tensor, src1Scalar)
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const T& src1Scalar, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                  uint32_t calCount) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, nullptr, src1Scalar, &sharedTmpBuffer, calCount);
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const T& src1Scalar, const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, nullptr, src1Scalar, &sharedTmpBuffer, src0Tensor.GetSize());
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const T& src1Scalar, uint32_t calCount) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, nullptr, src1Scalar, nullptr, calCount);
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                  const T& src1Scalar) {
    ASCENDC_SIM_POWER_CALL(&src0Tensor, T{}, nullptr, src1Scalar, nullptr, src0Tensor.GetSize());
}

// Power(dstTensor, src0Scalar, src1Tensor)
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                                                  const LocalTensor<T>& src1Tensor,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    ASCENDC_SIM_POWER_CALL(nullptr, src0Scalar, &src1Tensor, T{}, &sharedTmpBuffer, calCount);
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                                                  const LocalTensor<T>& src1Tensor,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCENDC_SIM_POWER_CALL(nullptr, src0Scalar, &src1Tensor, T{}, &sharedTmpBuffer, src1Tensor.GetSize());
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                                                  const LocalTensor<T>& src1Tensor, uint32_t calCount) {
    ASCENDC_SIM_POWER_CALL(nullptr, src0Scalar, &src1Tensor, T{}, nullptr, calCount);
}
ASCENDC_SIM_POWER_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar,
                                                  const LocalTensor<T>& src1Tensor) {
    ASCENDC_SIM_POWER_CALL(nullptr, src0Scalar, &src1Tensor, T{}, nullptr, src1Tensor.GetSize());
}

#undef ASCENDC_SIM_POWER_CALL
#undef ASCENDC_SIM_POWER_TEMPLATE

}  // namespace AscendC
