// DataCopy with SliceInfo: a strided N-d slice between GM and UB (asc-devkit docs
// 基础API/Memory矢量计算/数据搬运/DataCopy（GM与UB切片数据搬运）.md; impl/basic_api/
// kernel_operator_data_copy_intf_impl.h and kernel_operator_data_copy_base_impl.h).
//
// As CANN's A2/A3 implementation: dimension 0 is copied as one multi-burst DataCopy (bursts of
// burstLen 32-byte blocks, `stride` elements apart) per combination of the other dimensions'
// indices (startIndex..endIndex, every stride+1); shapes come from shapeValue, or from the
// tensors' ShapeInfo when srcSliceInfo[0].shapeValue is 0. A dimension-0 stride that is not a
// whole number of 32-byte blocks on the GM side goes as DataCopyPad (byte strides), as CANN's
// DataCopySliceGm2UBImpl/DataCopySliceUB2GMImpl do. Each burst is then checked and timed as
// that DataCopy/DataCopyPad; api-misuse for dimValue outside 1..K_MAX_DIM, more slices than
// MAX_SLICE_SIZE, or source and destination slice counts that differ.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/shape_info.h"

namespace AscendC {

constexpr int32_t K_MAX_DIM = 8;
constexpr uint32_t MAX_SLICE_SIZE = 6 * 256;

struct SliceInfo {
    __aicore__ SliceInfo() {}
    __aicore__ SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
                         const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
        : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn), shapeValue(shapeValueIn) {}
    uint32_t startIndex = 0;
    uint32_t endIndex = 32 - 1;
    uint32_t stride = 0;
    uint32_t burstLen = 32;
    uint32_t shapeValue = 0;
};

namespace sim_detail {

// The slice's first element and the element offsets of its dimension-0 rows (row-major over
// dimensions 1..dimValue-1, dimension 1 fastest), as CANN's DataCopyGetOffsetList. False
// (reported) when it has more than MAX_SLICE_SIZE rows.
inline bool SliceRows(const SliceInfo info[], const uint32_t shape[], uint32_t dims, uint32_t* start, uint32_t* rows,
                      uint32_t offsets[], const char* api) {
    uint32_t size = 1, count = 1;
    *start = info[0].startIndex;
    offsets[0] = 0;
    for (uint32_t d = 1; d < dims; ++d) {
        size *= shape[d - 1];
        *start += size * info[d].startIndex;
        const uint32_t picks = (info[d].endIndex - info[d].startIndex + 1 + info[d].stride) / (1 + info[d].stride);
        if (uint64_t(count) * picks > MAX_SLICE_SIZE) {
            sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": the slice has more than " +
                                                      std::to_string(MAX_SLICE_SIZE) + " rows (MAX_SLICE_SIZE)");
            return false;
        }
        for (uint32_t p = 1; p < picks; ++p) {
            for (uint32_t k = 0; k < count; ++k) offsets[p * count + k] = offsets[k] + p * (1 + info[d].stride) * size;
        }
        count *= picks;
    }
    *rows = count;
    return true;
}

