#include "ascendc_sim/core/output_check.h"

#include <algorithm>

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

std::string Coordinates(const OutputTensor& out, uint64_t element) {
    const std::string index = Index(out, element);
    return index.substr(0, index.find(" of"));
}

// Bytes [begin, end) of one output written by `core`.
struct Interval {
    uint64_t begin, end;
    uint32_t core;
};

// The core that wrote `byte` (intervals sorted by begin), or -1.
int64_t WriterOf(const std::vector<Interval>& written, uint64_t byte) {
    auto it = std::upper_bound(written.begin(), written.end(), byte,
                               [](uint64_t at, const Interval& w) { return at < w.begin; });
    // Intervals may overlap (cores racing): look back over every one starting at or before `byte`.
    while (it != written.begin()) {
        --it;
        if (byte < it->end) return it->core;
    }
    return -1;
}

// The report for one output ("" when `written`, sorted by begin, leaves no hole).
std::string DescribeHoles(const OutputTensor& out, const std::vector<Interval>& written) {
    const uint64_t elementBytes = out.shape.empty() ? 1 : std::max<uint32_t>(out.elementBytes, 1);
    const uint64_t elements = out.bytes / elementBytes;
    bool found = false;
    uint64_t holeBegin = 0, holeEnd = 0;  // the first hole
    uint64_t unwritten = 0, counted = 0;  // elements below `counted` are counted already
    auto hole = [&](uint64_t from, uint64_t to) {  // bytes [from, to) written by no core
        if (from >= to) return;
        if (!found) {
            found = true;
            holeBegin = from;
            holeEnd = to;
        }
        const uint64_t first = std::max(from / elementBytes, counted);
        const uint64_t last = std::min((to + elementBytes - 1) / elementBytes, elements);
        if (last > first) unwritten += last - first;
        counted = std::max(counted, last);
    };
    uint64_t covered = 0;
    for (const Interval& w : written) {
        hole(covered, std::min(w.begin, out.bytes));
        covered = std::max(covered, w.end);
    }
    hole(covered, out.bytes);
    if (!found) return {};
    const uint64_t first = holeBegin / elementBytes;
    std::string text = "output " + out.name + ": " + std::to_string(unwritten) + " of " + std::to_string(elements) +
                       (out.shape.empty() ? " bytes" : " elements") + " were never written by any core; the first is " +
                       Index(out, first) + " (element " + std::to_string(first) + ")";
    // Which core wrote the nearest element after the hole (or before it): the core whose
    // share of the output the hole most likely lies in.
    const uint64_t next = (holeEnd + elementBytes - 1) / elementBytes;
    const int64_t nextWriter = next < elements ? WriterOf(written, next * elementBytes) : -1;
    if (nextWriter >= 0) {
        return text + "; the next written element, " + Coordinates(out, next) + ", was written by core " +
               std::to_string(nextWriter);
    }
    const int64_t previousWriter = first > 0 ? WriterOf(written, (first - 1) * elementBytes) : -1;
    if (previousWriter >= 0) {
        return text + "; the previous written element, " + Coordinates(out, first - 1) + ", was written by core " +
               std::to_string(previousWriter);
    }
    return text;
}

}  // namespace

void NoteGmWrite(const void* address, uint64_t rowBytes, uint64_t pitch, uint32_t rows) {
    CoreState* core = CurrentCoreOrNull();
    if (core != nullptr) core->launch->outputs.NoteWrite(core->blockIdx, address, rowBytes, pitch, rows);
}

void OutputWatch::Watch(const std::vector<OutputTensor>& outputs, uint32_t blockDim) {
    outputs_ = outputs;
    writes_.assign(outputs_.empty() ? 0 : blockDim, {});
}

void OutputWatch::NoteWrite(uint32_t core, const void* address, uint64_t rowBytes, uint64_t pitch, uint32_t rows) {
    if (core >= writes_.size() || rows == 0 || rowBytes == 0) return;
    if (rows == 1 || pitch == rowBytes) {  // one run of bytes
        rowBytes *= rows;
        rows = 1;
        pitch = rowBytes;
    }
    const auto start = reinterpret_cast<uintptr_t>(address);
    const uintptr_t end = start + (rows - 1) * pitch + rowBytes;
    for (size_t i = 0; i < outputs_.size(); ++i) {
        const auto base = reinterpret_cast<uintptr_t>(outputs_[i].data);
        if (base == 0 || end <= base || start >= base + outputs_[i].bytes) continue;
        const int64_t offset = static_cast<int64_t>(start - base);
        std::vector<Write>& mine = writes_[core];
        Write* last = mine.empty() ? nullptr : &mine.back();
        if (last != nullptr && rows == 1 && last->rows == 1 && last->output == i &&
            last->offset + static_cast<int64_t>(last->rowBytes) == offset) {
            last->rowBytes += rowBytes;  // the next element of a scalar loop, the next row of a tile
            last->pitch = last->rowBytes;
        } else {
            mine.push_back(Write{offset, rowBytes, pitch, rows, static_cast<uint32_t>(i)});
        }
    }
}

std::string OutputWatch::FirstUnwritten() const {
    std::vector<std::vector<Interval>> written(outputs_.size());
    for (uint32_t core = 0; core < writes_.size(); ++core) {
        for (const Write& w : writes_[core]) {
            const auto bytes = static_cast<int64_t>(outputs_[w.output].bytes);
            for (uint32_t r = 0; r < w.rows; ++r) {
                const int64_t begin = std::max<int64_t>(w.offset + static_cast<int64_t>(r * w.pitch), 0);
                const int64_t end = std::min<int64_t>(w.offset + static_cast<int64_t>(r * w.pitch + w.rowBytes), bytes);
                if (begin < end) written[w.output].push_back(Interval{uint64_t(begin), uint64_t(end), core});
            }
        }
    }
    for (size_t i = 0; i < outputs_.size(); ++i) {
        if (written[i].empty()) continue;  // not produced by this call
        std::sort(written[i].begin(), written[i].end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
        std::string report = DescribeHoles(outputs_[i], written[i]);
        if (!report.empty()) return report;
    }
    return {};
}

}  // namespace sim
