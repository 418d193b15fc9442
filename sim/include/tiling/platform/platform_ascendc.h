// platform_ascendc::PlatformAscendC: what a tiling function asks about the chip (core
// counts, UB size, library workspace), answered from the sim's SoC table
// (ascendc_sim/core/soc.h) for the SoC the tiling context was built for.
//
//   auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
//   uint32_t cores = platform.GetCoreNumAiv();
//   uint64_t ub; platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
//
// Constructed from nullptr (CANN would abort), it answers for the calling thread's current
// SoC (sim::CurrentSoc(), i.e. SocScope / ASCEND_SIM_SOC / ASCEND_SIM_MAX_CORES). As in CANN
// there is no default constructor; PlatformAscendCManager::GetInstance() is the way to ask
// about the current SoC without a tiling context.
#pragma once
#include <cstdint>

namespace fe {
class PlatFormInfos;
}  // namespace fe

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };

// Values as in CANN. Every SoC the sim emulates (Ascend910B1..B4, Ascend910_93) answers
// ASCEND910B, as CANN's platform_ascendc.cpp maps them.
enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND310P,
    ASCEND310B,
    ASCEND950,
    ASCEND910_55,
    // CANN's alias; the members after it count on from it, so AS31XM1 == ASCEND910_55 there too.
    ASCEND910_95 = ASCEND950,
    AS31XM1,
    ASCEND031,
    ASCEND035,
    ASCEND310,
    ASCEND610,
    ASCEND610Lite,
    ASCEND910_93,
    BS9SX1A,
    BS9SX2A,
    HI3796CV300CS,
    HI3796CV300ES,
    MC61AM21A,
    MC62,
    SD3403,
    KIRINX90,
    KIRIN9030,
    MC32DM11A,
    ASCEND350,
    RESERVED_VERSION = 99999
};

enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
public:
    PlatformAscendC() = delete;
    explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}

    // Split mode (dav-c220): the vector core count, like GetCoreNumAiv().
    uint32_t GetCoreNum() const;
    uint32_t GetCoreNumAic() const;
    uint32_t GetCoreNumAiv() const;
    // Only the m200 series has separate "vector cores": 0 here.
    uint32_t GetCoreNumVector() const;
    // Blocks needed for `sliceNum` slices when each AIC serves aivCoreNum/aicCoreNum AIVs;
    // 0 (error) if that exceeds the AIC count at the 1:2 ratio; sliceNum when either count is 0.
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
    uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
    // System workspace the high-level APIs need (16 MiB on arch 2201).
    uint32_t GetLibApiWorkSpaceSize() const;
    // UB: the SoC's reported UB (196352 on 910B/910_93) minus ReserveLocalMemory's amount;
    // L1 512 KiB, L0A/L0B 64 KiB, L0C 128 KiB; L2 and HBM from the SoC table; 0 otherwise.
    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const;
    // Keeps 8/16/32 KiB of UB out of GetCoreMemSize(UB); the last call wins, as in CANN.
    void ReserveLocalMemory(ReservedSize size);
    SocVersion GetSocVersion() const;

private:
    fe::PlatFormInfos* platformInfo_;
    uint32_t reservedMemSize_ = 0;
};

class PlatformAscendCManager {
public:
    // The calling thread's current SoC (it follows SocScope changes).
    static PlatformAscendC* GetInstance();
    // A named SoC from the sim's table ("Ascend910B3"); nullptr for an unknown name.
    // (CANN fixes the SoC at the first call; the sim answers for the name given each time.)
    static PlatformAscendC* GetInstance(const char* customSocVersion);
};

}  // namespace platform_ascendc
