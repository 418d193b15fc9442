// A CPU-debug program without GoogleTest (the shape of CANN's kernel-invocation samples):
// a failed ICPU_RUN_KF is printed and left to sim::tik::LastRunFailed(); the program goes on.
// Prints one "check: <name> <ok|WRONG>" line per expectation; exits 0 iff all hold.
#include <cstdio>
#include <cstring>

#include "ascendc_sim/core/gm.h"
#include "tikicpulib.h"
#include "tile_copy_tiling.h"

extern "C" __global__ __aicore__ void tile_copy(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

namespace {

int g_wrong = 0;

void Expect(bool holds, const char* name) {
    std::printf("check: %s %s\n", name, holds ? "ok" : "WRONG");
    g_wrong += holds ? 0 : 1;
}

// Copies 2 cores x 64 floats into a z allocation `missingFloats` short; true if z == x
// over what z holds.
bool CopyMatches(uint32_t missingFloats, bool setAivMode = true) {
    const uint32_t totalLength = 128;
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(totalLength * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc((totalLength - missingFloats) * sizeof(float));
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(TileCopyTilingData));
    for (uint32_t i = 0; i < totalLength; ++i) ((float*)x)[i] = 0.5f * static_cast<float>(i);
    *reinterpret_cast<TileCopyTilingData*>(tiling) = TileCopyTilingData{64, 32};

    if (setAivMode) AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(tile_copy, 2, x, z, nullptr, tiling);

    bool matches = std::memcmp(z, x, (totalLength - missingFloats) * sizeof(float)) == 0;
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    AscendC::GmFree(tiling);
    return matches;
}

}  // namespace

int main() {
    Expect(!sim::tik::LastRunFailed(), "nothing-run-yet-is-not-a-failure");
    // CANN's default kernel mode (MIX) until SetKernelMode: accepted, noted once.
    Expect(sim::tik::CurrentKernelMode() == KernelMode::MIX_MODE, "default-mode-is-MIX");
    Expect(CopyMatches(0, /*setAivMode=*/false), "good-copy-in-MIX-mode-output");
    Expect(CopyMatches(0), "good-copy-output");
    Expect(!sim::tik::LastRunFailed(), "good-copy-not-failed");
    CopyMatches(8);
    Expect(sim::tik::LastRunFailed(), "short-z-failed");
    Expect(sim::tik::LastRun().errorKind == sim::Check::GmAllocation, "short-z-error-kind");
    Expect(sim::tik::FailedRunCount() == 1, "one-failed-run-counted");
    Expect(CopyMatches(0), "good-copy-after-failure-output");
    Expect(!sim::tik::LastRunFailed(), "good-copy-after-failure-not-failed");
    Expect(sim::LiveGmAllocations() == 0, "every-GmAlloc-freed");
    std::printf("plain launch program: %d expectation(s) wrong\n", g_wrong);
    return g_wrong == 0 ? 0 : 1;
}
