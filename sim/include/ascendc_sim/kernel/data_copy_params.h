// The parameter structs of DataCopy and DataCopyPad, with CANN's field names, widths,
// defaults and constructor argument order (asc-devkit include/basic_api/
// kernel_operator_data_copy_intf.h and the CANN Ascend C API reference pages "DataCopy" and
// "DataCopyPad（GMToUB非对齐数据搬运）").
//
// Units differ by API and by side, which is the whole difficulty of these structs:
//   DataCopyParams in DataCopy:      every field in 32-byte blocks, on GM and UB alike;
//   DataCopyParams in DataCopyPad:   blockLen in bytes, the GM-side stride in bytes,
//                                    the UB-side stride in 32-byte blocks;
//   DataCopyExtParams (DataCopyPad): as DataCopyPad above, with 32-bit fields.
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

struct DataCopyParams {
    __aicore__ DataCopyParams() {}
    __aicore__ DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                              const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}

    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    // srcStride/dstStride are CANN's deprecated spellings of srcGap/dstGap (same storage).
    union {
        uint16_t srcGap = 0;
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;
        uint16_t dstStride;
    };
};

struct DataCopyExtParams {
    __aicore__ DataCopyExtParams() {}
    __aicore__ DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn,
                                 const uint32_t dstStrideIn, const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}

    uint16_t blockCount = 1;
    uint32_t blockLen = 0;   // bytes
    uint32_t srcStride = 0;  // GM->UB: bytes; UB->GM: 32-byte blocks
    uint32_t dstStride = 0;  // GM->UB: 32-byte blocks; UB->GM: bytes
    uint32_t rsv = 0;
};

// Older padding parameters: paddingValue holds the raw bit pattern of one element (CANN
// hands it to the pad-value register unconverted).
struct DataCopyPadParams {
    __aicore__ DataCopyPadParams() {}
    __aicore__ DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                 const uint64_t padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}

    bool isPad = false;
    uint8_t leftPadding = 0;   // elements
    uint8_t rightPadding = 0;  // elements
    uint64_t paddingValue = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    __aicore__ DataCopyPadExtParams() {}
    __aicore__ DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                    T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}

    bool isPad = false;
    uint8_t leftPadding = 0;   // elements
    uint8_t rightPadding = 0;  // elements
    T paddingValue = 0;
};

}  // namespace AscendC
