// tikicpulib-style UT of the shared sample kernel add_custom (sim/tests/kernels/add_custom.h:
// three-stage TQue pipeline, double-buffered, DataCopy/DataCopyPad, Add). The kernel source
// is included, as many ops-nn UTs include their op_kernel .cpp; its host tiling function
// plays the part of ExecuteTiling.
#include <cstdint>
#include <cstring>
#include <iostream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "ascendc_sim/model/profile.h"
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "add_custom.h"

namespace {

constexpr uint32_t MAX_TILE_ELEMENTS = 256;

// Values on a 1/64 grid in [-4, 4]: every sum is exact in fp16 and fp32, so the reference
// needs no rounding model.
std::vector<float> GridData(size_t count, uint32_t seed) {
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> steps(-256, 256);
    std::vector<float> data(count);
    for (auto& value : data) value = static_cast<float>(steps(generator)) / 64.0f;
    return data;
}

// One add_custom UT run for element type T; returns z as floats.
template <typename T>
std::vector<float> RunAddCustom(uint32_t totalLength, uint32_t blockDim, const std::vector<float>& xData,
                                const std::vector<float>& yData) {
    size_t byteSize = totalLength * sizeof(T);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(AddCustomTilingData));
    for (uint32_t i = 0; i < totalLength; ++i) {
        ((T*)x)[i] = static_cast<T>(xData[i]);
        ((T*)y)[i] = static_cast<T>(yData[i]);
    }
    *reinterpret_cast<AddCustomTilingData*>(tiling) =
        MakeAddCustomTiling(totalLength, blockDim, sizeof(T), MAX_TILE_ELEMENTS);

    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    if (sizeof(T) == sizeof(float)) {
        ICPU_RUN_KF(add_custom, blockDim, x, y, z, tiling);
    } else {
        ICPU_RUN_KF(add_custom_half, blockDim, x, y, z, tiling);
    }

    std::vector<float> result(totalLength);
    for (uint32_t i = 0; i < totalLength; ++i) result[i] = static_cast<float>(((T*)z)[i]);
    AscendC::GmFree((void*)x);
    AscendC::GmFree((void*)y);
    AscendC::GmFree((void*)z);
    AscendC::GmFree((void*)tiling);
    return result;
}

size_t CountWrong(const std::vector<float>& z, const std::vector<float>& x, const std::vector<float>& y) {
    size_t wrong = 0;
    for (size_t i = 0; i < z.size(); ++i) wrong += z[i] != x[i] + y[i] ? 1 : 0;
    return wrong;
}

}  // namespace

// (blockDim, totalLength): lengths that end inside a 32-byte block take the DataCopyPad path;
// 20 cores on 300 floats leave some cores a single block.
class add_custom_test : public testing::TestWithParam<std::tuple<uint32_t, uint32_t>> {
protected:
    static void SetUpTestCase() { std::cout << "add_custom_test SetUp" << std::endl; }
    static void TearDownTestCase() { std::cout << "add_custom_test TearDown" << std::endl; }
};

TEST_P(add_custom_test, float_matches_reference)
{
    const auto [blockDim, totalLength] = GetParam();
    std::vector<float> x = GridData(totalLength, 11 + totalLength);
    std::vector<float> y = GridData(totalLength, 12 + totalLength);

    std::vector<float> z = RunAddCustom<float>(totalLength, blockDim, x, y);

    EXPECT_EQ(CountWrong(z, x, y), 0u);
}

TEST_P(add_custom_test, half_matches_reference)
{
    const auto [blockDim, totalLength] = GetParam();
    std::vector<float> x = GridData(totalLength, 21 + totalLength);
    std::vector<float> y = GridData(totalLength, 22 + totalLength);

    std::vector<float> z = RunAddCustom<half>(totalLength, blockDim, x, y);

    EXPECT_EQ(CountWrong(z, x, y), 0u);
}

INSTANTIATE_TEST_SUITE_P(shapes, add_custom_test,
                         testing::Values(std::make_tuple(1u, 1003u), std::make_tuple(3u, 1003u),
                                         std::make_tuple(8u, 4096u), std::make_tuple(20u, 300u)));

// The time model's C++ accessor after ICPU_RUN_KF: the launch's profile, modeled.
TEST(add_custom_profile, last_profile_models_the_launch)
{
    constexpr uint32_t blockDim = 8, totalLength = 4096;
    std::vector<float> x = GridData(totalLength, 31), y = GridData(totalLength, 32);
    std::vector<float> z = RunAddCustom<float>(totalLength, blockDim, x, y);
    ASSERT_EQ(CountWrong(z, x, y), 0u);

    const sim::model::Profile& profile = sim::model::LastProfile();
    EXPECT_EQ(profile.kernel, "add_custom");
    EXPECT_EQ(profile.blockDim, blockDim);
    EXPECT_EQ(profile.gmReadBytes, 2u * totalLength * sizeof(float));
    EXPECT_EQ(profile.gmWriteBytes, totalLength * sizeof(float));
    EXPECT_GT(profile.aivTimeUs, 0.0);
    EXPECT_DOUBLE_EQ(profile.taskDurationUs, profile.aivTimeUs + profile.launchUs);
    EXPECT_EQ(profile.cores.size(), blockDim);
    EXPECT_NE(profile.ToJson(false).find("\"modeled\":true"), std::string::npos);
}
