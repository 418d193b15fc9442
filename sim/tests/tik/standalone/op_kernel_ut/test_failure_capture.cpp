// How a failed ICPU_RUN_KF reaches GoogleTest, in a translation unit that includes gtest.h
// BEFORE tikicpulib.h (test_wrong_on_purpose.cpp covers the other order).
#include <cstdint>
#include <string>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "tile_copy_tiling.h"

extern "C" __global__ __aicore__ void tile_copy(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

class failure_capture_test : public testing::Test {};

// Exactly one non-fatal failure, at the ICPU_RUN_KF line, naming the check; the test body
// goes on after it.
TEST_F(failure_capture_test, failed_run_fails_the_enclosing_test)
{
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(256 * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(248 * sizeof(float));
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(TileCopyTilingData));
    *reinterpret_cast<TileCopyTilingData*>(tiling) = TileCopyTilingData{64, 32};

    EXPECT_NONFATAL_FAILURE(ICPU_RUN_KF(tile_copy, 4, x, z, nullptr, tiling), "[gm-allocation]");
    EXPECT_TRUE(sim::tik::LastRunFailed());
    EXPECT_NE(sim::tik::LastRunFailureMessage().find("ICPU_RUN_KF(tile_copy, blockDim 4"), std::string::npos);
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    AscendC::GmFree(tiling);
}

// A clean launch adds no failure and clears LastRunFailed.
TEST_F(failure_capture_test, clean_run_adds_no_failure)
{
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(64 * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(64 * sizeof(float));
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(TileCopyTilingData));
    *reinterpret_cast<TileCopyTilingData*>(tiling) = TileCopyTilingData{64, 32};

    ICPU_RUN_KF(tile_copy, 1, x, z, nullptr, tiling);
    EXPECT_FALSE(HasNonfatalFailure());
    EXPECT_FALSE(sim::tik::LastRunFailed());
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    AscendC::GmFree(tiling);
}
