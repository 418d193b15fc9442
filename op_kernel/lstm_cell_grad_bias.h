// gradBias, the batch sum of the four gate gradients, in fp32 and in an order fixed by the
// shape alone (so it is bitwise the same on every SoC and core count):
//   * BiasAccumulator: during the gate pass, each block of a bias chunk's rows sums its
//     columns row by row in UB, then writes them to gradBias (one chunk covers the batch)
//     or to the chunk's row of partial sums in the workspace;
//   * BiasFinalPass: after SyncAll, gradBias = the chunks' partial sums added in chunk
//     order, its columns split across the cores.
#ifndef LSTM_CELL_GRAD_BIAS_H
#define LSTM_CELL_GRAD_BIAS_H

#include "kernel_operator.h"
#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tile.h"

namespace lstm_cell_grad {

using namespace AscendC;

// Where the partial sums live: one row of kGates * hidden fp32 per chunk, when there are
// several chunks.
__aicore__ inline void SetPartials(GlobalTensor<float>& partials, GM_ADDR workspace, uint32_t biasChunks,
                                   int64_t hidden) {
    const uint64_t rows = biasChunks > 1 ? biasChunks : 0;
    partials.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(workspace), rows * kGates * hidden);
}

// A copy of an fp32 UB row into gradBias's dtype (fp16 rounded to nearest even), or an
// fp32 copy that keeps -0.0 and NaN.
template <typename T>
__aicore__ inline void ToBiasDtype(const LocalTensor<float>& dst, const LocalTensor<float>& sums, uint32_t n) {
    if (!SameType<T, float>::value) {
        Cast(dst.template ReinterpretCast<T>(), sums, RoundMode::CAST_RINT, n);
    } else {
        Muls(dst, sums, 1.0f, n);
    }
}

template <typename T>
class BiasAccumulator {
public:
    // `outQueue`: the gate pass's output queue, whose buffers the tiling sizes to hold a
    // block's sums too (OutBufferBytes): a flush waits for a free one like a tile does.
    __aicore__ inline explicit BiasAccumulator(TQue<TPosition::VECOUT, 1>& outQueue) : outQueue_(outQueue) {}

    template <typename TilingData>
    __aicore__ inline void Init(GM_ADDR gradBias, GM_ADDR workspace, const TilingData& tiling, TPipe* pipe) {
        hidden_ = tiling.hidden;
        tileCols_ = tiling.tileCols;
        direct_ = tiling.biasChunks <= 1;
        gradBiasGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gradBias), kGates * hidden_);
        SetPartials(partialGm_, workspace, tiling.biasChunks, hidden_);
        // Accumulator rows use the tile pitch, so each gate's row starts on a 32-byte block
        // in fp32 and, after a cast, in fp16 too.
        pipe->InitBuffer(sumsBuf_, kGates * tileCols_ * sizeof(float));
    }

    __aicore__ inline void Zero(uint32_t pitch) { Duplicate(sumsBuf_.template Get<float>(), 0.0f, kGates * pitch); }

    // Adds a tile's gradient of gate `gate` (its row of gradBias), row by row in batch order.
    __aicore__ inline void Accumulate(uint32_t gate, const LocalTensor<float>& gradGate, const Tile& tile) {
        LocalTensor<float> sums = sumsBuf_.template Get<float>();
        for (uint32_t r = 0; r < tile.rows; ++r) {
            Add(sums[gate * tile.pitch], sums[gate * tile.pitch], gradGate[r * tile.pitch], tile.cols);
        }
    }

    // Writes the sums of chunk `chunk`, columns [col, col + cols) accumulated with rows of
    // `pitch`: the four gates' rows lie one hidden size apart in gradBias and in a chunk's
    // partial sums, so one DMA of four bursts.
    __aicore__ inline void Flush(int64_t chunk, int64_t col, uint32_t cols, uint32_t pitch) {
        LocalTensor<float> sums = sumsBuf_.template Get<float>();
        LocalTensor<float> out = outQueue_.template AllocTensor<float>();
        if (direct_) {
            ToBiasDtype<T>(out, sums, kGates * pitch);
        } else {
            ToBiasDtype<float>(out, sums, kGates * pitch);  // partial sums stay fp32
        }
        outQueue_.EnQue(out);
        out = outQueue_.template DeQue<float>();
        if (direct_) {
            DataCopyPad(gradBiasGm_[col], out.template ReinterpretCast<T>(), GateRowsOut<T>(cols, pitch));
        } else {
            DataCopyPad(partialGm_[chunk * kGates * hidden_ + col], out, GateRowsOut<float>(cols, pitch));
        }
        outQueue_.FreeTensor(out);
    }

    // An empty batch: gradBias is zero (written by core 0).
    __aicore__ inline void WriteZeros() {
        if (GetBlockIdx() != 0) return;
        const int64_t width = kGates * hidden_;
        for (int64_t col = 0; col < width; col += tileCols_) {
            const uint32_t cols = static_cast<uint32_t>(width - col < tileCols_ ? width - col : tileCols_);
            LocalTensor<float> out = outQueue_.template AllocTensor<float>();
            Duplicate(out.template ReinterpretCast<T>(), static_cast<T>(0),
                      static_cast<int32_t>(AlignUp(cols, kBlockBytes / sizeof(T))));
            outQueue_.EnQue(out);
            out = outQueue_.template DeQue<float>();
            DataCopyExtParams params{1, static_cast<uint32_t>(cols * sizeof(T)), 0, 0, 0};
            DataCopyPad(gradBiasGm_[col], out.template ReinterpretCast<T>(), params);
            outQueue_.FreeTensor(out);
        }
    }

