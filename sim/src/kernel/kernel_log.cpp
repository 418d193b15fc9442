// KERNEL_LOG / ASCENDC_ASSERT (kernel/kernel_log.h): the log line goes out as a kernel printf does.
#include "ascendc_sim/kernel/kernel_log.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>

#include "ascendc_sim/kernel/debug_print.h"

namespace sim {
namespace {
// "KERNEL_ERROR" -> "ERROR", as CANN's log lines name the level.
std::string LevelName(const char* level) {
    const char* prefix = "KERNEL_";
    return std::strncmp(level, prefix, std::strlen(prefix)) == 0 ? level + std::strlen(prefix) : level;
}
const char* BaseName(const char* file) {
    const char* slash = std::strrchr(file, '/');
    return slash != nullptr ? slash + 1 : file;
}
}  // namespace

void KernelLog(const char* level, const char* file, int line, const char* function, const char* format, ...) {
    va_list args, again;
    va_start(args, format);
    va_copy(again, args);
    const int size = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string message(size > 0 ? static_cast<size_t>(size) : 0, '\0');
    if (size > 0) std::vsnprintf(&message[0], message.size() + 1, format, again);
    va_end(again);
    // Inside a launch, debug::Print puts the core ("[AIV Block i/n] ") before the line.
    debug::Print("[" + LevelName(level) + "][" + BaseName(file) + ":" + std::to_string(line) + "][" +
                     function + "] " + message + "\n");
}

void KernelAssertFailed(const char* condition, const char* file, int line) {
    Violation(Check::KernelAssert,
              std::string("ASCENDC_ASSERT(") + condition + ") failed at " + file + ":" + std::to_string(line));
}

}  // namespace sim
