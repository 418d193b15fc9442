#include "lstm_cell_grad_tiling_cost.h"

#include <algorithm>
#include <cmath>

#include "soc_timing.h"  // the performance model's timing table (sim/include/ascendc_sim/model)

namespace lstm_cell_grad {
namespace {

namespace timing = sim::model::timing;

// DmaEffectiveBytes of the DMAs of one core's timing (all start at one column offset): a
// tile's loads and stores share their burst pattern, so each is worked out once.
class EffectiveBytes {
public:
    explicit EffectiveBytes(uint64_t start) : start_(start) {}
    double Of(uint64_t bursts, uint64_t bytes, uint64_t pitch) {
        for (int i = 0; i < count_; ++i) {
            if (keys_[i][0] == bursts && keys_[i][1] == bytes && keys_[i][2] == pitch) return values_[i];
        }
        const double value = timing::DmaEffectiveBytes(bursts, bytes, start_, pitch == 0 ? bytes : pitch);
        const int slot = count_ < kSlots ? count_++ : next_++ % kSlots;
        keys_[slot][0] = bursts;
        keys_[slot][1] = bytes;
        keys_[slot][2] = pitch;
        values_[slot] = value;
        return value;
    }
    uint64_t start() const { return start_; }

private:
    static const int kSlots = 8;
    uint64_t start_;
    int count_ = 0, next_ = 0;
    uint64_t keys_[kSlots][3];
    double values_[kSlots];
};

// DMAs issued back to back on one pipe: each holds the pipe for its streaming time, and the
// last one's data lands its fixed latency later (soc_timing.h: DmaPipeMicros, DmaLandingMicros).
struct DmaRun {
    double pipe = 0.0;     // the pipe's busy time
    double landing = 0.0;  // the last DMA's landing latency
    void Add(EffectiveBytes& effective, bool toUb, uint64_t count, uint64_t bursts, uint64_t bytes, uint64_t pitch) {
        if (count == 0) return;
        const DmaCost cost =
            DmaCostFrom(toUb, effective.Of(bursts, bytes, pitch), bursts, bytes, timing::kSocs[0].clockGHz);
        pipe += count * cost.pipe;
        landing = cost.landing;
    }
    double Alone() const { return pipe + landing; }
};

// Cycles of `count` fp32 vector instructions of `repeats` 256-byte repeats each, issued by
// the scalar unit: the model's VectorCycles (a plain binary operation, conflict-free) plus
// its issue cost.
double VectorInstructionCycles(double count, uint32_t repeats) {
    return count * (timing::VectorCycles("Add", kFloatBytes, repeats) + timing::kIssueCycles);
}

}  // namespace

DmaCost DmaCostOf(bool toUb, uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch,
                  double clockGHz) {
    return DmaCostFrom(toUb, timing::DmaEffectiveBytes(bursts, burstBytes, gmStart, gmPitch == 0 ? burstBytes : gmPitch),
                       bursts, burstBytes, clockGHz);
}

// soc_timing.h's DmaPipeMicros, DmaMicros and DmaLandingMicros, term by term, on one
// DmaEffectiveBytes.
DmaCost DmaCostFrom(bool toUb, double effective, uint64_t bursts, uint64_t burstBytes, double clockGHz) {
    const double stream = effective / timing::DmaStreamRate(toUb);
    const double issue = timing::kDmaIssueCycles / (clockGHz * 1e3);
    const double pipe = stream > issue ? stream : issue;
    const double data = static_cast<double>(bursts) * static_cast<double>(burstBytes);
    const double alone = data <= 0.0 ? 0.0 : effective / timing::DmaCoreRate(toUb, data);
    const double tail = alone - pipe;
    return DmaCost{pipe, tail > 0.0 ? tail : 0.0};
}

// Each tile issues the DMAs the kernel issues (one per input; the gates per row or per gate,
// whichever is fewer; msKPP's per-instruction bandwidth by size, back-to-back DMAs streaming,
// the per-burst cost, 512-byte alignment) and its vector instructions; MTE2, V and MTE3
// overlap (double-buffered queues), so the busiest pipe counts, plus one tile's load and
// store that cannot overlap; with single-buffered queues, or one tile, they add up. Several
// bias chunks add a SyncAll and the final pass over the partials.
double CoreMainMicros(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t bufferNum) {
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    const bool anyGrad = in.hasGradHy || in.hasGradC;
    const uint32_t gatesRead = anyGrad ? (in.hasGradHy ? 4u : 3u) : 0u;
    const uint32_t plainLoads = inputs.Count() - gatesRead;
    const uint64_t s = IoBytes(in.dtype), rowPitch = in.hidden * s, gatePitch = kGates * rowPitch;
    const uint64_t start = static_cast<uint64_t>(maxCols) * s;  // where a neighbouring core's columns begin
    const uint32_t block = static_cast<uint32_t>(kBlockBytes / s);
    const double clockGHz = timing::kSocs[0].clockGHz;
    EffectiveBytes effective(start);
    auto gates = [&](DmaRun& run, bool toUb, uint32_t count, uint64_t rows, uint64_t bytes) {
        if (count == 0) return;
        if (rows < count) run.Add(effective, toUb, rows, count, bytes, rowPitch);
        else run.Add(effective, toUb, count, rows, bytes, gatePitch);
    };
    double mte2 = 0.0, mte3 = 0.0, vec = 0.0, fill = 0.0, loadLandings = 0.0, storeLandings = 0.0;
    const int64_t rowCounts[2] = {maxRows / tile.rows, maxRows % tile.rows > 0 ? 1 : 0};
    const int64_t rowSizes[2] = {tile.rows, maxRows % tile.rows};
    const int64_t colCounts[2] = {maxCols / tile.cols, maxCols % tile.cols > 0 ? 1 : 0};
    const int64_t colSizes[2] = {tile.cols, maxCols % tile.cols};
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            const double tiles = static_cast<double>(rowCounts[r] * colCounts[c]);
            if (tiles == 0) continue;
            const uint64_t rows = rowSizes[r], bytes = colSizes[c] * s;
            DmaRun load, store;
            load.Add(effective, true, plainLoads, rows, bytes, rowPitch);
            gates(load, true, gatesRead, rows, bytes);
            store.Add(effective, false, 1, rows, bytes, rowPitch);
            gates(store, false, kGates, rows, bytes);
            const uint32_t repeats =
                static_cast<uint32_t>(CeilDiv(static_cast<int64_t>(rows * AlignUp(colSizes[c], block)) * kFloatBytes,
                                              timing::kRepeatGroups * timing::kUbBankRowBytes));
            const uint32_t rowRepeats = static_cast<uint32_t>(
                CeilDiv(colSizes[c] * kFloatBytes, timing::kRepeatGroups * timing::kUbBankRowBytes));
            double cycles = VectorInstructionCycles(anyGrad ? VectorOpsPerTile(in.dtype) : kOutputs, repeats);
            if (in.hasBias) cycles += VectorInstructionCycles(kGates * rows, rowRepeats);  // gradBias, row by row
            mte2 += tiles * load.pipe;
            mte3 += tiles * store.pipe;
            loadLandings += tiles * load.landing;
            storeLandings += tiles * store.landing;
            vec += tiles * cycles / (clockGHz * 1e3);
            fill = std::max(fill, load.Alone() + store.Alone());
        }
    }
    const bool oneTile = maxRows <= tile.rows && maxCols <= tile.cols;
    if (bufferNum == 1 || oneTile) return mte2 + vec + mte3 + loadLandings + storeLandings;
    // A queue buffer is held from its DMA's start until it is consumed: an input from its load
    // until the compute ends, an output from the compute until its store lands. With
    // bufferNum buffers a queue passes at most that many tiles at once, which binds when
    // landings are long (many short bursts: each lands long after its pipe is free).
    const double inQueue = (mte2 + loadLandings + vec) / bufferNum;
    const double outQueue = (vec + mte3 + storeLandings) / bufferNum;
    return std::max(std::max(std::max(mte2, mte3), vec), std::max(inQueue, outQueue)) + fill;
}

