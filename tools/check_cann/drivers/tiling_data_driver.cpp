// check-cann's tiling driver, built under AddressSanitizer against CANN's own TilingDef
// implementation (metadef's tilingdata_base_impl.cc, read from the checkout). Included headers:
// the op's host tiling header (-include, CANN's BEGIN_TILING_DATA_DEF class) and the kernel's
// view of the same fields (kernel_tiling.py's header, namespace check_cann_kernel).
//
// For every plan it serialises the host class with CANN's SaveToBuffer and reads the bytes back
// as the kernel does (a plain struct, memcpy), field by field; the registry must hand out the
// same class by op type. With CHECK_CANN_OURS the plans come from our ComputeTiling for a set
// of shapes, dtypes and optional inputs (including shapes it must refuse); otherwise (the
// ops-nn control) from distinct per-field values. Exit 0 and "ok" only if every check held.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#ifdef CHECK_CANN_OURS
#include "lstm_cell_grad_compute_tiling.h"
#endif

namespace {

int failures = 0;

void Fail(const std::string& what) {
    ++failures;
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
}

using Host = optiling::CHECK_CANN_TILING_STRUCT;
using Kernel = check_cann_kernel::CHECK_CANN_TILING_STRUCT;

// Serialises `host` with CANN's code and compares every field the kernel would read.
void CheckRoundTrip(Host& host, const Kernel& expected, const std::string& label) {
    if (host.GetDataSize() != sizeof(Kernel)) {
        Fail(label + ": GetDataSize " + std::to_string(host.GetDataSize()) + " != kernel struct " +
             std::to_string(sizeof(Kernel)));
        return;
    }
    std::vector<unsigned char> buffer(sizeof(Kernel) + 64, 0xA5);
    host.SaveToBuffer(buffer.data(), buffer.size());
    Kernel seen;
    std::memcpy(&seen, buffer.data(), sizeof(seen));
#define CHECK_CANN_COMPARE(type, name)                                        \
    if (seen.name != expected.name) Fail(label + ": field " #name " differs");
    CHECK_CANN_TILING_FIELDS(CHECK_CANN_COMPARE)
#undef CHECK_CANN_COMPARE
}

void CheckRegistry() {
    std::shared_ptr<optiling::TilingDef> made =
        optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance(CHECK_CANN_OP_TYPE);
    if (!made) {
        Fail("CTilingDataClassFactory has no class for " CHECK_CANN_OP_TYPE);
    } else if (made->GetDataSize() != sizeof(Kernel)) {
        Fail("the registered class's data size differs from the kernel struct");
    }
}

}  // namespace

int main() {
    CheckRegistry();
    int plans = 0;
#ifdef CHECK_CANN_OURS
    struct Shape { int64_t batch, hidden; };
    const Shape shapes[] = {{1, 1}, {1, 8}, {3, 7}, {64, 1024}, {300, 33}, {1024, 4096}, {7, 100000}, {0, 16}};
    const lstm_cell_grad::IoDtype dtypes[] = {lstm_cell_grad::kIoFloat32, lstm_cell_grad::kIoFloat16,
                                              lstm_cell_grad::kIoBfloat16};
    const lstm_cell_grad::PlatformInfo platforms[] = {{40, 192 * 1024, 16 * 1024 * 1024},
                                                      {48, 192 * 1024, 16 * 1024 * 1024},
                                                      {1, 192 * 1024, 0}};
    for (const auto& platform : platforms) {
        for (const Shape& shape : shapes) {
            for (int d = 0; d < 3; ++d) {
                for (int flags = 0; flags < 8; ++flags) {
                    const lstm_cell_grad::TilingInput input{shape.batch, shape.hidden, dtypes[d], (flags & 1) != 0,
                                                            (flags & 2) != 0, (flags & 4) != 0};
                    lstm_cell_grad::TilingPlan plan;
                    std::string error;
                    const std::string label = "B=" + std::to_string(shape.batch) + " H=" +
                                              std::to_string(shape.hidden) + " dtype " + std::to_string(d) +
                                              " flags " + std::to_string(flags);
                    if (!lstm_cell_grad::ComputeTiling(input, platform, lstm_cell_grad::TilingOverrides(), &plan,
                                                       &error)) {
                        Fail(label + ": ComputeTiling refused: " + error);
                        continue;
                    }
                    Host host;
                    Kernel expected;
#define CHECK_CANN_FILL(type, name) host.set_##name(plan.values.name); expected.name = plan.values.name;
                    CHECK_CANN_TILING_FIELDS(CHECK_CANN_FILL)
#undef CHECK_CANN_FILL
                    CheckRoundTrip(host, expected, label);
                    ++plans;
                }
            }
        }
    }
    // Shapes the tiling must refuse with a message, never a crash.
    const Shape refused[] = {{-1, 8}, {8, -1}, {int64_t(1) << 62, int64_t(1) << 40}};
    for (const Shape& shape : refused) {
        lstm_cell_grad::TilingPlan plan;
        std::string error;
        const lstm_cell_grad::TilingInput input{shape.batch, shape.hidden, lstm_cell_grad::kIoFloat32, true, true, true};
        if (lstm_cell_grad::ComputeTiling(input, {40, 192 * 1024, 0}, lstm_cell_grad::TilingOverrides(), &plan,
                                          &error) ||
            error.empty()) {
            Fail("B=" + std::to_string(shape.batch) + " H=" + std::to_string(shape.hidden) +
                 ": accepted, or refused without a message");
        }
    }
#else
    for (int seed = 1; seed <= 16; ++seed) {
        Host host;
        Kernel expected;
        int index = 0;
#define CHECK_CANN_FILL(type, name)                                              \
    ++index;                                                                     \
    expected.name = static_cast<type>(seed * 1000 + index);                      \
    host.set_##name(expected.name);
        CHECK_CANN_TILING_FIELDS(CHECK_CANN_FILL)
#undef CHECK_CANN_FILL
        CheckRoundTrip(host, expected, "seed " + std::to_string(seed));
        ++plans;
    }
#endif
    if (failures != 0) {
        std::fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    std::printf("ok: %d plans serialised by CANN's TilingDef and read back as the kernel reads them\n", plans);
    return 0;
}
