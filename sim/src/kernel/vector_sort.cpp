// Sort32 and MrgSort (kernel/vector_sort.h): their checks, accesses and results.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_sort.h"
#include "ascendc_sim/numeric/half.h"

namespace sim::vec {
namespace {

constexpr uint64_t kProposalBytes = 8;  // one (score, index) pair
constexpr uint64_t kSortGroup = 32;     // Sort32's scores per repeat

std::string Num(uint64_t v) { return std::to_string(v); }

// The score of the proposal (or raw element) at p.
double ScoreAt(const uint8_t* p, uint32_t scoreBytes) {
    float v;
    if (scoreBytes == 2) {
        uint16_t h;
        std::memcpy(&h, p, 2);
        v = num::HalfBitsToFloat(h);
    } else {
        std::memcpy(&v, p, 4);
    }
    return static_cast<double>(v);
}
// Its sort key: NaN above every number.
double Key(double score) { return std::isnan(score) ? HUGE_VAL : score; }

bool Disjoint(const char* api, const char* aName, const UbRef& a, uint64_t aBytes, const char* bName, const UbRef& b,
              uint64_t bBytes) {
    const OperandRange ra{aName, a, aBytes, 1}, rb{bName, b, bBytes, 1};
    if (!Overlaps(ra, rb)) return true;
    return Violation(Check::ApiMisuse, std::string(api) + ": operands " + aName + " (" +
                                           Core().Describe(a, 0, aBytes) + ") and " + bName + " (" +
                                           Core().Describe(b, 0, bBytes) + ") overlap; " + api +
                                           " allows no overlap between its sources and dst");
}

bool Aligned(const char* api, const char* name, const UbRef& ref, uint32_t granule) {
    if (ref.offset % granule == 0) return true;
    return Violation(Check::UbAlignment, std::string(api) + ": " + name + " (" + Core().Describe(ref, 0, ref.bytes) +
                                             ") starts at UB byte " + Num(ref.offset) + ", not a multiple of " +
                                             Num(granule));
}

}  // namespace

void RunSort32(const UbRef& dst, const UbRef& src0, const UbRef& src1, uint32_t scoreBytes, int32_t repeatTime,
               ApiName api) {
    CoreState& core = Core();
    if (repeatTime < 0 || repeatTime > 255) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": repeatTime " + std::to_string(repeatTime) +
                                        " is outside [0, 255]");
        return;
    }
    if (repeatTime == 0) return;  // a no-op on A2/A3 (the page)
    const uint64_t n = uint64_t(repeatTime) * kSortGroup;
    const uint64_t scoreSpan = n * scoreBytes, indexSpan = n * 4, dstSpan = n * kProposalBytes;
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstSpan, 0, 0, n, static_cast<uint32_t>(repeatTime)};
    event.elementBytes = static_cast<uint8_t>(scoreBytes);
    event.srcElementBytes = static_cast<uint8_t>(scoreBytes);
    event.sources = 2;
    event.ubDst = dst.offset;
    event.ubSrc0 = src0.offset;
    event.ubSrc1 = src1.offset;
    const uint64_t seq = core.Issue(event);
    CheckPosition(api, "dst", dst);
    CheckPosition(api, "src0", src0);
    CheckPosition(api, "src1", src1);
    if (!CheckFits(api, "src0", src0, scoreSpan) || !CheckFits(api, "src1", src1, indexSpan) ||
        !CheckFits(api, "dst", dst, dstSpan)) {
        return;
    }
    if (!Disjoint(api.text, "dst", dst, dstSpan, "src0", src0, scoreSpan) ||
        !Disjoint(api.text, "dst", dst, dstSpan, "src1", src1, indexSpan)) {
        return;
    }
    const uint8_t* scores = core.Operand(api.text, "src0", src0, 0, scoreSpan, Pipe::V, seq, Access::Read);
    if (scores == nullptr) return;
    const uint8_t* indices = core.Operand(api.text, "src1", src1, 0, indexSpan, Pipe::V, seq, Access::Read);
    if (indices == nullptr) return;
    uint8_t* out = core.Operand(api.text, "dst", dst, 0, dstSpan, Pipe::V, seq, Access::Write);
    if (out == nullptr) return;
    // The page's per-repeat alignments (src0 32 scores, src1 128 B, dst 256 B) follow from the
    // repeat sizes; the operands' starts are checked for 32 B, as for every vector operand.
    const bool scoresDefined = core.AllDefined(src0.offset, scoreSpan);
    const bool indicesDefined = core.AllDefined(src1.offset, indexSpan);
    std::vector<uint8_t> result(dstSpan, 0);
    std::vector<uint8_t> defined(n, 1);
    std::vector<uint32_t> order(kSortGroup);
    for (uint64_t r = 0; r < uint64_t(repeatTime); ++r) {
        std::iota(order.begin(), order.end(), 0u);
        const uint64_t first = r * kSortGroup;
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
            return Key(ScoreAt(scores + (first + a) * scoreBytes, scoreBytes)) >
                   Key(ScoreAt(scores + (first + b) * scoreBytes, scoreBytes));
        });
        for (uint64_t k = 0; k < kSortGroup; ++k) {
            const uint64_t from = first + order[k], to = first + k;
            std::memcpy(result.data() + to * kProposalBytes, scores + from * scoreBytes, scoreBytes);
            std::memcpy(result.data() + to * kProposalBytes + 4, indices + from * 4, 4);
            const bool ok = (scoresDefined || core.AllDefined(src0.offset + from * scoreBytes, scoreBytes)) &&
                            (indicesDefined || core.AllDefined(src1.offset + from * 4, 4));
            defined[to] = ok ? 1 : 0;
        }
    }
    std::memcpy(out, result.data(), dstSpan);
    for (uint64_t k = 0; k < n; ++k) {
        core.MarkDefined(static_cast<uint32_t>(dst.offset + k * kProposalBytes), kProposalBytes, defined[k] != 0);
    }
}

