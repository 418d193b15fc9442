// tikicpulib-style UT of the shared sample kernel sum_sync_all (sim/tests/kernels/
// sum_sync_all.h: per-core partial sums, SyncAll, core 0 adds them in core order). The
// workspace comes from GmAlloc, zero-filled as in CANN.
#include <cstdint>
#include <cstring>
#include <random>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "sum_sync_all.h"

namespace {

// Host tiling: whole 32-byte blocks per core, the last core takes the rest.
SumSyncAllTilingData SumTiling(uint32_t totalLength, uint32_t blockDim) {
    const uint32_t perCore = (totalLength + blockDim - 1) / blockDim;
    return SumSyncAllTilingData{totalLength, (perCore + SUM_SLOT_FLOATS - 1) / SUM_SLOT_FLOATS * SUM_SLOT_FLOATS};
}

// Replays the kernel's order: each core's share in element order, then the partials in core order.
float ReferenceSum(const std::vector<float>& x, uint32_t blockDim, const SumSyncAllTilingData& tiling) {
    float total = 0.0f;
    for (uint32_t core = 0; core < blockDim; ++core) {
        const uint64_t start = static_cast<uint64_t>(core) * tiling.coreLength;
        uint64_t end = start;
        if (start < tiling.totalLength) {
            const bool last = core == blockDim - 1 || start + tiling.coreLength > tiling.totalLength;
            end = last ? tiling.totalLength : start + tiling.coreLength;
        }
        float partial = 0.0f;
        for (uint64_t i = start; i < end; ++i) partial += x[i];
        total += partial;
    }
    return total;
}

}  // namespace

class sum_sync_all_test : public testing::TestWithParam<std::tuple<uint32_t, uint32_t>> {};

TEST_P(sum_sync_all_test, matches_ordered_reference)
{
    const auto [blockDim, totalLength] = GetParam();
    std::mt19937 generator(totalLength);
    std::normal_distribution<float> normal(0.0f, 100.0f);
    std::vector<float> xData(totalLength);
    for (auto& value : xData) value = normal(generator);

    uint8_t* x = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(sizeof(float));
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(blockDim * 32);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(SumSyncAllTilingData));
    std::memcpy(x, xData.data(), totalLength * sizeof(float));
    SumSyncAllTilingData* tilingData = reinterpret_cast<SumSyncAllTilingData*>(tiling);
    *tilingData = SumTiling(totalLength, blockDim);

    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(sum_sync_all, blockDim, x, z, workspace, tiling);

    EXPECT_EQ(*(float*)z, ReferenceSum(xData, blockDim, *tilingData));
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}

INSTANTIATE_TEST_SUITE_P(core_counts, sum_sync_all_test,
                         testing::Values(std::make_tuple(1u, 100u), std::make_tuple(4u, 1001u),
                                         std::make_tuple(8u, 8u * 37u + 5u), std::make_tuple(48u, 48u * 16u)));
