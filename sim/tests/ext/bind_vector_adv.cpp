// run_vector_misc's runner for the high-level APIs of vector_gelu.h (Gelu, FasterGelu,
// FasterGeluV2) and vector_trig.h (Sin, Cos): operands dst, src[, sharedTmpBuffer as uint8];
// options no_temp, high_precision, high_performance, reuse_source; and the count form of
// MulAddRelu / FusedMulAddRelu (vector_compound.h; their mask forms are run_vector's). Also the host-side queries
// of those APIs and SoftMax's tiling (gelu_tmp_sizes, trig_tmp_sizes, softmax_tiling), and the
// sync kernels of adv_sync.h.
#include <pybind11/stl.h>

#include <tuple>
#include <vector>

#include "adv_sync.h"
#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace py = pybind11;

namespace simtest::misc {
namespace {

template <bool highPrecision, bool highPerformance, class T>
bool RunGelu(const std::string& api, const std::vector<AnyTensor>& ops, uint32_t n, bool noTemp) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src = As<T>(ops, 1);
#define SIMTEST_GELU(Name)                                                                      \
    if (api == #Name) {                                                                         \
        if (noTemp) Name<T, highPrecision, highPerformance>(dst, src, n);                       \
        else Name<T, highPrecision, highPerformance>(dst, src, As<uint8_t>(ops, 2), n);         \
        return true;                                                                            \
    }
    SIMTEST_GELU(Gelu)
    SIMTEST_GELU(FasterGelu)
    SIMTEST_GELU(FasterGeluV2)
#undef SIMTEST_GELU
    return false;
}

template <bool isReuseSource, class T>
bool RunTrig(const std::string& api, const std::vector<AnyTensor>& ops, uint32_t n, bool noTemp) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src = As<T>(ops, 1);
#define SIMTEST_TRIG(Name)                                                                      \
    if (api == #Name) {                                                                         \
        if (noTemp) Name<T, isReuseSource>(dst, src, n);                                        \
        else Name<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2), n);                          \
        return true;                                                                            \
    }
    SIMTEST_TRIG(Sin)
    SIMTEST_TRIG(Cos)
#undef SIMTEST_TRIG
    return false;
}

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const auto n = static_cast<uint32_t>(count);
    if constexpr (sim::vec::kActivationType<T>) {
        if (api == "MulAddRelu") return MulAddRelu(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), int32_t(n)), true;
        if (api == "FusedMulAddRelu") {
            return FusedMulAddRelu(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), int32_t(n)), true;
        }
        if (api == "Sin" || api == "Cos") {
            return o.reuseSource ? RunTrig<true, T>(api, ops, n, o.noTemp) : RunTrig<false, T>(api, ops, n, o.noTemp);
        }
        if (o.highPrecision && o.highPerformance) return RunGelu<true, true, T>(api, ops, n, o.noTemp);
        if (o.highPrecision) return RunGelu<true, false, T>(api, ops, n, o.noTemp);
        if (o.highPerformance) return RunGelu<false, true, T>(api, ops, n, o.noTemp);
        return RunGelu<false, false, T>(api, ops, n, o.noTemp);
    }
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            return RunFor<T>(api, ops, count, o);
        },
        ops[0]);
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerAdv;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(vector_adv) {
    simtest::RegisterKernel("gelu_after_dma_synced", &gelu_after_dma_synced);
    simtest::RegisterKernel("gelu_missing_mte2_v_sync", &gelu_missing_mte2_v_sync);
    m.def(
        "gelu_tmp_sizes",
        [](const std::vector<int64_t>& shape, uint32_t typeSize) {
            uint32_t maxValue = 0, minValue = 0;
            AscendC::GetGeluMaxMinTmpSize(ge::Shape(shape), typeSize, maxValue, minValue);
            return std::make_tuple(maxValue, minValue, AscendC::GetGeluMaxTmpSize(ge::Shape(shape), typeSize),
                                   AscendC::GetGeluMinTmpSize(ge::Shape(shape), typeSize));
        },
        "GetGeluMaxMinTmpSize's (max, min), then GetGeluMaxTmpSize and GetGeluMinTmpSize.");
    m.def(
        "trig_tmp_sizes",
        [](const std::string& api, const std::vector<int64_t>& shape, uint32_t typeSize, bool isReuseSource) {
            uint32_t maxValue = 0, minValue = 0, live = 0, extra = 0;
            if (api == "Sin") {
                AscendC::GetSinMaxMinTmpSize(ge::Shape(shape), typeSize, isReuseSource, maxValue, minValue);
                AscendC::GetSinTmpBufferFactorSize(typeSize, live, extra);
            } else {
                AscendC::GetCosMaxMinTmpSize(ge::Shape(shape), typeSize, isReuseSource, maxValue, minValue);
                AscendC::GetCosTmpBufferFactorSize(typeSize, live, extra);
            }
            return std::make_tuple(maxValue, minValue, live, extra);
        },
        "Get{Sin,Cos}MaxMinTmpSize's (max, min) and Get{Sin,Cos}TmpBufferFactorSize's (maxLiveNodeCount, extraBuf).");
    m.def(
        "softmax_tiling",
        [](const std::vector<int64_t>& shape, uint32_t typeSize, uint32_t workSpace) {
            optiling::SoftMaxTiling data;
            AscendC::SoftMaxTilingFunc(ge::Shape(shape), typeSize, workSpace, data);
            AscendC::tiling::SoftMaxTiling plain;
            AscendC::SoftMaxTilingFunc(ge::Shape(shape), typeSize, workSpace, plain);
            py::dict fields, plainFields;
#define SIMTEST_FIELD(name)                    \
    fields[#name] = data.get_##name();         \
    plainFields[#name] = plain.name;
            SIMTEST_FIELD(srcM) SIMTEST_FIELD(srcK) SIMTEST_FIELD(srcSize) SIMTEST_FIELD(outMaxM)
            SIMTEST_FIELD(outMaxK) SIMTEST_FIELD(outMaxSize) SIMTEST_FIELD(splitM) SIMTEST_FIELD(splitK)
            SIMTEST_FIELD(splitSize) SIMTEST_FIELD(reduceM) SIMTEST_FIELD(reduceK) SIMTEST_FIELD(reduceSize)
            SIMTEST_FIELD(rangeM) SIMTEST_FIELD(tailM) SIMTEST_FIELD(tailSplitSize) SIMTEST_FIELD(tailReduceSize)
#undef SIMTEST_FIELD
            py::dict out;
            out["fields"] = fields;
            out["plain"] = plainFields;
            out["bytes"] = data.GetDataSize();
            out["max"] = AscendC::GetSoftMaxMaxTmpSize(ge::Shape(shape), typeSize, false);
            out["min"] = AscendC::GetSoftMaxMinTmpSize(ge::Shape(shape), typeSize, false);
            out["basic_block"] = AscendC::IsBasicBlockInSoftMax(data, typeSize);
            out["basic_block_plain"] = AscendC::IsBasicBlockInSoftMax(plain, typeSize);
            return out;
        },
        "SoftMaxTilingFunc into optiling::SoftMaxTiling and AscendC::tiling::SoftMaxTiling, GetSoftMaxMax/MinTmpSize "
        "and IsBasicBlockInSoftMax.");
}
