// Broadcast's shape checks and the UB->UB move instruction its steps issue
// (kernel/vector_broadcast.h).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_broadcast.h"

namespace sim::vec {

namespace {
std::string ShapeText(const uint32_t* shape, int32_t dim) {
    std::string text = "[";
    for (int32_t i = 0; i < dim; ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + "]";
}
}  // namespace

bool CheckBroadcastShapes(const ApiName& api, int32_t dim, int32_t axis, const uint32_t* dstShape,
                          const uint32_t* srcShape, uint32_t typeBytes) {
    const std::string shapes = " (srcShape " + ShapeText(srcShape, dim) + ", dstShape " + ShapeText(dstShape, dim) + ")";
    uint64_t srcSize = 1, dstSize = 1;
    for (int32_t i = 0; i < dim; ++i) {
        srcSize *= srcShape[i];
        dstSize *= dstShape[i];
        if (srcShape[i] != dstShape[i] && srcShape[i] != 1) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": srcShape[" + std::to_string(i) +
                                            "] must equal dstShape[" + std::to_string(i) + "] or be 1" + shapes);
            return false;
        }
    }
    if (dstSize == 0) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": empty shape" + shapes);
        return false;
    }
    if (srcSize != dstSize && srcSize != 1) {
        if (dim == 1) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": a 1-dimensional broadcast takes srcShape [1]" + shapes);
            return false;
        }
        if (srcShape[axis] != 1) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": axis " + std::to_string(axis) +
                                            " is broadcast, so srcShape[" + std::to_string(axis) + "] must be 1" +
                                            shapes);
            return false;
        }
    }
    if (dim == 2 && axis == 0 && uint64_t{srcShape[1]} * typeBytes % kBlockBytes != 0) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": srcShape[1] * sizeof(T) is " +
                                        std::to_string(uint64_t{srcShape[1]} * typeBytes) +
                                        " bytes; dim 2 with axis 0 needs a multiple of 32" + shapes);
        return false;
    }
    return true;
}

void MoveInstruction(const ApiName& api, const UbRef& dst, const UbRef& src, const std::vector<MoveRun>& runs,
                     uint32_t elementBytes, uint64_t elements, uint32_t repeats) {
    if (runs.empty()) return;
    uint64_t dstExtent = 0, srcExtent = 0, dstBytes = 0;
    for (const MoveRun& run : runs) {
        dstExtent = std::max(dstExtent, run.dstByte + run.dstBytes);
        srcExtent = std::max(srcExtent, run.srcByte + run.patternBytes);
        dstBytes += run.dstBytes;
    }
    CoreState& core = Core();
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstBytes, 0, 0, elements, repeats};
    event.elementBytes = static_cast<uint8_t>(elementBytes);
    event.srcElementBytes = static_cast<uint8_t>(elementBytes);
    event.sources = 1;
    event.ubDst = dst.offset;
    event.ubSrc0 = src.offset;
    const uint64_t seq = core.Issue(event);
    if (!CheckFits(api, "src", src, srcExtent) || !CheckFits(api, "dst", dst, dstExtent)) return;
    const uint8_t* in = core.Operand(api.text, "src", src, 0, srcExtent, Pipe::V, seq, Access::Read);
    if (in == nullptr) return;
    uint8_t* out = core.Operand(api.text, "dst", dst, 0, dstExtent, Pipe::V, seq, Access::Write);
    if (out == nullptr) return;
    CheckPosition(api, "dst", dst);
    CheckPosition(api, "src", src);
    CheckOverlap(api, OperandRange{"dst", dst, dstExtent, elementBytes}, OperandRange{"src", src, srcExtent, elementBytes},
                 false);
    const std::vector<uint8_t> staged(in, in + srcExtent);
    const bool allDefined = core.AllDefined(src.offset, srcExtent);
    std::vector<uint8_t> elementDefined;
    if (!allDefined) {
        elementDefined.resize(srcExtent / elementBytes + 1);
        for (uint64_t e = 0; e * elementBytes < srcExtent; ++e) {
            elementDefined[e] = core.AllDefined(static_cast<uint32_t>(src.offset + e * elementBytes), elementBytes);
        }
    }
    for (const MoveRun& run : runs) {
        for (uint64_t done = 0; done < run.dstBytes; done += run.patternBytes) {
            const uint64_t n = std::min<uint64_t>(run.patternBytes, run.dstBytes - done);
            std::memcpy(out + run.dstByte + done, staged.data() + run.srcByte, n);
            const uint32_t at = static_cast<uint32_t>(dst.offset + run.dstByte + done);
            if (allDefined) {
                core.MarkDefined(at, n, true);
                continue;
            }
            for (uint64_t b = 0; b < n; b += elementBytes) {
                core.MarkDefined(static_cast<uint32_t>(at + b), elementBytes,
                                 elementDefined[(run.srcByte + b) / elementBytes] != 0);
            }
        }
    }
}

}  // namespace sim::vec
