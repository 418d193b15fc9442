// Invariants of lstm_cell_grad::ComputeTiling over a grid of shapes, dtypes, options and
// platforms (tests/op_host/test_compute_tiling.py runs it): the UB budget holds, the core
// rectangles and their tiles cover the shape exactly, no more cores than there are, the bias
// chunk height follows from the shape only, the same arguments give the same plan, and every
// bad override is refused with a message naming it. Prints one line per failure, then a
// summary; exits 1 on any failure.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tiling_cost.h"
#include "soc_timing.h"

using namespace lstm_cell_grad;

namespace {

int g_failures = 0;
int g_checks = 0;

void Expect(bool ok, const std::string& what) {
    ++g_checks;
    if (ok) return;
    ++g_failures;
    std::printf("FAIL %s\n", what.c_str());
}

std::string Describe(const TilingInput& in, const PlatformInfo& p) {
    static const char* const kDtypes[] = {"float32", "float16", "bfloat16"};
    return "(" + std::to_string(in.batch) + ", " + std::to_string(in.hidden) + ") " + kDtypes[in.dtype] +
           (in.hasBias ? " bias" : " no-bias") + " grads " + (in.hasGradHy ? "hy" : "") + (in.hasGradC ? "c" : "") +
           " on " + std::to_string(p.aivCores) + " cores, UB " + std::to_string(p.ubBytes);
}

bool SamePlan(const TilingPlan& a, const TilingPlan& b) {
    return std::memcmp(&a.values, &b.values, sizeof(TilingValues)) == 0 && a.blockDim == b.blockDim &&
           a.tilingKey == b.tilingKey && a.workspaceBytes == b.workspaceBytes && a.scheduleMode == b.scheduleMode &&
           a.ubBytesUsed == b.ubBytesUsed;
}

// The plan's core rectangles tile [0, B) x [0, H) exactly, each one's tiles fit the UB and
// cover it, and rows split on bias chunk boundaries.
void CheckCover(const TilingInput& in, const PlatformInfo& p, const TilingPlan& plan) {
    const std::string where = Describe(in, p);
    const TilingValues& d = plan.values;
    const uint32_t s = IoBytes(in.dtype), block = kBlockBytes / s;
    Expect(plan.blockDim == d.gridRows * d.gridCols, where + ": blockDim is the grid");
    Expect(plan.blockDim >= 1 && plan.blockDim <= p.aivCores, where + ": 1 <= blockDim <= AIV cores");
    Expect(plan.ubBytesUsed <= p.ubBytes, where + ": UB used " + std::to_string(plan.ubBytesUsed));
    Expect(d.tileCols > 0 && d.tileCols % block == 0 && d.tileElems % d.tileCols == 0,
           where + ": tile columns whole 32-byte blocks, tile whole rows");
    const uint32_t tileRows = d.tileCols ? d.tileElems / d.tileCols : 0;
    Expect(tileRows >= 1, where + ": a tile has a row");
    Expect(UbBytesMainPhase(d.tileElems, d.tileCols, s, InputSet{in.hasGradHy, in.hasGradC}, in.hasBias,
                            d.bufferNum) <= p.ubBytes,
           where + ": the main phase's UB carving fits");
    if (d.biasChunks > 1) {
        Expect(UbBytesFinalPhase(d.finalTileCols, d.finalTileRows) <= p.ubBytes, where + ": final pass fits UB");
        Expect(tileRows <= d.rowUnit, where + ": a tile never spans two bias chunks");
        Expect(d.biasChunks == static_cast<uint32_t>(CeilDiv(in.batch, d.rowUnit)), where + ": chunk count");
    }
    int64_t area = 0;
    std::vector<int64_t> rowStarts, colStarts;
    for (uint32_t b = 0; b < plan.blockDim; ++b) {
        const Range rows = CoreRows(in.batch, d.rowUnit, d.gridRows, d.gridCols, b);
        const Range cols = CoreCols(in.hidden, d.colUnit, d.gridCols, b);
        Expect(rows.begin >= 0 && rows.begin <= rows.end && rows.end <= in.batch, where + ": rows in range");
        Expect(cols.begin >= 0 && cols.begin <= cols.end && cols.end <= in.hidden, where + ": cols in range");
        if (d.biasChunks > 1) Expect(rows.begin % d.rowUnit == 0, where + ": core rows start on a chunk");
        if (b % d.gridCols == 0) rowStarts.push_back(rows.begin);
        if (b < d.gridCols) colStarts.push_back(cols.begin);
        area += (rows.end - rows.begin) * (cols.end - cols.begin);
        // The core's tiles: ceil(rows / tileRows) x ceil(cols / tileCols), each within the tile.
        const int64_t r = rows.end - rows.begin, c = cols.end - cols.begin;
        if (r > 0 && c > 0) {
            const int64_t tiles = CeilDiv(r, tileRows) * CeilDiv(c, d.tileCols);
            Expect(tiles * static_cast<int64_t>(d.tileElems) >= r * c, where + ": tiles cover the core");
        }
    }
    Expect(area == in.batch * in.hidden, where + ": core rectangles cover B x H exactly (area " +
                                             std::to_string(area) + ")");
    for (size_t i = 1; i < rowStarts.size(); ++i) Expect(rowStarts[i] >= rowStarts[i - 1], where + ": row order");
    for (size_t i = 1; i < colStarts.size(); ++i) Expect(colStarts[i] >= colStarts[i - 1], where + ": col order");
}

void CheckOverrideRefused(const TilingInput& in, const PlatformInfo& p, const TilingOverrides& ov,
                          const char* expected) {
    TilingPlan plan;
    std::string error;
    const bool ok = ComputeTiling(in, p, ov, &plan, &error);
    Expect(!ok && error.find(expected) != std::string::npos,
           Describe(in, p) + ": expected refusal \"" + expected + "\", got " + (ok ? "a plan" : "\"" + error + "\""));
}

}  // namespace

