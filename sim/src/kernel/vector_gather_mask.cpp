// GatherMask and Gatherb (kernel/vector_gather_mask.h): their checks, accesses and results.
#include <algorithm>
#include <cstring>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/core_type.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"

namespace sim::vec {
namespace {

constexpr uint64_t kBlocksPerRepeat = 8;  // DataBlocks of one repeat

std::string Num(uint64_t v) { return std::to_string(v); }

std::string DescribeRange(const char* name, const UbRef& ref, uint64_t bytes) {
    return std::string(name) + " (" + Core().Describe(ref, 0, bytes) + ")";
}

// Two operands that may not share a byte: ApiMisuse naming both.
bool Disjoint(const char* api, const char* aName, const UbRef& a, uint64_t aBytes, const char* bName, const UbRef& b,
              uint64_t bBytes, const char* why) {
    const OperandRange ra{aName, a, aBytes, 1}, rb{bName, b, bBytes, 1};
    if (!Overlaps(ra, rb)) return true;
    return Violation(Check::ApiMisuse, std::string(api) + ": operands " + DescribeRange(aName, a, aBytes) + " and " +
                                           DescribeRange(bName, b, bBytes) + " overlap; " + why);
}

// Whether built-in pattern `mode` keeps element e of a repeat.
bool BuiltInKeeps(uint8_t mode, uint64_t e) {
    switch (mode) {
        case 1: return e % 2 == 0;
        case 2: return e % 2 == 1;
        case 3: case 4: case 5: case 6: return e % 4 == static_cast<uint64_t>(mode - 3);
        default: return true;  // 7
    }
}

}  // namespace

uint64_t RunGatherMask(const GatherMaskCall& c) {
    const ApiName api = c.api;
    CoreState& core = Core();
    const AscendC::GatherMaskParams& p = c.params;
    if (!c.userPattern && (c.patternMode < 1 || c.patternMode > 7)) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": src1Pattern " + Num(c.patternMode) +
                                        " is not a built-in pattern (1 to 7 on Atlas A2/A3)");
        return 0;
    }
    if (c.reduceMode && c.mask == 0) {
        Violation(Check::ApiMisuse, std::string(api.text) +
                                        ": mask 0 with reduceMode = true (Counter mode); it must lie in [1, 2^32 - 1]");
        return 0;
    }
    const uint64_t size = c.elementBytes;
    const uint64_t perBlock = kBlockBytes / size;
    const uint64_t perRepeat = c.reduceMode ? c.mask : kRepeatBytes / size;
    const uint64_t blocks = (perRepeat + perBlock - 1) / perBlock;
    const uint64_t repeats = p.repeatTimes;
    const uint64_t repeatPitch = uint64_t{p.src0RepeatStride} * kBlockBytes;
    const uint64_t blockPitch = uint64_t{p.src0BlockStride} * kBlockBytes;
    auto at = [&](uint64_t r, uint64_t e) { return r * repeatPitch + (e / perBlock) * blockPitch + (e % perBlock) * size; };

    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, repeats * perRepeat * size, 0, 0, repeats * perRepeat,
                static_cast<uint32_t>(std::min<uint64_t>(repeats * RepeatsFor(perRepeat * size), UINT32_MAX))};
    event.elementBytes = static_cast<uint8_t>(size);
    event.srcElementBytes = static_cast<uint8_t>(size);
    event.sources = c.userPattern ? 2 : 1;
    event.ubDst = c.dst.offset;
    event.ubSrc0 = c.src0.offset;
    if (c.userPattern) event.ubSrc1 = c.pattern.offset;
    const uint64_t seq = core.Issue(event);
    CheckPosition(api, "dst", c.dst);
    CheckPosition(api, "src0", c.src0);
    if (c.userPattern) CheckPosition(api, "src1Pattern", c.pattern);
    if (repeats == 0) {
        core.vectorMask = VectorMaskRegister{false, 0, c.mask};
        core.gatherMaskRemain = 0;
        return 0;
    }

    // src0: the extent of the last repeat (the largest), then every block run read.
    const uint64_t lastBlockEnd = ((perRepeat - 1) % perBlock + 1) * size;
    uint64_t src0Extent = (repeats - 1) * repeatPitch + (blocks - 1) * blockPitch + lastBlockEnd;
    if (blocks > 1 && p.src0BlockStride == 0) src0Extent = (repeats - 1) * repeatPitch + kBlockBytes;
    if (!CheckFits(api, "src0", c.src0, src0Extent)) return 0;
    for (uint64_t r = 0; r < repeats; ++r) {
        // The repeat's blocks, merged where they touch (all in one place for src0BlockStride 0).
        const uint64_t distinct = p.src0BlockStride == 0 ? 1 : blocks;
        uint64_t runStart = r * repeatPitch, runEnd = runStart;
        for (uint64_t b = 0; b <= distinct; ++b) {
            const uint64_t start = r * repeatPitch + b * blockPitch;
            if (b < distinct && start == runEnd) {
                runEnd = start + (b + 1 == blocks ? lastBlockEnd : kBlockBytes);
                continue;
            }
            if (core.Operand(api.text, "src0", c.src0, runStart, runEnd - runStart, Pipe::V, seq, Access::Read) ==
                nullptr) {
                return 0;
            }
            if (b == distinct) break;
            runStart = start;
            runEnd = start + (b + 1 == blocks ? lastBlockEnd : kBlockBytes);
        }
    }

    // The pattern bits of each repeat.
    const uint64_t patternRepeatBytes =
        c.userPattern ? (perRepeat + 8 * c.patternBytes - 1) / (8 * c.patternBytes) * c.patternBytes : 0;
    const uint64_t patternPitch = uint64_t{p.src1RepeatStride} * kBlockBytes;
    const uint8_t* bits = nullptr;
    if (c.userPattern) {
        const uint64_t patternExtent = (repeats - 1) * patternPitch + patternRepeatBytes;
        if (!CheckFits(api, "src1Pattern", c.pattern, patternExtent)) return 0;
        for (uint64_t r = 0; r < repeats; ++r) {
            if (r > 0 && patternPitch == 0) break;
            const uint8_t* q = core.Operand(api.text, "src1Pattern", c.pattern, r * patternPitch, patternRepeatBytes,
                                            Pipe::V, seq, Access::Read);
            if (q == nullptr) return 0;
            core.RequireDefined(api.text, "src1Pattern", c.pattern, r * patternPitch, patternRepeatBytes, "selects by");
        }
        bits = core.ub.data() + c.pattern.offset;
    }

    // Read everything kept (a snapshot: dst may be src0 itself), then write it packed.
    const uint8_t* src = core.ub.data() + c.src0.offset;
    const bool srcDefined = core.AllDefined(c.src0.offset, src0Extent);
    std::vector<uint8_t> values;
    std::vector<uint8_t> defined;
    for (uint64_t r = 0; r < repeats; ++r) {
        for (uint64_t e = 0; e < perRepeat; ++e) {
            const bool keep = c.userPattern ? ((bits[r * patternPitch + e / 8] >> (e % 8)) & 1u) != 0
                                            : BuiltInKeeps(c.patternMode, e);
            if (!keep) continue;
            const uint64_t from = at(r, e);
            values.insert(values.end(), src + from, src + from + size);
            defined.push_back(srcDefined || core.AllDefined(static_cast<uint32_t>(c.src0.offset + from), size) ? 1 : 0);
        }
    }
    const uint64_t kept = defined.size();
    const uint64_t dstBytes = kept * size;
    core.vectorMask = VectorMaskRegister{false, 0, c.mask};
    core.gatherMaskRemain = static_cast<int64_t>(kept);
    if (kept == 0) return 0;
    if (!CheckFits(api, "dst", c.dst, dstBytes)) return 0;
    const OperandRange dstRange{"dst", c.dst, dstBytes, c.elementBytes};
    CheckOverlap(api, dstRange, OperandRange{"src0", c.src0, src0Extent, c.elementBytes}, false);
    if (c.userPattern &&
        !Disjoint(api.text, "dst", c.dst, dstBytes, "src1Pattern", c.pattern,
                  (repeats - 1) * patternPitch + patternRepeatBytes, "the pattern may not share bytes with dst")) {
        return 0;
    }
    uint8_t* out = core.Operand(api.text, "dst", c.dst, 0, dstBytes, Pipe::V, seq, Access::Write);
    if (out == nullptr) return 0;
    std::memcpy(out, values.data(), dstBytes);
    for (uint64_t i = 0; i < kept; ++i) {
        core.MarkDefined(static_cast<uint32_t>(c.dst.offset + i * size), size, defined[i] != 0);
    }
    return kept;
}

