// The LSTM-cell backward kernel: CopyIn / Compute / CopyOut over double-buffered queues,
// math in fp32, gradBias accumulated in UB while the gates are computed.
//
// Per element, with t = tanh(cy) (DESIGN.md section 4):
//   gct = dhy * o * (1 - t^2) + dc        dcx = gct * f
//   do  = dhy * t * o * (1 - o)           di  = gct * g * i * (1 - i)
//   df  = gct * cx * f * (1 - f)          dg  = gct * i * (1 - g^2)
//   db  = sum over the batch of [di, df, dg, do]
// computed with 1 - x formed first, and every output of an element NaN when one of its
// inputs is Inf or NaN (the API document's boundary rule).
#ifndef LSTM_CELL_GRAD_KERNEL_H
#define LSTM_CELL_GRAD_KERNEL_H

#include "kernel_operator.h"
#include "lstm_cell_grad_layout.h"

namespace lstm_cell_grad {

using namespace AscendC;

template <typename A, typename B>
struct SameType { static constexpr bool value = false; };
template <typename A>
struct SameType<A, A> { static constexpr bool value = true; };

// Where each tensor lives in GM. (GM_ADDR is a macro for a pointer type, as in CANN:
// one declaration per member.)
struct GmArgs {
    GM_ADDR gradHy;
    GM_ADDR gradC;
    GM_ADDR cx;
    GM_ADDR cy;
    GM_ADDR storage;
    GM_ADDR gradGates;
    GM_ADDR gradCx;
    GM_ADDR gradBias;
    GM_ADDR workspace;
};

// Slots of the input buffer: a slot exists only if it is read. The gates i, f, g (and o)
// are consecutive, as they are in a storage row, so one DMA can load a row's gates.
enum InputSlot : uint32_t { kDhy, kCy, kDc, kCx, kI, kF, kG, kO, kSlotCount };
enum OutputSlot : uint32_t { kDi, kDf, kDg, kDo, kDcx };

// TilingData is the struct GET_TILING_DATA declares: CANN's kernel build generates it at
// global scope, the sim keeps the host's class, so the kernel never names it.
template <typename TilingData, typename T, bool kHasHy, bool kHasC, bool kHasBias>
class LstmCellGradKernel {
    static constexpr bool kHalf = !SameType<T, float>::value;
    static constexpr bool kAnyGrad = kHasHy || kHasC;

public:
    __aicore__ inline void Init(const GmArgs& gm, const TilingData& tiling, TPipe* pipe) {
        pipe_ = pipe;
        batch_ = tiling.batch;
        hidden_ = tiling.hidden;
        tiling_ = tiling;
        const int64_t block = GetBlockIdx();
        rows_ = CoreRows(batch_, tiling.rowUnit, tiling.gridRows, tiling.gridCols, block);
        cols_ = CoreCols(hidden_, tiling.colUnit, tiling.gridCols, block);
        const uint64_t bh = static_cast<uint64_t>(batch_) * hidden_;
        if (kHasHy) gradHyGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradHy), bh);
        if (kHasC) gradCGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradC), bh);
        if (kAnyGrad) cxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.cx), bh);
        if (kHasHy) cyGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.cy), bh);
        if (kAnyGrad) storageGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.storage), bh * kGates);
        gradGatesGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradGates), bh * kGates);
        gradCxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradCx), bh);
        if (kHasBias) {
            gradBiasGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradBias), kGates * hidden_);
            partialGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(gm.workspace),
                                       static_cast<uint64_t>(tiling.biasChunks > 1 ? tiling.biasChunks : 0) * kGates * hidden_);
        }

        tileElems_ = tiling.tileElems;
        const uint32_t inputs = InputSet{kHasHy, kHasC}.Count();
        // Tensors of one buffer lie slot_ / wideSlot_ elements apart (SlotElems: never in the
        // same UB bank group, so two sources of a vector instruction do not conflict).
        slot_ = SlotElems(tileElems_, sizeof(T));
        wideSlot_ = SlotElems(tileElems_, sizeof(float));
        if (inputs > 0) pipe_->InitBuffer(inQueue_, tiling.bufferNum, inputs * slot_ * sizeof(T));
        pipe_->InitBuffer(outQueue_, tiling.bufferNum, kOutputs * slot_ * sizeof(T));
        pipe_->InitBuffer(calcBuf_, kFp32CalcTensors * wideSlot_ * sizeof(float) + kTanhMinTmpBytes);
        if (kHalf) pipe_->InitBuffer(wideBuf_, (inputs + kOutputs) * wideSlot_ * sizeof(float));
        if (kHasBias) {
            pipe_->InitBuffer(biasAccBuf_, kGates * tiling.tileCols * sizeof(float));
            pipe_->InitBuffer(biasOutQueue_, 1, kGates * tiling.tileCols * sizeof(float));
        }
    }

    __aicore__ inline void Process() {
        if (kHasBias && batch_ == 0) {
            WriteZeroBias();
            return;
        }
        // Blocks of the core's rectangle: row chunks (the bias chunks, or all its rows) by
        // column tiles. Each block sums its gradBias columns in UB and flushes them.
        const int64_t chunkRows = kHasBias ? tiling_.rowUnit : (rows_.end - rows_.begin);
        for (int64_t chunkBegin = rows_.begin; chunkBegin < rows_.end; chunkBegin += chunkRows) {
            const int64_t chunkEnd = chunkBegin + chunkRows < rows_.end ? chunkBegin + chunkRows : rows_.end;
            for (int64_t col = cols_.begin; col < cols_.end; col += tiling_.tileCols) {
                ProcessBlock(chunkBegin, chunkEnd, col);
            }
        }
        if (kHasBias && tiling_.biasChunks > 1) {
            SyncAll();
            SumPartials();
        }
    }

