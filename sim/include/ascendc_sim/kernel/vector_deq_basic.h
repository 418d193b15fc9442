// The basic quantization instructions (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/):
// SetDeqScale (类型转换辅助配置接口/SetDeqScale.md), CastDequant and AddDeqRelu (复合计算/), as
// the 2201 implementation issues them (impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h,
// kernel_operator_vec_binary_impl.h).
//
// DEQSCALE (64 bits, per core): SetDeqScale(half) puts the half's bits in it (and the copy the
// implementation keeps for AddDeqRelu, g_deqValue); SetDeqScale(float scale, int16_t offset, bool
// signMode) packs scale bits 0..31, offset & 0x1ff at bit 37, signMode at bit 46 (MakeDeqScaleConfig);
// SetDeqScale<uint64_t>(vdeq, vdeqInfo) writes 16 such words into vdeq (16 scalar SetValue's) and
// points the register at vdeq. Initially the half 1.0 (the kernel init sets g_deqValue = 1).
//
// CastDequant<T, U, isVecDeq, halfBlock>:
//   int32_t -> half: one vconv_deq: dst = half(src * scale), the scale the register's low half;
//     the sim takes the product exactly (it fits a double) and rounds once to nearest even.
//   int16_t -> int8_t/uint8_t: one vconv_(v)deqs162b8(h|l): each 32-B block of 16 int16 sources
//     gives 16 bytes, written to bytes 16..31 (halfBlock = true) or 0..15 (false) of the dst block
//     with the same index (the other half is not written); dst_i = sat(rint(src_i * scale + offset)),
//     scale the register's float cut to the hardware's (1,8,10) format (the low 13 mantissa bits
//     dropped), offset the signed 9-bit field, saturation to int8 (signMode 1) or uint8 (0). With
//     isVecDeq, lane j of every block uses word j of vdeq (read by the instruction: 128 B).
//   The rounding of the product is not documented: the sim rounds once, to nearest even.
// AddDeqRelu (int32_t, int32_t -> half), the 8 steps of AddDeqReluCompute per chunk of at most
//   2048 elements (TMP_UB_SIZE / 4): tmp = src0 + src1 (int32, wraps); src0 as float = float(tmp);
//   *= 2^-17; *= float(g_deqValue); *= 2^17; src1 as half = half(that); tmp as half = 0;
//   dst = Max(tmp, src1). NOTE: as on the hardware, src0 and src1 are overwritten (float and half
//   intermediates). tmp is the implementation's hidden temp, the last 8 KB of UB (TMP_UB_OFFSET);
//   the sim uses a static LocalTensor there. The mask forms run the same steps with the kernel's
//   strides on the Add and the Max's dst and default strides elsewhere, 32 repeats per chunk.
// Checks: dtype pairs at compile time (static_assert naming the API); isVecDeq without
// SetDeqScale(vdeq, ...) before it (or the scalar forms with isVecDeq) is ApiMisuse; the output
// type against signMode is ApiMisuse; vdeq must be uint64_t (compile time), 128 B, 32-B aligned.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_ops.h"
#include "ascendc_sim/numeric/round.h"

namespace AscendC {
#ifndef ASCENDC_SIM_VDEQ_TENSOR_SIZE
#define ASCENDC_SIM_VDEQ_TENSOR_SIZE
constexpr int32_t VDEQ_TENSOR_SIZE = 16;
#endif
struct VdeqInfo {
    __aicore__ VdeqInfo() {}
    __aicore__ VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE], const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
                        const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
        for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
            vdeqScale[i] = vdeqScaleIn[i];
            vdeqOffset[i] = vdeqOffsetIn[i];
            vdeqSignMode[i] = vdeqSignModeIn[i];
        }
    }
    float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
    int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
    bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};
}  // namespace AscendC