void RunGatherb(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t elementBytes, uint8_t repeatTime,
                uint32_t dstBlkStride, uint32_t dstRepStride) {
    const ApiName api = Named("Gatherb");
    CoreState& core = Core();
    core.vectorMask = VectorMaskRegister{};  // ResetMask
    if (repeatTime == 0) return;             // a no-op on A2/A3 (the page)
    const uint32_t blockStride = dstBlkStride == 0 ? 1 : dstBlkStride;
    const uint64_t blocks = uint64_t{repeatTime} * kBlocksPerRepeat;
    const uint64_t dstExtent =
        (repeatTime - 1) * uint64_t{dstRepStride} * kBlockBytes + (kBlocksPerRepeat - 1) * blockStride * kBlockBytes +
        kBlockBytes;
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, blocks * kBlockBytes, 0, 0,
                blocks * kBlockBytes / elementBytes, repeatTime};
    event.elementBytes = static_cast<uint8_t>(elementBytes);
    event.srcElementBytes = static_cast<uint8_t>(elementBytes);
    event.sources = 1;
    event.ubDst = dst.offset;
    event.ubSrc0 = src.offset;
    const uint64_t seq = core.Issue(event);
    CheckPosition(api, "dst", dst);
    CheckPosition(api, "src", src);
    CheckPosition(api, "offset", offset);

    const uint64_t offsetBytes = blocks * sizeof(uint32_t);
    if (!CheckFits(api, "offset", offset, offsetBytes)) return;
    const uint8_t* offsets = core.Operand(api.text, "offset", offset, 0, offsetBytes, Pipe::V, seq, Access::Read);
    if (offsets == nullptr) return;
    core.RequireDefined(api.text, "offset", offset, 0, offsetBytes, "gathers by");
    std::vector<uint32_t> from(blocks);
    for (uint64_t i = 0; i < blocks; ++i) {
        std::memcpy(&from[i], offsets + i * sizeof(uint32_t), sizeof(uint32_t));
        if (from[i] % kBlockBytes != 0) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": offset[" + Num(i) + "] " + Num(from[i]) +
                                            " is not a multiple of 32 (each offset names a 32-byte DataBlock of src, "
                                            "in bytes)");
            return;
        }
        if (uint64_t{from[i]} + kBlockBytes > src.bytes) {
            Violation(Check::OperandBounds, std::string(api.text) + ": offset[" + Num(i) + "] " + Num(from[i]) +
                                                " bytes reaches past the end of src (" +
                                                core.Describe(src, 0, src.bytes) + ")");
            return;
        }
    }
    if (!CheckFits(api, "dst", dst, dstExtent)) return;
    if (!Disjoint(api.text, "dst", dst, dstExtent, "src", src, src.bytes, "Gatherb's src and dst may not share memory")) {
        return;
    }
    std::vector<uint8_t> values(blocks * kBlockBytes);
    std::vector<uint8_t> defined(blocks);
    for (uint64_t i = 0; i < blocks; ++i) {
        const uint8_t* in = core.Operand(api.text, "src", src, from[i], kBlockBytes, Pipe::V, seq, Access::Read);
        if (in == nullptr) return;
        std::memcpy(values.data() + i * kBlockBytes, in, kBlockBytes);
        defined[i] = core.AllDefined(src.offset + from[i], kBlockBytes) ? 1 : 0;
    }
    for (uint64_t i = 0; i < blocks; ++i) {
        const uint64_t r = i / kBlocksPerRepeat, b = i % kBlocksPerRepeat;
        const uint64_t to = (r * dstRepStride + b * blockStride) * kBlockBytes;
        uint8_t* out = core.Operand(api.text, "dst", dst, to, kBlockBytes, Pipe::V, seq, Access::Write);
        if (out == nullptr) return;
        std::memcpy(out, values.data() + i * kBlockBytes, kBlockBytes);
        core.MarkDefined(static_cast<uint32_t>(dst.offset + to), kBlockBytes, defined[i] != 0);
    }
}

}  // namespace sim::vec
