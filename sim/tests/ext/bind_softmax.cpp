// run_vector_misc's runner for the SoftMax family (vector_softmax.h). options["ints"]:
//   [srcM, srcK, oriSrcM, oriSrcK, tilingM, tilingK, workSpaceBytes, isBasicBlock, shapeInfoEmpty]
// The tiling comes from the host's SoftMaxTilingFunc for a tilingM x tilingK shape and
// workSpaceBytes (so a call can be made with a tiling that does not match its shape), typeSize
// sizeof of the source type. Operands:
//   SoftMax, SimpleSoftMax:   dst, sum, max, src[, sharedTmpBuffer]  (no_temp: the stack temp)
//   SoftMaxNoSumMax:          dst, src[, sharedTmpBuffer]
//   SoftmaxFlashV2:           dst, expSum, max, src, expMax, inExpSum, inMax[, outReduceMax][, sharedTmpBuffer];
//                             ints[9] isUpdate, ints[10] with outReduceMax; the tiling from
//                             SoftMaxFlashV2TilingFunc (typeSize2 that of expSum)
//   AdjustSoftMaxRes:         softMaxRes, maxTensor[, a uint8 the returned bool goes to];
//                             ints [srcM, srcK, from, stepSizeMode]; scalar `to`
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace simtest::misc {
namespace {

int64_t Int(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("options[\"ints\"] needs " + std::to_string(i + 1) + " values");
    return o.ints[i];
}

::SoftMaxTiling HostTiling(const Options& o, uint32_t typeSize) {
    AscendC::tiling::SoftMaxTiling plain;
    AscendC::SoftMaxTilingFunc(ge::Shape({Int(o, 4), Int(o, 5)}), typeSize, static_cast<uint32_t>(Int(o, 6)), plain);
    ::SoftMaxTiling t;
    static_assert(sizeof(t) == sizeof(plain), "the two SoftMaxTiling structs have one layout");
    std::memcpy(&t, &plain, sizeof(t));
    return t;
}

AscendC::SoftMaxShapeInfo ShapeInfo(const Options& o) {
    if (Int(o, 8) != 0) return {};
    return {static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)), static_cast<uint32_t>(Int(o, 2)),
            static_cast<uint32_t>(Int(o, 3))};
}

template <bool basic, class T1, class T2>
void Call(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    const ::SoftMaxTiling tiling = HostTiling(o, sizeof(T1));
    const AscendC::SoftMaxShapeInfo info = ShapeInfo(o);
    const LocalTensor<T1>& dst = As<T1>(ops, 0);
    if (api == "SoftMaxNoSumMax") {
        if constexpr (std::is_same_v<T1, T2>) {
            if (o.noTemp) SoftMax<T1, false, basic>(dst, As<T1>(ops, 1), tiling, info);
            else SoftMax<T1, false, basic>(dst, As<T1>(ops, 1), As<uint8_t>(ops, 2), tiling, info);
        }
        return;
    }
    const LocalTensor<T2>& sum = As<T2>(ops, 1);
    const LocalTensor<T2>& max = As<T2>(ops, 2);
    const LocalTensor<T1>& src = As<T1>(ops, 3);
    if (api == "SoftMax") {
        if (o.noTemp) SoftMax<T1, false, basic>(dst, sum, max, src, tiling, info);
        else SoftMax<T1, false, basic>(dst, sum, max, src, As<uint8_t>(ops, 4), tiling, info);
    } else {
        if (o.noTemp) SimpleSoftMax<T1, false, basic>(dst, sum, max, src, tiling, info);
        else SimpleSoftMax<T1, false, basic>(dst, sum, max, src, As<uint8_t>(ops, 4), tiling, info);
    }
}

template <bool update, bool basic, class T1, class T2, class TE>
void CallFlash(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::SoftMaxTiling tiling;
    AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({Int(o, 4), Int(o, 5)}), sizeof(T1), sizeof(T2),
                                      static_cast<uint32_t>(Int(o, 6)), tiling, update, basic);
    const AscendC::SoftMaxShapeInfo info = ShapeInfo(o);
    const bool withReduceMax = Int(o, 10) != 0;
    const size_t tmpIndex = withReduceMax ? 8 : 7;
    const LocalTensor<T1>& dst = As<T1>(ops, 0);
    const LocalTensor<T2>& expSum = As<T2>(ops, 1);
    const LocalTensor<T2>& max = As<T2>(ops, 2);
    const LocalTensor<T1>& src = As<T1>(ops, 3);
    const LocalTensor<TE>& expMax = As<TE>(ops, 4);
    const LocalTensor<T2>& inSum = As<T2>(ops, 5);
    const LocalTensor<T2>& inMax = As<T2>(ops, 6);
    if constexpr (std::is_same_v<T1, T2>) {
        if (withReduceMax) {
            const LocalTensor<T1>& reduceMax = As<T1>(ops, 7);
            if (o.noTemp) {
                SoftmaxFlashV2<T1, update, false, basic>(dst, reduceMax, expSum, max, src, expMax, inSum, inMax, tiling,
                                                         info);
            } else {
                SoftmaxFlashV2<T1, update, false, basic>(dst, reduceMax, expSum, max, src, expMax, inSum, inMax,
                                                         As<uint8_t>(ops, tmpIndex), tiling, info);
            }
            return;
        }
    }
    if (o.noTemp) {
        SoftmaxFlashV2<T1, update, false, basic>(dst, expSum, max, src, expMax, inSum, inMax, tiling, info);
    } else {
        SoftmaxFlashV2<T1, update, false, basic>(dst, expSum, max, src, expMax, inSum, inMax,
                                                 As<uint8_t>(ops, tmpIndex), tiling, info);
    }
}

