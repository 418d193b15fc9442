// PlatformAscendC answers per SoC (AIV/AIC cores, UB after ReserveLocalMemory, library
// workspace, cube buffers, SoC version), follows sim::SocScope and core caps, and the
// Tanh/Sigmoid temp-size helpers give CANN's numbers.
//
//   test_platform                          run the checks
//   test_platform --expect-env SOC CAP     check that ASCEND_SIM_SOC / ASCEND_SIM_MAX_CORES
//                                          (set by the caller) are what the platform reports
#include <cstdlib>
#include <cstring>
#include <string>

#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "host_check.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

namespace {

using platform_ascendc::CoreMemType;
using platform_ascendc::PlatformAscendC;
using platform_ascendc::PlatformAscendCManager;

constexpr uint64_t KiB = 1024;
constexpr uint64_t kReportedUb = 192 * KiB - 256;  // GetCoreMemSize(UB) on 910B / 910_93
constexpr uint32_t kLibWorkspace = 16u * 1024 * 1024;

struct Expected {
    const char* soc;
    uint32_t aiv;
    uint32_t aic;
};
// The AIV/AIC counts the project's SoC table documents (ascendc_sim/core/soc.h sources).
constexpr Expected kSocs[] = {{"Ascend910B1", 48, 24}, {"Ascend910B2", 48, 24}, {"Ascend910B3", 40, 20},
                              {"Ascend910B4", 40, 20}, {"Ascend910_93", 48, 24}};

uint64_t MemSize(const PlatformAscendC& platform, CoreMemType type) {
    uint64_t size = 0;
    platform.GetCoreMemSize(type, size);
    return size;
}

void CheckEverySoc() {
    CHECK_EQ(sim::SocTable().size(), sizeof(kSocs) / sizeof(kSocs[0]));
    for (const Expected& e : kSocs) {
        sim::SocScope scope(e.soc);
        const PlatformAscendC& platform = *PlatformAscendCManager::GetInstance();
        CHECK_EQ(platform.GetCoreNumAiv(), e.aiv);
        CHECK_EQ(platform.GetCoreNum(), e.aiv);  // split mode: the vector core count
        CHECK_EQ(platform.GetCoreNumAic(), e.aic);
        CHECK_EQ(platform.GetCoreNumVector(), 0u);
        CHECK_EQ(MemSize(platform, CoreMemType::UB), kReportedUb);
        CHECK_EQ(MemSize(platform, CoreMemType::L1), 512 * KiB);
        CHECK_EQ(MemSize(platform, CoreMemType::L0_A), 64 * KiB);
        CHECK_EQ(MemSize(platform, CoreMemType::L0_B), 64 * KiB);
        CHECK_EQ(MemSize(platform, CoreMemType::L0_C), 128 * KiB);
        CHECK_EQ(platform.GetLibApiWorkSpaceSize(), kLibWorkspace);
        CHECK(platform.GetSocVersion() == platform_ascendc::SocVersion::ASCEND910B);

        // The same answers through a tiling context built for this SoC from another scope.
        sim::SocScope elsewhere(e.soc == std::string("Ascend910B1") ? "Ascend910B4" : "Ascend910B1");
        auto context = sim::host::TilingContextBuilder("SimTestPlatformNoOp").Soc(e.soc).Build();
        const PlatformAscendC fromContext(context->GetPlatformInfo());
        CHECK_EQ(fromContext.GetCoreNumAiv(), e.aiv);
        CHECK_EQ(MemSize(fromContext, CoreMemType::UB), kReportedUb);
    }
}

void CheckReserveLocalMemory() {
    PlatformAscendC platform(nullptr);
    platform.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);
    CHECK_EQ(MemSize(platform, CoreMemType::UB), kReportedUb - 8 * KiB);
    platform.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_32K);  // the last call wins
    CHECK_EQ(MemSize(platform, CoreMemType::UB), kReportedUb - 32 * KiB);
    platform.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_16K);
    CHECK_EQ(MemSize(platform, CoreMemType::UB), kReportedUb - 16 * KiB);
    CHECK_EQ(MemSize(platform, CoreMemType::L1), 512 * KiB);  // only UB is affected
}

