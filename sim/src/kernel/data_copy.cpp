// DataCopy / DataCopyPad: every DMA is turned into a RowPlan (rows of bytes with a pitch on
// each side) and run by one of three movers, so the units of each API are decided in one
// place per API and the checks in one place for all of them.
#include "ascendc_sim/kernel/data_copy.h"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/kernel/atomic.h"

namespace sim::dma {
namespace {

constexpr uint64_t kBlockBytes = 32;                 // one DataBlock: the UB unit of strides and rows
constexpr uint32_t kMaxBlockCount = 4095;            // 12-bit burst counter (NN: MAX_COPY_LINES)
constexpr uint32_t kMaxPadBlockLen = 2097151;        // DataCopyPad blockLen, bytes (21 bits)
constexpr uint32_t kMaxPaddingBytes = 32;            // left/right padding: at most one DataBlock each

uint64_t AlignUp(uint64_t value, uint64_t align) { return (value + align - 1) / align * align; }

const char* ParamsName(ParamsKind kind) {
    return kind == ParamsKind::DataCopyExtParams ? "DataCopyExtParams" : "DataCopyParams";
}

std::string Num(uint64_t v) { return std::to_string(v); }

// One DMA instruction in bytes: `rows` rows of `rowBytes` data bytes. On the UB side a row
// occupies ubRowBytes (data at ubDataOffset, padding around it); pitches are start-to-start.
// What the kernel asked for is kept in the API's own terms, as numbers: the text reports
// quote ("DataCopyPad (GM->UB, ...; blockCount 4, blockLen 100 B, ...)") is built only for
// a report, never per instruction.
struct RowPlan {
    enum class Form : uint8_t { Count, Blocks, PadGmToUb, PadUbToGm };
    RowPlan(const char* apiName, Form asked, const char* copyDirection, Pipe onPipe)
        : api(apiName), form(asked), direction(copyDirection), pipe(onPipe) {}

    const char* api;        // "DataCopy", "DataCopyPad"
    Form form;
    const char* direction;  // "GM->UB", "UB->GM", "UB->UB"
    Pipe pipe;
    // The call's parameters (those of its form).
    uint32_t count = 0;
    Blocks blocks{};
    uint32_t leftPadding = 0, rightPadding = 0, elementBytes = 1;
    ParamsKind kind = ParamsKind::DataCopyParams;
    // The bytes it moves.
    uint32_t rows = 0;
    uint64_t rowBytes = 0;
    uint64_t srcPitch = 0;
    uint64_t dstPitch = 0;
    uint64_t ubRowBytes = 0;
    uint64_t ubDataOffset = 0;