double FinalPassMicros(const TilingInput& in, uint32_t cores, uint32_t biasChunks) {
    if (biasChunks <= 1) return 0.0;
    const int64_t width = kGates * in.hidden;
    const uint64_t cols = AlignUp(CeilDiv(width, cores), kFloatsPerBlock);
    return timing::kSyncAllUs + timing::DmaMicros(true, biasChunks, cols * kFloatBytes, 0, width * kFloatBytes) +
           timing::DmaMicros(false, 1, cols * IoBytes(in.dtype));
}

double GmFloorMicros(const TilingInput& in) {
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    const uint64_t all = MinGmBytes(in.batch, in.hidden, in.dtype, inputs, in.hasBias);
    const uint64_t reads = static_cast<uint64_t>(inputs.Count()) * static_cast<uint64_t>(in.batch) *
                           static_cast<uint64_t>(in.hidden) * IoBytes(in.dtype);
    const timing::SocTiming& soc = timing::kSocs[0];
    // GB/s is 1e3 bytes per microsecond.
    return std::max(static_cast<double>(reads) / (soc.gmGBps * 1e3), static_cast<double>(all) / (soc.freshGBps * 1e3));
}

double CoreMicros(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t cores,
                  uint32_t biasChunks, uint32_t bufferNum) {
    return std::max(CoreMainMicros(in, maxRows, maxCols, tile, bufferNum), GmFloorMicros(in)) +
           FinalPassMicros(in, cores, biasChunks) + timing::LaunchMicros(cores);
}

}  // namespace lstm_cell_grad
