// acl_base.h: fp16 conversion, data type sizes, application log, SoC name.
#include <cstdarg>
#include <cstdio>

#include "acl/acl_base.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/numeric/half.h"

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) { return sim::num::HalfBitsToFloat(value); }

aclFloat16 aclFloatToFloat16(float value) { return sim::num::FloatToHalfBits(value); }

size_t aclDataTypeSize(aclDataType dataType) {
    switch (dataType) {
        case ACL_BOOL:
        case ACL_INT8:
        case ACL_UINT8:
            return 1;
        case ACL_FLOAT16:
        case ACL_BF16:
        case ACL_INT16:
        case ACL_UINT16:
            return 2;
        case ACL_FLOAT:
        case ACL_INT32:
        case ACL_UINT32:
        case ACL_COMPLEX32:  // two binary16 halves
            return 4;
        case ACL_INT64:
        case ACL_UINT64:
        case ACL_DOUBLE:
        case ACL_COMPLEX64:
            return 8;
        case ACL_COMPLEX128:
            return 16;
        default:  // undefined, string, sub-byte (INT4, UINT1) and unknown values
            return 0;
    }
}

void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
    static const char* const kLevelNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    const char* level = (logLevel >= ACL_DEBUG && logLevel <= ACL_ERROR) ? kLevelNames[logLevel] : "LOG";
    std::fprintf(stderr, "[%s] %s %s:%u ", level, func != nullptr ? func : "?", file != nullptr ? file : "?", line);
    if (fmt != nullptr) {
        va_list args;
        va_start(args, fmt);
        std::vfprintf(stderr, fmt, args);
        va_end(args);
    }
    std::fputc('\n', stderr);
}

const char* aclrtGetSocName() { return sim::CurrentSoc().name; }

}  // extern "C"
