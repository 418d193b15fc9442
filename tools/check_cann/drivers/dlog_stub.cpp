// The two logging entry points CANN's TilingDef implementation calls (runtime's dlog, a binary
// library): declared by runtime's dlog_pub.h, defined here so the driver links without it.
// Errors are printed so a failing SaveToBuffer is visible in the driver's log.
#include <cstdarg>
#include <cstdint>
#include <cstdio>

extern "C" {
int32_t CheckLogLevel(int32_t, int32_t logLevel) { return logLevel >= 3 ? 1 : 0; }  // DLOG_ERROR and up
void DlogRecord(int32_t, int32_t, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::vfprintf(stderr, fmt, args);
    va_end(args);
    std::fputc('\n', stderr);
}
}