namespace sim::vec {

// The DEQSCALE register of the running core (core_state.h).
inline DeqScaleRegister& DeqScale() { return Core().deqScale; }

inline uint64_t DeqScaleConfig(float scale, int16_t offset, bool signMode) {
    uint32_t bits;
    std::memcpy(&bits, &scale, sizeof bits);
    return (static_cast<uint64_t>(signMode) << 46) | ((static_cast<uint64_t>(offset) & 0x1ffu) << 37) | bits;
}

// One int16 -> b8 element with the word `config`.
inline uint8_t DeqS16ToB8(int16_t x, uint64_t config) {
    const uint32_t scaleBits = static_cast<uint32_t>(config) & 0xFFFFE000u;  // (1,8,10)
    float scale;
    std::memcpy(&scale, &scaleBits, sizeof scale);
    int32_t offset = static_cast<int32_t>((config >> 37) & 0x1ffu);
    if (offset >= 256) offset -= 512;
    const bool sign = ((config >> 46) & 1u) != 0;
    const double v = static_cast<double>(x) * static_cast<double>(scale) + offset;
    if (std::isnan(v)) return 0;
    const double r = num::RoundToIntegral(v, num::Rounding::NearestEven);
    const double lo = sign ? -128.0 : 0.0, hi = sign ? 127.0 : 255.0;
    const int32_t q = static_cast<int32_t>(r < lo ? lo : (r > hi ? hi : r));
    return static_cast<uint8_t>(q);
}

// vconv_deq (int32 -> half with the register's half scale): DeqS32ToHalfOp, vector_cast.h.

// isVecDeq against the SetDeqScale form last called, and the b8 type against signMode (the pages'
// constraints): ApiMisuse; false drops the call.
inline bool CheckVecDeqMode(const ApiName& api, bool isVecDeq, bool signedDst) {
    const DeqScaleRegister& reg = DeqScale();
    if (isVecDeq != reg.vector) {
        return Violation(Check::ApiMisuse,
                         std::string(api.text) + (isVecDeq ? ": isVecDeq = true needs SetDeqScale(vdeq, vdeqInfo) before it"
                                                           : ": isVecDeq = false needs SetDeqScale(scale, offset, signMode) "
                                                             "before it, not SetDeqScale(vdeq, vdeqInfo)"));
    }
    if (!isVecDeq && (((reg.value >> 46) & 1u) != 0) != signedDst) {
        return Violation(Check::ApiMisuse, std::string(api.text) + ": dst is " + (signedDst ? "int8_t" : "uint8_t") +
                                               " but SetDeqScale's signMode is " + (signedDst ? "false" : "true") +
                                               " (signMode true goes with int8_t, false with uint8_t)");
    }
    return true;
}

// The int16 -> b8 instruction (see the top of this file).
template <class T, bool isVecDeq, bool halfBlock>
void CastDeqB8(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<int16_t>& src,
               const MaskArg& mask, bool isSetMask, uint8_t repeatTime, const AscendC::UnaryRepeatParams& p) {
    CoreState& core = Core();
    const DeqScaleRegister reg = DeqScale();
    if (!CheckVecDeqMode(api, isVecDeq, std::is_same_v<T, int8_t>)) return;
    constexpr uint32_t lanes = 128;
    LaneSchedule schedule;
    if (!detail::ResolveMask(api, mask, isSetMask, lanes, sizeof(int16_t), core.ub.size(), repeatTime, &schedule)) return;
    OperandPlan srcPlan{OperandRange{"src", src.SimRef(), 0, sizeof(int16_t)}, SrcStride(p.srcBlkStride, p.srcRepStride), {}, {}};
    detail::LaneRuns(schedule.full, lanes, sizeof(int16_t), p.srcBlkStride, &srcPlan.fullRuns);
    detail::LaneRuns(schedule.tail, lanes, sizeof(int16_t), p.srcBlkStride, &srcPlan.tailRuns);
    srcPlan.range.bytes = detail::PlanExtent(srcPlan, schedule);
    OperandPlan dstPlan{OperandRange{"dst", dst.SimRef(), 0, 1}, DstStride(p.dstBlkStride, p.dstRepStride), {}, {}};
    const auto toDst = [&](const std::vector<LaneRun>& runs, std::vector<LaneRun>* out) {
        for (const LaneRun& run : runs) {
            const uint32_t block = run.lane / 16;
            out->push_back(LaneRun{run.lane, run.count,
                                   uint64_t{block} * p.dstBlkStride * kBlockBytes + (halfBlock ? 16 : 0) + run.lane % 16});
        }
    };
    toDst(srcPlan.fullRuns, &dstPlan.fullRuns);
    toDst(srcPlan.tailRuns, &dstPlan.tailRuns);
    dstPlan.range.bytes = detail::PlanExtent(dstPlan, schedule);

    uint64_t active = 0;
    for (uint64_t r = 0; r < schedule.repeats; ++r) {
        for (const LaneRun& run : srcPlan.RunsOf(schedule, r)) active += run.count;
    }
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstPlan.range.bytes, 0, 0, active,
                static_cast<uint32_t>(std::min<uint64_t>(schedule.repeats, UINT32_MAX))};
    event.elementBytes = 1;
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.srcElementBytes = sizeof(int16_t);
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    if (!detail::CheckPlanFits(api, srcPlan, schedule, srcPlan.range.bytes) ||
        !detail::CheckPlanFits(api, dstPlan, schedule, dstPlan.range.bytes)) {
        return;
    }
    const uint8_t* srcBase = detail::AccessPlan(api, srcPlan, schedule, seq, Access::Read);
    if (srcBase == nullptr) return;
    uint64_t words[16];
    for (uint64_t& w : words) w = reg.value;
    if (isVecDeq) {
        const uint8_t* v = core.Operand(api.text, "vdeq", reg.vdeq, 0, 128, Pipe::V, seq, Access::Read, true);
        if (v == nullptr) return;
        std::memcpy(words, v, sizeof words);
    }
    uint8_t* dstBase = detail::AccessPlan(api, dstPlan, schedule, seq, Access::Write);
    if (dstBase == nullptr) return;
    CheckPosition(api, "dst", dstPlan.range.ref);
    CheckPosition(api, "src", srcPlan.range.ref);
    detail::CheckPlanOverlap(api, dstPlan, srcPlan, schedule, false);
    const bool srcDefined = detail::PlanDefined(core, srcPlan, schedule);
    for (uint64_t r = 0; r < schedule.repeats; ++r) {
        const auto& sruns = srcPlan.RunsOf(schedule, r);
        const auto& druns = dstPlan.RunsOf(schedule, r);
        for (size_t k = 0; k < sruns.size(); ++k) {
            const uint64_t sAt = srcPlan.RepeatStart(r) + sruns[k].byte;
            const uint64_t dAt = dstPlan.RepeatStart(r) + druns[k].byte;
            for (uint32_t l = 0; l < sruns[k].count; ++l) {
                int16_t x;
                std::memcpy(&x, srcBase + sAt + l * 2, 2);
                dstBase[dAt + l] = DeqS16ToB8(x, words[(sruns[k].lane + l) % 16]);
                const bool def = srcDefined || core.AllDefined(static_cast<uint32_t>(srcPlan.range.ref.offset + sAt + l * 2), 2);
                core.MarkDefined(static_cast<uint32_t>(dstPlan.range.ref.offset + dAt + l), 1, def);
            }
        }
    }
}