void RunMrgSort(const UbRef& dst, const UbRef queues[4], uint32_t scoreBytes, const AscendC::MrgSort4Info& p,
                ApiName api) {
    CoreState& core = Core();
    static const char* const kNames[4] = {"src.src1", "src.src2", "src.src3", "src.src4"};
    for (int i = 0; i < 4; ++i) {
        if (p.elementLengths[i] > 4095) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": elementLengths[" + Num(i) + "] " +
                                            Num(p.elementLengths[i]) + " is outside [0, 4095]");
            return;
        }
    }
    if (p.validBit != 3 && p.validBit != 7 && p.validBit != 15) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": validBit " + Num(p.validBit) +
                                        " is not 3, 7 or 15 (the first 2, 3 or 4 queues)");
        return;
    }
    if (p.repeatTimes == 0) return;  // a no-op on A2/A3 (the page)
    const int used = p.validBit == 3 ? 2 : p.validBit == 7 ? 3 : 4;
    const uint64_t repeats = p.repeatTimes;
    if (repeats > 1) {
        const uint64_t len = p.elementLengths[0];
        bool ok = used == 4 && !p.ifExhaustedSuspension;
        for (int i = 1; i < 4 && ok; ++i) {
            ok = p.elementLengths[i] == len && queues[i].buffer == queues[0].buffer &&
                 uint64_t{queues[i].offset} == queues[0].offset + i * len * kProposalBytes;
        }
        if (!ok) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": repeatTimes " + Num(repeats) +
                                            " needs 4 queues (validBit 15) of one length stored one after another "
                                            "and ifExhaustedSuspension false");
            return;
        }
    }
    uint64_t total = 0;
    for (int i = 0; i < used; ++i) total += p.elementLengths[i];
    const uint64_t dstSpan = repeats * total * kProposalBytes;
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstSpan, 0, 0, repeats * total,
                static_cast<uint32_t>(std::min<uint64_t>(RepeatsFor(dstSpan), UINT32_MAX))};
    event.elementBytes = static_cast<uint8_t>(scoreBytes);
    event.srcElementBytes = static_cast<uint8_t>(scoreBytes);
    event.sources = 2;
    event.ubDst = dst.offset;
    event.ubSrc0 = queues[0].offset;
    event.ubSrc1 = queues[1].offset;
    const uint64_t seq = core.Issue(event);
    CheckPosition(api, "dst", dst);
    if (!Aligned(api.text, "dst", dst, 32)) return;
    // Repeat r's queue i: elementLengths[i] proposals from queues[i] + r * total proposals.
    std::vector<uint64_t> span(used);
    for (int i = 0; i < used; ++i) {
        span[i] = ((repeats - 1) * total + p.elementLengths[i]) * kProposalBytes;
        CheckPosition(api, kNames[i], queues[i]);
        if (!Aligned(api.text, kNames[i], queues[i], 8)) return;
        if (!CheckFits(api, kNames[i], queues[i], span[i])) return;
    }
    if (!CheckFits(api, "dst", dst, dstSpan)) return;
    for (int i = 0; i < used; ++i) {
        if (!Disjoint(api.text, "dst", dst, dstSpan, kNames[i], queues[i], span[i])) return;
    }
    std::vector<const uint8_t*> in(used);
    for (int i = 0; i < used; ++i) {
        in[i] = core.Operand(api.text, kNames[i], queues[i], 0, span[i], Pipe::V, seq, Access::Read, false);
        if (in[i] == nullptr) return;
    }

    std::vector<uint8_t> result;
    std::vector<uint8_t> defined;
    uint64_t taken[4] = {0, 0, 0, 0};
    for (uint64_t r = 0; r < repeats; ++r) {
        uint64_t next[4] = {0, 0, 0, 0};
        while (true) {
            int best = -1;
            double bestKey = 0;
            bool exhausted = false;
            for (int i = 0; i < used; ++i) {
                if (next[i] == p.elementLengths[i]) {
                    exhausted = true;
                    continue;
                }
                const double key = Key(ScoreAt(in[i] + (r * total + next[i]) * kProposalBytes, scoreBytes));
                if (best < 0 || key > bestKey) {
                    best = i;
                    bestKey = key;
                }
            }
            if (best < 0 || (exhausted && p.ifExhaustedSuspension)) break;
            const uint64_t from = (r * total + next[best]) * kProposalBytes;
            result.insert(result.end(), in[best] + from, in[best] + from + kProposalBytes);
            defined.push_back(core.AllDefined(static_cast<uint32_t>(queues[best].offset + from), kProposalBytes));
            ++next[best];
        }
        std::copy(next, next + 4, taken);
    }
    core.mrgSortResult = taken[0] | (taken[1] << 16) | (taken[2] << 32) | (taken[3] << 48);
    if (result.empty()) return;
    uint8_t* out = core.Operand(api.text, "dst", dst, 0, result.size(), Pipe::V, seq, Access::Write);
    if (out == nullptr) return;
    std::memcpy(out, result.data(), result.size());
    for (uint64_t k = 0; k < defined.size(); ++k) {
        core.MarkDefined(static_cast<uint32_t>(dst.offset + k * kProposalBytes), kProposalBytes, defined[k] != 0);
    }
}

}  // namespace sim::vec
