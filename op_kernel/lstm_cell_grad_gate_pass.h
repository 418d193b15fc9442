// The elementwise pass: gradGates and gradCx tile by tile, CopyIn / Compute / CopyOut over
// the copy queues, math in fp32, each tile's gate gradients added to the bias sums in UB.
//
// Per element, with t = tanh(cy) (docs/operator_contract.md):
//   gct = gradHy * o * (1 - t^2) + gradC      dcx = gct * f        (dcx: gradCx)
//   do  = gradHy * t * o * (1 - o)            di  = gct * g * i * (1 - i)
//   df  = gct * cx * f * (1 - f)              dg  = gct * i * (1 - g^2)
// each gate's gradient its upstream gradient times its activation's slope; 1 - x formed
// first; every output of an element NaN when one of its inputs is Inf or NaN.
#ifndef LSTM_CELL_GRAD_GATE_PASS_H
#define LSTM_CELL_GRAD_GATE_PASS_H

#include "kernel_operator.h"
#include "lstm_cell_grad_bias.h"
#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tile.h"

namespace lstm_cell_grad {

using namespace AscendC;

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

template <typename T, bool kHasHy, bool kHasC, bool kHasBias>
class GatePass {
    static constexpr bool kHalf = !SameType<T, float>::value;
    static constexpr InputSet kInputs{kHasHy, kHasC};
    static constexpr uint32_t kGatesRead = kInputs.Count() - kInputs.Slot(kGateI);

public:
    template <typename TilingData>
    __aicore__ inline void Init(const GmArgs& gm, const TilingData& tiling, TPipe* pipe) {
        hidden_ = tiling.hidden;
        tileCols_ = tiling.tileCols;
        chunkRows_ = tiling.rowUnit;
        const int64_t block = GetBlockIdx();
        rows_ = CoreRows(tiling.batch, tiling.rowUnit, tiling.gridRows, tiling.gridCols, block);
        cols_ = CoreCols(hidden_, tiling.colUnit, tiling.gridCols, block);
        const uint64_t elems = static_cast<uint64_t>(tiling.batch) * hidden_;
        if (kHasHy) gradHyGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradHy), elems);
        if (kHasC) gradCGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradC), elems);
        if (kInputs.Reads(kCx)) cxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.cx), elems);
        if (kInputs.Reads(kCy)) cyGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.cy), elems);
        if (kGatesRead > 0) storageGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.storage), elems * kGates);
        gradGatesGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradGates), elems * kGates);
        gradCxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm.gradCx), elems);

        tileElems_ = tiling.tileElems;
        // Tensors of one buffer lie slot_ / wideSlot_ elements apart (SlotElems: never in the
        // same UB bank group, so two sources of a vector instruction do not conflict).
        slot_ = SlotElems(tileElems_, sizeof(T));
        wideSlot_ = SlotElems(tileElems_, sizeof(float));
        if (kInputs.Count() > 0) pipe->InitBuffer(inQueue_, tiling.bufferNum, kInputs.Count() * slot_ * sizeof(T));
        pipe->InitBuffer(outQueue_, tiling.bufferNum, kOutputs * slot_ * sizeof(T));
        pipe->InitBuffer(calcBuf_, kFp32CalcTensors * wideSlot_ * sizeof(float) + kTanhMinTmpBytes);
        if (kHalf) pipe->InitBuffer(wideBuf_, (kInputs.Count() + kOutputs) * wideSlot_ * sizeof(float));
        if (kHasBias) bias_.Init(gm.gradBias, gm.workspace, tiling, pipe);
    }

    // Blocks of the core's rectangle: row chunks (the bias chunks, or all its rows) by
    // column tiles. Each block sums its gradBias columns in UB and flushes them.
    __aicore__ inline void Process() {
        const int64_t chunkRows = kHasBias ? chunkRows_ : rows_.end - rows_.begin;
        for (int64_t chunkBegin = rows_.begin; chunkBegin < rows_.end; chunkBegin += chunkRows) {
            const int64_t chunkEnd = chunkBegin + chunkRows < rows_.end ? chunkBegin + chunkRows : rows_.end;
            for (int64_t col = cols_.begin; col < cols_.end; col += tileCols_) {
                ProcessBlock(chunkBegin, chunkEnd, col);
            }
        }
    }

    // An empty batch: no tiles, and gradBias is zero.
    __aicore__ inline void WriteZeroBias() { bias_.WriteZeros(); }

