// CheckLocalMemoryIA (asc-devkit docs 基础API/调试接口/异常检测/CheckLocalMemoryIA(ISASI).md;
// the struct as CANN's include/basic_api/kernel_struct_mm.h declares it): arms one of a core's
// four UB access-exception registers. While register `enableBit` is enabled, a UB access of a
// kind it watches (scalar, vector or MTE; read or write) that touches a byte in
// (startAddr * 32, endAddr * 32] traps: on hardware an AI Core exception
// (ACL_ERROR_RT_VECTOR_CORE_EXCEPTION), here a kernel-assert naming the instruction, the
// operand and the register. A call with isEnable false disarms the register (the doc asks for
// that after each use). enableBit above 3 or an address above 65535 (the fields' documented
// ranges) is api-misuse. The registers are per core and start disarmed in every launch.
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

struct CheckLocalMemoryIAParam {
    __aicore__ CheckLocalMemoryIAParam() {}
    __aicore__ CheckLocalMemoryIAParam(const uint8_t enableBitIn, const uint32_t startAddrIn, const uint32_t endAddrIn,
                                       const bool isScalarReadIn, const bool isScalarWriteIn, const bool isVectorReadIn,
                                       const bool isVectorWriteIn, const bool isMteReadIn, const bool isMteWriteIn,
                                       const bool isEnableIn)
        : enableBit(enableBitIn), startAddr(startAddrIn), endAddr(endAddrIn), isScalarRead(isScalarReadIn),
          isScalarWrite(isScalarWriteIn), isVectorRead(isVectorReadIn), isVectorWrite(isVectorWriteIn),
          isMteRead(isMteReadIn), isMteWrite(isMteWriteIn), isEnable(isEnableIn) {}

    uint8_t enableBit = 0;
    uint32_t startAddr = 0;  // in 32-byte units, excluded
    uint32_t endAddr = 0;    // in 32-byte units, included
    bool isScalarRead = false;
    bool isScalarWrite = false;
    bool isVectorRead = false;
    bool isVectorWrite = false;
    bool isMteRead = false;
    bool isMteWrite = false;
    bool isEnable = false;
    uint32_t reserved = 0;
};

}  // namespace AscendC

namespace sim {
void ArmUbWatch(const AscendC::CheckLocalMemoryIAParam& checkParams);
}  // namespace sim

namespace AscendC {
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams) {
    sim::NoteCallSite();
    sim::ArmUbWatch(checkParams);
}
}  // namespace AscendC
