// A comparison against a scalar in Counter mode, as the high-level APIs issue it (CompareScalar
// with isSetMask = false after SetVectorMask(0, n), e.g. asc-devkit impl/adv_api/detail/math/
// power/power_float_impl.h): the n lanes of src are compared, one bit each packed into dst, in
// ceil(n / lanes) repeats whose last one is partial. dst receives whole repeats of bits (lanes
// beyond n are 0). src is read for n elements only, so a tensor of exactly calCount elements is
// not read beyond its end (vector_compare.h's mask/repeat form reads whole repeats).
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace sim::vec {

template <class T>
void CountCompareScalar(const ApiName& api, const AscendC::LocalTensor<uint8_t>& dstBits,
                        const AscendC::LocalTensor<T>& src, T scalar, AscendC::CMPMODE mode, uint64_t n) {
    if (n == 0) return;
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    constexpr uint32_t bitBytes = lanes / 8;
    CoreState& core = Core();
    LaneSchedule schedule;
    schedule.repeats = (n + lanes - 1) / lanes;
    schedule.counter = true;
    schedule.count = n;
    schedule.full.bits[0] = ~uint64_t{0};
    schedule.full.bits[1] = lanes > 64 ? ~uint64_t{0} : 0;
    schedule.tail = schedule.full;
    const uint64_t last = n - (schedule.repeats - 1) * lanes;
    if (last < lanes) {
        schedule.tail.bits[0] = last >= 64 ? ~uint64_t{0} : (uint64_t{1} << last) - 1;
        schedule.tail.bits[1] = last > 64 ? (uint64_t{1} << (last - 64)) - 1 : 0;
    }
    OperandPlan plan{OperandRange{"src0", src.SimRef(), 0, s}, SrcStride(1, 8), {}, {}};
    detail::LaneRuns(schedule.full, lanes, s, 1, &plan.fullRuns);
    detail::LaneRuns(schedule.tail, lanes, s, 1, &plan.tailRuns);
    plan.range.bytes = detail::PlanExtent(plan, schedule);
    const uint64_t dstBytes = schedule.repeats * bitBytes;

    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstBytes, 0, 0, n,
                static_cast<uint32_t>(schedule.repeats)};
    event.elementBytes = 1;
    event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dstBits.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);

    if (!detail::CheckPlanFits(api, plan, schedule, plan.range.bytes)) return;
    const uint8_t* base = detail::AccessPlan(api, plan, schedule, seq, Access::Read);
    if (base == nullptr) return;
    const UbRef dst = dstBits.SimRef();
    if (!CheckFits(api, "dst", dst, dstBytes)) return;
    uint8_t* out = core.Operand(api.text, "dst", dst, 0, dstBytes, Pipe::V, seq, Access::Overwrite);
    if (out == nullptr) return;
    CheckPosition(api, "dst", dst);
    CheckPosition(api, "src0", plan.range.ref);
    CheckOverlap(api, OperandRange{"dst", dst, dstBytes, 1}, OperandRange{"src0", plan.range.ref, plan.range.bytes, s},
                 false);
    const bool allDefined = detail::PlanDefined(core, plan, schedule);
    std::vector<uint8_t> bits(dstBytes, 0);
    for (uint64_t i = 0; i < n; ++i) {
        T a;
        std::memcpy(&a, base + i * s, s);
        if (CompareLane(mode, a, scalar)) bits[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    }
    std::memcpy(out, bits.data(), dstBytes);
    core.MarkDefined(dst.offset, static_cast<uint32_t>(dstBytes), allDefined);
}

}  // namespace sim::vec
