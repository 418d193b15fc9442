// Kernel UTs written exactly as CANN's CPU-debug UTs are (ops-nn tests/ut/op_kernel):
// GmAlloc'd inputs, outputs, workspace and tiling; ICPU_SET_TILING_KEY; ICPU_RUN_KF; gtest
// assertions against a reference computed here. They must pass unchanged on the sim.
#include <cstdint>
#include <cstring>
#include <iostream>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "scalar_axpy_tiling.h"

extern "C" __global__ __aicore__ void scalar_axpy(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
extern "C" __global__ __aicore__ void scalar_axpy_direct(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                         ScalarAxpyTilingData tiling);

namespace {

constexpr size_t WORKSPACE_BYTES = 1024;

std::vector<float> RandomData(size_t count, uint32_t seed) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> uniform(-4.0f, 4.0f);
    std::vector<float> data(count);
    for (auto& value : data) value = uniform(generator);
    return data;
}

// The reference: the same float operations in the same order (the build disables FMA
// contraction on both sides), so the kernel must match it bit for bit.
std::vector<float> Reference(const std::vector<float>& x, const std::vector<float>& y, float alpha, bool subtract) {
    std::vector<float> z(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        const float scaled = alpha * x[i];
        z[i] = subtract ? scaled - y[i] : scaled + y[i];
    }
    return z;
}

size_t CountMismatches(const float* actual, const std::vector<float>& expected) {
    size_t mismatches = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
        if (std::memcmp(&actual[i], &expected[i], sizeof(float)) != 0) ++mismatches;
    }
    return mismatches;
}

// One UT run in the ops-nn shape; returns z as the kernel left it.
std::vector<float> RunScalarAxpy(uint32_t totalLength, uint32_t tileLength, float alpha, uint64_t tilingKey,
                                 uint32_t blockDim, const std::vector<float>& xData, const std::vector<float>& yData) {
    size_t byteSize = totalLength * sizeof(float);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(WORKSPACE_BYTES);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScalarAxpyTilingData));
    std::memcpy(x, xData.data(), byteSize);
    std::memcpy(y, yData.data(), byteSize);

    ScalarAxpyTilingData* tilingData = reinterpret_cast<ScalarAxpyTilingData*>(tiling);
    tilingData->totalLength = totalLength;
    tilingData->tileLength = tileLength;
    tilingData->alpha = alpha;

    ICPU_SET_TILING_KEY(tilingKey);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(scalar_axpy, blockDim, x, y, z, workspace, tiling);

    std::vector<float> result((float*)z, (float*)z + totalLength);
    AscendC::GmFree((void*)x);
    AscendC::GmFree((void*)y);
    AscendC::GmFree((void*)z);
    AscendC::GmFree((void*)workspace);
    AscendC::GmFree((void*)tiling);
    return result;
}

}  // namespace

class scalar_axpy_test : public testing::TestWithParam<uint32_t> {
protected:
    static void SetUpTestCase() { std::cout << "scalar_axpy_test SetUp" << std::endl; }
    static void TearDownTestCase() { std::cout << "scalar_axpy_test TearDown" << std::endl; }
};

// 1000 elements in tiles of 48 over several core counts: uneven shares, a short last tile.
TEST_P(scalar_axpy_test, add_matches_reference)
{
    const uint32_t blockDim = GetParam();
    const uint32_t totalLength = 1000;
    const float alpha = 1.5f;
    std::vector<float> x = RandomData(totalLength, 1);
    std::vector<float> y = RandomData(totalLength, 2);

    std::vector<float> z = RunScalarAxpy(totalLength, 48, alpha, SCALAR_AXPY_KEY_ADD, blockDim, x, y);

    EXPECT_EQ(CountMismatches(z.data(), Reference(x, y, alpha, false)), 0u) << "blockDim " << blockDim;
}

INSTANTIATE_TEST_SUITE_P(block_counts, scalar_axpy_test, testing::Values(1u, 2u, 5u, 8u));

class scalar_axpy_key_test : public testing::Test {};

// The key set by ICPU_SET_TILING_KEY picks the TILING_KEY_IS branch.
TEST_F(scalar_axpy_key_test, key_selects_formula)
{
    const uint32_t totalLength = 256;
    std::vector<float> x = RandomData(totalLength, 3);
    std::vector<float> y = RandomData(totalLength, 4);

    std::vector<float> added = RunScalarAxpy(totalLength, 64, -0.75f, SCALAR_AXPY_KEY_ADD, 4, x, y);
    std::vector<float> subtracted = RunScalarAxpy(totalLength, 64, -0.75f, SCALAR_AXPY_KEY_SUB, 4, x, y);

    EXPECT_EQ(CountMismatches(added.data(), Reference(x, y, -0.75f, false)), 0u);
    EXPECT_EQ(CountMismatches(subtracted.data(), Reference(x, y, -0.75f, true)), 0u);
}

// A key no branch handles runs neither branch: z keeps GmAlloc's zero fill.
TEST_F(scalar_axpy_key_test, unknown_key_runs_no_branch)
{
    const uint32_t totalLength = 64;
    std::vector<float> x = RandomData(totalLength, 5);
    std::vector<float> y = RandomData(totalLength, 6);

    std::vector<float> z = RunScalarAxpy(totalLength, 64, 2.0f, 7, 2, x, y);

    EXPECT_EQ(CountMismatches(z.data(), std::vector<float>(totalLength, 0.0f)), 0u);
}

class scalar_axpy_launch_styles_test : public testing::Test {};

// Kernel-direct style: the tiling struct passed by value, no tiling key.
TEST_F(scalar_axpy_launch_styles_test, tiling_struct_by_value)
{
    const uint32_t totalLength = 300;
    std::vector<float> xData = RandomData(totalLength, 7);
    std::vector<float> yData = RandomData(totalLength, 8);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    std::memcpy(x, xData.data(), totalLength * sizeof(float));
    std::memcpy(y, yData.data(), totalLength * sizeof(float));
    ScalarAxpyTilingData tiling{totalLength, 32, 0.5f};

    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(scalar_axpy_direct, 3, x, y, z, tiling);

    EXPECT_EQ(CountMismatches((float*)z, Reference(xData, yData, 0.5f, false)), 0u);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
}

// The ops-nn idiom for templated kernels: a lambda wrapping the kernel call.
TEST_F(scalar_axpy_launch_styles_test, lambda_wrapper)
{
    const uint32_t totalLength = 128;
    std::vector<float> xData = RandomData(totalLength, 9);
    std::vector<float> yData = RandomData(totalLength, 10);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(WORKSPACE_BYTES);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScalarAxpyTilingData));
    std::memcpy(x, xData.data(), totalLength * sizeof(float));
    std::memcpy(y, yData.data(), totalLength * sizeof(float));
    ScalarAxpyTilingData* tilingDatafromBin = reinterpret_cast<ScalarAxpyTilingData*>(tiling);
    tilingDatafromBin->totalLength = totalLength;
    tilingDatafromBin->tileLength = 16;
    tilingDatafromBin->alpha = 3.0f;

    ICPU_SET_TILING_KEY(SCALAR_AXPY_KEY_SUB);
    auto scalar_axpy_kernel = [](GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
        ::scalar_axpy(x, y, z, workspace, tiling);
    };
    ICPU_RUN_KF(scalar_axpy_kernel, 2, x, y, z, workspace, (uint8_t*)(tilingDatafromBin));

    EXPECT_EQ(CountMismatches((float*)z, Reference(xData, yData, 3.0f, true)), 0u);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}