template <class T1, class T2, class TE>
void DispatchFlash(const std::vector<AnyTensor>& ops, const Options& o) {
    const bool update = Int(o, 9) != 0, basic = Int(o, 7) != 0;
    if (update && basic) CallFlash<true, true, T1, T2, TE>(ops, o);
    else if (update) CallFlash<true, false, T1, T2, TE>(ops, o);
    else if (basic) CallFlash<false, true, T1, T2, TE>(ops, o);
    else CallFlash<false, false, T1, T2, TE>(ops, o);
}

template <class T1, class T2>
void Dispatch(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    if (Int(o, 7) != 0) Call<true, T1, T2>(api, ops, o);
    else Call<false, T1, T2>(api, ops, o);
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    const bool halfData = std::holds_alternative<LocalTensor<half>>(ops.at(0));
    const bool floatData = std::holds_alternative<LocalTensor<float>>(ops.at(0));
    if (!halfData && !floatData) return false;
    if (api == "AdjustSoftMaxRes") {
        const AscendC::SoftMaxShapeInfo info(static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)),
                                             static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)));
        const auto from = static_cast<uint32_t>(Int(o, 2));
        const bool step1 = Int(o, 3) != 0;
        bool found = false;
        auto call = [&](const auto& res, const auto& max) {
            using T1 = typename std::decay_t<decltype(res)>::PrimType;
            using T2 = typename std::decay_t<decltype(max)>::PrimType;
            const T1 to = sim::vec::ScalarAs<T1>(o.scalar);
            found = step1 ? AdjustSoftMaxRes<T1, T2, false, 1>(res, max, from, to, info)
                          : AdjustSoftMaxRes<T1, T2, false, 0>(res, max, from, to, info);
        };
        const bool maxHalf = std::holds_alternative<LocalTensor<half>>(ops.at(1));
        if (halfData && maxHalf) call(As<half>(ops, 0), As<half>(ops, 1));
        else if (halfData) call(As<half>(ops, 0), As<float>(ops, 1));
        else if (maxHalf) call(As<float>(ops, 0), As<half>(ops, 1));
        else call(As<float>(ops, 0), As<float>(ops, 1));
        if (ops.size() > 2) As<uint8_t>(ops, 2).SetValue(0, found ? 1 : 0);  // the returned bool
        return true;
    }
    if (api == "SoftmaxFlashV2") {
        if (floatData) DispatchFlash<float, float, float>(ops, o);
        else if (std::holds_alternative<LocalTensor<float>>(ops.at(1))) DispatchFlash<half, float, half>(ops, o);
        else DispatchFlash<half, half, half>(ops, o);
        return true;
    }
    if (api != "SoftMax" && api != "SimpleSoftMax" && api != "SoftMaxNoSumMax") return false;
    const bool mixed = halfData && api != "SoftMaxNoSumMax" && std::holds_alternative<LocalTensor<float>>(ops.at(1));
    if (floatData) Dispatch<float, float>(api, ops, o);
    else if (mixed) Dispatch<half, float>(api, ops, o);
    else Dispatch<half, half>(api, ops, o);
    return true;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerSoftmax;

}  // namespace
}  // namespace simtest::misc


SIMTEST_BINDINGS(softmax) {
    m.def(
        "softmax_flashv2_tiling",
        [](const std::vector<int64_t>& shape, uint32_t size1, uint32_t size2, uint32_t workSpace, bool update,
           bool basic, bool brc) {
            AscendC::tiling::SoftMaxTiling t;
            AscendC::SoftMaxFlashV2TilingFunc(ge::Shape(shape), size1, size2, workSpace, t, update, basic, brc);
            const uint32_t* f = reinterpret_cast<const uint32_t*>(&t);
            std::vector<uint32_t> fields(f, f + sizeof(t) / sizeof(uint32_t));
            return std::make_tuple(
                fields, AscendC::GetSoftMaxFlashV2MaxTmpSize(ge::Shape(shape), size1, size2, update, basic, brc),
                AscendC::GetSoftMaxFlashV2MinTmpSize(ge::Shape(shape), size1, size2, update, basic, brc));
        },
        "SoftMaxFlashV2TilingFunc's 16 fields, then GetSoftMaxFlashV2MaxTmpSize and GetSoftMaxFlashV2MinTmpSize.");
}
