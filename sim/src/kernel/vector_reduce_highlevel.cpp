// Entry checks of the high-level Reduce family (vector_reduce_highlevel.h), as CANN's
// api_check/kernel_check/reduce/reduce_check.h, and the temp's size against the host query.
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_reduce_highlevel.h"
#include "tiling/reduce_tiling.h"

namespace sim::vec::hreduce {
namespace {

// The host query's figure (max == min), 0 when the shape is one it refuses.
uint32_t HostTempBytes(const std::string& query, uint32_t first, uint32_t last, bool ar, bool reuse,
                       uint32_t dataType) {
    const ge::Shape shape(std::vector<int64_t>{first, last});
    const auto pattern = ar ? AscendC::ReducePattern::AR : AscendC::ReducePattern::RA;
    const auto type = static_cast<ge::DataType>(dataType);
    uint32_t maxValue = 0, minValue = 0;
    if (query == "GetReduceSumMaxMinTmpSize") AscendC::GetReduceSumMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    else if (query == "GetReduceMeanMaxMinTmpSize") AscendC::GetReduceMeanMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    else if (query == "GetReduceProdMaxMinTmpSize") AscendC::GetReduceProdMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    else if (query == "GetReduceMaxMaxMinTmpSize") AscendC::GetReduceMaxMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    else if (query == "GetReduceMinMaxMinTmpSize") AscendC::GetReduceMinMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    else if (query == "GetReduceAnyMaxMinTmpSize") AscendC::GetReduceAnyMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    else if (query == "GetReduceAllMaxMinTmpSize") AscendC::GetReduceAllMaxMinTmpSize(shape, type, pattern, true, reuse, maxValue, minValue);
    return minValue;
}

}  // namespace

bool CheckEntry(const ApiName& api, const char* hostQuery, bool ar, bool reuse, uint32_t dataType, const UbRef& dst,
                const UbRef& src, const UbRef& tmp, uint32_t first, uint32_t last, bool srcInnerPad,
                uint32_t elementBytes) {
    if (first == 0 || last == 0) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": srcShape {" + std::to_string(first) + ", " +
                                        std::to_string(last) + "}: both axes must be greater than 0");
        return false;
    }
    if (!srcInnerPad) {
        Violation(Check::ApiMisuse, std::string(api.text) +
                                        ": srcInnerPad must be true on Atlas A2/A3 (rows padded to 32 bytes)");
        return false;
    }
    const uint32_t perBlock = 32 / elementBytes;
    const uint64_t padLast = (uint64_t{last} + perBlock - 1) / perBlock * perBlock;
    const uint64_t srcBytes = uint64_t{first} * padLast * elementBytes;
    const uint64_t dstBytes = uint64_t{ar ? first : last} * elementBytes;
    if (!CheckFits(api, "srcTensor", src, srcBytes) || !CheckFits(api, "dstTensor", dst, dstBytes)) return false;
    CheckDisjoint(api, OperandRange{"dstTensor", dst, dstBytes, elementBytes},
                  OperandRange{"srcTensor", src, srcBytes, elementBytes});
    const uint32_t need = HostTempBytes(hostQuery, first, last, ar, reuse, dataType);
    if (tmp.bytes < need) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": sharedTmpBuffer (" + Core().Describe(tmp, 0, tmp.bytes) +
                                        ") holds " + std::to_string(tmp.bytes) + " bytes; srcShape {" +
                                        std::to_string(first) + ", " + std::to_string(last) + "} needs " +
                                        std::to_string(need) + " bytes (size it with the host's " + hostQuery + ")");
        return false;
    }
    const OperandRange temp{"sharedTmpBuffer", tmp, need, 1};
    CheckDisjoint(api, OperandRange{"dstTensor", dst, dstBytes, elementBytes}, temp);
    CheckDisjoint(api, OperandRange{"srcTensor", src, srcBytes, elementBytes}, temp);
    return true;
}

}  // namespace sim::vec::hreduce
