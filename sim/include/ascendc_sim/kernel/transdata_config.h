// TransDataConfig (CANN's include/adv_api/transpose/transdata_common.h and transdata_tiling.h, both
// under the ASCC_PARAM_TRANSDATACONFIG guard): the source and destination DataFormat of a TransData.
// One definition for the kernel's TransData and the host's GetTransDataMaxMinTmpSize.
#pragma once
#include "ascendc_sim/kernel/shape_info.h"  // AscendC::DataFormat

namespace AscendC {

#ifndef ASCC_PARAM_TRANSDATACONFIG
#define ASCC_PARAM_TRANSDATACONFIG
struct TransDataConfig {
    DataFormat srcFormat;
    DataFormat dstFormat;
};
#endif  // ASCC_PARAM_TRANSDATACONFIG

}  // namespace AscendC
