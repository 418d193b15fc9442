// Entry checks of the high-level ReduceXorSum (vector_reduce_xor_sum.h).
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_reduce_xor_sum.h"

namespace sim::vec {

bool CheckXorSum(const ApiName& api, const UbRef& dst, const UbRef& src0, const UbRef& src1, const UbRef& tmp,
                 uint32_t calCount, bool reuse, uint32_t* split) {
    if (calCount == 0) return false;
    const uint64_t bytes = uint64_t{calCount} * 2;
    if (!CheckFits(api, "src0Tensor", src0, bytes) || !CheckFits(api, "src1Tensor", src1, bytes) ||
        !CheckFits(api, "dstTensor", dst, 2)) {
        return false;
    }
    *split = tmp.bytes / 2 / (reuse ? 2 : 3) / 32 * 32;
    if (*split < calCount) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": sharedTmpBuffer (" + Core().Describe(tmp, 0, tmp.bytes) +
                                        ") holds " + std::to_string(tmp.bytes) + " bytes, pieces of " +
                                        std::to_string(*split) + " elements; calCount " + std::to_string(calCount) +
                                        " needs more (size it with the host's GetReduceXorSumMaxMinTmpSize)");
        return false;
    }
    const OperandRange d{"dstTensor", dst, 2, 2}, a{"src0Tensor", src0, bytes, 2}, b{"src1Tensor", src1, bytes, 2};
    const OperandRange t{"sharedTmpBuffer", tmp, uint64_t{*split} * 2 * (reuse ? 2 : 3), 1};
    CheckDisjoint(api, d, a);
    CheckDisjoint(api, d, b);
    CheckDisjoint(api, a, t);
    CheckDisjoint(api, b, t);
    CheckDisjoint(api, d, t);
    return true;
}

}  // namespace sim::vec