int main() {
    const PlatformInfo platforms[] = {{48, 196352, 16777216}, {40, 196352, 16777216}, {7, 196352, 16777216},
                                      {1, 196352, 16777216}, {48, 65536, 16777216}};
    const int64_t shapes[][2] = {{1, 1},     {1, 8},       {3, 17},    {64, 1024}, {300, 40},  {257, 130},
                                 {1000, 333}, {1024, 1024}, {4096, 8},  {7, 4000},  {2, 100000}, {65536, 64},
                                 {8192, 8192}, {129, 513},  {0, 16},    {16, 0}};
    int cases = 0;
    for (const PlatformInfo& p : platforms) {
        for (const auto& shape : shapes) {
            for (const IoDtype dtype : {kIoFloat32, kIoFloat16, kIoBfloat16}) {
                for (int options = 0; options < 8; ++options) {
                    const TilingInput in{shape[0], shape[1], dtype, (options & 1) != 0, (options & 2) != 0,
                                         (options & 4) != 0};
                    TilingPlan plan, again;
                    std::string error;
                    ++cases;
                    if (!ComputeTiling(in, p, TilingOverrides(), &plan, &error)) {
                        Expect(false, Describe(in, p) + ": refused: " + error);
                        continue;
                    }
                    ComputeTiling(in, p, TilingOverrides(), &again, &error);
                    Expect(SamePlan(plan, again), Describe(in, p) + ": the same arguments give the same plan");
                    Expect(plan.tilingKey == TilingKey(dtype, in.hasBias, in.hasGradC, in.hasGradHy),
                           Describe(in, p) + ": tiling key");
                    if (plan.blockDim == 0) {
                        Expect(in.hidden == 0 || (in.batch == 0 && !in.hasBias), Describe(in, p) + ": launches");
                        continue;
                    }
                    if (in.batch > 0) CheckCover(in, p, plan);
                    // The bias chunk height depends on the shape only (gradBias's summation order).
                    TilingPlan reference;
                    ComputeTiling(in, platforms[0], TilingOverrides(), &reference, &error);
                    if (in.hasBias && p.ubBytes == platforms[0].ubBytes) {
                        Expect(plan.values.rowUnit == reference.values.rowUnit,
                               Describe(in, p) + ": bias chunk rows as on 48 cores");
                    }
                }
            }
        }
    }

    // Overrides: applied when valid (the invariants hold), refused by name when not.
    const PlatformInfo p = platforms[0];
    const TilingInput in{1024, 512, kIoFloat16, true, true, true};
    TilingOverrides ov;
    ov.gridRows = 4;
    ov.gridCols = 6;
    ov.biasChunkRows = 128;
    ov.tileRows = 2;
    ov.tileCols = 32;
    ov.bufferNum = 1;
    TilingPlan plan;
    std::string error;
    Expect(ComputeTiling(in, p, ov, &plan, &error), "valid overrides: " + error);
    Expect(plan.values.gridRows == 4 && plan.values.gridCols == 6 && plan.values.rowUnit == 128 &&
               plan.values.tileCols == 32 && plan.values.tileElems == 64 && plan.values.bufferNum == 1,
           "overrides reach the plan");
    CheckCover(in, p, plan);
    auto with = [](void (*set)(TilingOverrides*)) {
        TilingOverrides o;
        set(&o);
        return o;
    };
    CheckOverrideRefused(in, p, with([](TilingOverrides* o) { o->bufferNum = 3; }), "bufferNum override must be 1 or 2");
    CheckOverrideRefused(in, p, with([](TilingOverrides* o) { o->biasChunkRows = 128; o->gridRows = 9; }),
                         "gridRows override 9 exceeds the 8 row units");
    CheckOverrideRefused(in, p, with([](TilingOverrides* o) { o->gridRows = 2; o->gridCols = 30; }),
                         "needs more than the 48 AIV cores");
    CheckOverrideRefused(in, p, with([](TilingOverrides* o) { o->gridCols = 1000; }), "gridCols override 1000 exceeds");
    CheckOverrideRefused(in, p, with([](TilingOverrides* o) { o->tileCols = 20; }),
                         "tileCols override 20 must be a multiple of 16");
    CheckOverrideRefused(in, p, with([](TilingOverrides* o) { o->tileRows = 500; }), "tileRows override 500 exceeds");
    CheckOverrideRefused(TilingInput{256, 64, kIoFloat32, true, true, false}, p,
                         with([](TilingOverrides* o) { o->biasChunkRows = 64; }), "biasChunkRows override needs hasBias");
    CheckOverrideRefused(in, PlatformInfo{0, 196352, 0}, TilingOverrides(), "no AIV cores");
    CheckOverrideRefused(TilingInput{-1, 8, kIoFloat32, true, true, true}, p, TilingOverrides(), "non-negative");

    // The tiling's DMA cost is the timing table's, bit for bit (one effective-bytes count
    // instead of three).
    namespace timing = sim::model::timing;
    for (const bool toUb : {true, false}) {
        for (const uint64_t bursts : {1ull, 3ull, 17ull, 64ull, 4095ull}) {
            for (const uint64_t bytes : {2ull, 32ull, 100ull, 512ull, 704ull, 4096ull, 65536ull}) {
                for (const uint64_t start : {0ull, 96ull, 704ull}) {
                    for (const uint64_t pitch : {0ull, 2048ull, 8000ull}) {
                        const double clock = timing::kSocs[0].clockGHz;
                        const DmaCost cost = DmaCostOf(toUb, bursts, bytes, start, pitch, clock);
                        Expect(cost.pipe == timing::DmaPipeMicros(toUb, bursts, bytes, start, pitch, clock) &&
                                   cost.landing == timing::DmaLandingMicros(toUb, bursts, bytes, start, pitch, clock),
                               "DmaCostOf(" + std::to_string(bursts) + " x " + std::to_string(bytes) +
                                   ") equals the timing table's DmaPipeMicros and DmaLandingMicros");
                    }
                }
            }
        }
    }

    // The tiling's estimate is a task duration as the model reports it: the busiest core's
    // time, never below the call's GM floor, plus the launch overhead of its cores. The floor
    // of (1024, 4096) float16 with bias, both gradients: 8 inputs read at 1.6 TB/s, 13 tensors
    // and the 4H bias row at the fresh-data rate 2.3456 TB/s, typed in from the timing table.
    {
        const TilingInput big{1024, 4096, kIoFloat16, true, true, true};
        const double tensor = 1024.0 * 4096.0 * 2.0;
        const double floorUs = std::max(8.0 * tensor / 1600e3, (13.0 * tensor + 4.0 * 4096.0 * 2.0) / 2345.6e3);
        Expect(std::fabs(GmFloorMicros(big) - floorUs) < 1e-9 * floorUs, "GmFloorMicros of (1024, 4096) float16");
        const TileShape tile{16, 256};
        for (const uint32_t cores : {1u, 24u, 48u}) {
            const double main = CoreMainMicros(big, 22, 4096, tile, kBufferNum);
            const double task = CoreMicros(big, 22, 4096, tile, cores, 1);
            Expect(task == std::max(main, GmFloorMicros(big)) + timing::LaunchMicros(cores),
                   "CoreMicros adds the launch overhead of " + std::to_string(cores) + " cores to the floor-bound core");
        }
        Expect(CoreMicros(big, 1, 16, TileShape{1, 16}, 48, 1) > GmFloorMicros(big),
               "a core with almost no work still takes the call's GM floor");
    }

    std::printf("%d cases, %d checks, %d failures\n", cases, g_checks, g_failures);
    return g_failures == 0 ? 0 : 1;
}
