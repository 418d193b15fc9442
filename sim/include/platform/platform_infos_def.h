// fe::PlatFormInfos: the opaque platform handle gert::TilingContext::GetPlatformInfo()
// returns and platform_ascendc::PlatformAscendC reads. In the sim it names one row of the
// SoC table (ascendc_sim/core/soc.h) and the AIV core cap in force when the tiling
// context was built; CANN's string-keyed platform resource queries are not provided.
#pragma once
#include <cstdint>

#include "ascendc_sim/core/soc.h"

namespace fe {

class PlatFormInfos {
public:
    PlatFormInfos(const sim::SocSpec& soc, uint32_t coreLimit) : soc_(&soc), coreLimit_(coreLimit) {}

    const sim::SocSpec& Soc() const { return *soc_; }
    // 0 = no cap.
    uint32_t CoreLimit() const { return coreLimit_; }
    // Vector cores a kernel may use: the SoC's AIV count, capped.
    uint32_t AivCores() const {
        return (coreLimit_ != 0 && coreLimit_ < soc_->aivCores) ? coreLimit_ : soc_->aivCores;
    }
    // Cube cores, capped in the chip's 1 AIC : 2 AIV ratio (dav-c220 split mode) so that a
    // cap of n vector cores leaves ceil(n / 2) cube cores.
    uint32_t AicCores() const {
        if (coreLimit_ == 0) return soc_->aicCores;
        const uint32_t capped = (coreLimit_ + 1) / 2;
        return capped < soc_->aicCores ? capped : soc_->aicCores;
    }

private:
    const sim::SocSpec* soc_;
    uint32_t coreLimit_;
};

}  // namespace fe
