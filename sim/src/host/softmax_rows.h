// The row arithmetic the SoftMax family's host tiling shares (SoftMaxTilingFunc,
// SoftMaxFlashTilingFunc, SoftMaxGradTilingFunc): the source as m rows of k elements, the rows
// one split of the temp holds, and the SoftMaxTiling fields that follow from them.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC::softmax_rows {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatBytes = 4;
constexpr uint32_t kRowExtra = 64;   // floats per row beyond b + K (SOFTMAX_BASICBLOCK_UNIT)
constexpr uint32_t kBasicTile = 8;   // rows of a basic block (32 B of floats)
constexpr uint32_t kBasicUnit = 64;  // K granule of a basic block (one float repeat)
constexpr uint32_t kMaxBasicElements = kBasicUnit * 256;  // baseM * K stays below (255 repeats)

struct Rows {
    uint32_t m = 0, k = 0, perBlock = 0;  // perBlock: elements of the type in 32 bytes
};

// False (after a message naming `api`) when nothing can be computed; a last axis off the
// 32-byte grid is said and computed anyway.
bool ReadRows(const ge::Shape& srcShape, uint32_t typeSize, const char* api, Rows* rows);

// The rows of one split (baseM): as many as `workspaceBytes` holds at `rowFloats` floats a row,
// at most m; whole basic tiles when fewer than m, and for basic-block shapes a divisor of m
// whose split stays under 255 repeats.
uint32_t SplitRows(const Rows& rows, uint32_t workspaceBytes, uint32_t rowFloats);

// The SoftMaxTiling fields of a split of baseM rows, through the tiling-data class's setters.
template <class Tiling>
void Fill(const Rows& r, uint32_t baseM, Tiling& t) {
    const uint32_t tail = baseM != 0 ? r.m % baseM : 0;
    t.set_srcM(r.m);
    t.set_srcK(r.k);
    t.set_srcSize(r.m * r.k);
    t.set_outMaxM(r.m);
    t.set_outMaxK(r.perBlock);
    t.set_outMaxSize(r.m * r.perBlock);
    t.set_splitM(baseM);
    t.set_splitK(r.k);
    t.set_splitSize(baseM * r.k);
    t.set_reduceM(baseM);
    t.set_reduceK(r.perBlock);
    t.set_reduceSize(baseM * r.perBlock);
    if (baseM != 0) t.set_rangeM(r.m / baseM);
    t.set_tailM(tail);
    t.set_tailSplitSize(tail * r.k);
    t.set_tailReduceSize(tail * r.perBlock);
}

}  // namespace AscendC::softmax_rows
