// AscendC::GmAlloc / GmFree: CANN's CPU-debug device memory, as sim GM allocations.
#include <cstdio>
#include <cstring>

#include "ascendc_sim/core/gm.h"
#include "kern_fwk.h"

namespace sim::tik {
void ForgetOutput(const void* gmAllocated);  // icpu_run.cpp
}

namespace AscendC {

void* GmAlloc(size_t size) {
    void* memory = sim::AllocGm(size, "GmAlloc");
    if (memory == nullptr) {
        std::fprintf(stderr, "[ascendc-sim] GmAlloc(%zu): out of host memory\n", size);
        return nullptr;
    }
    // CANN's GmAlloc maps a freshly created file, whose pages read as zero; UTs rely on it
    // for workspaces (e.g. the flags of a software SyncAll).
    std::memset(memory, 0, size);
    return memory;
}

void GmFree(void* ptr) {
    if (ptr == nullptr) return;
    sim::tik::ForgetOutput(ptr);
    if (!sim::FreeGm(ptr)) {
        std::fprintf(stderr,
                     "[ascendc-sim] GmFree(%p): not the start of a live GmAlloc/aclrtMalloc block "
                     "(freed twice, or an offset pointer?); ignored\n",
                     ptr);
    }
}

}  // namespace AscendC
