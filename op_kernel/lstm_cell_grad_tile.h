// A tile of the [B, H] problem and its DMAs between GM and UB. UB rows are `pitch`
// elements (the tile's columns rounded up to a 32-byte block); the tensors of one UB buffer
// lie `slotElems` apart (SlotElems in lstm_cell_grad_layout.h).
#ifndef LSTM_CELL_GRAD_TILE_H
#define LSTM_CELL_GRAD_TILE_H

#include "kernel_operator.h"
#include "lstm_cell_grad_layout.h"

namespace lstm_cell_grad {

using namespace AscendC;

// std::is_same, without a standard header in kernel code.
template <typename A, typename B>
struct SameType { static constexpr bool value = false; };
template <typename A>
struct SameType<A, A> { static constexpr bool value = true; };

struct Tile {
    int64_t row;     // first batch row
    int64_t col;     // first hidden column
    uint32_t rows;
    uint32_t cols;
    uint32_t pitch;  // UB row length in elements (cols rounded up to a 32-byte block)
    uint32_t Elems() const { return rows * pitch; }
};

// tile.rows rows of tile.cols elements, GM rows `rowLength` apart, into UB rows of tile.pitch.
template <typename T>
__aicore__ inline void LoadRows(const LocalTensor<T>& dst, GlobalTensor<T>& src, const Tile& tile, int64_t rowLength,
                                int64_t columnOffset) {
    DataCopyExtParams params{static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(tile.cols * sizeof(T)),
                             static_cast<uint32_t>((rowLength - tile.cols) * sizeof(T)), 0, 0};
    DataCopyPadExtParams<T> padding{false, 0, 0, static_cast<T>(0)};
    DataCopyPad(dst, src[tile.row * rowLength + columnOffset + tile.col], params, padding);
}

template <typename T>
__aicore__ inline void StoreRows(GlobalTensor<T>& dst, const LocalTensor<T>& src, const Tile& tile, int64_t rowLength,
                                 int64_t columnOffset) {
    DataCopyExtParams params{static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(tile.cols * sizeof(T)), 0,
                             static_cast<uint32_t>((rowLength - tile.cols) * sizeof(T)), 0};
    DataCopyPad(dst[tile.row * rowLength + columnOffset + tile.col], src, params);
}

// The first `gates` gates of a tile's storage rows, into consecutive UB tensors. A storage
// row holds i, f, g, o one hidden size apart, so a row's gates are bursts at a uniform
// stride: one DMA per row when the tile has fewer rows than gates, else one DMA per gate
// (fewer, longer DMAs).
template <typename T>
__aicore__ inline void LoadGates(const LocalTensor<T>& dst, GlobalTensor<T>& storage, const Tile& tile,
                                 int64_t hidden, uint32_t gates, uint32_t slotElems) {
    if (tile.rows < gates) {
        const uint32_t slotGapBlocks = (slotElems - tile.pitch) * sizeof(T) / kBlockBytes;
        DataCopyExtParams params{static_cast<uint16_t>(gates), static_cast<uint32_t>(tile.cols * sizeof(T)),
                                 static_cast<uint32_t>((hidden - tile.cols) * sizeof(T)), slotGapBlocks, 0};
        DataCopyPadExtParams<T> padding{false, 0, 0, static_cast<T>(0)};
        for (uint32_t r = 0; r < tile.rows; ++r) {
            DataCopyPad(dst[r * tile.pitch], storage[(tile.row + r) * kGates * hidden + tile.col], params, padding);
        }
        return;
    }
    for (uint32_t gate = 0; gate < gates; ++gate) {
        LoadRows(dst[gate * slotElems], storage, tile, kGates * hidden, gate * hidden);
    }
}

// The four gate gradients of a tile, from consecutive UB tensors into gradGates rows: per
// row or per gate, whichever is fewer DMAs (as LoadGates).
template <typename T>
__aicore__ inline void StoreGates(GlobalTensor<T>& gradGates, const LocalTensor<T>& src, const Tile& tile,
                                  int64_t hidden, uint32_t slotElems) {
    if (tile.rows < kGates) {
        const uint32_t slotGapBlocks = (slotElems - tile.pitch) * sizeof(T) / kBlockBytes;
        DataCopyExtParams params{static_cast<uint16_t>(kGates), static_cast<uint32_t>(tile.cols * sizeof(T)),
                                 slotGapBlocks, static_cast<uint32_t>((hidden - tile.cols) * sizeof(T)), 0};
        for (uint32_t r = 0; r < tile.rows; ++r) {
            DataCopyPad(gradGates[(tile.row + r) * kGates * hidden + tile.col], src[r * tile.pitch], params);
        }
        return;
    }
    for (uint32_t gate = 0; gate < kGates; ++gate) {
        StoreRows(gradGates, src[gate * slotElems], tile, kGates * hidden, gate * hidden);
    }
}

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_TILE_H
