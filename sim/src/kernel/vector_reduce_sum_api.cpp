#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_reduce_sum_api.h"

namespace sim::vec {

bool CheckSumParams(const ApiName& api, const AscendC::SumParams& p, uint32_t elementBytes) {
    std::string problem;
    if (p.n < 1 || p.n > p.inner) {
        problem = "sumParams.n " + std::to_string(p.n) + " must satisfy 1 <= n <= inner (" + std::to_string(p.inner) + ")";
    } else if (uint64_t{p.inner} * elementBytes % 32 != 0) {
        problem = "sumParams.inner " + std::to_string(p.inner) + " * sizeof(T) is not a multiple of 32 bytes";
    } else if (p.inner != (uint64_t{p.n} * elementBytes + 31) / 32 * 32 / elementBytes) {
        problem = "sumParams.inner " + std::to_string(p.inner) + " is not n = " + std::to_string(p.n) +
                  " rounded up to 32 bytes";
    }
    if (problem.empty()) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + problem);
    return false;
}

uint32_t SumTmpBytes(uint32_t n, uint32_t elementBytes) {
    const uint32_t perBlock = 32 / elementBytes, perRepeat = 256 / elementBytes;
    const uint32_t repeats = (n + perRepeat - 1) / perRepeat;
    return (repeats + perBlock - 1) / perBlock * perBlock * elementBytes;
}

}  // namespace sim::vec