template <class T, class U>
constexpr bool kCastDequantPair = (std::is_same_v<U, int32_t> && std::is_same_v<T, half>) ||
                                  (std::is_same_v<U, int16_t> && kIsOneOf<T, int8_t, uint8_t>);

template <class T, class U, bool isVecDeq, bool halfBlock>
void CastDequantRun(const MaskArg& mask, bool isSetMask, uint8_t repeatTime, const AscendC::LocalTensor<T>& dst,
                    const AscendC::LocalTensor<U>& src, const AscendC::UnaryRepeatParams& p) {
    const ApiName api = Named("CastDequant");
    if constexpr (std::is_same_v<U, int32_t>) {
        MaskedElementwise(api, mask, isSetMask, repeatTime, DeqS32ToHalfOp{half::FromBits(static_cast<uint16_t>(DeqScale().value))},
                          MaskedOptions{}, StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                          StridedOperand<U>{src, SrcStride(p.srcBlkStride, p.srcRepStride)});
    } else {
        CastDeqB8<T, isVecDeq, halfBlock>(api, dst, src, mask, isSetMask, repeatTime, p);
    }
}

// ---- AddDeqRelu ----
constexpr uint32_t kAddDeqReluChunk = 8 * 1024 / sizeof(int32_t);  // TMP_UB_SIZE / sizeof(int32_t)