template <class Dst, class Src>
bool SliceShapes(const Dst& dst, const Src& src, const SliceInfo dstInfo[], const SliceInfo srcInfo[], uint32_t dims,
                 uint32_t dstShape[], uint32_t srcShape[], const char* api) {
    if (dims == 0 || dims > static_cast<uint32_t>(K_MAX_DIM)) {
        sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": dimValue " + std::to_string(dims) + " (1.." +
                                                  std::to_string(K_MAX_DIM) + ")");
        return false;
    }
    const bool given = srcInfo[0].shapeValue != 0;
    const ShapeInfo dstShapeInfo = dst.GetShapeInfo(), srcShapeInfo = src.GetShapeInfo();
    for (uint32_t d = 0; d < dims; ++d) {
        srcShape[d] = given ? srcInfo[d].shapeValue : srcShapeInfo.shape[d];
        dstShape[d] = given ? dstInfo[d].shapeValue : dstShapeInfo.shape[d];
    }
    if (!given && (srcShapeInfo.shapeDim < dims || dstShapeInfo.shapeDim < dims)) {
        sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": shapeValue is 0 and the tensors' ShapeInfo has fewer than " +
                                                  std::to_string(dims) + " dimensions (SetShapeInfo)");
        return false;
    }
    return true;
}

}  // namespace sim_detail

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                                     const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[],
                                                     const uint32_t dimValue) {
    constexpr const char* api = "DataCopy (GM->UB, SliceInfo)";
    uint32_t dstShape[K_MAX_DIM], srcShape[K_MAX_DIM];
    if (!sim_detail::SliceShapes(dst, src, dstSliceInfo, srcSliceInfo, dimValue, dstShape, srcShape, api)) return;
    std::vector<uint32_t> srcList(MAX_SLICE_SIZE), dstList(MAX_SLICE_SIZE);
    uint32_t* srcOffsets = srcList.data();
    uint32_t* dstOffsets = dstList.data();
    uint32_t srcStart = 0, dstStart = 0, srcCount = 0, dstCount = 0;
    if (!sim_detail::SliceRows(srcSliceInfo, srcShape, dimValue, &srcStart, &srcCount, srcOffsets, api) ||
        !sim_detail::SliceRows(dstSliceInfo, dstShape, dimValue, &dstStart, &dstCount, dstOffsets, api)) {
        return;
    }
    if (srcCount != dstCount) {
        sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": the source slice has " + std::to_string(srcCount) +
                                                  " rows, the destination " + std::to_string(dstCount));
        return;
    }
    constexpr uint32_t perBlock = 32 / sizeof(T);
    const SliceInfo& row = srcSliceInfo[0];
    const uint32_t pitch = row.burstLen * perBlock + row.stride;
    const uint16_t bursts = static_cast<uint16_t>((row.endIndex - row.startIndex + 1 + row.stride) / pitch);
    const uint16_t dstGap = static_cast<uint16_t>(dstSliceInfo[0].stride * sizeof(T) / 32);
    const bool whole = (row.stride * sizeof(T)) % 32 == 0;
    for (uint32_t i = 0; i < srcCount; ++i) {
        const LocalTensor<T> to = dst[dstStart + dstOffsets[i]];
        const GlobalTensor<T> from = src[srcStart + srcOffsets[i]];
        if (whole) {
            DataCopy(to, from, DataCopyParams(bursts, static_cast<uint16_t>(row.burstLen),
                                              static_cast<uint16_t>(row.stride * sizeof(T) / 32), dstGap));
        } else {
            DataCopyPad(to, from, DataCopyExtParams(bursts, row.burstLen * 32, row.stride * sizeof(T), dstGap, 0),
                        DataCopyPadExtParams<T>(false, 0, 0, T{}));
        }
    }
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                                     const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[],
                                                     const uint32_t dimValue) {
    constexpr const char* api = "DataCopy (UB->GM, SliceInfo)";
    uint32_t dstShape[K_MAX_DIM], srcShape[K_MAX_DIM];
    if (!sim_detail::SliceShapes(dst, src, dstSliceInfo, srcSliceInfo, dimValue, dstShape, srcShape, api)) return;
    std::vector<uint32_t> srcList(MAX_SLICE_SIZE), dstList(MAX_SLICE_SIZE);
    uint32_t* srcOffsets = srcList.data();
    uint32_t* dstOffsets = dstList.data();
    uint32_t srcStart = 0, dstStart = 0, srcCount = 0, dstCount = 0;
    if (!sim_detail::SliceRows(srcSliceInfo, srcShape, dimValue, &srcStart, &srcCount, srcOffsets, api) ||
        !sim_detail::SliceRows(dstSliceInfo, dstShape, dimValue, &dstStart, &dstCount, dstOffsets, api)) {
        return;
    }
    if (srcCount != dstCount) {
        sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": the source slice has " + std::to_string(srcCount) +
                                                  " rows, the destination " + std::to_string(dstCount));
        return;
    }
    constexpr uint32_t perBlock = 32 / sizeof(T);
    const SliceInfo& row = srcSliceInfo[0];
    const uint32_t pitch = row.burstLen * perBlock + row.stride;
    const uint16_t bursts = static_cast<uint16_t>((row.endIndex - row.startIndex + 1 + row.stride) / pitch);
    const uint16_t srcGap = static_cast<uint16_t>(row.stride * sizeof(T) / 32);
    const uint32_t dstStride = dstSliceInfo[0].stride;
    const bool whole = (dstStride * sizeof(T)) % 32 == 0;
    for (uint32_t i = 0; i < srcCount; ++i) {
        const GlobalTensor<T> to = dst[dstStart + dstOffsets[i]];
        const LocalTensor<T> from = src[srcStart + srcOffsets[i]];
        if (whole) {
            DataCopy(to, from, DataCopyParams(bursts, static_cast<uint16_t>(row.burstLen), srcGap,
                                              static_cast<uint16_t>(dstStride * sizeof(T) / 32)));
        } else {
            DataCopyPad(to, from, DataCopyExtParams(bursts, row.burstLen * 32, srcGap, dstStride * sizeof(T), 0));
        }
    }
}

}  // namespace AscendC
