// run_vector_misc's runner for the high-level TopK (vector_topk.h), and its host tiling as a
// binding.
//   TopK: operands dstValue, dstIndex (int32), src, srcIndex (int32), finish (uint8 as bool)[, tmp
//   (uint8)] (no_temp: the stack temp); options["ints"] [inner, outter, n, k, isInitIndex,
//   isHasfinish, small, isLargest, tilingK]: the tiling from TopKTilingFunc for (inner, outter,
//   tilingK or k); TopK runs with k.
//   SortConfigured: operands dst (float), dstIndex (uint32), src, srcIndex (uint32), tmp (uint8);
//   options["ints"] [form 0-5]: the six SortConfig forms of Sort (vector_sort_configured.h), in
//   the page's order (framework temp: none, dstIndex, both; sharedTmpBuffer: the same).
//   topk_tiling(inner, outter, k, typeSize, isInitIndex, small, isLargest): TopKTilingFunc's ok
//   and 28 words, GetTopKMaxMinTmpSize's ok, max, min.
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

#include "ascendc_sim/kernel/vector_sort_configured.h"
#include "ascendc_sim/kernel/vector_topk.h"
#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/topk_tiling.h"

namespace simtest::misc {
namespace {

int64_t Int(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("options[\"ints\"] needs " + std::to_string(i + 1) + " values");
    return o.ints[i];
}

const platform_ascendc::PlatformAscendC& Platform() {
    return *platform_ascendc::PlatformAscendCManager::GetInstance();
}

template <class T, bool init, bool finish, AscendC::TopKMode mode>
void Call(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::TopKInfo info;
    info.inner = static_cast<int32_t>(Int(o, 0));
    info.outter = static_cast<int32_t>(Int(o, 1));
    info.n = static_cast<int32_t>(Int(o, 2));
    const auto k = static_cast<int32_t>(Int(o, 3));
    const bool largest = Int(o, 7) != 0;
    const auto tilingK = o.ints.size() > 8 ? static_cast<int32_t>(Int(o, 8)) : k;
    AscendC::tiling::TopkTiling tiling;
    AscendC::TopKTilingFunc(Platform(), info.inner, info.outter, tilingK, sizeof(T), init, mode, largest, tiling);
    const LocalTensor<bool> fin = As<uint8_t>(ops, 4).template ReinterpretCast<bool>();
    if (o.noTemp) {
        TopK<T, init, finish, false, mode>(As<T>(ops, 0), As<int32_t>(ops, 1), As<T>(ops, 2), As<int32_t>(ops, 3), fin,
                                           k, tiling, info, largest);
    } else {
        TopK<T, init, finish, false, mode>(As<T>(ops, 0), As<int32_t>(ops, 1), As<T>(ops, 2), As<int32_t>(ops, 3), fin,
                                           As<uint8_t>(ops, 5), k, tiling, info, largest);
    }
}

template <class T, bool init>
void ByMode(const std::vector<AnyTensor>& ops, const Options& o) {
    const bool finish = Int(o, 5) != 0, small = Int(o, 6) != 0;
    if (small && finish) Call<T, init, true, AscendC::TopKMode::TOPK_NSMALL>(ops, o);
    else if (small) Call<T, init, false, AscendC::TopKMode::TOPK_NSMALL>(ops, o);
    else if (finish) Call<T, init, true, AscendC::TopKMode::TOPK_NORMAL>(ops, o);
    else Call<T, init, false, AscendC::TopKMode::TOPK_NORMAL>(ops, o);
}

template <class T>
void ByInit(const std::vector<AnyTensor>& ops, const Options& o) {
    if (Int(o, 4) != 0) ByMode<T, true>(ops, o);
    else ByMode<T, false>(ops, o);
}

void SortConfigured(const std::vector<AnyTensor>& ops, const Options& o) {
    LocalTensor<float> dst = As<float>(ops, 0);
    LocalTensor<uint32_t> dstIndex = As<uint32_t>(ops, 1);
    const auto n = static_cast<uint32_t>(dst.GetSize());
    switch (Int(o, 0)) {
        case 0: Sort(dst, As<float>(ops, 2), n); break;
        case 1: Sort(dst, dstIndex, As<float>(ops, 2), n); break;
        case 2: Sort(dst, dstIndex, As<float>(ops, 2), As<uint32_t>(ops, 3), n); break;
        case 3: Sort(dst, As<float>(ops, 2), As<uint8_t>(ops, 4), n); break;
        case 4: Sort(dst, dstIndex, As<float>(ops, 2), As<uint8_t>(ops, 4), n); break;
        default: Sort(dst, dstIndex, As<float>(ops, 2), As<uint32_t>(ops, 3), As<uint8_t>(ops, 4), n); break;
    }
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api == "SortConfigured") {
        SortConfigured(ops, o);
        return true;
    }
    if (api != "TopK") return false;
    if (std::holds_alternative<LocalTensor<float>>(ops.at(0))) ByInit<float>(ops, o);
    else ByInit<half>(ops, o);
    return true;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerTopK;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(topk) {
    m.def(
        "topk_tiling",
        [](int32_t inner, int32_t outter, int32_t k, uint32_t typeSize, bool init, bool small, bool largest) {
            const auto mode = small ? AscendC::TopKMode::TOPK_NSMALL : AscendC::TopKMode::TOPK_NORMAL;
            AscendC::tiling::TopkTiling t;
            const bool ok = AscendC::TopKTilingFunc(simtest::misc::Platform(), inner, outter, k, typeSize, init, mode,
                                                    largest, t);
            std::vector<uint32_t> words(sizeof(t) / 4);
            std::memcpy(words.data(), &t, sizeof(t));
            uint32_t maxV = 0, minV = 0;
            const bool sizes = AscendC::GetTopKMaxMinTmpSize(simtest::misc::Platform(), inner, outter, false, init, mode,
                                                             largest, typeSize, maxV, minV);
            optiling::TopkTiling host;
            AscendC::TopKTilingFunc(simtest::misc::Platform(), inner, outter, k, typeSize, init, mode, largest, host);
            std::vector<uint32_t> hostWords(sizeof(t) / 4);
            host.SaveToBuffer(hostWords.data(), sizeof(t));
            return std::make_tuple(ok, words, sizes, maxV, minV, hostWords == words);
        },
        "TopKTilingFunc's ok and 28 words, GetTopKMaxMinTmpSize's ok, max, min, and whether the optiling form "
        "saves the same words.");
    m.def("topk_radix_tmp_size", [] {
        uint32_t maxV = 7, minV = 7;
        const bool ok = AscendC::GetTopKMaxMinTmpSize(32, 1, 1, false, false, AscendC::TopKMode::TOPK_NORMAL, true,
                                                      ge::DT_FLOAT, AscendC::TopKConfig{}, maxV, minV);
        return std::make_tuple(ok, maxV, minV);
    });
}
