// DataCopy and DataCopyPad: GM <-> UB (and UB -> UB) data movement with CANN's exact
// semantics and the sim's checks. Sources: the CANN Ascend C API reference pages "DataCopy",
// "DataCopyPad（GMToUB非对齐数据搬运）" and "DataCopyPad（UBToGM非对齐数据搬运）" (asc-devkit
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/), asc-devkit
// impl/basic_api/dav_c220/kernel_operator_data_copy_impl.h, and for the exact UB extent the
// CPU-debug overflow check, impl/basic_api/utils/kernel_check_data_copy_overflow.h.
//
// The templates only erase the element type; sim::dma (src/kernel/data_copy.cpp) does the
// work: parameter limits, the GM extent against the allocation and the declared size, the
// UB extent against the LocalTensor (CPU-debug formula), cross-pipe races, defined-ness.
//
// Stricter than hardware, on purpose: UB padding that DataCopyPad does not fill with a
// known value (isPad false and no pad value set, or the 32-byte dummy tail of a row without
// padding, which the NPU fills with copies of the row's first element) is poisoned, so a
// kernel that computes on it and lets the result reach GM is reported.
#pragma once
#include <cstdint>
#include <cstring>

#include "ascendc_sim/core/gm_access.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy_params.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"

namespace sim::dma {

// The four numbers of a DMA as the kernel passed them (units depend on the API).
struct Blocks {
    uint32_t blockCount;
    uint32_t blockLen;
    uint32_t srcStride;
    uint32_t dstStride;
};

// Left/right padding in elements and the raw bits of the padding element.
struct Padding {
    bool isPad;
    uint32_t left;
    uint32_t right;
    uint64_t valueBits;
};

// Which parameter struct the kernel used (messages name it; limits differ).
enum class ParamsKind : uint8_t { DataCopyParams, DataCopyExtParams };

// DataCopy(count): one burst of count elements; count * elementBytes must be a multiple of 32.
void CountGmToUb(const UbRef& dst, const GmView& src, const void* srcAddress, uint32_t count, uint32_t elementBytes);
void CountUbToGm(const GmView& dst, void* dstAddress, const UbRef& src, uint32_t count, uint32_t elementBytes);
void CountUbToUb(const UbRef& dst, const UbRef& src, uint32_t count, uint32_t elementBytes);

// DataCopy(DataCopyParams): every field in 32-byte blocks on both sides.
void BlocksGmToUb(const UbRef& dst, const GmView& src, const void* srcAddress, const Blocks& blocks,
                  uint32_t elementBytes);
void BlocksUbToGm(const GmView& dst, void* dstAddress, const UbRef& src, const Blocks& blocks, uint32_t elementBytes);
void BlocksUbToUb(const UbRef& dst, const UbRef& src, const Blocks& blocks, uint32_t elementBytes);

// DataCopyPad: blockLen in bytes, GM strides in bytes, UB strides in 32-byte blocks.
void PadGmToUb(const UbRef& dst, const GmView& src, const void* srcAddress, const Blocks& blocks,
               const Padding& padding, ParamsKind kind, uint32_t elementBytes);
void PadUbToGm(const GmView& dst, void* dstAddress, const UbRef& src, const Blocks& blocks, ParamsKind kind,
               uint32_t elementBytes);

// SetPadValue: the pad-value register that DataCopyPad uses when isPad is false.
void SetPadRegister(uint64_t valueBits);

template <class T>
uint64_t Bits(const T& value) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "DataCopyPad element types are at most 8 bytes");
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(T));
    return bits;
}

}  // namespace sim::dma

namespace AscendC {

// ---- DataCopy: whole 32-byte blocks ------------------------------------------------------
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                                     const uint32_t count) {
    sim::dma::CountGmToUb(dst.SimRef(), src.SimView(), src.GetPhyAddr(), count, sizeof(T));
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    sim::dma::CountUbToGm(dst.SimView(), dst.GetPhyAddr(), src.SimRef(), count, sizeof(T));
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    sim::dma::CountUbToUb(dst.SimRef(), src.SimRef(), count, sizeof(T));
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                const DataCopyParams& repeatParams) {
    sim::dma::BlocksGmToUb(dst.SimRef(), src.SimView(), src.GetPhyAddr(),
                           {repeatParams.blockCount, repeatParams.blockLen, repeatParams.srcGap, repeatParams.dstGap},
                           sizeof(T));
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                const DataCopyParams& repeatParams) {
    sim::dma::BlocksUbToGm(dst.SimView(), dst.GetPhyAddr(), src.SimRef(),
                           {repeatParams.blockCount, repeatParams.blockLen, repeatParams.srcGap, repeatParams.dstGap},
                           sizeof(T));
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                const DataCopyParams& repeatParams) {
    sim::dma::BlocksUbToUb(dst.SimRef(), src.SimRef(),
                           {repeatParams.blockCount, repeatParams.blockLen, repeatParams.srcGap, repeatParams.dstGap},
                           sizeof(T));
}

// ---- DataCopyPad: byte-exact rows, UB rows padded to 32 bytes ------------------------------
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                   const DataCopyExtParams& dataCopyParams, const DataCopyPadExtParams<T>& padParams) {
    sim::dma::PadGmToUb(dst.SimRef(), src.SimView(), src.GetPhyAddr(),
                        {dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                         dataCopyParams.dstStride},
                        {padParams.isPad, padParams.leftPadding, padParams.rightPadding,
                         sim::dma::Bits(static_cast<T>(padParams.paddingValue))},
                        sim::dma::ParamsKind::DataCopyExtParams, sizeof(T));
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                   const DataCopyExtParams& dataCopyParams) {
    sim::dma::PadUbToGm(dst.SimView(), dst.GetPhyAddr(), src.SimRef(),
                        {dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                         dataCopyParams.dstStride},
                        sim::dma::ParamsKind::DataCopyExtParams, sizeof(T));
}
// Older overloads: DataCopyParams here means blockLen in bytes (uint16), strides as above.
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                   const DataCopyParams& dataCopyParams, const DataCopyPadParams& padParams) {
    sim::dma::PadGmToUb(dst.SimRef(), src.SimView(), src.GetPhyAddr(),
                        {dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                         dataCopyParams.dstStride},
                        {padParams.isPad, padParams.leftPadding, padParams.rightPadding, padParams.paddingValue},
                        sim::dma::ParamsKind::DataCopyParams, sizeof(T));
}
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                   const DataCopyParams& dataCopyParams) {
    sim::dma::PadUbToGm(dst.SimView(), dst.GetPhyAddr(), src.SimRef(),
                        {dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                         dataCopyParams.dstStride},
                        sim::dma::ParamsKind::DataCopyParams, sizeof(T));
}

// The value DataCopyPad writes into left/right padding when isPad is false.
template <typename T, TPosition pos = TPosition::MAX>
__aicore__ inline void SetPadValue(T paddingValue) {
    sim::dma::SetPadRegister(sim::dma::Bits(paddingValue));
}

}  // namespace AscendC
