// Kernels that are wrong on purpose, run the tikicpulib way. wrong_on_purpose_test.* are
// EXPECTED TO FAIL at the default severities (sim/tests/tik/test_tikicpulib.py checks that they
// do, with the right report, and that every test after them still runs and passes); the
// other suites here pass at the default severities.
//
// This file includes tikicpulib.h BEFORE gtest.h: a failed ICPU_RUN_KF must still fail the
// enclosing test (the framework is detected where ICPU_RUN_KF is used, not included).
#include "tikicpulib.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"
#include "scalar_axpy_tiling.h"
#include "tile_copy_tiling.h"

extern "C" __global__ __aicore__ void scalar_axpy_undersized(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                             GM_ADDR tiling);
extern "C" __global__ __aicore__ void tile_copy(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

namespace {

constexpr uint32_t UNDERSIZED_TOTAL = 410;  // over 4 cores: shares 103, 103, 102, 102
constexpr uint32_t UNDERSIZED_TILE = 32;
constexpr uint32_t UNDERSIZED_BLOCKS = 4;
constexpr float UNDERSIZED_ALPHA = 2.0f;

// Reads of x past the one tile each core declared: one per element of its share beyond it.
uint64_t ExpectedDeclaredSizeViolations() {
    uint64_t violations = 0;
    for (uint32_t core = 0; core < UNDERSIZED_BLOCKS; ++core) {
        const uint32_t share = UNDERSIZED_TOTAL / UNDERSIZED_BLOCKS + (core < UNDERSIZED_TOTAL % UNDERSIZED_BLOCKS ? 1 : 0);
        violations += share > UNDERSIZED_TILE ? share - UNDERSIZED_TILE : 0;
    }
    return violations;
}

// scalar_axpy_undersized (x declared one tile long per core) in the ops-nn UT shape;
// asserts the output like any UT would. Returns how many outputs differ.
size_t RunUndersizedDeclaration() {
    const uint32_t totalLength = UNDERSIZED_TOTAL;
    size_t byteSize = totalLength * sizeof(float);
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(byteSize);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ScalarAxpyTilingData));
    std::vector<float> expected(totalLength);
    for (uint32_t i = 0; i < totalLength; ++i) {
        ((float*)x)[i] = 0.25f * static_cast<float>(i);
        ((float*)y)[i] = 1.0f - static_cast<float>(i % 7);
        const float scaled = UNDERSIZED_ALPHA * ((float*)x)[i];
        expected[i] = scaled + ((float*)y)[i];
    }
    ScalarAxpyTilingData* tilingData = reinterpret_cast<ScalarAxpyTilingData*>(tiling);
    tilingData->totalLength = totalLength;
    tilingData->tileLength = UNDERSIZED_TILE;
    tilingData->alpha = UNDERSIZED_ALPHA;

    ICPU_SET_TILING_KEY(SCALAR_AXPY_KEY_ADD);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(scalar_axpy_undersized, UNDERSIZED_BLOCKS, x, y, z, workspace, tiling);

    size_t mismatches = 0;
    for (uint32_t i = 0; i < totalLength; ++i) mismatches += ((float*)z)[i] != expected[i] ? 1 : 0;
    EXPECT_EQ(mismatches, 0u);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    return mismatches;
}

// tile_copy of 4 cores x 64 floats; z is allocated `missingFloats` short of what the
// tiling says (a host-side size bug). Asserts z == x over what z holds.
void RunTileCopy(uint32_t missingFloats) {
    const uint32_t blockDim = 4;
    const uint32_t blockLength = 64;
    const uint32_t totalLength = blockDim * blockLength;
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc((totalLength - missingFloats) * sizeof(float));
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(TileCopyTilingData));
    for (uint32_t i = 0; i < totalLength; ++i) ((float*)x)[i] = static_cast<float>(i) - 100.5f;
    TileCopyTilingData* tilingData = reinterpret_cast<TileCopyTilingData*>(tiling);
    tilingData->blockLength = blockLength;
    tilingData->tileLength = 32;

    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(tile_copy, blockDim, x, z, workspace, tiling);

    EXPECT_EQ(std::memcmp(z, x, (totalLength - missingFloats) * sizeof(float)), 0);
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}

}  // namespace

class wrong_on_purpose_test : public testing::Test {};

// Fails at error (the default); at ASCEND_SIM_CHECKS=gm-declared-size=warn it runs
// correctly and the launch report lists the warning with its count.
TEST_F(wrong_on_purpose_test, undersized_x_declaration)
{
    RunUndersizedDeclaration();
    if (sim::GetSeverity(sim::Check::GmDeclaredSize) == sim::Severity::Warn) {
        ASSERT_EQ(sim::tik::LastRun().warnings.size(), 1u);
        EXPECT_EQ(sim::tik::LastRun().warnings[0].kind, sim::Check::GmDeclaredSize);
        EXPECT_EQ(sim::tik::LastRun().warnings[0].count, ExpectedDeclaredSizeViolations());
    }
}

TEST_F(wrong_on_purpose_test, clean_copy_after_declared_size_failure)
{
    RunTileCopy(0);
    EXPECT_FALSE(sim::tik::LastRunFailed());
}

// The last DMA of core 3 writes 32 bytes past z's allocation: fails whatever the
// declared-size severity (the GlobalTensor's declaration covers the bad range).
TEST_F(wrong_on_purpose_test, z_allocation_too_small)
{
    RunTileCopy(8);
}

TEST_F(wrong_on_purpose_test, clean_copy_after_allocation_failure)
{
    RunTileCopy(0);
    EXPECT_FALSE(sim::tik::LastRunFailed());
}

// z declared an output (a sim extension) and the copy launched on 3 of the 4 cores its
// tiling needs: core 3's share of z is never written: unwritten-output after the launch.
TEST_F(wrong_on_purpose_test, z_output_partly_unwritten)
{
    const uint32_t blockLength = 64, totalLength = 4 * blockLength;
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(TileCopyTilingData));
    TileCopyTilingData* tilingData = reinterpret_cast<TileCopyTilingData*>(tiling);
    tilingData->blockLength = blockLength;
    tilingData->tileLength = 32;
    sim::tik::MarkOutput(z);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(tile_copy, 3, x, z, workspace, tiling);
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
}

class severity_api_test : public testing::Test {};

// The same loose kernel, relaxed from inside the test with the sim's severity API.
TEST_F(severity_api_test, undersized_x_declaration_at_warn)
{
    sim::tik::ScopedSeverity relax(sim::Check::GmDeclaredSize, sim::Severity::Warn);
    EXPECT_EQ(RunUndersizedDeclaration(), 0u);
    EXPECT_FALSE(sim::tik::LastRunFailed());
    ASSERT_EQ(sim::tik::LastRun().warnings.size(), 1u);
    EXPECT_EQ(sim::tik::LastRun().warnings[0].count, ExpectedDeclaredSizeViolations());
}

TEST_F(severity_api_test, scoped_severity_restores_previous)
{
    const sim::Severity before = sim::GetSeverity(sim::Check::GmDeclaredSize);
    {
        sim::tik::ScopedSeverity relax(sim::Check::GmDeclaredSize, sim::Severity::Off);
        EXPECT_EQ(sim::GetSeverity(sim::Check::GmDeclaredSize), sim::Severity::Off);
    }
    EXPECT_EQ(sim::GetSeverity(sim::Check::GmDeclaredSize), before);
}
