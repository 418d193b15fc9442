// PlatformAscendC answered from the sim's SoC table.
#include "tiling/platform/platform_ascendc.h"

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "ascendc_sim/core/fork_guard.h"
#include "ascendc_sim/core/soc.h"
#include "platform/platform_infos_def.h"

namespace platform_ascendc {
namespace {

constexpr uint64_t KiB = 1024;
// dav-c220 cube-side buffers (asc-devkit 2201 spec); the same on every SoC in the table.
constexpr uint64_t kL1Bytes = 512 * KiB;
constexpr uint64_t kL0ABytes = 64 * KiB;
constexpr uint64_t kL0BBytes = 64 * KiB;
constexpr uint64_t kL0CBytes = 128 * KiB;
// CalcTschBlockDim: on 910B one AIC serves two AIVs, and a mix launch cannot use more
// blocks than there are AICs.
constexpr uint32_t kAivPerAic910B = 2;

// The platform the object answers for: the one in the tiling context, or (nullptr) the
// calling thread's current SoC and core cap, read afresh on every query.
fe::PlatFormInfos Resolve(const fe::PlatFormInfos* platformInfo) {
    if (platformInfo != nullptr) return *platformInfo;
    return fe::PlatFormInfos(sim::CurrentSoc(), sim::CurrentCoreLimit());
}

uint64_t ReservedBytes(ReservedSize size) {
    switch (size) {
        case ReservedSize::RESERVED_SIZE_8K: return 8 * KiB;
        case ReservedSize::RESERVED_SIZE_16K: return 16 * KiB;
        case ReservedSize::RESERVED_SIZE_32K: return 32 * KiB;
    }
    return 0;
}

}  // namespace

uint32_t PlatformAscendC::GetCoreNum() const { return GetCoreNumAiv(); }
uint32_t PlatformAscendC::GetCoreNumAic() const { return Resolve(platformInfo_).AicCores(); }
uint32_t PlatformAscendC::GetCoreNumAiv() const { return Resolve(platformInfo_).AivCores(); }
uint32_t PlatformAscendC::GetCoreNumVector() const { return 0; }

uint32_t PlatformAscendC::CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    return CalcTschNumBlocks(sliceNum, aicCoreNum, aivCoreNum);
}

uint32_t PlatformAscendC::CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
    const uint32_t aivPerAic = aivCoreNum / aicCoreNum;
    const uint32_t blocks = (sliceNum + aivPerAic - 1) / aivPerAic;
    if (aivPerAic == kAivPerAic910B && blocks > aicCoreNum) return 0;  // CANN logs an error and answers 0
    return blocks;
}

uint32_t PlatformAscendC::GetLibApiWorkSpaceSize() const {
    return static_cast<uint32_t>(Resolve(platformInfo_).Soc().libWorkspaceBytes);
}

void PlatformAscendC::GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
    const sim::SocSpec& soc = Resolve(platformInfo_).Soc();
    switch (memType) {
        case CoreMemType::UB: size = soc.ubReportedBytes - reservedMemSize_; return;
        case CoreMemType::L1: size = kL1Bytes; return;
        case CoreMemType::L0_A: size = kL0ABytes; return;
        case CoreMemType::L0_B: size = kL0BBytes; return;
        case CoreMemType::L0_C: size = kL0CBytes; return;
        case CoreMemType::L2: size = soc.l2Bytes; return;
        case CoreMemType::HBM: size = soc.hbmBytes; return;
        default: size = 0; return;  // FB/BT: cube fixpipe buffers, not modelled
    }
}

void PlatformAscendC::ReserveLocalMemory(ReservedSize size) {
    reservedMemSize_ = static_cast<uint32_t>(ReservedBytes(size));
}

SocVersion PlatformAscendC::GetSocVersion() const { return SocVersion::ASCEND910B; }

PlatformAscendC* PlatformAscendCManager::GetInstance() {
    // A null platform makes every query read the thread's current SoC, so one object per
    // thread follows SocScope and SetDefaultSoc.
    thread_local PlatformAscendC current(nullptr);
    return &current;
}

namespace {
// Namespace scope, made at load: a function-local static first made while another thread
// forks would leave its initialisation guard taken in the child.
sim::ForkSafeMutex g_namedPlatformsMutex{sim::LockRank::PlatformNamed};
}  // namespace

PlatformAscendC* PlatformAscendCManager::GetInstance(const char* customSocVersion) {
    if (customSocVersion == nullptr) return GetInstance();
    struct Named {
        std::unique_ptr<fe::PlatFormInfos> info;
        std::unique_ptr<PlatformAscendC> platform;
    };
    static std::map<std::string, Named> named;
    std::lock_guard<std::mutex> lock(g_namedPlatformsMutex);
    auto it = named.find(customSocVersion);
    if (it == named.end()) {
        const sim::SocSpec* soc = nullptr;
        try {
            soc = &sim::FindSoc(customSocVersion);
        } catch (const std::invalid_argument&) {
            return nullptr;
        }
        Named entry;
        entry.info = std::make_unique<fe::PlatFormInfos>(*soc, 0);
        entry.platform = std::make_unique<PlatformAscendC>(entry.info.get());
        it = named.emplace(customSocVersion, std::move(entry)).first;
    }
    return it->second.platform.get();
}

}  // namespace platform_ascendc
