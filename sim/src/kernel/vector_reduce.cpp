#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_reduce.h"

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

}  // namespace sim::vec