void CheckCoreCaps() {
    {
        sim::SocScope capped("Ascend910B1", 8);
        CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAiv(), 8u);
        CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAic(), 4u);
        auto context = sim::host::TilingContextBuilder("SimTestPlatformNoOp").Build();  // takes the scope's cap
        CHECK_EQ(PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv(), 8u);
        {
            sim::SocScope nested("Ascend910B3", 1);
            CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAiv(), 1u);
            CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAic(), 1u);
        }
        CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAiv(), 8u);
        // A cap above the SoC's count changes nothing.
        sim::SocScope loose("Ascend910B3", 64);
        CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAiv(), 40u);
    }
    CHECK_EQ(PlatformAscendC(sim::host::TilingContextBuilder("SimTestPlatformNoOp").Soc("Ascend910_93", 5)
                                 .Build()->GetPlatformInfo()).GetCoreNumAiv(), 5u);
}

void CheckNamedInstances() {
    CHECK_EQ(PlatformAscendCManager::GetInstance("Ascend910B4")->GetCoreNumAiv(), 40u);
    CHECK_EQ(PlatformAscendCManager::GetInstance("Ascend910B2")->GetCoreNumAiv(), 48u);
    CHECK(PlatformAscendCManager::GetInstance("Ascend310P3") == nullptr);
}

void CheckCalcTschBlockDim() {
    const PlatformAscendC platform(nullptr);
    CHECK_EQ(platform.CalcTschBlockDim(40, 0, 48), 40u);   // vector-only: one block per slice
    CHECK_EQ(platform.CalcTschBlockDim(40, 24, 48), 20u);  // two AIVs per AIC
    CHECK_EQ(platform.CalcTschBlockDim(41, 24, 48), 21u);
    CHECK_EQ(platform.CalcTschBlockDim(49, 24, 48), 0u);   // would need 25 AICs: error
    CHECK_EQ(platform.CalcTschBlockDim(10, 24, 24), 10u);  // 1:1
}

void CheckTmpSizes() {
    uint32_t maxValue = 1, minValue = 1;
    // Tanh, float: factor 1; half: factor 4 (a float copy and a float work buffer).
    AscendC::GetTanhMaxMinTmpSize(ge::Shape({2048}), 4, false, maxValue, minValue);
    CHECK_EQ(minValue, 256u);
    CHECK_EQ(maxValue, 2048u * 4);
    AscendC::GetTanhMaxMinTmpSize(ge::Shape({2048}), 2, false, maxValue, minValue);
    CHECK_EQ(minValue, 1024u);
    CHECK_EQ(maxValue, 2048u * 2 * 4);
    AscendC::GetTanhMaxMinTmpSize(ge::Shape({3, 5}), 2, false, maxValue, minValue);  // 30 bytes < one repeat
    CHECK_EQ(maxValue, 1024u);
    uint32_t liveNodes = 0, extra = 1;
    AscendC::GetTanhTmpBufferFactorSize(2, liveNodes, extra);
    CHECK_EQ(liveNodes, 4u);
    CHECK_EQ(extra, 0u);

    // Sigmoid computes in T: one buffer of the input's bytes, at least one repeat.
    AscendC::GetSigmoidMaxMinTmpSize(ge::Shape({2048}), 2, false, maxValue, minValue);
    CHECK_EQ(minValue, 256u);
    CHECK_EQ(maxValue, 4096u);
    AscendC::GetSigmoidMaxMinTmpSize(ge::Shape({16}), 4, false, maxValue, minValue);
    CHECK_EQ(maxValue, 256u);

    maxValue = minValue = 12345;  // an empty shape is an error: outputs untouched
    AscendC::GetTanhMaxMinTmpSize(ge::Shape({0, 8}), 4, false, maxValue, minValue);
    CHECK_EQ(maxValue, 12345u);
    CHECK_EQ(minValue, 12345u);
}

int ExpectEnvironment(const char* soc, uint32_t cap) {
    CHECK_EQ(std::string(sim::CurrentSoc().name), std::string(soc));
    uint32_t expectedAiv = sim::FindSoc(soc).aivCores;
    if (cap != 0 && cap < expectedAiv) expectedAiv = cap;
    CHECK_EQ(PlatformAscendCManager::GetInstance()->GetCoreNumAiv(), expectedAiv);
    auto context = sim::host::TilingContextBuilder("SimTestPlatformNoOp").Build();
    CHECK_EQ(PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv(), expectedAiv);
    return host_test::Finish("test_platform --expect-env");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "--expect-env") == 0) {
        return ExpectEnvironment(argv[2], static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10)));
    }
    CheckEverySoc();
    CheckReserveLocalMemory();
    CheckCoreCaps();
    CheckNamedInstances();
    CheckCalcTschBlockDim();
    CheckTmpSizes();
    return host_test::Finish("test_platform");
}
