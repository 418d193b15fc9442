#include "ascendc_sim/core/output_check.h"

#include <algorithm>
#include <cstring>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/launch.h"

namespace sim {
namespace {

std::string Index(const OutputTensor& out, uint64_t element) {
    if (out.shape.empty()) return "byte " + std::to_string(element);
    std::vector<int64_t> index(out.shape.size());
    uint64_t rest = element;
    for (size_t d = out.shape.size(); d-- > 0;) {
        const uint64_t extent = out.shape[d] > 0 ? static_cast<uint64_t>(out.shape[d]) : 1;
        index[d] = static_cast<int64_t>(rest % extent);
        rest /= extent;
    }
    std::string text = "(";
    for (size_t d = 0; d < index.size(); ++d) text += (d ? ", " : "") + std::to_string(index[d]);
    std::string shape = "[";
    for (size_t d = 0; d < out.shape.size(); ++d) shape += (d ? ", " : "") + std::to_string(out.shape[d]);
    return text + ") of shape " + shape + "]";
}

// Which core wrote the nearest element after the hole (or before it): the core whose
// share of the output the hole most likely lies in.
std::string Neighbour(const OutputTensor& out, const std::vector<uint8_t>& w, uint64_t first, uint32_t elementBytes) {
    const uint64_t elements = w.size() / elementBytes;
    auto writerOf = [&](uint64_t e) { return w[e * elementBytes]; };
    for (uint64_t e = first + 1; e < elements; ++e) {
        if (writerOf(e) != 0) {
            return "; the next written element, " + Index(out, e).substr(0, Index(out, e).find(" of")) +
                   ", was written by core " + std::to_string(writerOf(e) - 1) +
                   (writerOf(e) == OutputWatch::kManyCores ? " or later" : "");
        }
    }
    for (uint64_t e = first; e-- > 0;) {
        if (writerOf(e) != 0) {
            return "; the previous written element, " + Index(out, e).substr(0, Index(out, e).find(" of")) +
                   ", was written by core " + std::to_string(writerOf(e) - 1);
        }
    }
    return {};
}

}  // namespace

void NoteGmWrite(const void* address, uint64_t bytes) {
    CoreState* core = CurrentCoreOrNull();
    if (core != nullptr) core->launch->outputs.NoteWrite(address, bytes, core->blockIdx);
}

void OutputWatch::Watch(const std::vector<OutputTensor>& outputs) {
    outputs_ = outputs;
    written_.clear();
    for (const OutputTensor& out : outputs_) written_.emplace_back(out.bytes, 0);
}

void OutputWatch::NoteWrite(const void* address, uint64_t bytes, uint32_t blockIdx) {
    const uint8_t writer = static_cast<uint8_t>(std::min<uint32_t>(blockIdx, kManyCores - 1) + 1);
    const auto* p = static_cast<const uint8_t*>(address);
    for (size_t i = 0; i < outputs_.size(); ++i) {
        const auto* base = static_cast<const uint8_t*>(outputs_[i].data);
        if (base == nullptr || p + bytes <= base || p >= base + outputs_[i].bytes) continue;
        const uint8_t* start = std::max(p, base);
        const uint8_t* end = std::min(p + bytes, base + outputs_[i].bytes);
        // Cores write disjoint bytes in a correct kernel; where they race, both store 1.
        std::memset(written_[i].data() + (start - base), writer, end - start);
    }
}

std::string OutputWatch::FirstUnwritten() const {
    for (size_t i = 0; i < outputs_.size(); ++i) {
        const OutputTensor& out = outputs_[i];
        const std::vector<uint8_t>& w = written_[i];
        const auto* hole = static_cast<const uint8_t*>(std::memchr(w.data(), 0, w.size()));
        if (hole == nullptr) continue;
        if (std::all_of(w.begin(), w.end(), [](uint8_t b) { return b == 0; })) continue;  // not produced by this call
        const uint32_t elementBytes = out.shape.empty() ? 1 : std::max<uint32_t>(out.elementBytes, 1);
        const uint64_t first = static_cast<uint64_t>(hole - w.data()) / elementBytes;
        uint64_t unwritten = 0;
        for (uint64_t e = 0; e < w.size() / elementBytes; ++e) {
            const uint8_t* b = w.data() + e * elementBytes;
            if (std::memchr(b, 0, elementBytes) != nullptr) ++unwritten;
        }
        const char* unit = out.shape.empty() ? " bytes" : " elements";
        return "output " + out.name + ": " + std::to_string(unwritten) + " of " + std::to_string(w.size() / elementBytes) +
               unit + " were never written by any core; the first is " +
               Index(out, first) + " (element " + std::to_string(first) + ")" + Neighbour(out, w, first, elementBytes);
    }
    return {};
}

}  // namespace sim