    uint64_t Span(uint64_t pitch, uint64_t rowFootprint) const {
        return rows == 0 ? 0 : (rows - 1) * pitch + rowFootprint;
    }
    std::string What() const;
    // How the UB extent is computed, in the API's terms.
    std::string UbExtentFormula() const;
    LazyText Text() const {
        return LazyText(this, [](const void* plan) { return static_cast<const RowPlan*>(plan)->What(); });
    }
};

std::string RowPlan::What() const {
    const std::string gaps = Num(blocks.blockCount) + ", blockLen " + Num(blocks.blockLen);
    switch (form) {
        case Form::Count: return "DataCopy (" + std::string(direction) + ", count " + Num(count) + ")";
        case Form::Blocks:
            return "DataCopy (" + std::string(direction) + "; blockCount " + gaps + " blocks, srcGap " +
                   Num(blocks.srcStride) + " blocks, dstGap " + Num(blocks.dstStride) + " blocks)";
        case Form::PadGmToUb:
            return "DataCopyPad (GM->UB, " + std::string(ParamsName(kind)) + "; blockCount " + gaps +
                   " B, srcStride " + Num(blocks.srcStride) + " B, dstStride " + Num(blocks.dstStride) +
                   " blocks, leftPadding " + Num(leftPadding) + ", rightPadding " + Num(rightPadding) + ")";
        case Form::PadUbToGm:
            return "DataCopyPad (UB->GM, " + std::string(ParamsName(kind)) + "; blockCount " + gaps +
                   " B, srcStride " + Num(blocks.srcStride) + " blocks, dstStride " + Num(blocks.dstStride) + " B)";
    }
    return api;
}

std::string RowPlan::UbExtentFormula() const {
    const std::string others = Num(blocks.blockCount == 0 ? 0 : blocks.blockCount - 1);
    switch (form) {
        case Form::Count: return "count * sizeof(T) = " + Num(rowBytes);
        case Form::Blocks:
            return "blockCount " + Num(blocks.blockCount) + " * blockLen " + Num(blocks.blockLen) + " * 32 + " +
                   others + " gaps * " + Num(pipe == Pipe::MTE3 ? blocks.srcStride : blocks.dstStride) + " * 32";
        case Form::PadGmToUb:
            return "blockCount " + Num(blocks.blockCount) + " * R " + Num(ubRowBytes) + " + " + others +
                   " * dstStride " + Num(blocks.dstStride) + " * 32, R = AlignUp(leftPadding*" + Num(elementBytes) +
                   " + blockLen + rightPadding*" + Num(elementBytes) + ", 32)";
        case Form::PadUbToGm:
            return "blockCount " + Num(blocks.blockCount) + " * AlignUp(blockLen, 32) " + Num(ubRowBytes) + " + " +
                   others + " * srcStride " + Num(blocks.srcStride) + " * 32";
    }
    return {};
}

// ---- the pad-value register (SetPadValue, or DataCopyPad with isPad): per core ------------
PadRegister& PadRegisterOf(CoreState& core) { return core.padRegister; }

// ---- checks shared by every mover --------------------------------------------------------

// Reports a list of parameter problems as one DmaParams violation (one per instruction).
void ReportParams(const RowPlan& plan, const std::vector<std::string>& problems) {
    if (problems.empty()) return;
    std::string text;
    for (const auto& p : problems) text += (text.empty() ? "" : "; ") + p;
    Violation(Check::DmaParams, plan.What() + ": " + text);
}

// The UB extent of a DMA against its LocalTensor, once per instruction (the CPU-debug rule,
// so a bad copy is reported once however many rows it has). Returns false to drop the
// instruction; *rowRef is what the per-row accesses use (widened to the extent when the
// violation was downgraded, so the rows do not report it again).
// The first 32-byte UB block of [start, start + bytes) that holds no defined byte at all, or -1.
// A DMA moves whole 32-byte blocks, and kernels copy out blocks they wrote only in part (a
// reduction's few results in a 32-byte copy, the rest going along as it was): that is no error.
// A block the kernel never wrote at all is a missing computation.
int64_t FirstUnwrittenBlock(CoreState& core, uint64_t start, uint64_t bytes) {
    const uint64_t end = std::min<uint64_t>(start + bytes, core.defined.size());
    for (uint64_t block = start / 32 * 32; block < end; block += 32) {
        const uint64_t blockEnd = std::min<uint64_t>(block + 32, core.defined.size());
        if (core.AllDefined(static_cast<uint32_t>(block), blockEnd - block)) continue;  // (writes out pending poison)
        uint64_t undefinedBytes = 0;
        core.ForEachFlagged(block, blockEnd - block, [&](uint32_t from, uint32_t to) {
            for (uint32_t i = from; i < to; ++i) undefinedBytes += core.defined[i] == 0;
        });
        if (undefinedBytes == blockEnd - block) return static_cast<int64_t>(std::max(block, start));
    }
    return -1;
}

bool CheckUbExtent(CoreState& core, const RowPlan& plan, const char* operand, const UbRef& ref, uint64_t extent,
                   UbRef* rowRef) {
    *rowRef = ref;
    if (ref.buffer < 0) {
        Violation(Check::ApiMisuse, plan.What() + ": operand " + operand +
                                        " is a LocalTensor that was never allocated (AllocTensor/DeQue/TBuf::Get)");
        return false;
    }
    if (extent > ref.bytes) {
        Violation(Check::OperandBounds,
                  plan.What() + ": operand " + operand + " spans " + Num(extent) + " bytes of UB (" +
                      plan.UbExtentFormula() + "): " + core.Describe(ref, 0, extent) + " but the tensor holds only " +
                      Num(ref.bytes) + " bytes (" + Num(extent - ref.bytes) + " bytes past its end)");
        rowRef->bytes = static_cast<uint32_t>(std::min<uint64_t>(extent, std::numeric_limits<uint32_t>::max()));
    }
    return true;
}

// GM side: the whole span [first row start, last row end) lies in one allocation (and in the
// declared size) exactly when every row does, so one check per instruction is exact.
bool CheckGmSpan(const RowPlan& plan, const char* operand, const GmView& view, const void* start, uint64_t pitch) {
    return CheckGmAccess(plan.Text(), operand, view, start, plan.Span(pitch, plan.rowBytes));
}

// `gm`/`gmPitch`/`view`: the GM side (nullptr for UB -> UB), logged for the time model
// (alignment, L2 lines, cache mode).
uint64_t IssueDma(CoreState& core, const RowPlan& plan, const GmView* view = nullptr, const void* gm = nullptr,
                  uint64_t gmPitch = 0, uint32_t ubOffset = 0) {
    const uint64_t moved = static_cast<uint64_t>(plan.rows) * plan.rowBytes;
    const uint32_t burst = static_cast<uint32_t>(std::min<uint64_t>(plan.rowBytes, std::numeric_limits<uint32_t>::max()));
    if (plan.pipe == Pipe::V) {
        // UB -> UB runs on the vector pipe (copy_ubuf_to_ubuf is a PIPE_V instruction).
        return core.Issue(Event{EventKind::Vector, Pipe::V, Pipe::V, plan.api, moved, plan.rows, burst,
                                0, static_cast<uint32_t>((moved + 255) / 256)});
    }
    Event event{EventKind::Dma, plan.pipe, Pipe::S, plan.api, moved, plan.rows, burst};
    if (view != nullptr) event.cacheMode = view->cacheMode;
    event.gmAddress = reinterpret_cast<uintptr_t>(gm);
    event.gmPitch = gmPitch;
    event.elementBytes = 0;
    (plan.pipe == Pipe::MTE2 ? event.ubDst : event.ubSrc0) = ubOffset;
    return core.Issue(event);
}

// ---- the three movers ---------------------------------------------------------------------

struct PadFill {
    bool known = false;        // fill with `bits` (else poison)
    uint64_t bits = 0;
    uint32_t elementBytes = 1;
};

void FillPattern(uint8_t* p, uint64_t rowOffset, uint64_t bytes, const PadFill& fill) {
    const auto* value = reinterpret_cast<const uint8_t*>(&fill.bits);
    for (uint64_t j = 0; j < bytes; ++j) p[j] = value[(rowOffset + j) % fill.elementBytes];
}

void MoveGmToUb(const RowPlan& plan, const GmView& view, const uint8_t* gm, const UbRef& dst, const PadFill& fill) {
    CoreState& core = Core();
    if (plan.rows == 0 || plan.rowBytes == 0) return;  // NOP on A2/A3
    UbRef rowRef;
    if (!CheckUbExtent(core, plan, "dst", dst, plan.Span(plan.dstPitch, plan.ubRowBytes), &rowRef)) return;
    if (!CheckGmSpan(plan, "src", view, gm, plan.srcPitch)) return;  // outside any allocation: dropped
    const uint64_t seq = IssueDma(core, plan, &view, gm, plan.srcPitch, rowRef.offset);
    core.launch->gmRaces.Record(core.blockIdx, gm, plan.rowBytes, plan.srcPitch, plan.rows, false, plan.api,
                                core.callSite);
    // Each row's ubRowBytes are all stored below: the data, and the padding filled or poisoned.
    const bool allRows =
        core.AccessRows(rowRef, plan.rows, plan.dstPitch, plan.ubRowBytes, plan.pipe, seq, Access::Overwrite);
    const std::string what = allRows ? std::string() : plan.What();  // for the per-row checks' reports
    // Padding left undefined: its origin is this call site (looked up once per DMA, not per row).
    const bool poisonsPadding = !fill.known && plan.ubRowBytes > plan.rowBytes;
    const uint32_t origin = poisonsPadding ? core.origins.ForCallSite(core.callSite, nullptr, [&] {
        return OriginText{plan.api, {}, " padding"};  // plan.api: static text
    }) : 0;
    // The bytes each row defines (its data; with a known fill, its padding too) are marked
    // defined in runs: rows that lie back to back (no padding left undefined, no gap) make one
    // run, one range update instead of one per row. The runs and the poisoned padding are
    // disjoint, so marking them in either order leaves the same state.
    uint64_t runBegin = 0, runEnd = 0;  // UB bytes [runBegin, runEnd) defined, not yet marked
    auto flushRun = [&] {
        if (runEnd > runBegin) core.MarkDefined(static_cast<uint32_t>(runBegin), runEnd - runBegin, true);
    };
    auto markDefined = [&](uint64_t begin, uint64_t bytes) {
        if (bytes == 0) return;
        if (begin != runEnd) {
            flushRun();
            runBegin = begin;
        }
        runEnd = begin + bytes;
    };
    const uint64_t rightStart = plan.ubDataOffset + plan.rowBytes;
    const uint64_t rightBytes = plan.ubRowBytes - rightStart;
    for (uint32_t i = 0; i < plan.rows; ++i) {
        const uint64_t rowStart = i * plan.dstPitch;
        uint8_t* row = allRows ? core.ub.data() + rowRef.offset + rowStart
                               : core.Operand(what.c_str(), "dst", rowRef, rowStart, plan.ubRowBytes, plan.pipe,
                                              seq, Access::Overwrite, /*requireAligned=*/i == 0);
        if (row == nullptr) break;  // beyond UB itself (downgraded bounds violation)
        const uint32_t ubRow = static_cast<uint32_t>(rowRef.offset + rowStart);
        std::memcpy(row + plan.ubDataOffset, gm + i * plan.srcPitch, plan.rowBytes);
        if (fill.known) {
            FillPattern(row, 0, plan.ubDataOffset, fill);
            FillPattern(row + rightStart, rightStart, rightBytes, fill);
            markDefined(ubRow, plan.ubRowBytes);
        } else {
            markDefined(ubRow + plan.ubDataOffset, plan.rowBytes);
            if (plan.ubDataOffset != 0) core.Poison(ubRow, plan.ubDataOffset, origin);
            if (rightBytes != 0) core.Poison(ubRow + static_cast<uint32_t>(rightStart), rightBytes, origin);
        }
    }
    flushRun();
}

void MoveUbToGm(const RowPlan& plan, const GmView& view, uint8_t* gm, const UbRef& src) {
    CoreState& core = Core();
    if (plan.rows == 0 || plan.rowBytes == 0) return;
    UbRef rowRef;
    if (!CheckUbExtent(core, plan, "src", src, plan.Span(plan.srcPitch, plan.ubRowBytes), &rowRef)) return;
    if (!CheckGmSpan(plan, "dst", view, gm, plan.dstPitch)) return;  // GM outside stays untouched
    const uint64_t seq = IssueDma(core, plan, &view, gm, plan.dstPitch, rowRef.offset);
    bool undefinedReported = false;
    const bool allRows = core.AccessRows(rowRef, plan.rows, plan.srcPitch, plan.ubRowBytes, plan.pipe, seq, Access::Read);
    const std::string what = allRows ? std::string() : plan.What();  // for the per-row checks' reports
    // Every row defined when every byte from the first row's start to the last row's data end
    // is (the usual case: one check, not one per row); otherwise each row is checked and the
    // first with undefined data reported.
    const bool spanDefined =
        allRows && core.AllDefined(rowRef.offset, static_cast<uint64_t>(plan.rows - 1) * plan.srcPitch + plan.rowBytes);
    uint32_t landed = 0;  // rows that reached GM
    for (uint32_t i = 0; i < plan.rows; ++i, ++landed) {
        const uint64_t rowStart = i * plan.srcPitch;
        const uint8_t* row = allRows ? core.ub.data() + rowRef.offset + rowStart
                                     : core.Operand(what.c_str(), "src", rowRef, rowStart, plan.ubRowBytes,
                                                    plan.pipe, seq, Access::Read, /*requireAligned=*/i == 0);
        if (row == nullptr) break;  // beyond UB itself (downgraded bounds violation)
        // Only the rowBytes that reach GM must hold data; the dummy tail up to 32 B is discarded.
        // DataCopy moves whole blocks: undefined bytes in a block the kernel wrote in part travel
        // along (see FirstUnwrittenBlock). DataCopyPad moves the bytes the kernel names, each of
        // which must hold data.
        if (!spanDefined && !undefinedReported && !core.AllDefined(static_cast<uint32_t>(rowRef.offset + rowStart), plan.rowBytes)) {
            const int64_t block = plan.form == RowPlan::Form::PadUbToGm
                                      ? static_cast<int64_t>(rowRef.offset + rowStart)
                                      : FirstUnwrittenBlock(core, rowRef.offset + rowStart, plan.rowBytes);
            if (block >= 0) {
                undefinedReported = true;
                const uint64_t inRow = static_cast<uint64_t>(block) - rowRef.offset;
                // The report names the undefined run from that block on.
                core.RequireDefined(plan.What().c_str(), "src", rowRef, inRow, rowStart + plan.rowBytes - inRow,
                                    "writes to GM");
            }
        }
        // SetAtomicAdd/Max/Min set: the row is combined with GM element by element (atomic.cpp).
        if (core.atomicRegister.enabled) {
            if (!atomic::ApplyRow(core, gm + i * plan.dstPitch, row, plan.rowBytes)) break;
        } else {
            std::memcpy(gm + i * plan.dstPitch, row, plan.rowBytes);
        }
    }
    // One record per DMA, read by the GM race check and the unwritten-output check alike
    // (atomic adds marked: two cores' adds to the same bytes are no race).
    core.launch->gmRaces.Record(core.blockIdx, gm, plan.rowBytes, plan.dstPitch, landed, true, plan.api,
                                core.callSite, core.atomicRegister.enabled);
}

void MoveUbToUb(const RowPlan& plan, const UbRef& dst, const UbRef& src) {
    CoreState& core = Core();
    if (plan.rows == 0 || plan.rowBytes == 0) return;
    UbRef srcRef, dstRef;
    if (!CheckUbExtent(core, plan, "src", src, plan.Span(plan.srcPitch, plan.rowBytes), &srcRef)) return;
    if (!CheckUbExtent(core, plan, "dst", dst, plan.Span(plan.dstPitch, plan.rowBytes), &dstRef)) return;
    const uint64_t seq = IssueDma(core, plan);
    const std::string what = plan.What();
    std::vector<uint8_t> staged(plan.rowBytes), stagedDefined(plan.rowBytes);
    for (uint32_t i = 0; i < plan.rows; ++i) {
        const uint64_t srcStart = i * plan.srcPitch, dstStart = i * plan.dstPitch;
        const uint8_t* from = core.Operand(what.c_str(), "src", srcRef, srcStart, plan.rowBytes, plan.pipe, seq,
                                           Access::Read, i == 0);
        if (from == nullptr) return;
        std::memcpy(staged.data(), from, plan.rowBytes);
        core.MakeResident(srcRef.offset + srcStart, plan.rowBytes);  // every flag of the row exact
        std::memcpy(stagedDefined.data(), core.defined.data() + srcRef.offset + srcStart, plan.rowBytes);
        uint8_t* to = core.Operand(what.c_str(), "dst", dstRef, dstStart, plan.rowBytes, plan.pipe, seq,
                                   Access::Write, i == 0);
        if (to == nullptr) return;
        // Defined-ness travels with the bytes (a copy is not an escape).
        std::memcpy(to, staged.data(), plan.rowBytes);
        core.MakeResident(dstRef.offset + dstStart, plan.rowBytes);  // flags written directly below
        std::memcpy(core.defined.data() + dstRef.offset + dstStart, stagedDefined.data(), plan.rowBytes);
    }
}

// ---- from each API's parameters to a RowPlan ----------------------------------------------

// DataCopy(count): count * sizeof(T) must be whole DataBlocks; the NPU floors silently.
RowPlan CountPlan(const char* direction, Pipe pipe, uint32_t count, uint32_t elementBytes) {
    RowPlan plan{"DataCopy", RowPlan::Form::Count, direction, pipe};
    plan.count = count;
    plan.elementBytes = elementBytes;
    const uint64_t bytes = static_cast<uint64_t>(count) * elementBytes;
    if (bytes % kBlockBytes != 0) {
        Violation(Check::DataCopyLength,
                  plan.What() + ": count * sizeof(T) = " + Num(count) + " * " + Num(elementBytes) + " = " + Num(bytes) +
                      " bytes is not a multiple of 32 (DataCopy moves whole 32-byte blocks and the NPU silently "
                      "copies only " + Num(bytes / kBlockBytes * kBlockBytes) + " bytes; use DataCopyPad for tails)");
    }
    plan.rows = 1;
    plan.rowBytes = bytes / kBlockBytes * kBlockBytes;  // what the hardware moves when downgraded
    plan.srcPitch = plan.dstPitch = plan.rowBytes;
    plan.ubRowBytes = plan.rowBytes;
    return plan;
}

// DataCopy(DataCopyParams): all four fields count 32-byte blocks, on GM and UB alike.
RowPlan BlocksPlan(const char* direction, Pipe pipe, const Blocks& b) {
    RowPlan plan{"DataCopy", RowPlan::Form::Blocks, direction, pipe};
    plan.blocks = b;
    if (b.blockCount > kMaxBlockCount) {
        ReportParams(plan, {"blockCount " + Num(b.blockCount) + " exceeds " + Num(kMaxBlockCount) +
                            " (split the copy into several instructions)"});
    }
    plan.rows = b.blockCount;
    plan.rowBytes = b.blockLen * kBlockBytes;
    plan.srcPitch = (static_cast<uint64_t>(b.blockLen) + b.srcStride) * kBlockBytes;
    plan.dstPitch = (static_cast<uint64_t>(b.blockLen) + b.dstStride) * kBlockBytes;
    plan.ubRowBytes = plan.rowBytes;
    return plan;
}

// Plain DataCopy addresses GM in elements: the address must be a multiple of sizeof(T)
// (DataCopyPad accepts any byte address).
void CheckGmElementAlignment(const RowPlan& plan, const void* address, uint32_t elementBytes) {
    const auto value = reinterpret_cast<uintptr_t>(address);
    if (value % elementBytes != 0) {
        ReportParams(plan, {"GM address is " + Num(value % elementBytes) + " bytes past a multiple of sizeof(T) = " +
                            Num(elementBytes) + " (plain DataCopy needs element-aligned GM; use DataCopyPad)"});
    }
}

// The limits shared by both DataCopyPad directions.
std::vector<std::string> PadLimitProblems(const Blocks& b, ParamsKind kind, uint32_t elementBytes) {
    std::vector<std::string> problems;
    if (b.blockCount > kMaxBlockCount) {
        problems.push_back("blockCount " + Num(b.blockCount) + " exceeds " + Num(kMaxBlockCount) +
                           " (split the rows into several copies)");
    }
    const uint32_t maxLen = kind == ParamsKind::DataCopyExtParams ? kMaxPadBlockLen : 65535;
    if (b.blockLen > maxLen) {
        problems.push_back("blockLen " + Num(b.blockLen) + " bytes exceeds " + Num(maxLen));
    }
    if (b.blockLen % elementBytes != 0) {
        problems.push_back("blockLen " + Num(b.blockLen) + " bytes is not a multiple of sizeof(T) = " +
                           Num(elementBytes));
    }
    return problems;
}

}  // namespace

// ---- public entry points -------------------------------------------------------------------

void CountGmToUb(const UbRef& dst, const GmView& src, const void* srcAddress, uint32_t count, uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, if its padding is left undefined
    RowPlan plan = CountPlan("GM->UB", Pipe::MTE2, count, elementBytes);
    CheckGmElementAlignment(plan, srcAddress, elementBytes);
    MoveGmToUb(plan, src, static_cast<const uint8_t*>(srcAddress), dst, PadFill{});
}

void CountUbToGm(const GmView& dst, void* dstAddress, const UbRef& src, uint32_t count, uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, named in reports
    RowPlan plan = CountPlan("UB->GM", Pipe::MTE3, count, elementBytes);
    CheckGmElementAlignment(plan, dstAddress, elementBytes);
    MoveUbToGm(plan, dst, static_cast<uint8_t*>(dstAddress), src);
}

void CountUbToUb(const UbRef& dst, const UbRef& src, uint32_t count, uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, named in reports
    RowPlan plan = CountPlan("UB->UB", Pipe::V, count, elementBytes);
    MoveUbToUb(plan, dst, src);
}

void BlocksGmToUb(const UbRef& dst, const GmView& src, const void* srcAddress, const Blocks& blocks,
                  uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, named in reports
    RowPlan plan = BlocksPlan("GM->UB", Pipe::MTE2, blocks);
    CheckGmElementAlignment(plan, srcAddress, elementBytes);
    MoveGmToUb(plan, src, static_cast<const uint8_t*>(srcAddress), dst, PadFill{});
}

void BlocksUbToGm(const GmView& dst, void* dstAddress, const UbRef& src, const Blocks& blocks,
                  uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, named in reports
    RowPlan plan = BlocksPlan("UB->GM", Pipe::MTE3, blocks);
    CheckGmElementAlignment(plan, dstAddress, elementBytes);
    MoveUbToGm(plan, dst, static_cast<uint8_t*>(dstAddress), src);
}

void BlocksUbToUb(const UbRef& dst, const UbRef& src, const Blocks& blocks, uint32_t /*elementBytes*/) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, named in reports
    RowPlan plan = BlocksPlan("UB->UB", Pipe::V, blocks);
    MoveUbToUb(plan, dst, src);
}

