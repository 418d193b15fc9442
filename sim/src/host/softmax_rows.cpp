// The SoftMax family's shared host row arithmetic (softmax_rows.h).
#include "softmax_rows.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace AscendC::softmax_rows {

bool ReadRows(const ge::Shape& srcShape, uint32_t typeSize, const char* api, Rows* rows) {
    const std::vector<int64_t> dims = srcShape.GetDims();
    if (dims.empty() || srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[ascendc_sim] %s: dataTypeSize %u is not 2 (half) or 4 (float)\n", api, typeSize);
        return false;
    }
    rows->k = static_cast<uint32_t>(dims.back());
    rows->m = static_cast<uint32_t>(srcShape.GetShapeSize() / dims.back());
    rows->perBlock = kBlockBytes / typeSize;
    if (uint64_t{rows->k} * typeSize % kBlockBytes != 0) {
        std::fprintf(stderr,
                     "[ascendc_sim] %s: the last axis of srcShape (%u elements of %u bytes) is not 32-byte aligned\n",
                     api, rows->k, typeSize);
    }
    return true;
}

uint32_t SplitRows(const Rows& rows, uint32_t workspaceBytes, uint32_t rowFloats) {
    uint32_t baseM = std::min(workspaceBytes / kFloatBytes / rowFloats, rows.m);
    if (baseM < rows.m && baseM > kBasicTile) baseM = baseM / kBasicTile * kBasicTile;
    if (baseM > kBasicTile && rows.m % kBasicTile == 0 && rows.k % kBasicUnit == 0) {
        baseM = baseM / kBasicTile * kBasicTile;
        while (rows.m % baseM != 0) baseM -= kBasicTile;
        while (baseM * rows.k >= kMaxBasicElements) baseM /= 2;
    }
    return baseM;
}

}  // namespace AscendC::softmax_rows
