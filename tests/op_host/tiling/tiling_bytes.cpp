// Runs ThnnFusedLstmCellBackward's TilingFunc (registered by libcust_opimpl) on a tiling
// context per shape and prints one line per shape:
//   <blockDim> <tilingKey> <scheduleMode> <workspace> <tiling bytes in hex>
// Arguments: batch,hidden,dtype(f32|f16|bf16),gradHy(0|1),gradC(0|1),hasBias(0|1) ...
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "ascendc_sim/host/tiling_context_builder.h"

namespace {

bool RunOne(const char* spec) {
    long long batch = 0, hidden = 0;
    char dtype[8] = {0};
    int gradHy = 0, gradC = 0, hasBias = 0;
    if (std::sscanf(spec, "%lld,%lld,%4[a-z0-9],%d,%d,%d", &batch, &hidden, dtype, &gradHy, &gradC, &hasBias) != 6) {
        std::fprintf(stderr, "bad shape spec '%s' (batch,hidden,dtype,gradHy,gradC,hasBias)\n", spec);
        return false;
    }
    const std::string d = dtype;
    const ge::DataType t = d == "f32" ? ge::DT_FLOAT : d == "f16" ? ge::DT_FLOAT16 : ge::DT_BF16;
    using sim::host::TensorSpec;
    const TensorSpec small = TensorSpec::Nd({batch, hidden}, t), wide = TensorSpec::Nd({batch, 4 * hidden}, t);
    const sim::host::TilingResult r =
        sim::host::TilingContextBuilder("ThnnFusedLstmCellBackward")
            .Input(gradHy ? std::optional<TensorSpec>(small) : std::nullopt)
            .Input(gradC ? std::optional<TensorSpec>(small) : std::nullopt)
            .Input(small)
            .Input(small)
            .Input(wide)
            .Output(wide)
            .Output(small)
            .Output(hasBias ? std::optional<TensorSpec>(TensorSpec::Nd({4 * hidden}, t)) : std::nullopt)
            .Attr(hasBias != 0)
            .RunTiling();
    if (!r.ok) {
        std::printf("error %s\n", r.error.c_str());
        return true;
    }
    std::printf("%u %llu %u %zu ", r.blockDim, static_cast<unsigned long long>(r.tilingKey), r.scheduleMode,
                r.workspaceSizes.empty() ? size_t{0} : r.workspaceSizes[0]);
    for (uint8_t b : r.tilingData) std::printf("%02x", b);
    std::printf("\n");
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (!RunOne(argv[i])) return 2;
    }
    return 0;
}
