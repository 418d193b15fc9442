// The kernel's call site of an API, for free.
//
// Some kernel API templates hand their work to an out-of-line sim function that keeps
// __builtin_return_address(0) as the kernel's call site (the line that names a buffer's
// member, or where undefined bytes came from): a return address costs nothing, a stack walk
// on every launch and core would. That address lies on the kernel's own line only when the
// template is inlined into the kernel, so these templates are always inlined, at -O0 too.
//
// The vector APIs do their work in header templates (no out-of-line call of their own on the
// kernel's line), so their entry points call NoteCallSite first: it keeps its own return
// address, which lies on the kernel's line, as the running instruction's call site. Every
// instruction that touches UB records that address (HazardTracker), so a pipe-hazard report
// names the line of the earlier, un-waited instruction too; it is resolved to file:line only
// when a report is built.
#pragma once

#define ASCEND_SIM_CALL_SITE_INLINE __attribute__((always_inline)) inline

namespace sim {
// Records the caller's return address as the current core's call site (CoreState::callSite).
// Out of line and never inlined, so that the address is the kernel's.
__attribute__((noinline)) void NoteCallSite();
}  // namespace sim
