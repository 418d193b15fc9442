// The kernel's call site of an API, for free.
//
// Some kernel API templates hand their work to an out-of-line sim function that keeps
// __builtin_return_address(0) as the kernel's call site (the line that names a buffer's
// member, or where undefined bytes came from): a return address costs nothing, a stack walk
// on every launch and core would. That address lies on the kernel's own line only when the
// template is inlined into the kernel, so these templates are always inlined, at -O0 too.
#pragma once

#define ASCEND_SIM_CALL_SITE_INLINE __attribute__((always_inline)) inline
