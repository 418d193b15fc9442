// Copies a tiling-data object the ways that break with CANN's class (it owns a heap buffer
// and has no copy operations of its own). Each mode must end the process abnormally: glibc
// aborts on the double free, ASan reports the use after free or the double free first.
// test_host_api.py runs each mode in a child process.
//   assign-temporary: `data = Tiling{}` then a setter (the old ComputeTiling's `*plan = TilingPlan{}`)
//   copy:             a copy and the original both destroyed (the old ComputeTiling's memo copy)
#include <cstdio>
#include <cstring>
#include <vector>

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SimTestCopiedTiling)
    TILING_DATA_FIELD_DEF(int64_t, batch);
    TILING_DATA_FIELD_DEF(uint32_t, rows);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {
struct Plan {
    optiling::SimTestCopiedTiling data;
    int blockDim = 0;
};
}  // namespace

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "";
    std::vector<uint8_t> saved(64, 0);
    if (std::strcmp(mode, "assign-temporary") == 0) {
        Plan plan;
        plan = Plan{};             // plan.data now points at the temporary's freed buffer
        plan.data.set_batch(64);   // writes freed memory
        plan.data.SaveToBuffer(saved.data(), saved.size());
    } else if (std::strcmp(mode, "copy") == 0) {
        Plan remembered;
        remembered.data.set_rows(3);
        {
            Plan caller = remembered;  // shares remembered's buffer
            caller.data.SaveToBuffer(saved.data(), saved.size());
        }  // frees it; remembered's destructor frees it again
    } else {
        std::fprintf(stderr, "usage: tiling_copy_abuse assign-temporary|copy\n");
        return 2;
    }
    std::printf("tiling_copy_abuse %s: the copy went unnoticed\n", mode);
    return 0;
}