private:
    // Rows [rowBegin, rowEnd) of the column tile starting at `col`, as many rows per tile as fit.
    __aicore__ inline void ProcessBlock(int64_t rowBegin, int64_t rowEnd, int64_t col) {
        const uint32_t cols = static_cast<uint32_t>(cols_.end - col < tiling_.tileCols ? cols_.end - col
                                                                                         : tiling_.tileCols);
        const uint32_t pitch = static_cast<uint32_t>(AlignUp(cols, kBlockBytes / sizeof(T)));
        const uint32_t fitRows = tileElems_ / pitch;
        const uint32_t tileRows = fitRows < kMaxBlockCount ? fitRows : kMaxBlockCount;
        if (kHasBias) ZeroBiasAccumulators(pitch);
        for (int64_t row = rowBegin; row < rowEnd; row += tileRows) {
            const uint32_t rows = static_cast<uint32_t>(rowEnd - row < tileRows ? rowEnd - row : tileRows);
            const Tile tile{row, col, rows, cols, pitch};
            CopyIn(tile);
            Compute(tile);
            CopyOut(tile);
        }
        if (kHasBias) FlushBias(rowBegin / tiling_.rowUnit, col, cols, pitch);
    }

    struct Tile {
        int64_t row;     // first batch row
        int64_t col;     // first hidden column
        uint32_t rows;
        uint32_t cols;
        uint32_t pitch;  // UB row length in elements (cols rounded up to a 32-byte block)
        uint32_t Elems() const { return rows * pitch; }
    };

    // Input slot index among the inputs this variant reads.
    static constexpr uint32_t Slot(InputSlot s) {
        return s == kDhy || s == kCy ? static_cast<uint32_t>(s)
               : s == kDc            ? (kHasHy ? 2u : 0u)
                                     : (kHasHy ? 2u : 0u) + (kHasC ? 1u : 0u) + (static_cast<uint32_t>(s) - kCx);
    }
    // The storage gates a variant reads: i, f, g, and o when gradHy is present.
    static constexpr uint32_t kGatesRead = kHasHy ? 4u : 3u;

    // ---- CopyIn: the tile of every input that is read, one DMA each; the storage gates in
    // as few DMAs as the tile allows (LoadGates).
    __aicore__ inline void CopyIn(const Tile& tile) {
        if (!kAnyGrad) return;
        LocalTensor<T> in = inQueue_.template AllocTensor<T>();
        if (kHasHy) {
            LoadRows(in[Slot(kDhy) * slot_], gradHyGm_, tile, hidden_, 0);
            LoadRows(in[Slot(kCy) * slot_], cyGm_, tile, hidden_, 0);
        }
        if (kHasC) LoadRows(in[Slot(kDc) * slot_], gradCGm_, tile, hidden_, 0);
        LoadRows(in[Slot(kCx) * slot_], cxGm_, tile, hidden_, 0);
        LoadGates(in[Slot(kI) * slot_], tile);
        inQueue_.EnQue(in);
    }

    // The gates a tile reads, into consecutive slots. A storage row holds i, f, g, o one
    // hidden size apart, so a row's gates are bursts at a uniform stride: one DMA per row
    // when the tile has fewer rows than gates, else one DMA per gate (fewer, longer DMAs).
    __aicore__ inline void LoadGates(const LocalTensor<T>& dst, const Tile& tile) {
        if (tile.rows < kGatesRead) {
            const uint32_t slotGapBlocks = (slot_ - tile.pitch) * sizeof(T) / kBlockBytes;
            DataCopyExtParams params{static_cast<uint16_t>(kGatesRead), static_cast<uint32_t>(tile.cols * sizeof(T)),
                                     static_cast<uint32_t>((hidden_ - tile.cols) * sizeof(T)), slotGapBlocks, 0};
            DataCopyPadExtParams<T> padding{false, 0, 0, static_cast<T>(0)};
            for (uint32_t r = 0; r < tile.rows; ++r) {
                DataCopyPad(dst[r * tile.pitch], storageGm_[(tile.row + r) * kGates * hidden_ + tile.col], params,
                            padding);
            }
            return;
        }
        for (uint32_t gate = 0; gate < kGatesRead; ++gate) {
            LoadRows(dst[gate * slot_], storageGm_, tile, kGates * hidden_, gate * hidden_);
        }
    }

    // tile.rows rows of tile.cols elements, GM rows `rowLength` apart, into UB rows of tile.pitch.
    __aicore__ inline void LoadRows(const LocalTensor<T>& dst, GlobalTensor<T>& src, const Tile& tile,
                                    int64_t rowLength, int64_t columnOffset) {
        DataCopyExtParams params{static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(tile.cols * sizeof(T)),
                                 static_cast<uint32_t>((rowLength - tile.cols) * sizeof(T)), 0, 0};
        DataCopyPadExtParams<T> padding{false, 0, 0, static_cast<T>(0)};
        DataCopyPad(dst, src[tile.row * rowLength + columnOffset + tile.col], params, padding);
    }

    __aicore__ inline void StoreRows(GlobalTensor<T>& dst, const LocalTensor<T>& src, const Tile& tile,
                                     int64_t rowLength, int64_t columnOffset) {
        DataCopyExtParams params{static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(tile.cols * sizeof(T)), 0,
                                 static_cast<uint32_t>((rowLength - tile.cols) * sizeof(T)), 0};
        DataCopyPad(dst[tile.row * rowLength + columnOffset + tile.col], src, params);
    }

    // ---- Compute: the formula, one named intermediate per line.
    __aicore__ inline void Compute(const Tile& tile) {
        const uint32_t n = tile.Elems();
        LocalTensor<T> out = outQueue_.template AllocTensor<T>();
        if (!kAnyGrad) {
            Duplicate(out, static_cast<T>(0), kOutputs * slot_);
            if (kHasBias) AccumulateBias(out.template ReinterpretCast<float>(), tile, /*zero=*/true);
            outQueue_.EnQue(out);
            return;
        }
        LocalTensor<T> in = inQueue_.template DeQue<T>();
        LocalTensor<float> calc = calcBuf_.template Get<float>();
        LocalTensor<float> t = calc;
        LocalTensor<float> gct = calc[wideSlot_];
        LocalTensor<float> a = calc[2 * wideSlot_];
        LocalTensor<float> b = calc[3 * wideSlot_];
        LocalTensor<float> x[kSlotCount];
        LocalTensor<float> d[kOutputs];
        Widen(in, tile, x, d, out);

        if (kHasHy) {
            LocalTensor<float>& dhy = x[kDhy];
            LocalTensor<float>& o = x[kO];
            Tanh(t, x[kCy], a.template ReinterpretCast<uint8_t>(), n);  // t = tanh(cy); a, b: its temp
            Mul(gct, dhy, o, n);                                        // dhy*o (kept in gct)
            OneMinusTimes(a, o, n);                                     // o*(1-o)
            Mul(b, dhy, t, n);                                          // dhy*t
            Mul(d[kDo], b, a, n);                                       // do = dhy*t*o*(1-o)
            OneMinusSquare(a, t, b, n);                                 // 1-t^2
            Mul(gct, gct, a, n);                                        // gct = dhy*o*(1-t^2)
            if (kHasC) Add(gct, gct, x[kDc], n);                        //     + dc
        } else {
            gct = x[kDc];                                               // gct = dc
            Duplicate(d[kDo], 0.0f, n);                                 // do = 0
        }
        NonFiniteToNan(t, x, n);                                        // t: 1, or NaN
        Mul(gct, gct, t, n);
        Mul(d[kDo], d[kDo], t, n);
        LocalTensor<float>& i = x[kI];
        LocalTensor<float>& f = x[kF];
        LocalTensor<float>& g = x[kG];
        Mul(d[kDcx], gct, f, n);                                        // dcx = gct*f
        OneMinusTimes(a, i, n);                                         // i*(1-i)
        Mul(b, gct, g, n);                                              // gct*g
        Mul(d[kDi], b, a, n);                                           // di = gct*g*i*(1-i)
        OneMinusTimes(a, f, n);                                         // f*(1-f)
        Mul(b, gct, x[kCx], n);                                         // gct*cx
        Mul(d[kDf], b, a, n);                                           // df = gct*cx*f*(1-f)
        Mul(b, gct, i, n);                                              // gct*i
        OneMinusSquare(a, g, t, n);                                     // 1-g^2
        Mul(d[kDg], b, a, n);                                           // dg = gct*i*(1-g^2)

        if (kHasBias) AccumulateBias(d[kDi], tile, /*zero=*/false);
        Narrow(d, out, n);
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
    }

    // Gate derivatives in the form that stays accurate in fp32 near saturation: 1-x first
    // (exact for x in [0.5, 1]), then the product; x - x*x loses the small difference.
    __aicore__ inline void OneMinusTimes(const LocalTensor<float>& dst, const LocalTensor<float>& x, uint32_t n) {
        Muls(dst, x, -1.0f, n);
        Adds(dst, dst, 1.0f, n);                                        // 1-x
        Mul(dst, x, dst, n);                                            // x*(1-x)
    }
    __aicore__ inline void OneMinusSquare(const LocalTensor<float>& dst, const LocalTensor<float>& x,
                                          const LocalTensor<float>& tmp, uint32_t n) {
        Muls(dst, x, -1.0f, n);
        Adds(dst, dst, 1.0f, n);                                        // 1-x
        Adds(tmp, x, 1.0f, n);                                          // 1+x
        Mul(dst, dst, tmp, n);                                          // 1-x^2 = (1-x)(1+x)
    }
    // The API document's rule, "an Inf or NaN input gives NaN": dst = 1, or NaN where any
    // input read is Inf or NaN; the caller multiplies gct and do by it. A running product
    // started at 0 (0 * finite = 0, 0 * Inf = NaN) cannot overflow, unlike a sum.
    __aicore__ inline void NonFiniteToNan(const LocalTensor<float>& dst, const LocalTensor<float>* x, uint32_t n) {
        bool first = true;
        for (uint32_t s = 0; s < kSlotCount; ++s) {
            if ((s == kDhy || s == kCy || s == kO) && !kHasHy) continue;
            if (s == kDc && !kHasC) continue;
            if (first) {
                Muls(dst, x[s], 0.0f, n);
            } else {
                Mul(dst, dst, x[s], n);
            }
            first = false;
        }
        Adds(dst, dst, 1.0f, n);
    }

    // fp32 views of the inputs and results: the queue buffers themselves for float, fp32
    // copies for half (inputs cast up exactly; results cast down by Narrow).
    __aicore__ inline void Widen(const LocalTensor<T>& in, const Tile& tile, LocalTensor<float>* x,
                                 LocalTensor<float>* d, const LocalTensor<T>& out) {
        const uint32_t inputs = InputSet{kHasHy, kHasC}.Count();
        for (uint32_t s = 0; s < kSlotCount; ++s) {
            if ((s == kDhy || s == kCy || s == kO) && !kHasHy) continue;
            if (s == kDc && !kHasC) continue;
            const uint32_t slot = Slot(static_cast<InputSlot>(s));
            if (kHalf) {
                x[s] = wideBuf_.template Get<float>()[slot * wideSlot_];
                Cast(x[s], in[slot * slot_], RoundMode::CAST_NONE, tile.Elems());
            } else {
                x[s] = in[slot * slot_].template ReinterpretCast<float>();
            }
        }
        for (uint32_t k = 0; k < kOutputs; ++k) {
            d[k] = kHalf ? wideBuf_.template Get<float>()[(inputs + k) * wideSlot_]
                         : out[k * slot_].template ReinterpretCast<float>();
        }
    }

    __aicore__ inline void Narrow(LocalTensor<float>* d, const LocalTensor<T>& out, uint32_t n) {
        if (!kHalf) return;
        for (uint32_t k = 0; k < kOutputs; ++k) {
            Cast(out[k * slot_], d[k], RoundMode::CAST_RINT, n);  // fp16 = fp32 result rounded to nearest even
        }
    }

    // ---- CopyOut: gradGates (as LoadGates: per row or per gate, whichever is fewer DMAs)
    // and gradCx.
    __aicore__ inline void CopyOut(const Tile& tile) {
        LocalTensor<T> out = outQueue_.template DeQue<T>();
        if (tile.rows < kGates) {
            const uint32_t slotGapBlocks = (slot_ - tile.pitch) * sizeof(T) / kBlockBytes;
            DataCopyExtParams params{static_cast<uint16_t>(kGates), static_cast<uint32_t>(tile.cols * sizeof(T)),
                                     slotGapBlocks, static_cast<uint32_t>((hidden_ - tile.cols) * sizeof(T)), 0};
            for (uint32_t r = 0; r < tile.rows; ++r) {
                DataCopyPad(gradGatesGm_[(tile.row + r) * kGates * hidden_ + tile.col], out[kDi * slot_ + r * tile.pitch],
                            params);
            }
        } else {
            for (uint32_t gate = 0; gate < kGates; ++gate) {
                StoreRows(gradGatesGm_, out[(kDi + gate) * slot_], tile, kGates * hidden_, gate * hidden_);
            }
        }
        StoreRows(gradCxGm_, out[kDcx * slot_], tile, hidden_, 0);
        outQueue_.FreeTensor(out);
    }

    // ---- gradBias: each column summed row by row in batch order into fp32 accumulators.
    // Accumulator rows use the tile pitch, so each gate's row starts on a 32-byte block
    // in fp32 and, after a cast, in fp16 too.
    __aicore__ inline void ZeroBiasAccumulators(uint32_t pitch) {
        Duplicate(biasAccBuf_.template Get<float>(), 0.0f, kGates * pitch);
    }

    // `gates` points at di; df, dg, do follow wideSlot_ apart (the order of gradBias).
    __aicore__ inline void AccumulateBias(const LocalTensor<float>& gates, const Tile& tile, bool zero) {
        if (zero) return;  // no gradients: the accumulators stay zero
        LocalTensor<float> acc = biasAccBuf_.template Get<float>();
        const uint32_t accPitch = tile.pitch;
        for (uint32_t gate = 0; gate < kGates; ++gate) {
            for (uint32_t r = 0; r < tile.rows; ++r) {
                Add(acc[gate * accPitch], acc[gate * accPitch], gates[gate * wideSlot_ + r * tile.pitch], tile.cols);
            }
        }
    }

    // Writes the chunk's sums: to gradBias when one chunk covers the batch, else to the
    // chunk's row of partial sums in the workspace.
    // `accPitch`: the accumulators' row length, the block's tile pitch.
    __aicore__ inline void FlushBias(int64_t chunk, int64_t col, uint32_t cols, uint32_t accPitch) {
        LocalTensor<float> acc = biasAccBuf_.template Get<float>();
        LocalTensor<float> out = biasOutQueue_.template AllocTensor<float>();
        const bool direct = tiling_.biasChunks <= 1;
        if (direct && kHalf) {
            Cast(out.template ReinterpretCast<T>(), acc, RoundMode::CAST_RINT, kGates * accPitch);
        } else {
            Muls(out, acc, 1.0f, kGates * accPitch);  // a copy that keeps -0.0 and NaN
        }
        biasOutQueue_.EnQue(out);
        out = biasOutQueue_.template DeQue<float>();
        // The four gates' rows lie one hidden size apart in gradBias and in a chunk's partial
        // sums: one DMA of four bursts.
        if (direct) {
            DataCopyPad(gradBiasGm_[col], out.template ReinterpretCast<T>(), GateRowsOut<T>(cols, accPitch));
        } else {
            DataCopyPad(partialGm_[chunk * kGates * hidden_ + col], out, GateRowsOut<float>(cols, accPitch));
        }
        biasOutQueue_.FreeTensor(out);
    }

    // Four UB rows of `pitch` elements of U to four GM rows one hidden size apart.
    template <typename U>
    __aicore__ inline DataCopyExtParams GateRowsOut(uint32_t cols, uint32_t pitch) const {
        const uint32_t burstBlocks = static_cast<uint32_t>(CeilDiv(cols * sizeof(U), kBlockBytes));
        const uint32_t gapBlocks = static_cast<uint32_t>(pitch * sizeof(U) / kBlockBytes) - burstBlocks;
        return DataCopyExtParams{static_cast<uint16_t>(kGates), static_cast<uint32_t>(cols * sizeof(U)), gapBlocks,
                                 static_cast<uint32_t>((hidden_ - cols) * sizeof(U)), 0};
    }

    __aicore__ inline void WriteZeroBias() {
        if (GetBlockIdx() != 0) return;
        for (int64_t col = 0; col < kGates * hidden_; col += tiling_.tileCols) {
            const uint32_t cols = static_cast<uint32_t>(kGates * hidden_ - col < tiling_.tileCols ? kGates * hidden_ - col
                                                                                                  : tiling_.tileCols);
            LocalTensor<float> out = biasOutQueue_.template AllocTensor<float>();
            Duplicate(out.template ReinterpretCast<T>(), static_cast<T>(0), static_cast<int32_t>(AlignUp(cols, 16)));
            biasOutQueue_.EnQue(out);
            out = biasOutQueue_.template DeQue<float>();
            DataCopyExtParams params{1, static_cast<uint32_t>(cols * sizeof(T)), 0, 0, 0};
            DataCopyPad(gradBiasGm_[col], out.template ReinterpretCast<T>(), params);
            biasOutQueue_.FreeTensor(out);
        }
    }

    // ---- Final pass: gradBias = sum of the chunk partials, in chunk order, columns split
    // across cores.
    __aicore__ inline void SumPartials() {
        pipe_->Reset();
        const uint32_t tileCols = tiling_.finalTileCols, tileRows = tiling_.finalTileRows;
        pipe_->InitBuffer(finalInQueue_, kBufferNum, tileRows * tileCols * sizeof(float));
        pipe_->InitBuffer(finalAccBuf_, tileCols * sizeof(float));
        pipe_->InitBuffer(finalOutQueue_, 1, tileCols * sizeof(float));
        const int64_t width = kGates * hidden_;
        const Range mine = SplitEven(CeilDiv(width, 8), GetBlockNum(), GetBlockIdx());
        const int64_t end = mine.end * 8 < width ? mine.end * 8 : width;
        LocalTensor<float> acc = finalAccBuf_.template Get<float>();
        for (int64_t col = mine.begin * 8; col < end; col += tileCols) {
            const uint32_t cols = static_cast<uint32_t>(end - col < tileCols ? end - col : tileCols);
            const uint32_t pitch = static_cast<uint32_t>(AlignUp(cols, 8));
            Duplicate(acc, 0.0f, pitch);
            for (uint32_t chunk = 0; chunk < tiling_.biasChunks; chunk += tileRows) {
                const uint32_t rows = tiling_.biasChunks - chunk < tileRows ? tiling_.biasChunks - chunk : tileRows;
                LocalTensor<float> partial = finalInQueue_.template AllocTensor<float>();
                DataCopyExtParams params{static_cast<uint16_t>(rows), static_cast<uint32_t>(cols * sizeof(float)),
                                         static_cast<uint32_t>((width - cols) * sizeof(float)), 0, 0};
                DataCopyPadExtParams<float> padding{false, 0, 0, 0.0f};
                DataCopyPad(partial, partialGm_[chunk * width + col], params, padding);
                finalInQueue_.EnQue(partial);
                partial = finalInQueue_.template DeQue<float>();
                for (uint32_t r = 0; r < rows; ++r) Add(acc, acc, partial[r * pitch], cols);
                finalInQueue_.FreeTensor(partial);
            }
            LocalTensor<float> out = finalOutQueue_.template AllocTensor<float>();
            if (kHalf) {
                Cast(out.template ReinterpretCast<T>(), acc, RoundMode::CAST_RINT, pitch);
            } else {
                Muls(out, acc, 1.0f, pitch);
            }
            finalOutQueue_.EnQue(out);
            out = finalOutQueue_.template DeQue<float>();
            DataCopyExtParams params{1, static_cast<uint32_t>(cols * sizeof(T)), 0, 0, 0};
            DataCopyPad(gradBiasGm_[col], out.template ReinterpretCast<T>(), params);
            finalOutQueue_.FreeTensor(out);
        }
    }

    TPipe* pipe_ = nullptr;
    TilingData tiling_;
    int64_t batch_ = 0, hidden_ = 0;
    Range rows_{0, 0}, cols_{0, 0};
    uint32_t tileElems_ = 0;
    uint32_t slot_ = 0, wideSlot_ = 0;  // elements between the tensors of a buffer (I/O dtype, fp32)
    GlobalTensor<T> gradHyGm_, gradCGm_, cxGm_, cyGm_, storageGm_, gradGatesGm_, gradCxGm_, gradBiasGm_;
    GlobalTensor<float> partialGm_;
    TQue<TPosition::VECIN, 1> inQueue_;
    TQue<TPosition::VECOUT, 1> outQueue_;
    TBuf<TPosition::VECCALC> calcBuf_, wideBuf_, biasAccBuf_;
    TQue<TPosition::VECOUT, 1> biasOutQueue_;
    TQue<TPosition::VECIN, 1> finalInQueue_;
    TBuf<TPosition::VECCALC> finalAccBuf_;
    TQue<TPosition::VECOUT, 1> finalOutQueue_;
};

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_KERNEL_H