// The hidden temp: the last 8 KB of UB (TMP_UB_OFFSET), as a static LocalTensor.
inline AscendC::LocalTensor<int32_t> AddDeqReluTemp() {
    const uint32_t ub = static_cast<uint32_t>(Core().soc.ubBytes);
    return AscendC::LocalTensor<int32_t>(AscendC::TPosition::VECCALC, ub - 8 * 1024, kAddDeqReluChunk);
}

// The steps of one chunk. mask32 / mask16: the masks of the int32 and half steps (count form:
// Counter mode with n elements, repeat 1).
struct AddDeqReluForm {
    bool counter;
    MaskArg mask32, mask16;
    bool isSetMask;
    AscendC::BinaryRepeatParams p;
};

inline void AddDeqReluChunk(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int32_t>& src0,
                            const AscendC::LocalTensor<int32_t>& src1, const AscendC::LocalTensor<int32_t>& tmp,
                            const AddDeqReluForm& f, uint8_t repeat, uint32_t n, uint32_t dupCount) {
    const auto step = [](const char* kind, const char* what) { return ApiName{kind, StepText("AddDeqRelu", what)}; };
    VectorMaskRegister& reg = Core().vectorMask;
    const auto counted = [&](auto run) {
        reg.counter = true;
        run(MaskArg{MaskArg::Form::Bits, 0, 0, n}, true);
    };
    const auto masked = [&](const MaskArg& m, auto run) {
        if (f.counter) counted(run);
        else run(m, f.isSetMask);
    };
    const AscendC::LocalTensor<float> src0f = src0.template ReinterpretCast<float>();
    const AscendC::LocalTensor<half> src1h = src1.template ReinterpretCast<half>();
    const AscendC::LocalTensor<half> tmph = tmp.template ReinterpretCast<half>();
    const StrideSpec plain32 = DstStride(1, 8);
    masked(f.mask32, [&](const MaskArg& m, bool set) {
        MaskedElementwise(step("Add", "Add"), m, set, repeat, AddOp{}, MaskedOptions{}, StridedOperand<int32_t>{tmp, plain32},
                          StridedOperand<int32_t>{src0, Src0Stride(f.p.src0BlkStride, f.p.src0RepStride)},
                          StridedOperand<int32_t>{src1, Src1Stride(f.p.src1BlkStride, f.p.src1RepStride)});
    });
    masked(f.mask32, [&](const MaskArg& m, bool set) {
        MaskedElementwise(step("Cast", "Cast int32_t->float"), m, set, repeat, CastOp<float, int32_t>{num::Rounding::NearestEven},
                          MaskedOptions{}, StridedOperand<float>{src0f, plain32}, StridedOperand<int32_t>{tmp, SrcStride(1, 8)});
    });
    const float factors[3] = {1.0f / 131072, static_cast<float>(half::FromBits(DeqScale().deqValueBits)), 131072.0f};
    const char* names[3] = {"Muls 2^-17", "Muls deqScale", "Muls 2^17"};
    for (int i = 0; i < 3; ++i) {
        masked(f.mask32, [&](const MaskArg& m, bool set) {
            MaskedElementwise(step("Muls", names[i]), m, set, repeat, WithScalar<MulOp, float>{factors[i]}, MaskedOptions{},
                              StridedOperand<float>{src0f, plain32}, StridedOperand<float>{src0f, SrcStride(1, 8)});
        });
    }
    masked(f.mask16, [&](const MaskArg& m, bool set) {
        MaskedElementwise(step("Cast", "Cast float->half"), m, set, repeat, CastNearestOp<half, float>{}, MaskedOptions{},
                          StridedOperand<half>{src1h, DstStride(1, 4)}, StridedOperand<float>{src0f, SrcStride(1, 8)});
    });
    // the Duplicate runs in Counter mode over the chunk's elements, then the register is all-ones
    Fill(step("Duplicate", "Duplicate 0"), tmph, half(0.0f), dupCount);
    const uint32_t srcRep = f.counter ? 8 : 4;
    masked(f.mask16, [&](const MaskArg& m, bool set) {
        MaskedElementwise(step("Max", "Max"), m, set, repeat, MaxOp{}, MaskedOptions{},
                          StridedOperand<half>{dst, DstStride(f.counter ? 1 : f.p.dstBlkStride, f.counter ? 8 : f.p.dstRepStride)},
                          StridedOperand<half>{tmph, Src0Stride(1, srcRep)}, StridedOperand<half>{src1h, Src1Stride(1, srcRep)});
    });
    if (f.counter) reg = VectorMaskRegister{};
}

