// ShapeInfo: the shape a LocalTensor/GlobalTensor may carry (SetShapeInfo/GetShapeInfo), which
// DataCopy with SliceInfo and DumpTensor read (asc-devkit include/basic_api/kernel_tensor.h).
// Up to K_MAX_SHAPE_DIM (8) dimensions; more is reported (api-misuse) and cut to 8.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

constexpr int32_t K_MAX_SHAPE_DIM = 8;
using TTagType = int32_t;

#ifndef ASCC_ENUM_DATAFORMAT
#define ASCC_ENUM_DATAFORMAT
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D };
#endif

struct ShapeInfo {
    __aicore__ inline ShapeInfo() {}
    __aicore__ inline ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
                                const uint32_t inputOriginalShape[], const DataFormat inputFormat)
        : shapeDim(Dims(inputShapeDim)), originalShapeDim(Dims(inputOriginalShapeDim)), dataFormat(inputFormat) {
        for (int i = 0; i < shapeDim; ++i) shape[i] = inputShape[i];
        for (int i = 0; i < originalShapeDim; ++i) originalShape[i] = inputOriginalShape[i];
    }
    __aicore__ inline ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat)
        : shapeDim(Dims(inputShapeDim)), originalShapeDim(shapeDim), dataFormat(inputFormat) {
        for (int i = 0; i < shapeDim; ++i) shape[i] = originalShape[i] = inputShape[i];
    }
    __aicore__ inline ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[])
        : ShapeInfo(inputShapeDim, inputShape, DataFormat::ND) {}

    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_SHAPE_DIM] = {};
    uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
    DataFormat dataFormat = DataFormat::ND;

private:
    static uint8_t Dims(uint8_t dims) {
        if (dims <= K_MAX_SHAPE_DIM) return dims;
        sim::Violation(sim::Check::ApiMisuse, "ShapeInfo: " + std::to_string(dims) + " dimensions (at most " +
                                                  std::to_string(K_MAX_SHAPE_DIM) + ")");
        return K_MAX_SHAPE_DIM;
    }
};

// The number of elements of a shape (1 for 0 dimensions).
__aicore__ inline uint64_t GetShapeSize(const ShapeInfo& shapeInfo) {
    uint64_t size = 1;
    for (int i = 0; i < shapeInfo.shapeDim; ++i) size *= shapeInfo.shape[i];
    return size;
}

}  // namespace AscendC
