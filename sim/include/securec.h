// The bounds-checked C functions CANN's headers bring (libboundscheck's securec.h; CANN's
// register/tilingdata_base.h includes it, so host code and .asc programs use memcpy_s without
// including it): memcpy_s, memset_s and memmove_s, returning EOK (0) or an error without
// writing past destMax.
#pragma once
#include <cstddef>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
typedef int errno_t;

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (dest == nullptr || src == nullptr) return 150;  // EINVAL_AND_RESET's family: a null pointer
    if (count > destMax) return 162;                    // ERANGE_AND_RESET: the copy would overflow dest
    std::memcpy(dest, src, count);
    return EOK;
}
inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (dest == nullptr || src == nullptr) return 150;
    if (count > destMax) return 162;
    std::memmove(dest, src, count);
    return EOK;
}
inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
    if (dest == nullptr) return 150;
    if (count > destMax) return 162;
    std::memset(dest, c, count);
    return EOK;
}
