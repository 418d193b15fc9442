// run_vector_misc's runner for the high-level Reduce family (vector_reduce_highlevel.h):
// "HReduceSum", "HReduceMean", "HReduceMax", "HReduceMin", "HReduceProd", "HReduceAny",
// "HReduceAll" (and "ReduceXorSum": dst, src0, src1[, sharedTmpBuffer], count); operands dst, src[, sharedTmpBuffer as uint8]; options ints = [first, last,
// pattern (0 AR, 1 RA), srcInnerPad (default 1)], no_temp, reuse_source. Also
// reduce_tmp_size, the host Get<Api>MaxMinTmpSize queries.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_reduce_highlevel.h"
#include "ascendc_sim/kernel/vector_reduce_xor_sum.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"
#include "tiling/reduce_tiling.h"

namespace simtest::misc {
namespace {

template <class T, class P, bool reuse>
bool Call(const std::string& api, const std::vector<AnyTensor>& ops, const uint32_t shape[], bool pad, bool noTemp) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src = As<T>(ops, 1);
#define SIMTEST_HREDUCE(Name, Ok)                                                              \
    if (api == "H" #Name) {                                                                    \
        if constexpr (Ok) {                                                                    \
            if (noTemp) Name<T, P, reuse>(dst, src, shape, pad);                               \
            else Name<T, P, reuse>(dst, src, As<uint8_t>(ops, 2), shape, pad);                 \
            return true;                                                                       \
        }                                                                                      \
        throw MiscError(api + ": element type not built into the test module");                \
    }
    constexpr bool isF = std::is_same_v<T, float>, isH = std::is_same_v<T, half>, isU8 = std::is_same_v<T, uint8_t>;
    SIMTEST_HREDUCE(ReduceSum, isF)
    SIMTEST_HREDUCE(ReduceMean, isF)
    SIMTEST_HREDUCE(ReduceProd, isF)
    SIMTEST_HREDUCE(ReduceMax, isF || isH)
    SIMTEST_HREDUCE(ReduceMin, isF || isH)
    SIMTEST_HREDUCE(ReduceAny, isF || isU8)
    SIMTEST_HREDUCE(ReduceAll, isF || isU8)
#undef SIMTEST_HREDUCE
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (api == "ReduceXorSum") {  // operands dst, src0, src1[, sharedTmpBuffer]; count calCount
        LocalTensor<int16_t> dst = As<int16_t>(ops, 0);
        const auto n = static_cast<uint32_t>(count);
        if (o.noTemp) {
            o.reuseSource ? ReduceXorSum<int16_t, true>(dst, As<int16_t>(ops, 1), As<int16_t>(ops, 2), n)
                          : ReduceXorSum<int16_t, false>(dst, As<int16_t>(ops, 1), As<int16_t>(ops, 2), n);
        } else {
            LocalTensor<uint8_t> tmp = As<uint8_t>(ops, 3);
            o.reuseSource ? ReduceXorSum<int16_t, true>(dst, As<int16_t>(ops, 1), As<int16_t>(ops, 2), tmp, n)
                          : ReduceXorSum<int16_t, false>(dst, As<int16_t>(ops, 1), As<int16_t>(ops, 2), tmp, n);
        }
        return true;
    }
    if (api.rfind("HReduce", 0) != 0) return false;
    if (o.ints.size() < 3) throw MiscError(api + ": ints = [first, last, pattern(0 AR, 1 RA)[, srcInnerPad]]");
    const uint32_t shape[2] = {static_cast<uint32_t>(o.ints[0]), static_cast<uint32_t>(o.ints[1])};
    const bool ra = o.ints[2] != 0;
    const bool pad = o.ints.size() < 4 || o.ints[3] != 0;
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, half> || std::is_same_v<T, uint8_t>) {
                using AR = Pattern::Reduce::AR;
                using RA = Pattern::Reduce::RA;
                if (ra) return o.reuseSource ? Call<T, RA, true>(api, ops, shape, pad, o.noTemp)
                                             : Call<T, RA, false>(api, ops, shape, pad, o.noTemp);
                return o.reuseSource ? Call<T, AR, true>(api, ops, shape, pad, o.noTemp)
                                     : Call<T, AR, false>(api, ops, shape, pad, o.noTemp);
            }
            return false;
        },
        ops[0]);
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerReduce;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(vector_reduce_highlevel) {
    m.def(
        "reduce_tmp_size",
        [](const std::string& api, const std::vector<int64_t>& shape, int dataType, int pattern, bool pad, bool reuse) {
            uint32_t maxValue = 7, minValue = 7;  // 7: left unchanged
            const ge::Shape s(shape);
            const auto t = static_cast<ge::DataType>(dataType);
            const auto p = static_cast<AscendC::ReducePattern>(pattern);
#define SIMTEST_QUERY(Name) \
    if (api == #Name) AscendC::GetReduce##Name##MaxMinTmpSize(s, t, p, pad, reuse, maxValue, minValue);
            SIMTEST_QUERY(Sum)
            SIMTEST_QUERY(Mean)
            SIMTEST_QUERY(Prod)
            SIMTEST_QUERY(Max)
            SIMTEST_QUERY(Min)
            SIMTEST_QUERY(Any)
            SIMTEST_QUERY(All)
#undef SIMTEST_QUERY
            if (api == "XorSum") AscendC::GetReduceXorSumMaxMinTmpSize(s, static_cast<uint32_t>(dataType), reuse, maxValue, minValue);
            return std::make_tuple(maxValue, minValue);
        },
        "GetReduce<api>MaxMinTmpSize(shape, dataType (ge::DataType), pattern, isSrcInnerPad, isReuseSource) -> (max, "
        "min); XorSum: dataType is typeSize.");
}