inline void AddDeqReluCount(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int32_t>& src0,
                            const AscendC::LocalTensor<int32_t>& src1, int32_t count) {
    if (count <= 0) return;
    const ApiName api = Named("AddDeqRelu");
    const uint64_t n = static_cast<uint64_t>(count);
    if (!CheckFits(api, "dst", dst.SimRef(), n * sizeof(half)) || !CheckFits(api, "src0", src0.SimRef(), n * 4) ||
        !CheckFits(api, "src1", src1.SimRef(), n * 4)) {
        return;
    }
    const AscendC::LocalTensor<int32_t> tmp = AddDeqReluTemp();
    AddDeqReluForm f{true, {}, {}, true, {}};
    for (uint32_t off = 0; off < n; off += kAddDeqReluChunk) {
        const uint32_t m = static_cast<uint32_t>(std::min<uint64_t>(kAddDeqReluChunk, n - off));
        AddDeqReluChunk(dst[off], src0[off], src1[off], tmp, f, 1, m, m);
    }
}

inline void AddDeqReluMasked(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int32_t>& src0,
                             const AscendC::LocalTensor<int32_t>& src1, const MaskArg& mask32, const MaskArg& mask16,
                             bool isSetMask, uint8_t repeatTime, const AscendC::BinaryRepeatParams& p) {
    if (repeatTime == 0) return;
    const AscendC::LocalTensor<int32_t> tmp = AddDeqReluTemp();
    constexpr uint32_t chunkRepeats = kAddDeqReluChunk / 64;  // 32
    AddDeqReluForm f{false, mask32, mask16, isSetMask, p};
    // the Duplicate counts the first chunk's elements in every chunk (calcSize is not updated for the tail)
    const uint32_t dupCount = std::min<uint32_t>(uint32_t{repeatTime} * 64, kAddDeqReluChunk);
    for (uint32_t r = 0; r < repeatTime; r += chunkRepeats) {
        const uint8_t rep = static_cast<uint8_t>(std::min<uint32_t>(chunkRepeats, repeatTime - r));
        const uint32_t i = r / chunkRepeats;
        AddDeqReluChunk(dst[i * chunkRepeats * p.dstRepStride * 16], src0[i * chunkRepeats * p.src0RepStride * 8],
                        src1[i * chunkRepeats * p.src1RepStride * 8], tmp, f, rep, 0, dupCount);
    }
}

}  // namespace sim::vec

namespace AscendC {

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetDeqScale(half scale) {
    sim::NoteCallSite();
    sim::DeqScaleRegister& reg = sim::vec::DeqScale();
    reg.value = scale.bits;
    reg.vector = false;
    reg.deqValueBits = scale.bits;
}
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetDeqScale(float scale, int16_t offset, bool signMode) {
    sim::NoteCallSite();
    sim::DeqScaleRegister& reg = sim::vec::DeqScale();
    reg.value = sim::vec::DeqScaleConfig(scale, offset, signMode);
    reg.vector = false;
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo) {
    static_assert(std::is_same_v<T, uint64_t>, "SetDeqScale: the vdeq tensor's element type must be uint64_t");
    sim::NoteCallSite();
    sim::vec::CheckAlignment(sim::vec::Named("SetDeqScale"), "vdeq", vdeq.SimRef(), 32);
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
        vdeq.SetValue(i, sim::vec::DeqScaleConfig(vdeqInfo.vdeqScale[i], vdeqInfo.vdeqOffset[i], vdeqInfo.vdeqSignMode[i]));
    }
    sim::DeqScaleRegister& reg = sim::vec::DeqScale();
    reg.value = vdeq.SimRef().offset >> 5;
    reg.vector = true;
    reg.vdeq = vdeq.SimRef();
}

#define ASCENDC_SIM_CAST_DEQUANT_TYPES()                                                                          \
    static_assert(sim::vec::kCastDequantPair<T, U>, "CastDequant: (src, dst) element types must be (int32_t, half), " \
                                                    "(int16_t, int8_t) or (int16_t, uint8_t) on Atlas A2/A3")

