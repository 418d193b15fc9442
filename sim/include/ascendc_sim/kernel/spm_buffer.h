// TPipe's SPM buffer (asc-devkit docs/zh/api/SIMD-API/基础API/资源管理/TPipe/InitSpmBuffer.md,
// WriteSpmBuffer.md, ReadSpmBuffer.md): GM space where a kernel parks data its UB cannot hold.
// As CANN's implementation (impl/basic_api/kernel_tpipe_impl.h) the write is an MTE3 DataCopy
// from the tensor to the buffer at writeOffset elements of T, fenced before by V->MTE3 and
// MTE2->MTE3 and after by MTE3->MTE2 and MTE3->V; the read an MTE2 DataCopy fenced by V->MTE2
// before and MTE2->V, MTE2->MTE3 after. The size forms copy writeSize (readSize) elements (the
// tensor's ShapeInfo size when 0) as one burst of whole 32-byte blocks. Every copy is the
// sim's DataCopy, with its checks; past the bufferSize bytes given to InitSpmBuffer is
// reported (operand-bounds). Atlas A2/A3 has no L1 form (InitSpmBuffer(bufferSize)): CANN
// asserts at run time, the sim reports api-misuse.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/shape_info.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tpipe.h"

namespace AscendC {

template <typename T>
__aicore__ inline void TPipe::InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize) {
    if (bufferSize <= 0) {
        sim::Violation(sim::Check::ApiMisuse, "TPipe::InitSpmBuffer(workspace, bufferSize " + std::to_string(bufferSize) +
                                                  "): bufferSize must be positive (bytes)");
        return;
    }
    spm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(workspace.GetPhyAddr()), static_cast<uint64_t>(bufferSize));
}

__aicore__ inline void TPipe::InitSpmBuffer(const int32_t bufferSize) {
    (void)bufferSize;
    sim::Violation(sim::Check::ApiMisuse,
                   "TPipe::InitSpmBuffer(bufferSize): an SPM buffer in L1 is not supported on Atlas A2/A3 (pass a GM workspace)");
}

namespace sim_detail {
// The SPM buffer as a GlobalTensor<T> from element `offset` on; false (reported) when unset.
template <typename T>
inline bool SpmAt(const GlobalTensor<uint8_t>& spm, int32_t offset, const char* api, GlobalTensor<T>* at) {
    if (spm.GetPhyAddr() == nullptr) {
        sim::Violation(sim::Check::ApiMisuse, std::string("TPipe::") + api + ": call InitSpmBuffer first");
        return false;
    }
    if (offset < 0) {
        sim::Violation(sim::Check::OperandBounds, std::string("TPipe::") + api + ": the offset " + std::to_string(offset) +
                                                      " is negative");
        return false;
    }
    const uint64_t elements = spm.GetSize() / sizeof(T);
    GlobalTensor<T> whole;
    whole.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(spm.GetPhyAddr()), elements);
    *at = whole[offset];
    return true;
}
// writeSize (0: the tensor's ShapeInfo size) elements as one burst of whole 32-byte blocks.
template <typename T>
inline DataCopyParams SpmBurst(const LocalTensor<T>& tensor, int32_t size) {
    const uint64_t elements = size != 0 ? static_cast<uint64_t>(size) : GetShapeSize(tensor.GetShapeInfo());
    return DataCopyParams(1, static_cast<uint16_t>(elements * sizeof(T) / 32), 0, 0);
}
}  // namespace sim_detail

template <typename T>
__aicore__ inline void TPipe::WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                                             int32_t writeOffset) {
    GlobalTensor<T> at;
    if (!sim_detail::SpmAt(spm_, writeOffset, "WriteSpmBuffer", &at)) return;
    const TEventID vToMte3 = FetchEventID(HardEvent::V_MTE3);
    SetFlag<HardEvent::V_MTE3>(vToMte3);
    WaitFlag<HardEvent::V_MTE3>(vToMte3);
    const TEventID mte2ToMte3 = FetchEventID(HardEvent::MTE2_MTE3);
    SetFlag<HardEvent::MTE2_MTE3>(mte2ToMte3);
    WaitFlag<HardEvent::MTE2_MTE3>(mte2ToMte3);
    DataCopy(at, writeBuffer, copyParams);
    const TEventID mte3ToMte2 = FetchEventID(HardEvent::MTE3_MTE2);
    SetFlag<HardEvent::MTE3_MTE2>(mte3ToMte2);
    WaitFlag<HardEvent::MTE3_MTE2>(mte3ToMte2);
    const TEventID mte3ToV = FetchEventID(HardEvent::MTE3_V);
    SetFlag<HardEvent::MTE3_V>(mte3ToV);
    WaitFlag<HardEvent::MTE3_V>(mte3ToV);
}

template <typename T>
__aicore__ inline void TPipe::WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize, int32_t writeOffset) {
    WriteSpmBuffer(writeBuffer, sim_detail::SpmBurst(writeBuffer, writeSize), writeOffset);
}

template <typename T>
__aicore__ inline void TPipe::ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                                            int32_t readOffset) {
    GlobalTensor<T> at;
    if (!sim_detail::SpmAt(spm_, readOffset, "ReadSpmBuffer", &at)) return;
    const TEventID vToMte2 = FetchEventID(HardEvent::V_MTE2);
    SetFlag<HardEvent::V_MTE2>(vToMte2);
    WaitFlag<HardEvent::V_MTE2>(vToMte2);
    DataCopy(readBuffer, at, copyParams);
    const TEventID mte2ToV = FetchEventID(HardEvent::MTE2_V);
    SetFlag<HardEvent::MTE2_V>(mte2ToV);
    WaitFlag<HardEvent::MTE2_V>(mte2ToV);
    const TEventID mte2ToMte3 = FetchEventID(HardEvent::MTE2_MTE3);
    SetFlag<HardEvent::MTE2_MTE3>(mte2ToMte3);
    WaitFlag<HardEvent::MTE2_MTE3>(mte2ToMte3);
}

template <typename T>
__aicore__ inline void TPipe::ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize, int32_t readOffset) {
    ReadSpmBuffer(readBuffer, sim_detail::SpmBurst(readBuffer, readSize), readOffset);
}

}  // namespace AscendC
