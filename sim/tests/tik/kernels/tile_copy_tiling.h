// Tiling data of the tile_copy kernel, shared by the kernel and its unit test.
#pragma once
#include <cstdint>

struct TileCopyTilingData {
    uint32_t blockLength;  // elements each core copies (a multiple of 8: whole 32-byte blocks)
    uint32_t tileLength;   // elements per UB tile (a multiple of 8)
};
