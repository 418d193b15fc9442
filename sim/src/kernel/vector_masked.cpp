// The out-of-line part of the mask/repeat engine (vector_engine.h): turning a mask into a
// schedule of lanes, operand footprints, and the checks with their reports.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace sim::vec {
namespace {

std::string Hex(uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

LaneMask FirstLanes(uint64_t n) {
    LaneMask mask;
    for (uint64_t lane = 0; lane < n && lane < 128; ++lane) mask.bits[lane / 64] |= uint64_t{1} << (lane % 64);
    return mask;
}

uint64_t RunsEnd(const std::vector<LaneRun>& runs, uint32_t elementBytes) {
    uint64_t end = 0;
    for (const LaneRun& run : runs) end = std::max<uint64_t>(end, run.byte + uint64_t{run.count} * elementBytes);
    return end;
}

std::string StrideText(const OperandPlan& plan, const LaneSchedule& schedule) {
    std::string text = schedule.counter ? "Counter mode, " + std::to_string(schedule.count) + " elements, " +
                                              std::to_string(schedule.repeats) + " repeats"
                                        : "repeatTime " + std::to_string(schedule.repeats);
    return text + ", " + plan.stride.blockName + " " + std::to_string(plan.stride.block) + ", " +
           plan.stride.repeatName + " " + std::to_string(plan.stride.repeat);
}

std::string Describe(const OperandPlan& plan) {
    return std::string(plan.range.name) + " (" + Core().Describe(plan.range.ref, 0, plan.range.bytes) + ")";
}

// A byte range an operand touches in one repeat, in UB addresses.
struct Touch {
    uint64_t start, end;
    uint64_t repeat;
    uint32_t lane;
};

template <class Visit>
void ForEachTouch(const OperandPlan& plan, const LaneSchedule& schedule, Visit visit) {
    const uint64_t base = plan.range.ref.offset;
    for (uint64_t r = 0; r < schedule.repeats; ++r) {
        const uint64_t start = base + plan.RepeatStart(r);
        for (const LaneRun& run : plan.RunsOf(schedule, r)) {
            const uint64_t at = start + run.byte;
            if (!visit(Touch{at, at + uint64_t{run.count} * plan.range.elementBytes, r, run.lane})) return;
        }
    }
}

}  // namespace

namespace detail {

bool ResolveMask(const ApiName& api, const MaskArg& mask, bool isSetMask, uint32_t lanesPerRepeat,
                 uint32_t elementBytes, uint64_t ubBytes, uint8_t repeatTime, LaneSchedule* out) {
    VectorMaskRegister& reg = Core().vectorMask;
    if (isSetMask) {
        if (mask.form == MaskArg::Form::Continuous) {
            const VectorMaskRegister bits =
                ContinuousMaskBits(static_cast<int64_t>(std::min<uint64_t>(mask.value, 1u << 20)), elementBytes);
            reg.high = bits.high;
            reg.low = bits.low;
        } else {
            reg.high = mask.high;
            reg.low = mask.low;
        }
    }
    if (reg.counter) {
        const uint64_t count = reg.low;
        if (count == 0) return false;
        if (count > ubBytes / elementBytes) {
            std::string hint;
            if (isSetMask && mask.form == MaskArg::Form::Continuous) {
                hint = "; a continuous mask argument (here " + std::to_string(mask.value) +
                       ") sets the register's lane bits, not a count: pass the count as mask[] = {count, 0}";
            }
            Violation(Check::ApiMisuse, std::string(api.text) + ": Counter mode (SetMaskCount): the mask register counts " +
                                            std::to_string(count) + " (" + Hex(count) + ") elements of " +
                                            std::to_string(elementBytes) + " bytes, more than UB's " +
                                            std::to_string(ubBytes) + " bytes hold" + hint);
            return false;
        }
        out->counter = true;
        out->count = count;
        out->repeats = (count + lanesPerRepeat - 1) / lanesPerRepeat;
        out->full = FirstLanes(lanesPerRepeat);
        out->tail = FirstLanes(count - (out->repeats - 1) * lanesPerRepeat);
        return true;
    }
    if (repeatTime == 0) return false;  // nothing to do, as on A2/A3
    LaneMask lanes;
    lanes.bits[0] = lanesPerRepeat >= 64 ? reg.low : reg.low & ((uint64_t{1} << lanesPerRepeat) - 1);
    lanes.bits[1] = lanesPerRepeat > 64 ? reg.high : 0;
    if (lanes.Empty()) return false;  // mask 0: the destination keeps its values (CANN's 掩码 page)
    out->repeats = repeatTime;
    out->full = out->tail = lanes;
    return true;
}

void LaneRuns(const LaneMask& mask, uint32_t lanesPerRepeat, uint32_t elementBytes, uint32_t blockStride,
              std::vector<LaneRun>* runs) {
    const uint32_t perBlock = static_cast<uint32_t>(kBlockBytes) / elementBytes;
    runs->clear();
    for (uint32_t lane = 0; lane < lanesPerRepeat; ++lane) {
        if (!mask.Has(lane)) continue;
        const bool extends = !runs->empty() && runs->back().lane + runs->back().count == lane && lane % perBlock != 0;
        if (extends) {
            ++runs->back().count;
        } else {
            const uint64_t byte = uint64_t{lane / perBlock} * blockStride * kBlockBytes + (lane % perBlock) * elementBytes;
            runs->push_back(LaneRun{lane, 1, byte});
        }
    }
}

uint64_t PlanExtent(const OperandPlan& plan, const LaneSchedule& schedule) {
    if (schedule.repeats == 0) return 0;
    const uint64_t step = uint64_t{plan.stride.repeat} * kBlockBytes;
    uint64_t extent = (schedule.repeats - 1) * step + RunsEnd(plan.tailRuns, plan.range.elementBytes);
    if (schedule.repeats >= 2) {
        extent = std::max(extent, (schedule.repeats - 2) * step + RunsEnd(plan.fullRuns, plan.range.elementBytes));
    }
    return extent;
}

bool CheckPlanFits(const ApiName& api, const OperandPlan& plan, const LaneSchedule& schedule, uint64_t extent) {
    const UbRef& ref = plan.range.ref;
    if (extent <= ref.bytes && ref.buffer >= 0) return true;
    if (ref.buffer < 0) {
        Violation(Check::OperandBounds, std::string(api.text) + ": operand " + plan.range.name +
                                            " is a LocalTensor that holds no buffer");
        return false;
    }
    const uint32_t perBlock = static_cast<uint32_t>(kBlockBytes) / plan.range.elementBytes;
    std::string where;
    ForEachTouch(plan, schedule, [&](const Touch& t) {
        if (t.end - ref.offset <= ref.bytes) return true;
        where = "repeat " + std::to_string(t.repeat) + ", block " + std::to_string(t.lane / perBlock) + " reaches " +
                Core().Describe(ref, t.start - ref.offset, t.end - t.start);
        return false;
    });
    Violation(Check::OperandBounds, std::string(api.text) + ": operand " + plan.range.name + ": " + where +
                                        ", past the end of its tensor, which holds " + std::to_string(ref.bytes) +
                                        " bytes (" + StrideText(plan, schedule) + ")");
    return false;
}

void CheckDstBlockStride(const ApiName& api, const OperandPlan& dst, const LaneSchedule& schedule) {
    if (dst.stride.block != 0) return;
    const uint32_t perBlock = static_cast<uint32_t>(kBlockBytes) / dst.range.elementBytes;
    uint32_t blocks = 0, last = ~0u;
    for (const LaneRun& run : dst.fullRuns) {
        if (run.lane / perBlock != last) ++blocks;
        last = run.lane / perBlock;
    }
    if (blocks <= 1) return;
    Violation(Check::ApiMisuse, std::string(api.text) + ": dstBlkStride 0 makes the " + std::to_string(blocks) +
                                    " active blocks of a repeat write the same 32 bytes of " + Describe(dst) +
                                    "; A2/A3 do not support dstBlkStride 0 (undefined results)");
    (void)schedule;
}

uint8_t* AccessPlan(const ApiName& api, const OperandPlan& plan, const LaneSchedule& schedule, uint64_t seq,
                    Access access) {
    CoreState& core = Core();
    const UbRef& ref = plan.range.ref;
    CheckAlignment(api, plan.range.name, ref, static_cast<uint32_t>(kBlockBytes));
    std::vector<std::pair<uint64_t, uint64_t>> ranges;  // offsets from the tensor's start
    ForEachTouch(plan, schedule, [&](const Touch& t) {
        ranges.emplace_back(t.start - ref.offset, t.end - ref.offset);
        return true;
    });
    std::sort(ranges.begin(), ranges.end());
    size_t i = 0;
    while (i < ranges.size()) {
        uint64_t start = ranges[i].first, end = ranges[i].second;
        for (++i; i < ranges.size() && ranges[i].first <= end; ++i) end = std::max(end, ranges[i].second);
        if (core.Operand(api.text, plan.range.name, ref, start, end - start, Pipe::V, seq, access,
                         /*requireAligned=*/false) == nullptr) {
            return nullptr;
        }
    }
    return core.ub.data() + ref.offset;
}

void CheckPlanOverlap(const ApiName& api, const OperandPlan& dst, const OperandPlan& src, const LaneSchedule& schedule,
                      bool accumulationAllowed) {
    if (!Overlaps(dst.range, src.range)) return;
    const bool inPlace = dst.range.ref.offset == src.range.ref.offset &&
                         dst.range.elementBytes == src.range.elementBytes && dst.stride.block == src.stride.block &&
                         dst.stride.repeat == src.stride.repeat;
    if (inPlace) return;
    std::vector<Touch> writes;
    ForEachTouch(dst, schedule, [&](const Touch& t) {
        writes.push_back(t);
        return true;
    });
    std::sort(writes.begin(), writes.end(), [](const Touch& a, const Touch& b) { return a.start < b.start; });
    const bool accumulates = accumulationAllowed && (dst.stride.repeat == 0 || src.stride.repeat == 0);
    std::string problem;
    ForEachTouch(src, schedule, [&](const Touch& read) {
        // Writes are at most one block long: those meeting [read.start, read.end) start after
        // read.start - 32.
        const uint64_t from = read.start >= kBlockBytes ? read.start - kBlockBytes : 0;
        auto it = std::lower_bound(writes.begin(), writes.end(), from,
                                   [](const Touch& w, uint64_t at) { return w.start < at; });
        for (; it != writes.end() && it->start < read.end; ++it) {
            if (it->end <= read.start) continue;
            if (it->repeat == read.repeat) {
                const bool same = it->start == read.start && it->end == read.end && it->lane == read.lane &&
                                  dst.range.elementBytes == src.range.elementBytes;
                if (same) continue;
                problem = "repeat " + std::to_string(read.repeat) + " writes UB [" + std::to_string(it->start) + ", " +
                          std::to_string(it->end) + ") and reads UB [" + std::to_string(read.start) + ", " +
                          std::to_string(read.end) +
                          "): within one repeat a source may share the destination only exactly (in place)";
                return false;
            }
            if (it->repeat < read.repeat && !accumulates) {
                problem = "repeat " + std::to_string(it->repeat) + " writes UB [" + std::to_string(it->start) + ", " +
                          std::to_string(it->end) + ") that repeat " + std::to_string(read.repeat) +
                          " reads as " + src.range.name +
                          ": a later repeat may not read an earlier repeat's destination";
                return false;
            }
        }
        return true;
    });
    if (problem.empty()) return;
    Violation(Check::ApiMisuse, std::string(api.text) + ": operands " + Describe(dst) + " and " + Describe(src) +
                                    " overlap (" + StrideText(dst, schedule) + "; " + src.stride.blockName + " " +
                                    std::to_string(src.stride.block) + ", " + src.stride.repeatName + " " +
                                    std::to_string(src.stride.repeat) + "): " + problem +
                                    " (CANN's 通用地址重叠约束; undefined results on hardware)");
}

bool PlanDefined(CoreState& core, const OperandPlan& plan, const LaneSchedule& schedule) {
    if (plan.range.bytes == 0) return true;
    if (core.AllDefined(plan.range.ref.offset, plan.range.bytes)) return true;
    bool all = true;
    ForEachTouch(plan, schedule, [&](const Touch& t) {
        all = core.AllDefined(static_cast<uint32_t>(t.start), t.end - t.start);
        return all;
    });
    return all;
}

}  // namespace detail
}  // namespace sim::vec
