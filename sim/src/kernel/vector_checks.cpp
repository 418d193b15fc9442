#include <cstring>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace sim::vec {
namespace {

std::string Describe(const OperandRange& operand) {
    return std::string(operand.name) + " (" + Core().Describe(operand.ref, 0, operand.bytes) + ")";
}

uint64_t Start(const OperandRange& r) { return r.ref.offset; }
uint64_t End(const OperandRange& r) { return static_cast<uint64_t>(r.ref.offset) + r.bytes; }

// True when executing repeats in ascending order never lets a repeat write bytes that a
// later repeat reads. Each repeat covers 256 B of the wider operand; within one repeat the
// sources are read before the destination is written.
bool SafeInRepeatOrder(const OperandRange& dst, const OperandRange& src) {
    const uint64_t count = dst.bytes / dst.elementBytes;
    const uint64_t perRepeat = kRepeatBytes / std::max(dst.elementBytes, src.elementBytes);
    const uint64_t srcEnd = End(src);
    for (uint64_t first = 0; first + perRepeat < count; first += perRepeat) {
        const uint64_t writeStart = Start(dst) + first * dst.elementBytes;
        const uint64_t writeEnd = Start(dst) + (first + perRepeat) * dst.elementBytes;
        const uint64_t laterReadStart = Start(src) + (first + perRepeat) * src.elementBytes;
        if (writeStart < srcEnd && laterReadStart < writeEnd) return false;
    }
    return true;
}

// The first byte at or after `from` (before `end`) that is not zero, or `end`.
uint64_t SkipZeros(const uint8_t* flags, uint64_t from, uint64_t end) {
    while (from + 8 <= end) {
        uint64_t word;
        std::memcpy(&word, flags + from, 8);
        if (word != 0) break;
        from += 8;
    }
    while (from < end && flags[from] == 0) ++from;
    return from;
}

}  // namespace

namespace detail {

bool RejectCount(const ApiName& api, int64_t count) {
    if (count < 0) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": count " + std::to_string(count) +
                                        " is negative (the element count must be >= 0)");
    }
    return false;
}

void ReportPosition(const ApiName& api, const char* operand, const UbRef& ref) {
    const auto position = static_cast<AscendC::TPosition>(ref.position);
    Violation(Check::ApiMisuse, std::string(api.text) + ": operand " + operand + " (" +
                                    Core().Describe(ref, 0, ref.bytes) + ") is at TPosition " +
                                    std::to_string(static_cast<int>(ref.position)) + " (" + PositionName(position) +
                                    "); vector instructions take VECIN, VECOUT or VECCALC tensors only");
}

void ReportOverlap(const ApiName& api, const OperandRange& dst, const OperandRange& src, bool orderedRepeats) {
    if (orderedRepeats && SafeInRepeatOrder(dst, src)) return;
    Violation(Check::ApiMisuse,
              std::string(api.text) + ": operands " + Describe(dst) + " and " + Describe(src) +
                  " overlap partially; a destination may share a source only at the identical start address "
                  "(in-place), any other overlap gives undefined results on hardware");
}

void ReportSharedBytes(const ApiName& api, const OperandRange& a, const OperandRange& b) {
    Violation(Check::ApiMisuse, std::string(api.text) + ": operands " + Describe(a) + " and " + Describe(b) +
                                    " overlap; this high-level API allows no overlap between its tensors, "
                                    "not even in-place");
}

bool ReportTooSmall(const ApiName& api, const char* operand, const UbRef& ref, uint64_t bytes) {
    Violation(Check::OperandBounds, std::string(api.text) + ": operand " + operand + " needs " +
                                        Core().Describe(ref, 0, bytes) + " but the tensor holds only " +
                                        std::to_string(ref.bytes) + " bytes");
    return false;
}

}  // namespace detail

namespace {
// The origin of the undefined source bytes of the instruction being computed (this thread).
thread_local uint32_t t_sourceOrigin = 0;
}  // namespace

void AndElementDefined(const CoreState& core, const OperandRange& src, uint64_t count, std::vector<uint8_t>* defined) {
    // Work per run of undefined bytes, not per element: memchr finds each run's start, in the
    // parts of the operand whose flags the core keeps (every other byte is defined).
    const uint64_t elementBytes = src.elementBytes;
    const uint64_t base = src.ref.offset;
    const uint64_t available = core.defined.size() > base ? core.defined.size() - base : 0;
    const uint64_t scanned = std::min(count * elementBytes, available);
    const uint64_t whole = scanned / elementBytes;  // elements lying entirely inside UB
    if (whole < count) std::memset(defined->data() + whole, 0, count - whole);
    const uint8_t* flags = core.defined.data() + base;
    core.ForEachFlagged(base, scanned, [&](uint32_t pieceFrom, uint32_t pieceTo) {
        const uint64_t stop = pieceTo - base;
        uint64_t at = pieceFrom - base;
        while (at < stop) {
            const void* zero = std::memchr(flags + at, 0, stop - at);
            if (zero == nullptr) break;
            const uint64_t begin = static_cast<const uint8_t*>(zero) - flags;
            const uint64_t end = SkipZeros(flags, begin, stop);
            if (t_sourceOrigin == 0) t_sourceOrigin = core.origins.At(static_cast<uint32_t>(base + begin));
            const uint64_t firstElement = begin / elementBytes;
            const uint64_t lastElement = std::min<uint64_t>((end + elementBytes - 1) / elementBytes, count);
            std::memset(defined->data() + firstElement, 0, lastElement - firstElement);
            at = end;
        }
    });
}

void MarkElementsDefined(CoreState& core, const OperandRange& dst, const std::vector<uint8_t>& defined) {
    // Runs of defined elements lie between the zeros memchr finds.
    const uint8_t* flags = defined.data();
    const uint64_t count = defined.size();
    const uint32_t base = dst.ref.offset;
    auto mark = [&](uint64_t from, uint64_t to, bool isDefined) {
        if (to > from) {
            const uint32_t start = static_cast<uint32_t>(base + from * dst.elementBytes);
            const uint64_t bytes = (to - from) * dst.elementBytes;
            core.MarkDefined(start, bytes, isDefined);
            // Undefined results carry the origin of the undefined sources they came from.
            if (!isDefined) core.origins.Tag(start, bytes, t_sourceOrigin);
        }
    };
    uint64_t at = 0;
    while (at < count) {
        const void* zero = std::memchr(flags + at, 0, count - at);
        const uint64_t begin = zero == nullptr ? count : static_cast<const uint8_t*>(zero) - flags;
        mark(at, begin, true);
        if (begin == count) break;
        const uint64_t end = SkipZeros(flags, begin, count);
        mark(begin, end, false);
        at = end;
    }
    core.origins.NoteRead(t_sourceOrigin);
    t_sourceOrigin = 0;
}

}  // namespace sim::vec
