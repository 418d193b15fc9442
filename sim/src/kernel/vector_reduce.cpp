#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "ascendc_sim/kernel/vector_reduce_extreme.h"

namespace sim::vec {

bool ContinuousLanes(const ApiName& api, int32_t mask, uint32_t lanesPerRepeat, LaneMask* out) {
    if (mask < 1 || static_cast<uint32_t>(mask) > lanesPerRepeat) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": mask " + std::to_string(mask) + " is outside [1, " +
                                        std::to_string(lanesPerRepeat) + "] (elements of one 256-byte repeat)");
        return false;
    }
    for (uint32_t lane = 0; lane < static_cast<uint32_t>(mask); ++lane) out->bits[lane / 64] |= uint64_t{1} << (lane % 64);
    return true;
}

bool BitLanes(const ApiName& api, const uint64_t mask[], uint32_t lanesPerRepeat, LaneMask* out) {
    // 16-bit types: mask[0] = lanes 0..63, mask[1] = lanes 64..127; 32-bit types: mask[0] only.
    out->bits[0] = mask[0];
    out->bits[1] = lanesPerRepeat > 64 ? mask[1] : 0;
    if (out->bits[0] == 0 && out->bits[1] == 0) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": bit mask selects no element");
        return false;
    }
    return true;
}

bool CheckRepeatArgs(const ApiName& api, int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride,
                     int32_t srcRepStride) {
    std::string problem;
    if (repeatTime < 0 || repeatTime > 255) problem = "repeatTime " + std::to_string(repeatTime) + " is outside [0, 255]";
    else if (dstRepStride < 0) problem = "dstRepStride " + std::to_string(dstRepStride) + " is negative";
    else if (srcBlkStride < 0) problem = "srcBlkStride " + std::to_string(srcBlkStride) + " is negative";
    else if (srcRepStride < 0) problem = "srcRepStride " + std::to_string(srcRepStride) + " is negative";
    if (problem.empty()) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + problem);
    return false;
}

void CheckAlignment(const ApiName& api, const char* operand, const UbRef& ref, uint32_t granule) {
    if (ref.offset % granule == 0) return;
    Violation(Check::UbAlignment, std::string(api.text) + ": operand " + operand + " at " +
                                      Core().Describe(ref, 0, ref.bytes) + " is not " + std::to_string(granule) +
                                      "-byte aligned (UB address % " + std::to_string(granule) + " = " +
                                      std::to_string(ref.offset % granule) + ")");
}

bool CheckReduceWork(const ApiName& api, const UbRef& work, int32_t count, uint32_t elementBytes, uint64_t* workBytes) {
    const uint64_t perRepeat = kRepeatBytes / elementBytes;
    const uint64_t perBlock = kBlockBytes / elementBytes;
    const uint64_t repeats = std::max<uint64_t>(1, (static_cast<uint64_t>(count) + perRepeat - 1) / perRepeat);
    const uint64_t needed = (repeats + perBlock - 1) / perBlock * perBlock;
    *workBytes = needed * elementBytes;
    if (*workBytes <= work.bytes) return true;
    Violation(Check::OperandBounds,
              std::string(api.text) + ": operand work (" + Core().Describe(work, 0, work.bytes) + ") holds " +
                  std::to_string(work.bytes / elementBytes) + " elements; for count " + std::to_string(count) +
                  " the ReduceSum rule AlignUp(max(1, ceil(count / " + std::to_string(perRepeat) + ")), " +
                  std::to_string(perBlock) + ") needs " + std::to_string(needed));
    return false;
}

namespace {
uint64_t AlignUp(uint64_t n, uint64_t granule) { return (n + granule - 1) / granule * granule; }
uint64_t DivUp(uint64_t n, uint64_t d) { return (n + d - 1) / d; }
}  // namespace

uint64_t ExtremeWorkElements(uint64_t firstRepeats, uint32_t elementBytes, bool calIndex) {
    const uint64_t perBlock = kBlockBytes / elementBytes, perRepeat = kRepeatBytes / elementBytes;
    const uint64_t first = firstRepeats * 2;  // (value, index) per repeat, index or not
    const uint64_t firstEnd = AlignUp(first, perBlock);
    if (!calIndex) return firstEnd;  // later rounds reuse the first round's space
    const uint64_t second = DivUp(first, perRepeat) * 2;
    const uint64_t secondEnd = AlignUp(second, perBlock);
    if (second <= 2) return firstEnd + secondEnd;
    const uint64_t third = DivUp(second, perRepeat) * 2;
    return firstEnd + secondEnd + AlignUp(third, perBlock);
}

bool CheckReduceOrder(const ApiName& api, AscendC::ReduceOrder order) {
    if (static_cast<uint8_t>(order) <= static_cast<uint8_t>(AscendC::ReduceOrder::ORDER_ONLY_INDEX)) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": ReduceOrder " + std::to_string(static_cast<int>(order)) +
                                    " is not one of ORDER_VALUE_INDEX, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, "
                                    "ORDER_ONLY_INDEX");
    return false;
}

bool RegisterLanes(const ApiName& api, uint32_t lanesPerRepeat, LaneMask* out) {
    const VectorMaskRegister& reg = Core().vectorMask;
    if (reg.counter) {
        Violation(Check::ApiMisuse, std::string(api.text) +
                                        ": isSetMask = false in Counter mode (SetMaskCount) is not modelled for "
                                        "reductions; call SetMaskNorm first or pass the mask");
        return false;
    }
    out->bits[0] = reg.low;
    out->bits[1] = lanesPerRepeat > 64 ? reg.high : 0;
    if (out->Empty()) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": the mask register (SetVectorMask) selects no element");
        return false;
    }
    return true;
}

bool RegisterRepeatLanes(const ApiName& api, uint32_t lanesPerRepeat, RepeatLanes* out) {
    const VectorMaskRegister& reg = Core().vectorMask;
    if (!reg.counter) return RegisterLanes(api, lanesPerRepeat, &out->mask);
    if (reg.low == 0) {
        Violation(Check::ApiMisuse, std::string(api.text) +
                                        ": the mask register (Counter mode, SetVectorMask) counts no element");
        return false;
    }
    out->counter = true;
    out->count = reg.low;
    return true;
}

}  // namespace sim::vec