private:
    // Four UB rows of `pitch` elements of U to four GM rows one hidden size apart.
    template <typename U>
    __aicore__ inline DataCopyExtParams GateRowsOut(uint32_t cols, uint32_t pitch) const {
        const uint32_t burstBlocks = static_cast<uint32_t>(CeilDiv(cols * sizeof(U), kBlockBytes));
        const uint32_t gapBlocks = static_cast<uint32_t>(pitch * sizeof(U) / kBlockBytes) - burstBlocks;
        return DataCopyExtParams{static_cast<uint16_t>(kGates), static_cast<uint32_t>(cols * sizeof(U)), gapBlocks,
                                 static_cast<uint32_t>((hidden_ - cols) * sizeof(U)), 0};
    }

    int64_t hidden_ = 0;
    uint32_t tileCols_ = 0;
    bool direct_ = true;
    GlobalTensor<T> gradBiasGm_;
    GlobalTensor<float> partialGm_;
    TBuf<TPosition::VECCALC> sumsBuf_;
    TQue<TPosition::VECOUT, 1>& outQueue_;
};

// The final pass. UB is carved anew (the caller resets the pipe): double-buffered partial
// rows, the column sums, and their output queue.
template <typename T>
class BiasFinalPass {
public:
    template <typename TilingData>
    __aicore__ inline void Init(GM_ADDR gradBias, GM_ADDR workspace, const TilingData& tiling, TPipe* pipe) {
        hidden_ = tiling.hidden;
        chunks_ = tiling.biasChunks;
        tileCols_ = tiling.finalTileCols;
        tileRows_ = tiling.finalTileRows;
        gradBiasGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gradBias), kGates * hidden_);
        SetPartials(partialGm_, workspace, chunks_, hidden_);
        pipe->InitBuffer(partialQueue_, kBufferNum, tileRows_ * tileCols_ * sizeof(float));
        pipe->InitBuffer(sumsBuf_, tileCols_ * sizeof(float));
        pipe->InitBuffer(outQueue_, 1, tileCols_ * sizeof(float));
    }

    // This core's columns (whole 32-byte blocks of fp32), a tile of them at a time.
    __aicore__ inline void Process() {
        const int64_t width = kGates * hidden_;
        const Range blocks = SplitEven(CeilDiv(width, kFloatsPerBlock), GetBlockNum(), GetBlockIdx());
        const int64_t end = blocks.end * kFloatsPerBlock < width ? blocks.end * kFloatsPerBlock : width;
        for (int64_t col = blocks.begin * kFloatsPerBlock; col < end; col += tileCols_) {
            SumColumns(col, static_cast<uint32_t>(end - col < tileCols_ ? end - col : tileCols_));
        }
    }

private:
    __aicore__ inline void SumColumns(int64_t col, uint32_t cols) {
        const int64_t width = kGates * hidden_;
        const uint32_t pitch = static_cast<uint32_t>(AlignUp(cols, kFloatsPerBlock));
        LocalTensor<float> sums = sumsBuf_.template Get<float>();
        Duplicate(sums, 0.0f, pitch);
        for (uint32_t chunk = 0; chunk < chunks_; chunk += tileRows_) {
            const uint32_t rows = chunks_ - chunk < tileRows_ ? chunks_ - chunk : tileRows_;
            LocalTensor<float> partial = partialQueue_.template AllocTensor<float>();
            const Tile tile{chunk, col, rows, cols, pitch};
            LoadRows(partial, partialGm_, tile, width, 0);
            partialQueue_.EnQue(partial);
            partial = partialQueue_.template DeQue<float>();
            for (uint32_t r = 0; r < rows; ++r) Add(sums, sums, partial[r * pitch], cols);
            partialQueue_.FreeTensor(partial);
        }
        LocalTensor<float> out = outQueue_.template AllocTensor<float>();
        ToBiasDtype<T>(out, sums, pitch);
        outQueue_.EnQue(out);
        out = outQueue_.template DeQue<float>();
        DataCopyExtParams params{1, static_cast<uint32_t>(cols * sizeof(T)), 0, 0, 0};
        DataCopyPad(gradBiasGm_[col], out.template ReinterpretCast<T>(), params);
        outQueue_.FreeTensor(out);
    }

    int64_t hidden_ = 0;
    uint32_t chunks_ = 0, tileCols_ = 0, tileRows_ = 0;
    GlobalTensor<T> gradBiasGm_;
    GlobalTensor<float> partialGm_;
    TQue<TPosition::VECIN, 1> partialQueue_;
    TBuf<TPosition::VECCALC> sumsBuf_;
    TQue<TPosition::VECOUT, 1> outQueue_;
};

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_BIAS_H