void PadGmToUb(const UbRef& dst, const GmView& src, const void* srcAddress, const Blocks& b, const Padding& padding,
               ParamsKind kind, uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, if its padding is left undefined
    CoreState& core = Core();
    RowPlan plan{"DataCopyPad", RowPlan::Form::PadGmToUb, "GM->UB", Pipe::MTE2};
    plan.blocks = b;
    plan.kind = kind;
    plan.elementBytes = elementBytes;
    plan.leftPadding = padding.left;
    plan.rightPadding = padding.right;
    std::vector<std::string> problems = PadLimitProblems(b, kind, elementBytes);
    for (auto [name, elements] : {std::pair<const char*, uint32_t>{"leftPadding", padding.left},
                                  std::pair<const char*, uint32_t>{"rightPadding", padding.right}}) {
        if (elements * elementBytes > kMaxPaddingBytes) {
            problems.push_back(std::string(name) + " " + Num(elements) + " elements = " +
                               Num(elements * elementBytes) + " bytes exceeds 32 bytes");
        }
    }
    ReportParams(plan, problems);

    // UB row footprint R = AlignUp(lp*s + L + rp*s, 32); rows start dstStride blocks apart.
    const uint64_t leftBytes = static_cast<uint64_t>(padding.left) * elementBytes;
    const uint64_t rightBytes = static_cast<uint64_t>(padding.right) * elementBytes;
    plan.rows = b.blockCount;
    plan.rowBytes = b.blockLen;
    plan.srcPitch = static_cast<uint64_t>(b.blockLen) + b.srcStride;
    plan.ubRowBytes = AlignUp(leftBytes + b.blockLen + rightBytes, kBlockBytes);
    plan.dstPitch = plan.ubRowBytes + static_cast<uint64_t>(b.dstStride) * kBlockBytes;
    plan.ubDataOffset = leftBytes;

    // isPad loads the pad-value register; without it the register keeps what SetPadValue (or
    // an earlier isPad) put there. Padding is only known if the register was set and there is
    // padding to fill: the dummy tail of an unpadded row is copies of its first element on the
    // NPU, which the sim poisons instead (the isPad row of the CANN Ascend C API reference page
    // "DataCopyPad（GMToUB非对齐数据搬运）": unset, the hardware fills dummy data).
    PadRegister& reg = PadRegisterOf(core);
    if (padding.isPad) {
        reg.set = true;
        reg.bits = padding.valueBits;
    }
    PadFill fill;
    fill.known = padding.isPad || (reg.set && (padding.left > 0 || padding.right > 0));
    fill.bits = reg.bits;
    fill.elementBytes = elementBytes;
    MoveGmToUb(plan, src, static_cast<const uint8_t*>(srcAddress), dst, fill);
}