template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                                                       const uint32_t count) {
    ASCENDC_SIM_CAST_DEQUANT_TYPES();
    sim::NoteCallSite();
    if (count == 0) return;
    if constexpr (std::is_same_v<U, int32_t>) {
        // the count-form Cast (CastImpl with CAST_RINT): one vconv_deq over count elements
        sim::vec::Elementwise(sim::vec::Named("CastDequant"), dst, static_cast<int64_t>(count),
                              sim::vec::DeqS32ToHalfOp{half::FromBits(static_cast<uint16_t>(sim::vec::DeqScale().value))},
                              sim::vec::ElementwiseOptions{}, src);
    } else {
        sim::VectorMaskRegister& reg = sim::Core().vectorMask;
        reg.counter = true;
        sim::vec::CastDequantRun<T, U, isVecDeq, halfBlock>(
            sim::vec::MaskArg{sim::vec::MaskArg::Form::Bits, 0, 0, count}, true, 1, dst, src, UnaryRepeatParams{});
        reg = sim::VectorMaskRegister{};
    }
}
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                                                       const uint64_t mask[], uint8_t repeatTime,
                                                       const UnaryRepeatParams& repeatParams) {
    ASCENDC_SIM_CAST_DEQUANT_TYPES();
    sim::NoteCallSite();
    sim::vec::CastDequantRun<T, U, isVecDeq, halfBlock>(sim::vec::BitMask(mask, 256 / sizeof(U)), isSetMask, repeatTime,
                                                         dst, src, repeatParams);
}
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CastDequant(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                                                       const int32_t mask, uint8_t repeatTime,
                                                       const UnaryRepeatParams& repeatParams) {
    ASCENDC_SIM_CAST_DEQUANT_TYPES();
    sim::NoteCallSite();
    sim::vec::CastDequantRun<T, U, isVecDeq, halfBlock>(sim::vec::ContinuousMask(static_cast<uint64_t>(mask)), isSetMask,
                                                         repeatTime, dst, src, repeatParams);
}
#undef ASCENDC_SIM_CAST_DEQUANT_TYPES

#define ASCENDC_SIM_ADD_DEQ_RELU_TYPES()                                                                         \
    static_assert(std::is_same_v<T, half> && std::is_same_v<U, int32_t>,                                        \
                  "AddDeqRelu: (src, dst) element types must be (int32_t, half) on Atlas A2/A3")

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                                                      const LocalTensor<int32_t>& src1, const int32_t& count) {
    sim::NoteCallSite();
    sim::vec::AddDeqReluCount(dst, src0, src1, count);
}
template <bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                                                      const LocalTensor<int32_t>& src1, uint64_t mask[],
                                                      const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    sim::NoteCallSite();
    sim::vec::AddDeqReluMasked(dst, src0, src1, sim::vec::BitMask(mask, 64), sim::vec::BitMask(mask, 128), isSetMask,
                               repeatTime, repeatParams);
}
template <bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                                                      const LocalTensor<int32_t>& src1, uint64_t mask,
                                                      const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    sim::NoteCallSite();
    sim::vec::AddDeqReluMasked(dst, src0, src1, sim::vec::ContinuousMask(mask), sim::vec::ContinuousMask(mask), isSetMask,
                               repeatTime, repeatParams);
}
template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                                                      const LocalTensor<U>& src1, const int32_t& count) {
    ASCENDC_SIM_ADD_DEQ_RELU_TYPES();
    sim::NoteCallSite();
    sim::vec::AddDeqReluCount(dst, src0, src1, count);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                                                      const LocalTensor<U>& src1, uint64_t mask[],
                                                      const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_ADD_DEQ_RELU_TYPES();
    sim::NoteCallSite();
    sim::vec::AddDeqReluMasked(dst, src0, src1, sim::vec::BitMask(mask, 64), sim::vec::BitMask(mask, 128), isSetMask,
                               repeatTime, repeatParams);
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                                                      const LocalTensor<U>& src1, uint64_t mask,
                                                      const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_ADD_DEQ_RELU_TYPES();
    sim::NoteCallSite();
    sim::vec::AddDeqReluMasked(dst, src0, src1, sim::vec::ContinuousMask(mask), sim::vec::ContinuousMask(mask), isSetMask,
                               repeatTime, repeatParams);
}
#undef ASCENDC_SIM_ADD_DEQ_RELU_TYPES

}  // namespace AscendC
