#include "ascendc_sim/kernel/debug_print.h"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm.h"

namespace sim::debug {
namespace {
std::mutex& OutputLock() {
    static std::mutex lock;
    return lock;
}
std::string Prefix() {
    CoreState* core = CurrentCoreOrNull();
    if (core == nullptr) return "";
    return "[AIV Block " + std::to_string(core->blockIdx) + "/" + std::to_string(core->blockNum) + "] ";
}
}  // namespace

std::string FormatArgs(const char* fmt, ...) {
    if (fmt == nullptr) return "";
    va_list args, again;
    va_start(args, fmt);
    va_copy(again, args);
    const int size = std::vsnprintf(nullptr, 0, fmt, args);
    va_end(args);
    std::string out(size > 0 ? static_cast<size_t>(size) : 0, '\0');
    if (size > 0) std::vsnprintf(out.data(), out.size() + 1, fmt, again);
    va_end(again);
    return out;
}

void Print(const std::string& text) {
    const std::string line = Prefix() + text;
    std::lock_guard<std::mutex> hold(OutputLock());
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

const uint8_t* DumpUb(const UbRef& ref, uint64_t bytes) {
    CoreState& core = Core();
    const uint64_t seq = core.Issue(Event{EventKind::Scalar, Pipe::S, Pipe::S, "DumpTensor", bytes});
    return core.Operand("DumpTensor", "tensor", ref, 0, bytes, Pipe::S, seq, Access::Read, /*requireAligned=*/false);
}

const uint8_t* DumpGm(const void* gm, uint64_t bytes) {
    uintptr_t base = 0;
    size_t size = 0;
    const auto start = reinterpret_cast<uintptr_t>(gm);
    if (gm == nullptr || !FindGmExtent(gm, &base, &size) || start + bytes > base + size) {
        Violation(Check::GmAllocation, "DumpTensor: " + std::to_string(bytes) +
                                           " bytes of the GlobalTensor reach outside its GM allocation");
        return nullptr;
    }
    return static_cast<const uint8_t*>(gm);
}

std::string ShapeNote(const AscendC::ShapeInfo& shape, uint32_t count) {
    std::string dims;
    for (int d = 0; d < shape.shapeDim; ++d) dims += (d ? ", " : "") + std::to_string(shape.shape[d]);
    return "shape is [" + dims + "], dumpSize is " + std::to_string(count);
}

void PrintDump(uint32_t desc, uint64_t addr, const char* type, const char* position, uint32_t count,
               const std::string& elements) {
    Print("DumpTensor: desc=" + std::to_string(desc) + ", addr=" + std::to_string(addr) + ", data_type=" + type +
          ", position=" + position + ", dump_size=" + std::to_string(count) + "\n" + elements + "\n");
}

}  // namespace sim::debug