private:
    // Rows [rowBegin, rowEnd) of the column tile starting at `col`, as many rows per tile as fit.
    __aicore__ inline void ProcessBlock(int64_t rowBegin, int64_t rowEnd, int64_t col) {
        const uint32_t cols = static_cast<uint32_t>(cols_.end - col < tileCols_ ? cols_.end - col : tileCols_);
        const uint32_t pitch = static_cast<uint32_t>(AlignUp(cols, kBlockBytes / sizeof(T)));
        const uint32_t fitRows = tileElems_ / pitch;
        const uint32_t tileRows = fitRows < kMaxBlockCount ? fitRows : kMaxBlockCount;
        if (kHasBias) bias_.Zero(pitch);
        for (int64_t row = rowBegin; row < rowEnd; row += tileRows) {
            const uint32_t rows = static_cast<uint32_t>(rowEnd - row < tileRows ? rowEnd - row : tileRows);
            const Tile tile{row, col, rows, cols, pitch};
            CopyIn(tile);
            Compute(tile);
            CopyOut(tile);
        }
        if (kHasBias) bias_.Flush(rowBegin / chunkRows_, col, cols, pitch);
    }

    // The tile of every input read, one DMA each; the storage gates in as few DMAs as the
    // tile allows.
    __aicore__ inline void CopyIn(const Tile& tile) {
        if (kInputs.Count() == 0) return;
        LocalTensor<T> in = inQueue_.template AllocTensor<T>();
        if (kHasHy) LoadRows(in[kInputs.Slot(kGradHy) * slot_], gradHyGm_, tile, hidden_, 0);
        if (kHasHy) LoadRows(in[kInputs.Slot(kCy) * slot_], cyGm_, tile, hidden_, 0);
        if (kHasC) LoadRows(in[kInputs.Slot(kGradC) * slot_], gradCGm_, tile, hidden_, 0);
        LoadRows(in[kInputs.Slot(kCx) * slot_], cxGm_, tile, hidden_, 0);
        LoadGates(in[kInputs.Slot(kGateI) * slot_], storageGm_, tile, hidden_, kGatesRead, slot_);
        inQueue_.EnQue(in);
    }

    // The formula, one named intermediate per line.
    __aicore__ inline void Compute(const Tile& tile) {
        const uint32_t n = tile.Elems();
        LocalTensor<T> out = outQueue_.template AllocTensor<T>();
        if (kInputs.Count() == 0) {  // no gradients: every result is zero, so are the bias sums
            Duplicate(out, static_cast<T>(0), kOutputs * slot_);
            outQueue_.EnQue(out);
            return;
        }
        LocalTensor<T> in = inQueue_.template DeQue<T>();
        LocalTensor<float> input[kInputKinds];  // fp32 inputs, by Input
        LocalTensor<float> result[kOutputs];    // fp32 results, by Output
        Widen(in, tile, input, result, out);
        // The formula's names for them (the inputs a variant does not read stay unset).
        const LocalTensor<float> &gradHy = input[kGradHy], &gradC = input[kGradC];
        const LocalTensor<float> &cx = input[kCx], &cy = input[kCy];
        const LocalTensor<float> &i = input[kGateI], &f = input[kGateF], &g = input[kGateG], &o = input[kGateO];
        const LocalTensor<float> &di = result[kGradI], &df = result[kGradF], &dg = result[kGradG];
        const LocalTensor<float> &dO = result[kGradO], &dcx = result[kGradCx];
        LocalTensor<float> calc = calcBuf_.template Get<float>();
        LocalTensor<float> tanhCy = calc;                    // t; then the NaN mask, in the same slot
        LocalTensor<float> gct = calc[wideSlot_];            // the gradient at c, before the step
        LocalTensor<float> slope = calc[2 * wideSlot_];      // an activation's derivative
        LocalTensor<float> upstream = calc[3 * wideSlot_];   // the gradient it multiplies

        if (kHasHy) {
            Tanh(tanhCy, cy, slope.template ReinterpretCast<uint8_t>(), n);  // t = tanh(cy); temp: slope on
            Mul(gct, gradHy, o, n);                           // gradHy*o (kept in gct)
            OneMinusTimes(slope, o, n);                       // o*(1-o)
            Mul(upstream, gradHy, tanhCy, n);                 // gradHy*t
            Mul(dO, upstream, slope, n);                      // do = gradHy*t*o*(1-o)
            OneMinusSquare(slope, tanhCy, upstream, n);       // 1-t^2
            Mul(gct, gct, slope, n);                          // gct = gradHy*o*(1-t^2)
            if (kHasC) Add(gct, gct, gradC, n);               //     + gradC
        } else {
            gct = gradC;                                      // gct = gradC
            Duplicate(dO, 0.0f, n);                           // do = 0
        }
        LocalTensor<float>& nanMask = tanhCy;
        NonFiniteToNan(nanMask, input, n);                    // 1, or NaN where an input is not finite
        Mul(gct, gct, nanMask, n);
        Mul(dO, dO, nanMask, n);
        Mul(dcx, gct, f, n);                                  // dcx = gct*f
        OneMinusTimes(slope, i, n);                           // i*(1-i)
        Mul(upstream, gct, g, n);                             // gct*g
        Mul(di, upstream, slope, n);                          // di = gct*g*i*(1-i)
        OneMinusTimes(slope, f, n);                           // f*(1-f)
        Mul(upstream, gct, cx, n);                            // gct*cx
        Mul(df, upstream, slope, n);                          // df = gct*cx*f*(1-f)
        OneMinusSquare(slope, g, upstream, n);                // 1-g^2
        Mul(upstream, gct, i, n);                             // gct*i
        Mul(dg, upstream, slope, n);                          // dg = gct*i*(1-g^2)

        if (kHasBias) bias_.Accumulate(di, wideSlot_, tile);
        Narrow(result, out, n);
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
    }

    // Gate derivatives in the form that stays accurate in fp32 near saturation: 1-x first
    // (exact for x in [0.5, 1]), then the product; x - x*x loses the small difference.
    __aicore__ inline void OneMinusTimes(const LocalTensor<float>& dst, const LocalTensor<float>& x, uint32_t n) {
        Muls(dst, x, -1.0f, n);
        Adds(dst, dst, 1.0f, n);                              // 1-x
        Mul(dst, x, dst, n);                                  // x*(1-x)
    }
    __aicore__ inline void OneMinusSquare(const LocalTensor<float>& dst, const LocalTensor<float>& x,
                                          const LocalTensor<float>& tmp, uint32_t n) {
        Muls(dst, x, -1.0f, n);
        Adds(dst, dst, 1.0f, n);                              // 1-x
        Adds(tmp, x, 1.0f, n);                                // 1+x
        Mul(dst, dst, tmp, n);                                // 1-x^2 = (1-x)(1+x)
    }
    // The API document's rule, "an Inf or NaN input gives NaN": dst = 1, or NaN where any
    // input read is Inf or NaN; the caller multiplies gct and do by it. A running product
    // started at 0 (0 * finite = 0, 0 * Inf = NaN) cannot overflow, unlike a sum.
    __aicore__ inline void NonFiniteToNan(const LocalTensor<float>& dst, const LocalTensor<float>* input, uint32_t n) {
        uint32_t k = 0;
        while (!kInputs.Reads(k)) ++k;
        Muls(dst, input[k], 0.0f, n);
        for (++k; k < kInputKinds; ++k) {
            if (kInputs.Reads(k)) Mul(dst, dst, input[k], n);
        }
        Adds(dst, dst, 1.0f, n);
    }

    // fp32 views of the inputs and results: the queue buffers themselves for float, fp32
    // copies for half (inputs cast up exactly; results cast down by Narrow).
    __aicore__ inline void Widen(const LocalTensor<T>& in, const Tile& tile, LocalTensor<float>* input,
                                 LocalTensor<float>* result, const LocalTensor<T>& out) {
        for (uint32_t k = 0; k < kInputKinds; ++k) {
            if (!kInputs.Reads(k)) continue;
            const uint32_t slot = kInputs.Slot(k);
            if (kHalf) {
                input[k] = wideBuf_.template Get<float>()[slot * wideSlot_];
                Cast(input[k], in[slot * slot_], RoundMode::CAST_NONE, tile.Elems());
            } else {
                input[k] = in[slot * slot_].template ReinterpretCast<float>();
            }
        }
        for (uint32_t k = 0; k < kOutputs; ++k) {
            result[k] = kHalf ? wideBuf_.template Get<float>()[(kInputs.Count() + k) * wideSlot_]
                         : out[k * slot_].template ReinterpretCast<float>();
        }
    }

    __aicore__ inline void Narrow(LocalTensor<float>* result, const LocalTensor<T>& out, uint32_t n) {
        if (!kHalf) return;
        for (uint32_t k = 0; k < kOutputs; ++k) {
            Cast(out[k * slot_], result[k], RoundMode::CAST_RINT, n);  // fp16 = fp32 result rounded to nearest even
        }
    }

    // gradGates (per row or per gate, whichever is fewer DMAs) and gradCx.
    __aicore__ inline void CopyOut(const Tile& tile) {
        LocalTensor<T> out = outQueue_.template DeQue<T>();
        StoreGates(gradGatesGm_, out[kGradI * slot_], tile, hidden_, slot_);
        StoreRows(gradCxGm_, out[kGradCx * slot_], tile, hidden_, 0);
        outQueue_.FreeTensor(out);
    }

    int64_t hidden_ = 0, chunkRows_ = 0;
    Range rows_{0, 0}, cols_{0, 0};
    uint32_t tileCols_ = 0, tileElems_ = 0;
    uint32_t slot_ = 0, wideSlot_ = 0;  // elements between the tensors of a buffer (I/O dtype, fp32)
    GlobalTensor<T> gradHyGm_, gradCGm_, cxGm_, cyGm_, storageGm_, gradGatesGm_, gradCxGm_;
    TQue<TPosition::VECIN, 1> inQueue_;
    TQue<TPosition::VECOUT, 1> outQueue_;
    TBuf<TPosition::VECCALC> calcBuf_, wideBuf_;
    BiasAccumulator<T> bias_;
};

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_GATE_PASS_H
