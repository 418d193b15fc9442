#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_cast.h"

namespace sim::vec {
namespace {

const char* ModeName(AscendC::RoundMode mode) {
    switch (mode) {
        case AscendC::RoundMode::CAST_NONE: return "CAST_NONE";
        case AscendC::RoundMode::CAST_RINT: return "CAST_RINT";
        case AscendC::RoundMode::CAST_FLOOR: return "CAST_FLOOR";
        case AscendC::RoundMode::CAST_CEIL: return "CAST_CEIL";
        case AscendC::RoundMode::CAST_ROUND: return "CAST_ROUND";
        case AscendC::RoundMode::CAST_TRUNC: return "CAST_TRUNC";
        case AscendC::RoundMode::CAST_ODD: return "CAST_ODD";
        case AscendC::RoundMode::CAST_HYBRID: return "CAST_HYBRID";
    }
    return "an unknown RoundMode";
}

}  // namespace

bool CheckCastMode(const char* srcType, const char* dstType, AscendC::RoundMode mode, uint32_t allowed) {
    if (static_cast<uint32_t>(mode) < 32 && (allowed & (1u << static_cast<uint32_t>(mode))) != 0) return true;
    std::string accepted;
    for (uint32_t m = 0; m <= static_cast<uint32_t>(AscendC::RoundMode::CAST_HYBRID); ++m) {
        if ((allowed & (1u << m)) == 0) continue;
        accepted += (accepted.empty() ? "" : ", ") + std::string(ModeName(static_cast<AscendC::RoundMode>(m)));
    }
    Violation(Check::ApiMisuse, std::string("Cast: ") + srcType + " -> " + dstType + " does not support " +
                                    ModeName(mode) + " on Atlas A2/A3 (supported: " + accepted + ")");
    return false;
}

num::Rounding RoundingOf(AscendC::RoundMode mode) {
    switch (mode) {
        case AscendC::RoundMode::CAST_FLOOR: return num::Rounding::Floor;
        case AscendC::RoundMode::CAST_CEIL: return num::Rounding::Ceil;
        case AscendC::RoundMode::CAST_ROUND: return num::Rounding::NearestAway;
        case AscendC::RoundMode::CAST_TRUNC: return num::Rounding::TowardZero;
        case AscendC::RoundMode::CAST_ODD: return num::Rounding::ToOdd;
        default: return num::Rounding::NearestEven;  // CAST_NONE, CAST_RINT
    }
}

}  // namespace sim::vec
