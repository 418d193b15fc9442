// The elementwise pass: gradGates and gradCx tile by tile, CopyIn / Compute / CopyOut over
// the copy queues, math in fp32, each tile's gate gradients added to the bias sums in UB.
//
// Per element, the formulas of docs/operator_contract.md ("What it computes"), in Compute line
// by line (dcx: gradCx): each gate's gradient its upstream gradient times its activation's
// slope; 1 - x formed first; every output of an element NaN when one of its inputs is Inf or
// NaN. The factors in [-1, 1] (the gates, t, and the slopes f*(1-f), 1-g^2, ...) are multiplied
// together first and the gradient (gradHy, gct) last, so no product overflows where the result
// fits in fp32: gct*cx overflows for gct = 1e19, cx = 1e20, where df ~ 1e36 does not.
#ifndef LSTM_CELL_GRAD_GATE_PASS_H
#define LSTM_CELL_GRAD_GATE_PASS_H

#include "kernel_operator.h"
#include "lstm_cell_grad_args.h"
#include "lstm_cell_grad_bias.h"
#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tile.h"

namespace lstm_cell_grad {

using namespace AscendC;

// Where each tensor lives in GM: one member per tensor of the op's argument list, in its
// order (the kernel entry's), then the workspace. (GM_ADDR is a macro for a pointer type, as
// in CANN: one declaration per member.)
struct GmArgs {
#define LSTM_CELL_GRAD_GM_MEMBER(index, name, kind) GM_ADDR name;
    LSTM_CELL_GRAD_INPUTS(LSTM_CELL_GRAD_GM_MEMBER)
    LSTM_CELL_GRAD_OUTPUTS(LSTM_CELL_GRAD_GM_MEMBER)
#undef LSTM_CELL_GRAD_GM_MEMBER
    GM_ADDR workspace;
};

// The dtype the NaN mask is formed in (NonFiniteToNan): the inputs' own where the vector
// unit multiplies it, else fp32 (bfloat16, which A2/A3 vector arithmetic does not take).
template <typename T>
struct MaskDtype { using Type = float; };
template <>
struct MaskDtype<half> { using Type = half; };

template <typename T, bool kHasHy, bool kHasC, bool kHasBias>
class GatePass {
    // Narrow: float16 or bfloat16, widened to fp32 for the math (NARROW_DTYPES in _contract.py).
    static constexpr bool kNarrow = !SameType<T, float>::value;
    static constexpr InputSet kInputs{kHasHy, kHasC};
    static constexpr uint32_t kGatesRead = kInputs.Count() - kInputs.Slot(kGateI);
    // The fp32 working tensors of the calc buffer; fp16/bf16 add one before slope (slope,
    // upstream, the last, and the tail after it are Tanh's temp) for the input in use. Each input is
    // widened right before its first use into a tensor whose content is dead by then: o into
    // upstream (before gradHy*t), g into t's (free after gct), the rest into the input
    // tensor; each result is computed into slope, in place, and narrowed at once.
    static constexpr uint32_t kTanhSlot = 0, kGctSlot = 1;
    static constexpr uint32_t kInputSlot = 2;  // fp16/bf16 only
    static constexpr uint32_t kSlopeSlot = kNarrow ? 3 : 2, kUpstreamSlot = kSlopeSlot + 1;
    static constexpr uint32_t WideSlot(uint32_t k) {
        return k == kGateG ? kTanhSlot : k == kGateO ? kUpstreamSlot : kInputSlot;
    }

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
        // Every input is read exactly once: it bypasses L2 (asc-devkit add_high_performance
        // README, case 5: "data read only once" set CACHE_MODE_DISABLE), so L2 keeps the
        // outputs and the bias partial sums the final pass reads back, and the reads do not
        // evict written lines to HBM.
        if (kHasHy) gradHyGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        if (kHasC) gradCGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        if (kInputs.Reads(kCx)) cxGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        if (kInputs.Reads(kCy)) cyGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        if (kGatesRead > 0) storageGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);

        tileElems_ = tiling.tileElems;
        // Tensors of one buffer lie slot_ / wideSlot_ elements apart (SlotElems, WorkSlotElems:
        // each in its bank class, so the two sources of a vector instruction rarely conflict;
        // fp16's queue tensors are only cast, IoSlotElems packs them).
        slot_ = IoSlotElems(tileElems_, sizeof(T));
        wideSlot_ = WorkSlotElems(tileElems_);
        if (kInputs.Count() > 0) pipe->InitBuffer(inQueue_, tiling.bufferNum, kInputs.Count() * slot_ * sizeof(T));
        pipe->InitBuffer(outQueue_, tiling.bufferNum,
                         OutBufferBytes(tileElems_, tiling.tileCols, sizeof(T), kHasBias));
        pipe->InitBuffer(calcBuf_, Fp32SlotCount(sizeof(T)) * wideSlot_ * sizeof(float) + kWorkTailBytes);
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