void PadUbToGm(const GmView& dst, void* dstAddress, const UbRef& src, const Blocks& b, ParamsKind kind,
               uint32_t elementBytes) {
    Core().callSite = __builtin_return_address(0);  // the kernel line, named in reports
    RowPlan plan{"DataCopyPad", RowPlan::Form::PadUbToGm, "UB->GM", Pipe::MTE3};
    plan.blocks = b;
    plan.kind = kind;
    plan.elementBytes = elementBytes;
    ReportParams(plan, PadLimitProblems(b, kind, elementBytes));
    // UB rows are AlignUp(L, 32) apart plus srcStride blocks; GM rows L + dstStride bytes apart.
    plan.rows = b.blockCount;
    plan.rowBytes = b.blockLen;
    plan.ubRowBytes = AlignUp(b.blockLen, kBlockBytes);
    plan.srcPitch = plan.ubRowBytes + static_cast<uint64_t>(b.srcStride) * kBlockBytes;
    plan.dstPitch = static_cast<uint64_t>(b.blockLen) + b.dstStride;
    MoveUbToGm(plan, dst, static_cast<uint8_t*>(dstAddress), src);
}

void SetPadRegister(uint64_t valueBits) {
    CoreState& core = Core();
    core.Issue(Event{EventKind::Scalar, Pipe::S, Pipe::S, "SetPadValue"});
    PadRegister& reg = PadRegisterOf(core);
    reg.set = true;
    reg.bits = valueBits;
}

}  // namespace sim::dma