    // The formula, one named intermediate per line. Widen(input) is an input's fp32 view and
    // Emit(result, value) stores a result and adds a gate's to the bias sums: for float the
    // queue buffers themselves, for fp16/bf16 a cast right before the use and right after
    // the result, into a few rotating fp32 tensors (the schedule in WideSlot) so that UB
    // holds larger tiles.
    __aicore__ inline void Compute(const Tile& tile) {
        n_ = tile.Elems();
        tile_ = tile;
        out_ = outQueue_.template AllocTensor<T>();
        if (kInputs.Count() == 0) {  // no gradients: every result is zero, so are the bias sums
            Duplicate(out_, static_cast<T>(0), kOutputs * slot_);
            outQueue_.EnQue(out_);
            return;
        }
        in_ = inQueue_.template DeQue<T>();
        const uint32_t n = n_;
        const LocalTensor<float> tanhCy = Work(kTanhSlot);            // t
        const LocalTensor<float> gct = Work(kGctSlot);                // the gradient at c, before the step
        const LocalTensor<float> slope = Work(kSlopeSlot);            // an activation's derivative
        const LocalTensor<float> upstream = Work(kUpstreamSlot);      // the gradient it multiplies
        const LocalTensor<float>& nanMask = slope;                    // first: 1, or NaN

        if (kHasHy) {
            const LocalTensor<float> cy = Widen(kCy);
            // t = tanh(cy); its temp (slope, upstream and the tail after them, free until the
            // NaN mask) starts in the other bank class than t, which its Div step reads beside it.
            Tanh(tanhCy, cy, slope.template ReinterpretCast<uint8_t>(), n);
        }
        NonFiniteToNan(nanMask);                              // 1, or NaN where an input is not finite
        if (kHasHy) {
            const LocalTensor<float> gradHy = Widen(kGradHy);
            Mul(gradHy, gradHy, nanMask, n);                  // gradHy, NaN there (so every result is)
            OneMinusSquare(gct, tanhCy, upstream, n);         // 1-t^2 (kept in gct)
            const LocalTensor<float> o = Widen(kGateO);
            Mul(gct, gct, o, n);                              // o*(1-t^2)
            Mul(gct, gct, gradHy, n);                         // gct = gradHy*o*(1-t^2)
            OneMinusTimes(slope, o, n);                       // o*(1-o)
            Mul(slope, slope, tanhCy, n);                     // t*o*(1-o)
            const LocalTensor<float> dO = Result(kGradO);
            Mul(dO, slope, gradHy, n);                        // do = gradHy*t*o*(1-o)
            Emit(kGradO, dO);
            if (kHasC) Add(gct, gct, Widen(kGradC), n);       //     + gradC
        } else {
            Mul(gct, Widen(kGradC), nanMask, n);              // gct = gradC, NaN there
            const LocalTensor<float> dO = Result(kGradO);
            Muls(dO, nanMask, 0.0f, n);                       // do = 0, NaN there
            Emit(kGradO, dO);
        }
        const LocalTensor<float> f = Widen(kGateF);
        const LocalTensor<float> dcx = Result(kGradCx);
        Mul(dcx, gct, f, n);                                  // dcx = gct*f
        Emit(kGradCx, dcx);
        OneMinusTimes(slope, f, n);                           // f*(1-f)
        Mul(upstream, slope, Widen(kCx), n);                  // cx*f*(1-f)
        const LocalTensor<float> df = Result(kGradF);
        Mul(df, upstream, gct, n);                            // df = gct*cx*f*(1-f)
        Emit(kGradF, df);
        const LocalTensor<float> i = Widen(kGateI);
        OneMinusTimes(slope, i, n);                           // i*(1-i)
        const LocalTensor<float> g = Widen(kGateG);
        Mul(upstream, slope, g, n);                           // g*i*(1-i)
        const LocalTensor<float> di = Result(kGradI);
        Mul(di, upstream, gct, n);                            // di = gct*g*i*(1-i)
        Emit(kGradI, di);
        OneMinusSquare(slope, g, upstream, n);                // 1-g^2
        Mul(upstream, slope, i, n);                           // i*(1-g^2)
        const LocalTensor<float> dg = Result(kGradG);
        Mul(dg, upstream, gct, n);                            // dg = gct*i*(1-g^2)
        Emit(kGradG, dg);

        outQueue_.EnQue(out_);
        inQueue_.FreeTensor(in_);
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
    // The rule of the op's aclnn API page (its 约束说明), "an Inf or NaN input gives NaN":
    // dst = 1, or NaN where any input read is Inf or NaN; the caller multiplies the gradient
    // every result derives from by it (x * 1 is exact, so the finite results are unchanged). A running product started
    // at 0 (0 * finite = 0, 0 * Inf = NaN) cannot overflow, unlike a sum. Formed in the
    // inputs' own dtype where the vector unit multiplies it (float; half, where 0 * finite is
    // exactly 0 too, on half the repeats), else (bfloat16) on each input widened in turn.
    __aicore__ inline void NonFiniteToNan(const LocalTensor<float>& dst) {
        using M = typename MaskDtype<T>::Type;
        const LocalTensor<M> product = SameType<M, float>::value
                                           ? dst.template ReinterpretCast<M>()
                                           : Work(kGctSlot).template ReinterpretCast<M>();
        bool first = true;
        for (uint32_t k = 0; k < kInputKinds; ++k) {
            if (!kInputs.Reads(k)) continue;
            const LocalTensor<M> x = MaskOperand<M>(k);
            if (first) {
                Muls(product, x, static_cast<M>(0), n_);
            } else {
                Mul(product, product, x, n_);
            }
            first = false;
        }
        Adds(product, product, static_cast<M>(1), n_);
        ToFloat(dst, product, n_);
    }
    // Input k in the mask's dtype: the queue buffer itself, or (bfloat16) widened into the
    // input slot, free until gradHy's widening, and in the other bank class than the product
    // (slope) it is multiplied into: two shifted slots would conflict on every repeat.
    template <typename M>
    __aicore__ inline LocalTensor<M> MaskOperand(uint32_t k) {
        const LocalTensor<T> x = in_[kInputs.Slot(k) * slot_];
        if (SameType<M, T>::value) return x.template ReinterpretCast<M>();
        const LocalTensor<float> wide = Work(kInputSlot);
        ToFloat(wide, x, n_);
        return wide.template ReinterpretCast<M>();
    }
    __aicore__ inline static void ToFloat(const LocalTensor<float>&, const LocalTensor<float>&, uint32_t) {}
    template <typename U>
    __aicore__ inline static void ToFloat(const LocalTensor<float>& dst, const LocalTensor<U>& src, uint32_t n) {
        Cast(dst, src, RoundMode::CAST_NONE, n);              // exact
    }

    // fp32 working tensor `slot` of the calc buffer: gct and the slope, which the formula
    // multiplies with inputs, results, t and the upstream, in the other bank class than those
    // (t meets the slope in t*o*(1-o), and for fp16/bf16 its slot holds g, which meets it in
    // g*i*(1-i)).
    static constexpr bool ShiftedWork(uint32_t slot) { return slot == kGctSlot || slot == kSlopeSlot; }
    __aicore__ inline LocalTensor<float> Work(uint32_t slot) {
        return calcBuf_.template Get<float>()[slot * wideSlot_ + (ShiftedWork(slot) ? kBankGroupBytes / kFloatBytes : 0)];
    }

    // Input k in fp32: its queue buffer (float) or cast into its schedule slot (half, exact).
    __aicore__ inline LocalTensor<float> Widen(uint32_t k) {
        const LocalTensor<T> x = in_[kInputs.Slot(k) * slot_];
        if (!kNarrow) return x.template ReinterpretCast<float>();
        const LocalTensor<float> wide = Work(WideSlot(k));
        ToFloat(wide, x, n_);
        return wide;
    }
    // Where result k is computed in fp32: its out-queue buffer (float) or, in place, the
    // slope it is the last use of (fp16/bf16).
    __aicore__ inline LocalTensor<float> Result(uint32_t k) {
        return kNarrow ? Work(kSlopeSlot) : out_[k * slot_].template ReinterpretCast<float>();
    }
    // Result k is final: a gate's adds to the bias sums; fp16/bf16 rounds it into the out
    // queue (to nearest even).
    __aicore__ inline void Emit(uint32_t k, const LocalTensor<float>& value) {
        if (kHasBias && k < kGates) bias_.Accumulate(k, value, tile_);
        if (kNarrow) Cast(out_[k * slot_], value, RoundMode::CAST_RINT, n_);
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
    TBuf<TPosition::VECCALC> calcBuf_;
    // The tile being computed (Compute's helpers read them).
    LocalTensor<T> in_, out_;
    Tile tile_{0, 0, 0, 0, 0};
    uint32_t n_ = 0;
    BiasAccumulator<T> bias_{outQueue_};  // its flushes borrow outQueue_'s buffers
};

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_GATE_PASS_H
